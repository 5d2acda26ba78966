/**
 * semctl of ipc/sem.c, Linux 6.18: ksys_semctl with semctl_info (IPC_INFO,
 * SEM_INFO), semctl_stat (IPC_STAT, SEM_STAT, SEM_STAT_ANY), semctl_main
 * (GETALL, GETVAL, GETPID, GETNCNT, GETZCNT, SETALL), semctl_setval (SETVAL)
 * and semctl_down (IPC_SET, IPC_RMID). Every other cmd is -EINVAL.
 *
 * Simplified: the 4th argument is the language's zeroed buffer. SETALL reads
 * nsems zeros from it (arrays larger than the 4096-byte buffer would read
 * beyond it on the real system; here they read zeros too). SETVAL takes the
 * argument itself, i.e. the buffer's address, as the value: a user-space
 * address is never within 0..SEMVMX, so it is always -ERANGE (the model uses
 * USER_BUF_ADDR_LOW32 for it). No task waits, so GETNCNT/GETZCNT are 0.
 * The one buffer that is not zeroed is that of the language's
 * `semctl(id, semnum, IPC_SET)` (sys_semctl's stat-then-set): IPC_STAT into
 * it, then IPC_SET with it.
 */
import type { Kernel } from '../kernel';
import { EACCES, EINVAL, ERANGE } from '../uapi/errno';
import { IPC_INFO, IPC_RMID, IPC_SET, IPC_STAT, SEM_INFO, SEM_STAT, SEM_STAT_ANY } from '../uapi/ipc';
import type { SemArray } from './namespace';
import { freeary, sem_ids, SEMVMX } from './sem';
import {
  ipc_get_maxidx, ipc_obtain_object_check, ipc_obtain_object_idr, ipc_update_perm, ipcctl_obtain_check, ipcperms,
  kernel_to_ipc64_perm, S_IRUGO, S_IWUGO,
} from './util';

export const GETPID = 11;
export const GETVAL = 12;
export const GETALL = 13;
export const GETNCNT = 14;
export const GETZCNT = 15;
export const SETVAL = 16;
export const SETALL = 17;

/** The low 32 bits of the zeroed buffer's address, which SETVAL takes as its value. */
export const USER_BUF_ADDR_LOW32 = 0x5a5a0000;

/** What semctl's 4th argument provides to each command. */
export interface SemunArg {
  /** SETVAL's int value */
  val: number;
  /** SETALL's ushort values (missing entries read as 0) */
  array: readonly number[];
  /** IPC_SET's owner and mode */
  uid: number;
  gid: number;
  mode: number;
}

export const ZERO_SEMUN: Readonly<SemunArg> = { val: USER_BUF_ADDR_LOW32, array: [], uid: 0, gid: 0, mode: 0 };

/** semctl_info. Return: max(highest used idx, 0). */
export function semctl_info(k: Kernel): number {
  const r = ipc_get_maxidx(k.state.ipc, sem_ids(k), k.probe);
  return r < 0 ? 0 : r;
}

/**
 * semctl_stat: IPC_STAT takes an id (seq checked) and returns 0; SEM_STAT and
 * SEM_STAT_ANY take an idx and return the full id. semnum is ignored. `out`:
 * the buffer, of which only what IPC_SET reads back is filled.
 * Return: 0 / id, -EINVAL, -EACCES (no read permission, not for _ANY).
 */
export function semctl_stat(k: Kernel, semid: number, cmd: number, out: SemunArg | null = null): number {
  const ns = k.state.ipc;
  const ids = sem_ids(k);
  const sma =
    cmd === SEM_STAT || cmd === SEM_STAT_ANY
      ? ipc_obtain_object_idr(ns, ids, semid, k.probe)
      : ipc_obtain_object_check(ns, ids, semid, k.probe);
  if (sma === null) return -EINVAL;
  if (cmd !== SEM_STAT_ANY && ipcperms(sma, S_IRUGO)) return -EACCES;
  if (out !== null) kernel_to_ipc64_perm(sma, out);
  return cmd === IPC_STAT ? 0 : sma.id;
}

/** The per-semaphore values and pids, allocated (all 0) on first write. */
function sem_arrays(sma: SemArray): [number[], number[]] {
  if (sma.sem_vals === null || sma.sem_pids === null) {
    sma.sem_vals = new Array<number>(sma.sem_nsems).fill(0);
    sma.sem_pids = new Array<number>(sma.sem_nsems).fill(0);
  }
  return [sma.sem_vals, sma.sem_pids];
}

