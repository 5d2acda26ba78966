/**
 * Random but meaningful workloads for differential fuzzing (engine vs the
 * host kernel through the recorder).  Deterministic for a seed: the PRNG is
 * our own (mulberry32), never Math.random. Hand-written rather than
 * fast-check arbitraries on purpose: a seed must name the same workload in
 * CI logs, `--fuzz --seed S` and on another machine, across library updates,
 * and the shrinker of a property library cannot re-run the host kernel.
 *
 * A workload has 10..60 statements (a loop counts with its body) mixing every
 * call with plausible and edge arguments, variables holding returned ids,
 * churn loops, sysctl writes (sometimes odd values), reads of /proc/sysvipc
 * and of the sysctls, and with `net` a few `ip link` lines.
 *
 * `generateProcsWorkload` writes part-2 workloads (workload-language-ops.md):
 * 2-4 `@NAME` processes besides main taking turns on one semaphore set, one
 * queue and one segment (semop with SEM_UNDO and IPC_NOWAIT, SETVAL/SETALL/
 * GET*, string payloads, MSG_NOERROR/MSG_COPY, shmat/shmdt, IPC_RMID while
 * in use, exit, kill, creds).
 *
 * Left out on purpose because the result depends on the host, not on the
 * kernel's logic: semctl GETPID (11, a pid) and SETVAL (16, the value is the
 * low half of a pointer), shmget with SHM_HUGETLB/SHM_NORESERVE bits, message
 * sizes above 64 KiB (host memory), msgmax above 64 KiB (msgrcv with MSG_COPY
 * first copies min(size, msgmax) bytes in from the caller's buffer: EFAULT
 * once that is larger than the recorder's buffer), more than two blocking
 * calls (50 ms each) and more than two device deletions (~16 ms each).
 */

