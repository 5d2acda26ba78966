/**
 * A fake kernel for the language's own tests: it records every system call
 * and answers from a rule, so the interpreter can be tested without the
 * engine. Not used by the engine itself.
 */
import type { CallName } from './ast';
import type { Syscalls } from './syscalls';
import { UnmodeledPathError } from '../fs/vfs';
import { EBADF, EEXIST, EINTR, EINVAL, ENODEV, ENOENT } from '../uapi/errno';

export interface FakeKernel {
  /** one line per system call: `msgget(0, 512)`, `open(/proc/x, 1)`, ... */
  log: string[];
  /** file path -> content (byte string); a write replaces the content */
  files: Map<string, string>;
  /** file path -> -errno returned by open (e.g. to test error lines) */
  openErrors: Map<string, number>;
  /** file path -> -errno returned by every write */
  writeErrors: Map<string, number>;
  /** directory path -> entry names */
  dirs: Map<string, string[]>;
  /** network devices by name */
  links: string[];
  /** the result of each IPC call */
  callResult: (name: CallName, args: readonly (number | bigint)[]) => number;
  open: Map<number, { path: string; pos: number; written: string }>;
  nextFd: number;
}

/**
 * The default IPC result: a value in 0..4, EINVAL or ENOENT, a fixed
 * function of the call and its wrapped arguments (h = (len(name) + sum of
 * (i+1)*arg_i) mod 7; 5 -> -EINVAL, 6 -> -ENOENT).
 */
export function hashResult(name: string, args: readonly (number | bigint)[]): number {
  let h = BigInt(name.length);
  args.forEach((a, i) => (h += BigInt(i + 1) * BigInt(a)));
  const m = Number(((h % 7n) + 7n) % 7n);
  return m === 5 ? -EINVAL : m === 6 ? -ENOENT : m;
}

export function createFakeKernel(init: Partial<Pick<FakeKernel, 'files' | 'dirs' | 'callResult'>> = {}): FakeKernel {
  return {
    log: [],
    files: init.files ?? new Map<string, string>(),
    openErrors: new Map(),
    writeErrors: new Map(),
    dirs: init.dirs ?? new Map<string, string[]>(),
    links: [],
    callResult: init.callResult ?? hashResult,
    open: new Map(),
    nextFd: 3,
  };
}

/**
 * A sys_read_into made of a string sys_read (the fake kernel's, or a test's
 * oracle): the same read, its byte string's chars copied into `dst` as bytes.
 */
export function readIntoByRead<K>(read: Syscalls<K>['sys_read']): Syscalls<K>['sys_read_into'] {
  return (k, fd, dst, at, count) => {
    const s = read(k, fd, count);
    if (typeof s === 'number') return s;
    for (let i = 0; i < s.length; i++) dst[at + i] = s.charCodeAt(i);
    return s.length;
  };
}

function ipc(name: CallName) {
  return (k: FakeKernel, ...args: (number | bigint)[]) => {
    k.log.push(`${name}(${args.join(', ')})`);
    return k.callResult(name, args);
  };
}

/** A *ctl call: its stat-then-set form is logged with a trailing `stat` and answered like the numeric form. */
function ctl(k: FakeKernel, name: CallName, args: number[], statSet: true | undefined): number {
  k.log.push(`${name}(${args.join(', ')}${statSet ? ', stat' : ''})`);
  return k.callResult(name, args);
}

/** read(2) of a file's byte string from the open file's position: logged as `read(FD, COUNT)`. */
function fakeRead(k: FakeKernel, fd: number, count: number): string | number {
  k.log.push(`read(${fd}, ${count})`);
  const f = k.open.get(fd);
  if (!f) return -EBADF;
  const data = k.files.get(f.path)!.slice(f.pos, f.pos + count);
  f.pos += data.length;
  return data;
}

