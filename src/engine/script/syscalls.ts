/**
 * The system calls the interpreter makes, as one object, so that tests can
 * run the language against a fake kernel. The real binding is
 * kernel_syscalls.ts. `K` is the kernel the calls act on.
 * Processes (part 2): the task_* calls create, switch and end them.
 *
 * Integer parameters follow the C types (int as an int32 number, long and
 * size_t as bigint); results are >= 0 or -errno. Strings (paths, device
 * names, file contents) are byte strings: one char per byte, UTF-8 encoded
 * (see bytes.ts), as the kernel sees them.
 */
import type { SemBufValue } from './format';
import type { BufferValues } from '../uapi/ipc_buffers';

/** The buffer fields of a *ctl call (part 2 of the language: IPC_SET with named fields, STAT/INFO printing fields). */
export interface CtlFields {
  /**
   * IPC_SET with named fields: these values (in their fields' C types)
   * replace those of the object's current buffer, which the replayer reads
   * first with *_STAT_ANY on the id's idx (zeroed when that finds another id)
   */
  set?: ReadonlyArray<readonly [name: string, value: bigint]>;
  /** a STAT or INFO command: receives the whole buffer it copied out, on success */
  out?: BufferValues;
}

/** semctl's 4th argument as the language gives it. */
export interface SemUnion {
  val?: number;
  array?: number[];
  getall?: number[];
  /** IPC_SET's named fields, or the buffer a STAT or INFO command copied out */
  fields?: CtlFields;
}

/** semop's result for a call that sleeps (the kernel's SEM_SLEEPS). */
export const SEM_SLEEPS = -0x10000;

/** msgsnd's / msgrcv's result for a call that sleeps (the caller is queued; see msg_interrupt). */
export const MSG_SLEEPS = -0x10000;

/** What a msgsnd/msgrcv that slept returns: the result, and msgrcv's bytes (null: none or all zero-filled). */
export interface MsgCallResult {
  r: number;
  bytes: string | null;
}

export interface Syscalls<K> {
  sys_msgget(k: K, key: number, msgflg: number): number;
  /** `mtext`: the message's bytes (a byte string of msgsz bytes); absent or null: msgsz zero bytes. MSG_SLEEPS when the caller sleeps */
  sys_msgsnd(k: K, msqid: number, mtype: bigint, msgsz: bigint, msgflg: number, mtext?: string | null): number;
  /** `out.bytes` receives the bytes copied out (null: none, or a zero-filled message). MSG_SLEEPS when the caller sleeps */
  sys_msgrcv(k: K, msqid: number, msgtyp: bigint, msgsz: bigint, msgflg: number, out?: { bytes: string | null }): number;
  /**
   * `statSet` (of the three *ctl calls; only ever true, with cmd IPC_SET):
   * IPC_STAT into the buffer, then IPC_SET with that buffer, as two system
   * calls; the IPC_STAT's error if it fails, else the IPC_SET's result.
   * Otherwise the buffer is zeroed; `fields`: see CtlFields.
   */
  sys_msgctl(k: K, msqid: number, cmd: number, statSet?: true, fields?: CtlFields): number;
  /** the process `pid` asleep in msgsnd/msgrcv runs if it was woken: what its call returns, or null while it sleeps (again) */
  msg_wake(k: K, pid: number): MsgCallResult | null;
  /** the process `pid` asleep in msgsnd/msgrcv takes a signal: what its call returns */
  msg_interrupt(k: K, pid: number): MsgCallResult;
  sys_shmget(k: K, key: number, size: bigint, shmflg: number): number;
  sys_shmctl(k: K, shmid: number, cmd: number, statSet?: true, fields?: CtlFields): number;
  /** shmat: the address (the caller prints it as ADDR(k)) or -errno, as bigint */
  sys_shmat(k: K, shmid: number, shmaddr: bigint, shmflg: number): bigint;
  /** shmdt: 0 or -errno */
  sys_shmdt(k: K, shmaddr: bigint): number;
  sys_semget(k: K, key: number, nsems: number, semflg: number): number;
  /**
   * `semun`: the 4th argument the workload gave (SETVAL's value, SETALL's
   * values, IPC_SET's or STAT/INFO's fields); GETALL copies the values
   * into `semun.getall` when given.
   */
  sys_semctl(k: K, semid: number, semnum: number, cmd: number, statSet?: true, semun?: SemUnion): number;
  /** semop (timeout null) or semtimedop: 0, -errno, or SEM_SLEEPS (the caller is queued; see semop_interrupt) */
  sys_semtimedop(k: K, semid: number, sops: readonly SemBufValue[], timeout: { tv_sec: bigint; tv_nsec: bigint } | null): number;
  /** the process `pid` sleeping in semop takes a signal (`timedOut`: its timeout ends instead): what the call returns */
  semop_interrupt(k: K, pid: number, timedOut: boolean): number;
  /** what a woken semop of `pid` returns, taken once; null while it sleeps */
  semop_take_result(k: K, pid: number): number | null;
  /** sem_nsems of the array `semid` names (idx and seq), or null when there is none: the replayer's SEM_STAT_ANY look-up */
  sem_nsems(k: K, semid: number): number | null;
  /** the pid of the first process (`main`) */
  task_first(k: K): number;
  /** fork(): a new process named `comm` (the workload's `@NAME`); its pid */
  task_fork(k: K, comm: string): number;
  /** the next calls are made by `pid` */
  task_switch(k: K, pid: number): void;
  /** `creds UID GID` in process `pid` (uid, gid as uint32): setgroups(0), setresgid, setresuid; 0 or the first -errno */
  task_setcreds(k: K, pid: number, uid: number, gid: number): number;
  /** the process exits or is killed (exit_mm detaches its attachments, exit_sem applies its undo adjustments, exit_shm orphans its segments) */
  task_exit(k: K, pid: number): void;
  /** a file descriptor or -errno; throws UnmodeledPathError for a path nothing models */
  sys_open(k: K, path: string, flags: number): number;
  /** the bytes read ('' at end of file) or -errno */
  sys_read(k: K, fd: number, count: number): string | number;
  /** sys_read into dst[at, at + count) (the bytes sys_read would return, with its costs and marks): bytes read (0 at end of file) or -errno; cat reads with it */
  sys_read_into(k: K, fd: number, dst: Uint8Array, at: number, count: number): number;
  /** bytes written or -errno */
  sys_write(k: K, fd: number, data: string): number;
  sys_close(k: K, fd: number): number;
  /** entry names in getdents order (without . and ..) or -errno; throws UnmodeledPathError */
  sys_listdir(k: K, path: string): string[] | number;
  /** RTM_NEWLINK with NLM_F_CREATE|NLM_F_EXCL: 0 or -errno */
  rtnl_newlink(k: K, name: string | null, kind: string): number;
  /** RTM_DELLINK by name: 0 or -errno */
  rtnl_dellink(k: K, name: string): number;
}