/** A seeded generator of 32-bit values (mulberry32). */
export interface Rng {
  /** uniform integer in [0, n) */
  below(n: number): number;
  /** one element of a non-empty list */
  pick<T>(items: readonly T[]): T;
  /** true with probability p */
  chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    below: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

export interface GenerateOptions {
  /** add `ip link` lines and /proc/net reads */
  net?: boolean;
}

type Kind = 'msg' | 'shm' | 'sem';

const VARS: Record<Kind, readonly string[]> = { msg: ['q0', 'q1', 'q2', 'q3'], shm: ['m0', 'm1', 'm2'], sem: ['s0', 's1', 's2'] };
const KEYS = ['IPC_PRIVATE', '0x1', '0x2', '0x3', '0x7', '0x1234'];
const ODD_KEYS = ['-1', '0xffffffff', '0x100000000', '0x100000002', '2147483647', '-2147483648'];
const GET_FLAGS = ['IPC_CREAT|0600', 'IPC_CREAT|0600', '0600', 'IPC_CREAT|IPC_EXCL|0644', '0', 'IPC_EXCL', 'IPC_CREAT', '0777', 'IPC_CREAT|0x100000|0640'];
const ODD_IDS = ['0', '1', '2', '32768', '-1', '2147483647', '65536'];
const MTYPES = ['1', '2', '3', '4', '5', '1', '2'];
const ODD_MTYPES = ['0', '-1', '-3', '9223372036854775807', '-9223372036854775808', '0x10000000000000001'];
const SND_SIZES = ['0', '1', '10', '100', '4096', '8192', '8193', '16384', '-1', '0x100000000'];
const RCV_SIZES = ['0', '1', '5', '100', '8192', '100000', '-1', '0x7fffffffffffffff'];
// MSG_COPY (040000) and semctl 11..17 print by name in part 2 of the language (workload-language-ops.md,
// "Part 1 output that changes"): they are left to the multi-process generator below, whose runs are
// compared only once the engine speaks part 2
const NOWAIT_FLAGS = ['IPC_NOWAIT', 'IPC_NOWAIT', 'IPC_NOWAIT', 'IPC_NOWAIT|MSG_NOERROR', 'IPC_NOWAIT|MSG_EXCEPT', 'IPC_NOWAIT|MSG_NOERROR|MSG_EXCEPT'];
const CTL_CMDS: Record<Kind, readonly string[]> = {
  msg: ['IPC_STAT', 'IPC_RMID', 'MSG_INFO', 'IPC_INFO', 'MSG_STAT', 'MSG_STAT_ANY', 'IPC_STAT', 'IPC_RMID'],
  shm: ['IPC_STAT', 'IPC_RMID', 'SHM_INFO', 'IPC_INFO', 'SHM_STAT', 'SHM_STAT_ANY', 'IPC_STAT', 'IPC_RMID'],
  sem: ['IPC_STAT', 'IPC_RMID', 'SEM_INFO', 'IPC_INFO', 'SEM_STAT', 'SEM_STAT_ANY', 'IPC_STAT', 'SEM_INFO'],
};
// 1 passes the zeroed buffer, the bare name IPC_SET the object's own IPC_STAT data (not for msg: after a
// lowered msgmnb its IPC_SET is EPERM or not by whether the host grants CAP_SYS_RESOURCE, see the README)
const ODD_CMDS: Record<Kind, readonly string[]> = {
  msg: ['1', '99', '-1', '14'],
  shm: ['1', 'IPC_SET', '11', '12', '99', '-1'],
  sem: ['1', 'IPC_SET', '99', '-1', '10'],
};
const SHM_SIZES = ['1', '100', '4096', '4097', '65536', '1048576', '0', '-1'];
const NSEMS = ['1', '2', '5', '1', '250', '0', '-1', '32000', '32001'];
const SEMNUMS = ['0', '0', '1', '-1', '5'];

const SYSCTL = '/proc/sys/kernel/';
const SYSCTL_FILES = ['msgmax', 'msgmnb', 'msgmni', 'auto_msgmni', 'msg_next_id', 'sem', 'sem_next_id', 'shmall', 'shmmax', 'shmmni', 'shm_rmid_forced', 'shm_next_id'];
const SYSCTL_VALUES: Record<string, readonly string[]> = {
  msgmax: ['100', '0', '16384', '65536', '8192'],
  msgmnb: ['4', '100', '0', '16384', '65536'],
  msgmni: ['2', '3', '10', '0', '32768', '32769'],
  shmmni: ['2', '5', '0', '4096', '32769'],
  shmall: ['1', '3', '0', '100'],
  shmmax: ['4096', '100', '0', '18446744073709551615'],
  auto_msgmni: ['0', '1', '2'],
  shm_rmid_forced: ['0', '1', '2'],
  msg_next_id: ['0', '5', '100', '32768', '65540', '2147483647', '2147483648'],
  sem_next_id: ['0', '7', '32769', '98304'],
  shm_next_id: ['0', '3', '40000'],
};
const ODD_VALUES = ['010', '0x10', '-1', '', '7 8', 'abc', '5abc', '-0', '+5', '99999999999999999999'];
const DEV_NAMES = ['ifb%d', 'foo%d', 'ifb05', 'ifb4', 'ifb100', 'br%d', 'a', 'zz', 'abcdefghijklmno', 'abcdefghijklmnop', 'bad/name', '.', '%d%d', 'lo', 'ifbX'];
const DEV_KINDS = ['ifb', 'ifb', 'ifb', 'ifb', 'bridge', 'veth', 'nosuchkind', 'vxlan'];

class Builder {
  readonly lines: string[] = [];
  readonly defined: Record<Kind, Set<string>> = { msg: new Set(), shm: new Set(), sem: new Set() };
  count = 0;
  blocking = 0;
  deletions = 0;

  constructor(
    readonly rng: Rng,
    readonly net: boolean,
    readonly max: number,
  ) {}

  emit(line: string, cost = 1): void {
    this.lines.push(line);
    this.count += cost;
  }

  key(): string {
    return this.rng.chance(0.85) ? this.rng.pick(KEYS) : this.rng.pick(ODD_KEYS);
  }

  id(kind: Kind): string {
    const vars = [...this.defined[kind]];
    if (vars.length && this.rng.chance(0.85)) {
      const v = this.rng.pick(vars);
      return this.rng.chance(0.1) ? `${v} + 32768` : this.rng.chance(0.3) ? `$${v}` : v;
    }
    return this.rng.pick(ODD_IDS);
  }

  target(kind: Kind): string {
    return this.rng.pick(VARS[kind]);
  }

  create(kind: Kind, assign: boolean): string {
    const r = this.rng;
    const key = this.key();
    let call: string;
    if (kind === 'msg') call = `msgget(${key}, ${r.pick(GET_FLAGS)})`;
    else if (kind === 'shm') call = `shmget(${key}, ${r.pick(SHM_SIZES)}, ${r.pick(GET_FLAGS)})`;
    else call = `semget(${key}, ${r.pick(NSEMS)}, ${r.pick(GET_FLAGS)})`;
    if (!assign) return call;
    const v = this.target(kind);
    this.defined[kind].add(v);
    return `${v} = ${call}`;
  }