export const FAKE_SYSCALLS: Syscalls<FakeKernel> = {
  sys_msgget: ipc('msgget'),
  sys_msgsnd: (k, msqid, mtype, msgsz, msgflg) => ipc('msgsnd')(k, msqid, mtype, msgsz, msgflg),
  sys_msgrcv: (k, msqid, msgtyp, msgsz, msgflg) => ipc('msgrcv')(k, msqid, msgtyp, msgsz, msgflg),
  sys_msgctl: (k, msqid, cmd, statSet) => ctl(k, 'msgctl', [msqid, cmd], statSet),
  sys_shmget: ipc('shmget'),
  sys_shmctl: (k, shmid, cmd, statSet) => ctl(k, 'shmctl', [shmid, cmd], statSet),
  sys_shmat: (k, shmid, shmaddr, shmflg) => {
    k.log.push(`shmat(${shmid}, ${shmaddr}, ${shmflg})`);
    const r = k.callResult('shmat', [shmid, shmaddr, shmflg]);
    return r < 0 ? BigInt(r) : 0x7f0000000000n - BigInt(k.log.length) * 0x1000n;
  },
  sys_shmdt: ipc('shmdt'),
  sys_semget: ipc('semget'),
  sys_semctl: (k, semid, semnum, cmd, statSet) => ctl(k, 'semctl', [semid, semnum, cmd], statSet),
  sys_semtimedop(k, semid, sops, timeout) {
    const t = timeout === null ? '' : `, ${timeout.tv_sec}.${timeout.tv_nsec}`;
    k.log.push(`semtimedop(${semid}, ${sops.map((s) => `${s.sem_num}/${s.sem_op}/${s.sem_flg}`).join(' ')}${t})`);
    return k.callResult('semop', [semid, sops.length]);
  },
  semop_interrupt: () => -EINTR,
  semop_take_result: () => null,
  msg_wake: () => null,
  msg_interrupt: () => ({ r: -EINTR, bytes: null }),
  sem_nsems: () => null,
  task_first: () => 1,
  task_fork: (k) => {
    k.log.push('fork');
    return 100 + k.log.length;
  },
  task_switch: () => {},
  task_setcreds: (k, pid, uid, gid) => {
    k.log.push(`creds(${pid}, ${uid}, ${gid})`);
    return 0;
  },
  task_exit: (k, pid) => {
    k.log.push(`exit(${pid})`);
  },
  sys_open(k, path, flags) {
    k.log.push(`open(${path}, ${flags})`);
    const err = k.openErrors.get(path);
    if (err !== undefined) return err;
    if (k.dirs.has(path)) return -21; // EISDIR
    if (!k.files.has(path)) throw new UnmodeledPathError(path);
    const fd = k.nextFd++;
    k.open.set(fd, { path, pos: 0, written: '' });
    return fd;
  },
  sys_read: fakeRead,
  sys_read_into: readIntoByRead(fakeRead),
  sys_write(k, fd, data) {
    k.log.push(`write(${fd}, ${JSON.stringify(data)})`);
    const f = k.open.get(fd);
    if (!f) return -EBADF;
    const err = k.writeErrors.get(f.path);
    if (err !== undefined) return err;
    f.written += data;
    k.files.set(f.path, f.written);
    return data.length;
  },
  sys_close(k, fd) {
    k.log.push(`close(${fd})`);
    return k.open.delete(fd) ? 0 : -EBADF;
  },
  sys_listdir(k, path) {
    k.log.push(`listdir(${path})`);
    const names = k.dirs.get(path);
    if (names !== undefined) return names;
    if (k.files.has(path)) return -20; // ENOTDIR
    throw new UnmodeledPathError(path);
  },
  rtnl_newlink(k, name, kind) {
    k.log.push(`newlink(${name}, ${kind})`);
    let n = name;
    if (n === null) for (let i = 0; n === null || k.links.includes(n); i++) n = `${kind}${i}`;
    if (k.links.includes(n)) return -EEXIST;
    k.links.push(n);
    return 0;
  },
  rtnl_dellink(k, name) {
    k.log.push(`dellink(${name})`);
    const i = k.links.indexOf(name);
    if (i < 0) return -ENODEV;
    k.links.splice(i, 1);
    return 0;
  },
};
