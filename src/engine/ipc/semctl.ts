/**
 * semctl of ipc/sem.c, Linux 6.18: ksys_semctl with semctl_info (IPC_INFO,
 * SEM_INFO), semctl_stat (IPC_STAT, SEM_STAT, SEM_STAT_ANY), semctl_main
 * (GETALL, GETVAL, GETPID, GETNCNT, GETZCNT, SETALL), semctl_setval (SETVAL)
 * and semctl_down (IPC_SET, IPC_RMID). Every other cmd is -EINVAL.
 *
 * The 4th argument is what the language passes: SETVAL's value (without
 * one, -1: always -ERANGE), SETALL's values (without them, the zeroed
 * buffer: all 0), GETALL's buffer (the values are copied out into
 * `arg.getall`), or the stat-then-set buffer of `semctl(id, semnum,
 * IPC_SET)`: IPC_STAT into it, then IPC_SET with it. The commands that take
 * sem_lock(sma, NULL, -1) re-arm the use_global_lock hysteresis (semop.ts).
 */
import type { Kernel } from '../kernel';
import { EACCES, EINVAL, ERANGE } from '../uapi/errno';
import { GETALL, GETNCNT, GETPID, GETVAL, GETZCNT, IPC_INFO, IPC_RMID, IPC_SET, IPC_STAT, SEM_INFO, SEM_STAT, SEM_STAT_ANY, SETALL, SETVAL } from '../uapi/ipc';
import { freeary, sem_ids, SEMVMX } from './sem';
import { count_semcnt } from './semop';
import { do_smart_update, sem_state } from './sem_update';
import { sem_lock, sem_unlock } from './sem_lock';
import { sem_clear_semadj } from './sem_undo';
import { task_tgid } from '../kernel/task';
import { ipc_get_maxidx, ipc_obtain_object_check, ipc_obtain_object_idr, ipc_update_perm, ipcctl_obtain_check, ipcperms, kernel_to_ipc64_perm, S_IRUGO, S_IWUGO } from './util';

export { GETALL, GETNCNT, GETPID, GETVAL, GETZCNT, SETALL, SETVAL };

/** SETVAL's value when the workload gives none: the contract defines the 3-argument SETVAL as the union value -1. */
export const SETVAL_DEFAULT = -1;

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
  /** GETALL's copy of the values (set on success) */
  getall?: number[];
}

export const ZERO_SEMUN: Readonly<SemunArg> = { val: SETVAL_DEFAULT, array: [], uid: 0, gid: 0, mode: 0 };

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
  const sma = cmd === SEM_STAT || cmd === SEM_STAT_ANY ? ipc_obtain_object_idr(ns, ids, semid, k.probe) : ipc_obtain_object_check(ns, ids, semid, k.probe);
  if (sma === null) return -EINVAL;
  if (cmd !== SEM_STAT_ANY && ipcperms(k, sma, S_IRUGO)) return -EACCES;
  if (out !== null) kernel_to_ipc64_perm(sma, out);
  return cmd === IPC_STAT ? 0 : sma.id;
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
  if (ipcperms(k, sma, S_IWUGO)) return -EACCES;
  const global = sem_lock(k, sma, -1);
  sem_clear_semadj(k, sma, semnum);
  const { vals, pids } = sem_state(sma);
  vals[semnum] = val;
  pids[semnum] = task_tgid(k);
  sma.sem_ctime = k.config.clock;
  do_smart_update(k, sma, null, false);
  sem_unlock(k, sma, global);
  return 0;
}

/**
 * semctl_main: GETALL/SETALL ignore semnum; GETVAL, GETPID, GETNCNT, GETZCNT
 * need 0 ≤ semnum < nsems. Return: 0, the value/pid/count, -EINVAL,
 * -EACCES (read, or write for SETALL), -ERANGE (a SETALL value > SEMVMX).
 */
export function semctl_main(k: Kernel, semid: number, semnum: number, cmd: number, arg: Readonly<SemunArg>, buf: SemunArg | null): number {
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, k.probe);
  if (sma === null) return -EINVAL;
  const nsems = sma.sem_nsems;
  if (ipcperms(k, sma, cmd === SETALL ? S_IWUGO : S_IRUGO)) return -EACCES;
  if (cmd === GETALL) {
    const global = sem_lock(k, sma, -1);
    if (buf !== null) buf.getall = sma.sem_vals === null ? new Array<number>(nsems).fill(0) : [...sma.sem_vals];
    sem_unlock(k, sma, global);
    return 0;
  }
  if (cmd === SETALL) {
    for (let i = 0; i < nsems && i < arg.array.length; i++) if (arg.array[i]! > SEMVMX) return -ERANGE;
    const global = sem_lock(k, sma, -1);
    const { vals, pids } = sem_state(sma);
    for (let i = 0; i < nsems; i++) {
      vals[i] = arg.array[i] ?? 0;
      pids[i] = task_tgid(k);
    }
    sem_clear_semadj(k, sma, -1);
    sma.sem_ctime = k.config.clock;
    do_smart_update(k, sma, null, false);
    sem_unlock(k, sma, global);
    return 0;
  }
  if (semnum < 0 || semnum >= nsems) return -EINVAL;
  const global = sem_lock(k, sma, -1);
  let r: number;
  switch (cmd) {
    case GETVAL:
      r = sma.sem_vals ? sma.sem_vals[semnum]! : 0;
      break;
    case GETPID:
      r = sma.sem_pids ? sma.sem_pids[semnum]! : 0;
      break;
    default:
      r = count_semcnt(k, sma, semnum, cmd === GETZCNT);
  }
  sem_unlock(k, sma, global);
  return r;
}

/** semctl_down: IPC_RMID (freeary) or IPC_SET. Return: 0, -EINVAL (no such id, a uid/gid that does not map), -EPERM. */
export function semctl_down(k: Kernel, semid: number, cmd: number, arg: Readonly<SemunArg>): number {
  const r = ipcctl_obtain_check(k, sem_ids(k), semid);
  if (typeof r === 'number') return r;
  if (cmd === IPC_RMID) {
    freeary(k, r);
    return 0;
  }
  const global = sem_lock(k, r, -1);
  const err = ipc_update_perm(r, arg.uid, arg.gid, arg.mode);
  if (!err) r.sem_ctime = k.config.clock;
  sem_unlock(k, r, global);
  return err;
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
      return semctl_main(k, semid, semnum, cmd, arg, buf);
    case SETVAL:
      return semctl_setval(k, semid, semnum, arg.val);
    case IPC_SET:
    case IPC_RMID:
      return semctl_down(k, semid, cmd, arg);
    default:
      return -EINVAL;
  }
}