  ctl(kind: Kind, cmd?: string): string {
    const c = cmd ?? (this.rng.chance(0.9) ? this.rng.pick(CTL_CMDS[kind]) : this.rng.pick(ODD_CMDS[kind]));
    if (kind === 'sem') return `semctl(${this.id(kind)}, ${this.rng.pick(SEMNUMS)}, ${c})`;
    return `${kind}ctl(${this.id(kind)}, ${c})`;
  }

  msgFlags(): string {
    if (this.blocking < 2 && this.rng.chance(0.04)) {
      this.blocking++;
      return this.rng.pick(['0', 'MSG_NOERROR', 'MSG_EXCEPT']);
    }
    return this.rng.pick(NOWAIT_FLAGS);
  }

  msgsnd(): string {
    const mtype = this.rng.chance(0.9) ? this.rng.pick(MTYPES) : this.rng.pick(ODD_MTYPES);
    return `msgsnd(${this.id('msg')}, ${mtype}, ${this.rng.pick(SND_SIZES)}, ${this.msgFlags()})`;
  }

  msgrcv(): string {
    const r = this.rng;
    const mtype = r.chance(0.8) ? r.pick(['0', '1', '2', '-2', '-5', '3']) : r.pick(ODD_MTYPES);
    const size = r.pick(RCV_SIZES);
    return `msgrcv(${this.id('msg')}, ${mtype}, ${size}, ${this.msgFlags()})`;
  }

  sysctlWrite(): string {
    const r = this.rng;
    const file = r.pick(SYSCTL_FILES);
    let value: string;
    if (file === 'sem') {
      const parts = ['250', '32000', '32', '128', '5', '10', '2', '0', '-1', '32769', '010'];
      value = Array.from({ length: 1 + r.below(5) }, () => r.pick(parts)).join(' ');
    } else {
      value = r.chance(0.8) ? r.pick(SYSCTL_VALUES[file]!) : r.pick(ODD_VALUES);
    }
    return `echo ${value} > ${SYSCTL}${file}`;
  }

  read(): string {
    const r = this.rng;
    if (r.chance(0.7)) return `cat /proc/sysvipc/${r.pick(['msg', 'shm', 'sem'])}`;
    return `cat ${SYSCTL}${r.pick(SYSCTL_FILES)}`;
  }

  ipLine(): string {
    const r = this.rng;
    if (this.deletions < 2 && r.chance(0.12)) {
      this.deletions++;
      return `ip link del ${r.pick(['ifb0', 'ifb1', 'foo0', 'nosuchdev', 'veth1'])}`;
    }
    if (r.chance(0.15)) return r.pick(['ls -U /proc/net/dev_snmp6', 'cat /proc/net/dev']);
    const kind = r.pick(DEV_KINDS);
    return r.chance(0.5) ? `ip link add type ${kind}` : `ip link add ${r.pick(DEV_NAMES)} type ${kind}`;
  }

  loop(): void {
    const r = this.rng;
    const kind = r.pick<Kind>(['msg', 'msg', 'shm', 'sem']);
    const roll = r.below(10);
    if (roll < 2 && this.defined.msg.size) return this.queueLoop();
    if (roll < 3) return this.scanLoop(kind);
    const v = this.target(kind);
    const rm = kind === 'sem' ? `semctl(${v}, 0, IPC_RMID)` : `${kind}ctl(${v}, IPC_RMID)`;
    const create = kind === 'msg' ? 'msgget(IPC_PRIVATE, 0600)' : kind === 'shm' ? 'shmget(IPC_PRIVATE, 1, 0600)' : 'semget(IPC_PRIVATE, 1, 0600)';
    if (roll < 7) {
      const n = 1 + r.below(80);
      if (r.chance(0.5)) this.emit(`repeat ${n} { ${v} = ${create}; ${rm} }`, 3);
      else this.emit(`repeat ${n} {\n  ${v} = ${create}\n  ${rm}\n}`, 3);
    } else {
      const n = 1 + r.below(20);
      const base = 1 + r.below(50);
      const call = kind === 'msg' ? `msgget(i + ${base}, IPC_CREAT|0600)` : kind === 'shm' ? `shmget(i + ${base}, 4096, IPC_CREAT|0600)` : `semget(i + ${base}, 2, IPC_CREAT|0600)`;
      this.emit(`for i in 0..${n} { ${v} = ${call} }`, 2);
    }
    this.defined[kind].add(v);
  }

