/**
 * One SysV IPC call as strace printed it, written as a workload statement
 * (docs/WORKLOAD-LANGUAGE.md, parts 1 and 2). The decoders whose output is
 * read are strace 6.x's for x86_64 (src/ipc_msg.c, ipc_msgctl.c, ipc_sem.c,
 * ipc_shm.c, ipc_shmctl.c, ipc_defs.h); the constants are the uapi's
 * (include/uapi/linux/ipc.h, msg.h, sem.h, shm.h).
 *
 * Simplified on purpose (each says so in the workload, as a comment):
 * - message contents are not replayed: msgsnd sends as many zero bytes as
 *   the program sent (only sizes and types matter for the results);
 * - IPC_SET is part 1's stat-then-set (`msgctl(id, IPC_SET)`): it keeps the
 *   current owner and mode rather than the values the program passed;
 * - semtimedop with a timeout above 100 ms (the replayer's limit) becomes
 *   semop, or a 100 ms semtimedop when it timed out;
 * - a fixed shmat address above 0x10000 cannot be written (its result
 *   depends on the replayer's own memory), nor can buffers strace shows as
 *   bare addresses where a value was needed.
 *
 * Glossary: attachment = a successful shmat; ADDR(k) is the k-th of the
 * workload, the program's address it stood for is remembered per process.
 */
import type { StraceValue } from './strace_args';

/** strace's names of the x86_64 IPC constants and their values. */
const CONSTANTS: Record<string, bigint> = {
  NULL: 0n,
  IPC_PRIVATE: 0n,
  IPC_CREAT: 0o1000n,
  IPC_EXCL: 0o2000n,
  IPC_NOWAIT: 0o4000n,
  IPC_RMID: 0n,
  IPC_SET: 1n,
  IPC_STAT: 2n,
  IPC_INFO: 3n,
  IPC_64: 0x100n,
  MSG_STAT: 11n,
  MSG_INFO: 12n,
  MSG_STAT_ANY: 13n,
  MSG_NOERROR: 0o10000n,
  MSG_EXCEPT: 0o20000n,
  MSG_COPY: 0o40000n,
  SHM_LOCK: 11n,
  SHM_UNLOCK: 12n,
  SHM_STAT: 13n,
  SHM_INFO: 14n,
  SHM_STAT_ANY: 15n,
  SHM_HUGETLB: 0o4000n,
  SHM_NORESERVE: 0o10000n,
  SHM_HUGE_SHIFT: 26n,
  SHM_RDONLY: 0o10000n,
  SHM_RND: 0o20000n,
  SHM_REMAP: 0o40000n,
  SHM_EXEC: 0o100000n,
  SEM_STAT: 18n,
  SEM_INFO: 19n,
  SEM_STAT_ANY: 20n,
  SEM_UNDO: 0x1000n,
  GETPID: 11n,
  GETVAL: 12n,
  GETALL: 13n,
  GETNCNT: 14n,
  GETZCNT: 15n,
  SETVAL: 16n,
  SETALL: 17n,
};

/** The names the workload language reads in a flags position (others are written as numbers). */
const WORKLOAD_FLAGS = new Set(['IPC_PRIVATE', 'IPC_CREAT', 'IPC_EXCL', 'IPC_NOWAIT', 'MSG_NOERROR', 'MSG_EXCEPT', 'MSG_COPY', 'SHM_RDONLY', 'SHM_RND', 'SHM_REMAP', 'SHM_EXEC', 'SEM_UNDO']);

const MSG_CMDS: Record<string, string> = { 0: 'IPC_RMID', 2: 'IPC_STAT', 3: 'IPC_INFO', 11: 'MSG_STAT', 12: 'MSG_INFO', 13: 'MSG_STAT_ANY' };
const SHM_CMDS: Record<string, string> = { 0: 'IPC_RMID', 2: 'IPC_STAT', 3: 'IPC_INFO', 11: 'SHM_LOCK', 12: 'SHM_UNLOCK', 13: 'SHM_STAT', 14: 'SHM_INFO', 15: 'SHM_STAT_ANY' };
const SEM_CMDS: Record<string, string> = {
  0: 'IPC_RMID',
  2: 'IPC_STAT',
  3: 'IPC_INFO',
  11: 'GETPID',
  12: 'GETVAL',
  13: 'GETALL',
  14: 'GETNCNT',
  15: 'GETZCNT',
  18: 'SEM_STAT',
  19: 'SEM_INFO',
  20: 'SEM_STAT_ANY',
};