/**
 * semctl_setval: value range first (before the id), then id, semnum, write permission.
 * Return: 0, -ERANGE (val < 0 or > SEMVMX), -EINVAL, -EACCES.
 */
export function semctl_setval(k: Kernel, semid: number, semnum: number, val: number): number {
  if (val > SEMVMX || val < 0) return -ERANGE;
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, k.probe);
  if (sma === null) return -EINVAL;
  if (semnum < 0 || semnum >= sma.sem_nsems) return -EINVAL;
  if (ipcperms(sma, S_IWUGO)) return -EACCES;
  const [vals, pids] = sem_arrays(sma);
  vals[semnum] = val;
  pids[semnum] = k.config.pid;
  sma.sem_ctime = k.config.clock;
  return 0;
}

/**
 * semctl_main: GETALL/SETALL ignore semnum; GETVAL, GETPID, GETNCNT, GETZCNT
 * need 0 ≤ semnum < nsems. Return: 0, the value/pid/count, -EINVAL,
 * -EACCES (read, or write for SETALL), -ERANGE (a SETALL value > SEMVMX).
 */
export function semctl_main(k: Kernel, semid: number, semnum: number, cmd: number, arg: Readonly<SemunArg>): number {
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, k.probe);
  if (sma === null) return -EINVAL;
  const nsems = sma.sem_nsems;
  if (ipcperms(sma, cmd === SETALL ? S_IWUGO : S_IRUGO)) return -EACCES;
  if (cmd === GETALL) return 0;
  if (cmd === SETALL) {
    for (let i = 0; i < nsems && i < arg.array.length; i++) if (arg.array[i]! > SEMVMX) return -ERANGE;
    const [vals, pids] = sem_arrays(sma);
    for (let i = 0; i < nsems; i++) {
      vals[i] = arg.array[i] ?? 0;
      pids[i] = k.config.pid;
    }
    sma.sem_ctime = k.config.clock;
    return 0;
  }
  if (semnum < 0 || semnum >= nsems) return -EINVAL;
  switch (cmd) {
    case GETVAL:
      return sma.sem_vals ? sma.sem_vals[semnum]! : 0;
    case GETPID:
      return sma.sem_pids ? sma.sem_pids[semnum]! : 0;
    default: // GETNCNT, GETZCNT: nobody waits
      return 0;
  }
}

/** semctl_down: IPC_RMID (freeary) or IPC_SET. Return: 0, -EINVAL, -EPERM. */
export function semctl_down(k: Kernel, semid: number, cmd: number, arg: Readonly<SemunArg>): number {
  const r = ipcctl_obtain_check(k.state.ipc, sem_ids(k), semid, k.probe);
  if (typeof r === 'number') return r;
  if (cmd === IPC_RMID) {
    freeary(k, r);
    return 0;
  }
  ipc_update_perm(r, arg.uid, arg.gid, arg.mode);
  r.sem_ctime = k.config.clock;
  return 0;
}

/**
 * ksys_semctl. `buf`: what the 4th argument provides, which the *_STAT
 * commands fill; null for the language's zeroed buffer (nothing kept).
 * Return: see the helpers; -EINVAL for semid < 0 (checked first) and unknown
 * commands (negative ones included).
 */
export function ksys_semctl(k: Kernel, semid: number, semnum: number, cmd: number, buf: SemunArg | null = null): number {
  if (semid < 0) return -EINVAL;
  const arg: Readonly<SemunArg> = buf ?? ZERO_SEMUN;
  switch (cmd) {
    case IPC_INFO:
    case SEM_INFO:
      return semctl_info(k);
    case IPC_STAT:
    case SEM_STAT:
    case SEM_STAT_ANY:
      return semctl_stat(k, semid, cmd, buf);
    case GETALL:
    case GETVAL:
    case GETPID:
    case GETNCNT:
    case GETZCNT:
    case SETALL:
      return semctl_main(k, semid, semnum, cmd, arg);
    case SETVAL:
      return semctl_setval(k, semid, semnum, arg.val);
    case IPC_SET:
    case IPC_RMID:
      return semctl_down(k, semid, cmd, arg);
    default:
      return -EINVAL;
  }
}