  /** Fills or drains one queue: EAGAIN / ENOMSG at the limits, mixed types. */
  queueLoop(): void {
    const r = this.rng;
    const q = this.id('msg');
    const n = 1 + r.below(40);
    if (r.chance(0.5)) this.emit(`for t in 1..${n} { msgsnd(${q}, t, ${r.pick(['0', '1', 't', 't * 100', '1000'])}, IPC_NOWAIT) }`, 2);
    else this.emit(`repeat ${n} { msgrcv(${q}, ${r.pick(['0', '-3', '2', '-9223372036854775807'])}, ${r.pick(['0', '100', '10000'])}, ${r.pick(NOWAIT_FLAGS.slice(0, 6))}) }`, 2);
  }

  /** What ipcs does: *_STAT_ANY over the indexes up to a bound. */
  scanLoop(kind: Kind): void {
    const n = 1 + this.rng.below(70);
    const call = kind === 'sem' ? 'semctl(i, 0, SEM_STAT_ANY)' : kind === 'shm' ? 'shmctl(i, SHM_STAT_ANY)' : 'msgctl(i, MSG_STAT_ANY)';
    this.emit(`for i in 0..${n} { ${call} }`, 2);
  }

  statement(): void {
    const r = this.rng;
    const roll = r.below(100);
    const kind = r.pick<Kind>(['msg', 'msg', 'shm', 'sem']);
    if (roll < 18) this.emit(this.create(kind, r.chance(0.85)));
    else if (roll < 33) this.emit(this.msgsnd());
    else if (roll < 45) this.emit(this.msgrcv());
    else if (roll < 62) this.emit(this.ctl(kind));
    else if (roll < 70 && this.count + 3 <= this.max) this.loop();
    else if (roll < 70) this.emit(this.read());
    else if (roll < 78) this.emit(this.sysctlWrite());
    else if (roll < 88) this.emit(this.read());
    else if (this.net && roll < 98) this.emit(this.ipLine());
    else this.emit(this.ctl(kind, r.pick(['IPC_RMID', kind === 'msg' ? 'MSG_INFO' : kind === 'shm' ? 'SHM_INFO' : 'SEM_INFO'])));
  }
}

/** One workload for `seed` (same seed, same text). */
export function generateWorkload(seed: number, options: GenerateOptions = {}): string {
  const rng = createRng(seed);
  const target = 10 + rng.below(51);
  const b = new Builder(rng, options.net ?? false, target - 1);
  b.emit(`# generated workload, seed ${seed}${options.net ? ', net' : ''}`, 0);
  b.emit(b.create('msg', true));
  while (b.count < target - 1) b.statement();
  b.emit(`cat /proc/sysvipc/${rng.pick(['msg', 'shm', 'sem'])}`);
  return b.lines.join('\n') + '\n';
}

// ---------------------------------------------------------------- multi-process workloads

const PROC_NAMES = ['a', 'b', 'c', 'd'];
const SEM_OPS = ['-2', '-1', '-1', '0', '1', '1', '2'];
const PAYLOADS = ['"x"', '"hello"', '"0123456789"', '""', '"a\\tb\\n"', '"\\0\\1\\377"', '3', '0', '"long message, longer than thirty-two bytes"'];

/**
 * Part-2 workloads the language allows: a statement is never addressed to a
 * process that may be asleep (a process that made a call which can sleep is
 * only ever killed afterwards, which frees its name), main never makes a call
 * that can sleep, and at most one msgsnd that can sleep is made (several
 * senders asleep on one queue race for the room a msgrcv frees).
 */
class ProcsBuilder {
  readonly lines: string[] = [];
  /** processes that may be asleep in a call */
  readonly maybeAsleep = new Set<string>();
  /** processes that exist and have taken creds */
  readonly withCreds = new Set<string>();
  readonly live = new Set<string>();
  readonly attachVars: string[] = [];
  sleepingSender = false;

  constructor(
    readonly rng: Rng,
    readonly names: readonly string[],
    readonly nsems: number,
  ) {}

  /** A process that may take a statement: main or an awake one. */
  awake(): string {
    const free = ['main', ...this.names.filter((n) => !this.maybeAsleep.has(n))];
    return this.rng.pick(free);
  }

  at(name: string, statement: string): void {
    this.live.add(name);
    this.lines.push(name === 'main' && this.rng.chance(0.7) ? statement : `@${name} ${statement}`);
  }