/** Where the translation of one process's calls keeps what later calls refer to. */
export interface CallContext {
  /** successful shmats so far in the workload (the next is ADDR(attachments + 1)) */
  attachments: number;
  /** per process: the program's attach address → k of ADDR(k), while attached */
  attached: Map<string, Map<bigint, number>>;
  /** per process, the addresses of shmats that returned but were not replayed: their shmdt cannot be either */
  unreplayed: Map<string, Set<bigint>>;
}

/** What strace recorded as the call's result. */
export type Recorded =
  | { kind: 'value'; value: bigint }
  | { kind: 'error'; errno: string }
  /** the call never returned (the log stops, the process died asleep, a signal interrupted it) */
  | { kind: 'none'; why: string }
  /** strace printed `= ?`: the process died as the call returned, the result is not known */
  | { kind: 'unknown' };

export type Translation = { ok: true; code: string; expect: string; note?: string } | { ok: false; reason: string };

class Untranslatable extends Error {}

/** The value of a scalar or flag-set atom (`IPC_CREAT|0600`, `21<<SHM_HUGE_SHIFT`, `0x100 /* SEM_??? *\/`, `-1`). */
export function atomValue(v: StraceValue | undefined): bigint {
  if (v === undefined) throw new Untranslatable('an argument is missing');
  if (v.kind !== 'atom') throw new Untranslatable('a buffer where a number was expected');
  if (DECIMAL.test(v.text)) return BigInt(v.text);
  const text = stripComments(v.text);
  if (text === '') throw new Untranslatable('an empty argument');
  let total = 0n;
  for (const part of text.split('|')) total |= termValue(part.trim());
  return total;
}

