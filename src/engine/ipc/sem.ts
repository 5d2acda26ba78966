/**
 * ipc/sem.c of Linux 6.18, array life cycle: semget (newary,
 * sem_more_checks), removal (freeary) and the /proc row. semctl lives in
 * semctl.ts.
 *
 * semop and the queues live in semop.ts, the waker in sem_update.ts, the undo structures in sem_undo.ts. The
 * per-semaphore values, pids and otimes are only allocated when first written.
 *
 * Glossary (the `kernel.sem` sysctl, sem_ctls[]): semmsl = most semaphores
 * per array, semmns = most in the namespace (used_sems counts them),
 * semopm = most ops per semop, semmni = most arrays.
 */
import type { Kernel } from '../kernel';
import type { Probe } from '../probe';
import type { SeqFile } from '../fs/seq_file';
import { seq_put_row, seq_row } from '../fs/seq_printf';
import { EINVAL, ENOMEM, ENOSPC } from '../uapi/errno';
import { IPC_SEM_IDS, type IpcIds, type SemArray } from './namespace';
import { get_semotime, sem_wake_all_removed } from './sem_update';
import { sem_free_undos } from './sem_undo';
import { ipc_addid, ipc_addid_refuses, ipc_rmid, ipcget, S_IRWXUGO, type IpcOps, type IpcParams } from './util';
import { current_cred } from '../kernel/task';

/** include/uapi/linux/sem.h */
export const SEMVMX = 32767;

const INT_MAX = 0x7fffffff;
/** ipc/sem.c: how many global-lock sem_unlocks a complex op buys before simple ops go per-semaphore again */
export const USE_GLOBAL_LOCK_HYSTERESIS = 10;
/** sizeof(struct sem): one cache line per semaphore */
const SIZEOF_SEM = 64;
/** sizeof(struct sem_array) on x86_64 (kern_ipc_perm + list heads, cache-line aligned) */
const SIZEOF_SEM_ARRAY = 256;

export function sem_ids(k: Kernel): IpcIds<SemArray> {
  return k.state.ipc.ids[IPC_SEM_IDS];
}

/**
 * newary: a new array of `nsems` semaphores, all 0.
 * Return: id; -EINVAL (nsems 0), -ENOSPC (used_sems + nsems > semmns, in int
 * arithmetic; semmni reached; IDR full), -ENOMEM (array larger than INT_MAX bytes).
 */
function newary(k: Kernel, params: IpcParams): number {
  const ns = k.state.ipc;
  const nsems = params.nsems;
  if (!nsems) return -EINVAL;
  if (((ns.used_sems + nsems) | 0) > ns.sem_ctls[1]) return -ENOSPC;
  if (nsems > Math.trunc((INT_MAX - SIZEOF_SEM_ARRAY) / SIZEOF_SEM)) return -ENOMEM;
  const ids = sem_ids(k);
  const full = ipc_addid_refuses(ns, ids, ns.sem_ctls[3], k.probe);
  if (full) return full;
  const sma: SemArray = {
    key: params.key,
    id: -1,
    seq: 0,
    mode: params.flg & S_IRWXUGO,
    uid: 0,
    gid: 0,
    cuid: 0,
    cgid: 0,
    deleted: false,
    sem_ctime: k.config.clock,
    sem_nsems: nsems,
    sem_vals: null,
    sem_pids: null,
    sem_otimes: null,
    sems_pending: null,
    pending: { pending_alter: [], pending_const: [] },
    complex_count: 0,
    // newary sets USE_GLOBAL_LOCK_HYSTERESIS, and its sem_unlock(-1) leaves one less
    use_global_lock: USE_GLOBAL_LOCK_HYSTERESIS - 1,
    list_id: [],
  };
  const idx = ipc_addid(ns, ids, sma, ns.sem_ctls[3], current_cred(k), k.probe);
  if (idx < 0) return idx;
  ns.used_sems += nsems;
  return sma.id;
}

/** sem_more_checks: an existing array is returned only for nsems ≤ its size. Return: 0 or -EINVAL. */
function sem_more_checks(sma: SemArray, params: IpcParams): number {
  return params.nsems > sma.sem_nsems ? -EINVAL : 0;
}

const sem_ops: IpcOps<SemArray> = { getnew: newary, more_checks: sem_more_checks };

/** ksys_semget's `struct ipc_params` (on the kernel's stack): one object, filled per call and read only during it. */
const sem_params: IpcParams = { key: 0, flg: 0, size: 0n, nsems: 0 };

/**
 * ksys_semget. Return: id; -EINVAL (nsems < 0 or > semmsl, checked before the
 * key; nsems 0 on create; nsems above an existing array's); see newary;
 * -ENOENT, -EEXIST, -EACCES.
 */
export function ksys_semget(k: Kernel, key: number, nsems: number, semflg: number): number {
  const ns = k.state.ipc;
  if (nsems < 0 || nsems > ns.sem_ctls[0]) return -EINVAL;
  sem_params.key = key;
  sem_params.flg = semflg;
  sem_params.nsems = nsems;
  return ipcget(k, sem_ids(k), sem_ops, sem_params, k.probe);
}

/**
 * freeary: the undo structures of the array are invalidated, every sleeper
 * is woken with EIDRM, the array is removed and its semaphores go back to semmns.
 */
export function freeary(k: Kernel, sma: SemArray): void {
  const ns = k.state.ipc;
  sem_free_undos(k, sma);
  sem_wake_all_removed(k, sma);
  ipc_rmid(ns, sem_ids(k), sma, k.probe);
  ns.used_sems -= sma.sem_nsems;
}

const SEM_ROW = seq_row('%10d %10d  %4o %10u %5u %5u %5u %5u %10llu %10llu\n');

/** sysvipc_sem_proc_show: one /proc/sysvipc/sem row (85 bytes with 10-digit times); complexmode_enter/tryleave around it. */
export function sysvipc_sem_proc_show<V>(m: SeqFile<V>, sma: SemArray, p: Probe): number {
  p.costs.sem_proc_show++;
  const v = SEM_ROW.values;
  v[0] = sma.key;
  v[1] = sma.id;
  v[2] = sma.mode;
  v[3] = sma.sem_nsems;
  v[4] = sma.uid;
  v[5] = sma.gid;
  v[6] = sma.cuid;
  v[7] = sma.cgid;
  // complexmode_enter around get_semotime, which the printed values do not depend on
  sma.use_global_lock = USE_GLOBAL_LOCK_HYSTERESIS;
  v[8] = get_semotime(sma);
  v[9] = sma.sem_ctime;
  if (sma.complex_count === 0) sma.use_global_lock--;
  seq_put_row(m, SEM_ROW);
  return 0;
}