  /** A statement that may sleep: only in another process, which is then left alone until killed. */
  sleepy(name: string, statement: string, canSleep: boolean): void {
    if (name === 'main' && canSleep) return;
    this.at(name, statement);
    if (canSleep) this.maybeAsleep.add(name);
  }

  sembufs(p: string): { text: string; canSleep: boolean } {
    const r = this.rng;
    const n = r.chance(0.7) ? 1 : 2;
    let canSleep = false;
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const op = r.pick(SEM_OPS);
      const flags = [r.chance(0.4) ? 'SEM_UNDO' : '', r.chance(p === 'main' ? 1 : 0.3) ? 'IPC_NOWAIT' : ''].filter(Boolean);
      if (Number(op) <= 0 && !flags.includes('IPC_NOWAIT')) canSleep = true;
      parts.push(`{${r.below(this.nsems + (r.chance(0.05) ? 1 : 0))}, ${op}${flags.length ? `, ${flags.join('|')}` : r.chance(0.5) ? ', 0' : ''}}`);
    }
    return { text: parts.join(', '), canSleep };
  }

  statement(): void {
    const r = this.rng;
    const p = this.awake();
    const roll = r.below(100);
    if (roll < 30) {
      const { text, canSleep } = this.sembufs(p);
      // semtimedop never prints unfinished: it waits out its timeout (at most 20 ms here; -1 is the kernel's EINVAL)
      if (r.chance(0.15)) this.at(p, `semtimedop(s, ${r.pick(['0', '1000', '20000000', '-1'])}, ${text})`);
      else if (r.chance(0.03)) this.at(p, 'semop(s)');
      else this.sleepy(p, `semop(s, ${text})`, canSleep);
    } else if (roll < 37) {
      this.at(p, r.pick([`semctl(s, ${r.below(this.nsems)}, SETVAL, ${r.below(4)})`, `semctl(s, 0, SETALL, {${Array.from({ length: this.nsems }, () => r.below(3)).join(', ')}})`]));
    } else if (roll < 44) {
      this.at(
        p,
        r.pick([
          'semctl(s, 0, GETALL)',
          `semctl(s, ${r.below(this.nsems)}, GETPID)`,
          `semctl(s, ${r.below(this.nsems)}, GETNCNT)`,
          `semctl(s, ${r.below(this.nsems)}, GETZCNT)`,
          'semctl(s, 0, IPC_STAT, sem_nsems, sem_otime, mode)',
        ]),
      );
    } else if (roll < 54) {
      const nowait = p === 'main' || this.sleepingSender || r.chance(0.6);
      this.sleepy(p, `msgsnd(q, ${1 + r.below(3)}, ${r.pick(PAYLOADS)}, ${nowait ? 'IPC_NOWAIT' : '0'})`, !nowait);
      if (!nowait) this.sleepingSender = true;
    } else if (roll < 64) {
      const nowait = p === 'main' || r.chance(0.4);
      const flags = [nowait ? 'IPC_NOWAIT' : '', r.chance(0.2) ? 'MSG_NOERROR' : '', r.chance(0.1) ? 'MSG_EXCEPT' : ''].filter(Boolean).join('|') || '0';
      this.sleepy(p, `msgrcv(q, ${r.pick(['0', '1', '2', '-2', '3'])}, ${r.pick(['0', '4', '100'])}, ${flags})`, !nowait);
    } else if (roll < 68) {
      this.at(
        p,
        r.pick([
          `msgrcv(q, ${r.below(3)}, 100, IPC_NOWAIT|MSG_COPY)`,
          'msgctl(q, IPC_STAT, msg_qnum, msg_cbytes, msg_lspid, msg_lrpid)',
          `msgctl(q, IPC_SET, msg_qbytes=${r.pick(['8', '20', '100'])})`,
          `${r.pick(['semctl(s, 0, IPC_SET', 'msgctl(q, IPC_SET', 'shmctl(m, IPC_SET'])}, mode=${r.pick(['0600', '0666', '0644', '0660'])}${r.chance(0.3) ? ', uid=1000' : ''})`,
          `${r.pick(['semctl(s, 0, IPC_SET', 'msgctl(q, IPC_SET', 'shmctl(m, IPC_SET'])}, ${r.pick(['gid=1000', 'uid=2000, gid=0', 'uid=1000, gid=1000'])})`,
          r.pick(['shmctl(m, 11)', 'shmctl(m, 12)']),
        ]),
      );
    } else if (roll < 76) {
      const v = `a${this.attachVars.length}`;
      this.attachVars.push(v);
      // fixed addresses below 0x10000 only for root (after creds they are a workload error)
      const addr = this.withCreds.has(p) ? '0' : r.pick(['0', '0', '0x2000', '0x2001', '0x3000']);
      this.at(p, `${v} = shmat(m, ${addr}, ${r.pick(['0', '0', 'SHM_RDONLY', 'SHM_RND', 'SHM_REMAP', 'SHM_RND|SHM_REMAP'])})`);
    } else if (roll < 81 && this.attachVars.length) {
      this.at(p, `shmdt(${r.pick(this.attachVars)})`);
    } else if (roll < 86) {
      this.at(
        p,
        r.pick([
          'shmctl(m, IPC_STAT, shm_nattch, shm_lpid, mode, key)',
          'cat /proc/sysvipc/shm',
          'cat /proc/sysvipc/sem',
          'cat /proc/sysvipc/msg',
          // the buffer fields, and the STAT/INFO commands that need no permission
          'msgctl(q, IPC_STAT, uid, gid, cuid, cgid, mode, msg_qbytes)',
          'msgctl(0, MSG_STAT_ANY, uid, mode, msg_qnum)',
          `msgctl(0, ${r.pick(['MSG_INFO', 'IPC_INFO'])}, msgpool, msgmap, msgtql, msgmax)`,
          'shmctl(m, SHM_STAT_ANY, shm_nattch, shm_cpid, uid, cuid)',
          `shmctl(0, SHM_INFO, used_ids, shm_tot)`,
          'shmctl(0, IPC_INFO, shmmni, shmseg, shmmin)',
          `semctl(0, 0, ${r.pick(['SEM_INFO', 'IPC_INFO'])}, semusz, semaem, semmni)`,
          'semctl(s, 0, SEM_STAT_ANY, uid, gid, mode, sem_nsems)',
        ]),
      );
    } else if (roll < 89) {
      this.at(p, r.pick(['shmctl(m, IPC_RMID)', 'semctl(s, 0, IPC_RMID)', 'msgctl(q, IPC_RMID)']));
    } else if (roll < 96) {
      this.end();
    } else {
      const fresh = this.names.filter((n) => !this.live.has(n));
      if (fresh.length) {
        const n = r.pick(fresh);
        this.withCreds.add(n);
        // mostly one stranger uid; also another uid in its group, root's group, and uid 0 keeping its capabilities
        this.at(n, `creds ${r.pick(['1000 1000', '1000 1000', '2000 1000', '1000 0', '0 1000'])}`);
      }
    }
  }