function termValue(t: string): bigint {
  const shift = /^(.+?)<<(.+)$/.exec(t);
  if (shift !== null) return termValue(shift[1]!.trim()) << termValue(shift[2]!.trim());
  if (/^-?(0x[0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/.test(t)) {
    const neg = t.startsWith('-');
    const body = neg ? t.slice(1) : t;
    const n = body.startsWith('0x') ? BigInt(body) : body.length > 1 && body.startsWith('0') ? BigInt('0o' + body.slice(1)) : BigInt(body);
    return neg ? -n : n;
  }
  const c = CONSTANTS[t];
  if (c === undefined) throw new Untranslatable(`unknown constant ${t}`);
  return c;
}

const DECIMAL = /^-?(?:0|[1-9][0-9]{0,15})$/;

function stripComments(text: string): string {
  return (text.includes('/*') ? text.replace(/\/\*.*?\*\//g, '') : text).trim();
}

/** A flag set written for the workload: the names it knows kept, the rest as one number (octal for a mode, else hex). */
function flagsText(v: StraceValue | undefined): string {
  const all = atomValue(v);
  const text = stripComments((v as { text: string }).text);
  const names: string[] = [];
  let rest = all;
  for (const part of text.split('|').map((p) => p.trim())) {
    if (WORKLOAD_FLAGS.has(part)) {
      names.push(part);
      rest &= ~CONSTANTS[part]!;
    }
  }
  if (rest !== 0n || names.length === 0) names.push(rest < 0n ? `${rest}` : rest <= 0o777n && rest !== 0n ? `0${rest.toString(8)}` : rest === 0n ? '0' : `0x${rest.toString(16)}`);
  return names.join('|');
}

function keyText(v: StraceValue | undefined): string {
  const k = atomValue(v);
  return k === 0n ? 'IPC_PRIVATE' : k < 0n ? `${k}` : `0x${k.toString(16)}`;
}

function intText(v: StraceValue | undefined): string {
  return `${atomValue(v)}`;
}

function cmdText(v: StraceValue | undefined, names: Record<string, string>): string {
  const c = BigInt.asIntN(32, atomValue(v));
  return names[`${c}`] ?? `${c}`;
}

function hex(n: bigint): string {
  return n === 0n ? '0' : `0x${n.toString(16)}`;
}

function field(v: StraceValue | undefined, name: string): StraceValue | undefined {
  if (v?.kind !== 'struct') return undefined;
  return v.fields.find((f) => f.name === name)?.value;
}

function resultText(r: Recorded): string {
  if (r.kind === 'error') return `= -1 ${r.errno}`;
  if (r.kind === 'none') return '<unfinished ...>';
  if (r.kind === 'unknown') return '? (not recorded)';
  return `= ${r.value}`;
}

type Translator = (args: StraceValue[], r: Recorded, proc: string, ctx: CallContext, pidName: (pid: bigint) => string) => Translation;

function plain(code: string, r: Recorded, note?: string): Translation {
  return note === undefined ? { ok: true, code, expect: resultText(r) } : { ok: true, code, expect: resultText(r), note };
}

function ctl(call: string, names: Record<string, string>, semnum: boolean): Translator {
  return (a, r) => {
    const id = intText(a[0]);
    const num = semnum ? `${intText(a[1])}, ` : '';
    const cmdArg = a[semnum ? 2 : 1];
    const c = BigInt.asIntN(32, atomValue(cmdArg));
    const buf = a[semnum ? 3 : 2];
    if (c === 1n) {
      if (buf?.kind !== 'struct') return { ok: false, reason: `IPC_SET with the buffer ${describe(buf)}: the workload passes a buffer read from the object` };
      return plain(`${call}(${id}, ${num}IPC_SET)`, r, `IPC_SET ${shorten(show(buf), 80)} replayed as stat-then-set (current values)`);
    }
    if (semnum && c === 16n) {
      const v = buf === undefined ? 0n : BigInt.asIntN(32, atomValue(buf));
      return plain(`${call}(${id}, ${num}SETVAL, ${v})`, r);
    }
    if (semnum && c === 17n) {
      if (buf?.kind !== 'array' || buf.ellipsis) return { ok: false, reason: `SETALL values strace did not show (${describe(buf)})` };
      return plain(`${call}(${id}, ${num}SETALL, {${buf.items.map((i) => `${BigInt.asUintN(16, atomValue(i))}`).join(', ')}})`, r);
    }
    return plain(`${call}(${id}, ${num}${cmdText(cmdArg, names)})`, r);
  };
}

function describe(v: StraceValue | undefined): string {
  if (v === undefined) return 'missing';
  return v.kind === 'atom' ? v.text : v.kind;
}

/** The value printed back roughly as strace printed it (for comments). */
export function show(v: StraceValue): string {
  switch (v.kind) {
    case 'atom':
      return v.text;
    case 'string':
      return `"${v.bytes.map((b) => (b >= 32 && b < 127 && b !== 34 && b !== 92 ? String.fromCharCode(b) : `\\${b.toString(8)}`)).join('')}"${v.truncated ? '...' : ''}`;
    case 'struct':
      return `{${v.fields.map((f) => (f.name === null ? show(f.value) : `${f.name}=${show(f.value)}`)).join(', ')}${v.ellipsis ? ', ...' : ''}}`;
    case 'array':
      return `[${v.items.map(show).join(', ')}${v.ellipsis ? ', ...' : ''}]`;
  }
}

export function shorten(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 3) + '...';
}

function sembufs(arr: StraceValue | undefined, nsops: bigint, r: Recorded): { text: string; note?: string } {
  if (arr?.kind !== 'array') throw new Untranslatable(`sembufs strace did not show (${describe(arr)})`);
  const one = (s: StraceValue): string => {
    const flg = field(s, 'sem_flg');
    return `{${intText(field(s, 'sem_num'))}, ${intText(field(s, 'sem_op'))}, ${flg === undefined ? '0' : flagsText(flg)}}`;
  };
  const items = arr.items.map(one);
  if (!arr.ellipsis) {
    if (BigInt(items.length) !== nsops) throw new Untranslatable(`${items.length} sembufs shown for nsops ${nsops}`);
    return { text: items.map((s) => `, ${s}`).join('') };
  }
  if (nsops < BigInt(items.length) || items.length === 0) throw new Untranslatable(`sembufs cut short for nsops ${nsops}`);
  const last = items[items.length - 1]!;
  if (items.every((s) => s === last) && nsops <= MAX_SEMBUFS) return { text: `, ${last} x ${nsops}`, note: `strace showed ${items.length} of ${nsops} sembufs, all alike` };
  // too many sembufs: the kernel says E2BIG before it reads them, so the rest cannot matter
  // (and the language's COUNT stops at 2^20, far above SEMOPM's 500 .. 32000 limit)
  if (r.kind === 'error' && r.errno === 'E2BIG') {
    const total = nsops > MAX_SEMBUFS ? MAX_SEMBUFS : nsops;
    const pad = total - BigInt(items.length);
    return { text: items.map((s) => `, ${s}`).join('') + `, ${last} x ${pad}`, note: `strace showed ${items.length} of ${nsops} sembufs; passed ${total}, the rest copies of the last (E2BIG)` };
  }
  throw new Untranslatable(`strace showed ${items.length} of ${nsops} different sembufs (record with a larger -s)`);
}

const MAX_TIMEOUT = 100_000_000n;
const MAX_SEMBUFS = 1n << 20n;

const TRANSLATORS: Record<string, Translator> = {
  msgget: (a, r) => plain(`msgget(${keyText(a[0])}, ${flagsText(a[1])})`, r),
  shmget: (a, r) => plain(`shmget(${keyText(a[0])}, ${BigInt.asUintN(64, atomValue(a[1]))}, ${flagsText(a[2])})`, r),
  semget: (a, r) => plain(`semget(${keyText(a[0])}, ${intText(a[1])}, ${flagsText(a[2])})`, r),
  msgsnd: (a, r) => {
    const mtype = field(a[1], 'mtype');
    if (mtype === undefined) return { ok: false, reason: `a message strace did not show (${describe(a[1])})` };
    return plain(`msgsnd(${intText(a[0])}, ${intText(mtype)}, ${BigInt.asUintN(64, atomValue(a[2]))}, ${flagsText(a[3])})`, r);
  },
  msgrcv: (a, r) => plain(`msgrcv(${intText(a[0])}, ${intText(a[3])}, ${BigInt.asUintN(64, atomValue(a[2]))}, ${flagsText(a[4])})`, r),
  msgctl: ctl('msgctl', MSG_CMDS, false),
  shmctl: ctl('shmctl', SHM_CMDS, false),
  semctl: (a, r, proc, ctx, pidName) => {
    const t = ctl('semctl', SEM_CMDS, true)(a, r, proc, ctx, pidName);
    if (t.ok && r.kind === 'value' && BigInt.asIntN(32, atomValue(a[2])) === 11n && r.value !== 0n) return { ...t, expect: `= ${pidName(r.value)}` };
    return t;
  },
  semop: (a, r) => {
    const s = sembufs(a[1], atomValue(a[2]), r);
    return plain(`semop(${intText(a[0])}${s.text})`, r, s.note);
  },
  semtimedop: (a, r) => {
    const s = sembufs(a[1], atomValue(a[2]), r);
    const timeout = a[3];
    if (timeout === undefined || (timeout.kind === 'atom' && atomValue(timeout) === 0n))
      return plain(`semop(${intText(a[0])}${s.text})`, r, s.note === undefined ? 'semtimedop without a timeout' : s.note);
    if (timeout.kind !== 'struct') return { ok: false, reason: `a timeout strace did not show (${describe(timeout)})` };
    const ns = BigInt.asIntN(64, atomValue(field(timeout, 'tv_sec'))) * 1_000_000_000n + BigInt.asIntN(64, atomValue(field(timeout, 'tv_nsec')));
    const notes = s.note === undefined ? [] : [s.note];
    if (ns > MAX_TIMEOUT) {
      const timedOut = r.kind === 'error' && r.errno === 'EAGAIN';
      notes.push(`timeout ${ns} ns, above the replayer's 100 ms: ${timedOut ? 'shortened' : 'replayed as semop'}`);
      if (!timedOut) return plain(`semop(${intText(a[0])}${s.text})`, r, notes.join('; '));
      return plain(`semtimedop(${intText(a[0])}, ${MAX_TIMEOUT}${s.text})`, r, notes.join('; '));
    }
    return plain(`semtimedop(${intText(a[0])}, ${ns}${s.text})`, r, notes.length === 0 ? undefined : notes.join('; '));
  },
  shmat: (a, r, proc, ctx) => {
    const addr = BigInt.asUintN(64, atomValue(a[1]));
    const flags = atomValue(a[2]);
    const rnd = (flags & CONSTANTS.SHM_RND!) !== 0n;
    const fixed = addr !== 0n && (rnd || addr % 4096n === 0n);
    if (fixed && addr >= 0x10000n) {
      if (r.kind === 'value') {
        let skipped = ctx.unreplayed.get(proc);
        if (skipped === undefined) ctx.unreplayed.set(proc, (skipped = new Set<bigint>()));
        skipped.add(r.value);
      }
      return { ok: false, reason: `the fixed address ${hex(addr)} is above 0x10000: its result depends on the replayer's own memory` };
    }
    const code = `shmat(${intText(a[0])}, ${hex(addr)}, ${flagsText(a[2])})`;
    if (r.kind !== 'value') return plain(code, r);
    const k = ++ctx.attachments;
    let mine = ctx.attached.get(proc);
    if (mine === undefined) ctx.attached.set(proc, (mine = new Map<bigint, number>()));
    mine.set(r.value, k);
    return { ok: true, code, expect: `= ADDR(${k})` };
  },
  shmdt: (a, r, proc, ctx) => {
    const addr = BigInt.asUintN(64, atomValue(a[0]));
    const mine = ctx.attached.get(proc);
    const k = mine?.get(addr);
    const skipped = ctx.unreplayed.get(proc);
    if (k === undefined && skipped?.has(addr) === true) {
      if (r.kind === 'value') skipped.delete(addr);
      return { ok: false, reason: `it detaches ${hex(addr)}, the mapping of a shmat that was not replayed` };
    }
    // a detach that worked of an address this process never attached in the log: a mapping inherited across
    // fork (which trace=ipc does not show), so the replayed process has nothing there
    if (k === undefined && r.kind === 'value') return { ok: false, reason: `it detaches ${hex(addr)}, which this process did not attach in the log (inherited across fork?)` };
    if (k === undefined) return plain(`shmdt(${hex(addr)})`, r);
    if (r.kind === 'value') mine!.delete(addr);
    return plain(`shmdt(ADDR(${k}))`, r);
  },
};

/** True for the calls this module translates. */
export function isIpcCall(name: string): boolean {
  return Object.hasOwn(TRANSLATORS, name);
}

/**
 * The statement for call `name` with strace's argument values `args` in
 * process `proc`. Return: the code, its expectation (`= 0`, `= -1 EINVAL`,
 * `= ADDR(2)`, `= pid(p12)`, `<unfinished ...>`) and an optional note, or
 * the reason it cannot be written.
 */
export function translateCall(name: string, args: StraceValue[], r: Recorded, proc: string, ctx: CallContext, pidName: (pid: bigint) => string): Translation {
  const t = TRANSLATORS[name];
  if (t === undefined) return { ok: false, reason: 'not a SysV IPC call' };
  try {
    return t(args, r, proc, ctx, pidName);
  } catch (e) {
    if (e instanceof Untranslatable) return { ok: false, reason: e.message };
    throw e;
  }
}