  /** exit (an awake process) or kill (any, asleep included); the name is then free. */
  end(): void {
    const r = this.rng;
    const candidates = this.names.filter((n) => this.live.has(n));
    if (!candidates.length) return;
    const n = r.pick(candidates);
    const kill = this.maybeAsleep.has(n) || r.chance(0.4);
    this.lines.push(`@${n} ${kill ? 'kill' : 'exit'}`);
    this.maybeAsleep.delete(n);
    this.withCreds.delete(n);
    this.live.delete(n);
  }
}

/** One multi-process workload for `seed` (same seed, same text). */
export function generateProcsWorkload(seed: number): string {
  const rng = createRng(seed ^ 0x5eed0002);
  const names = PROC_NAMES.slice(0, 2 + rng.below(3));
  const nsems = 1 + rng.below(3);
  const b = new ProcsBuilder(rng, names, nsems);
  const mode = rng.pick(['0600', '0666', '0644']);
  b.lines.push(`# generated multi-process workload, seed ${seed}: ${names.length} processes besides main`);
  b.lines.push(`s = semget(IPC_PRIVATE, ${nsems}, IPC_CREAT|${mode})`);
  b.lines.push(`q = msgget(IPC_PRIVATE, IPC_CREAT|${mode})`);
  b.lines.push(`m = shmget(IPC_PRIVATE, 4096, IPC_CREAT|${mode})`);
  b.at(names[0]!, 'semctl(s, 0, GETVAL)');
  b.at(names[1]!, 'msgctl(q, IPC_STAT, msg_qnum)');
  const target = 10 + rng.below(25);
  while (b.lines.length < target + 4) b.statement();
  b.lines.push('semctl(s, 0, GETALL)');
  b.lines.push('msgctl(q, IPC_STAT, msg_qnum, msg_cbytes)');
  b.lines.push('shmctl(m, IPC_STAT, shm_nattch)');
  return b.lines.join('\n') + '\n';
}
