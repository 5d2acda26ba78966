/**
 * shmctl of ipc/shm.c, Linux 6.18: ksys_shmctl with shmctl_ipc_info
 * (IPC_INFO), shmctl_shm_info (SHM_INFO, with shm_get_stat's counting walk
 * over the IDR), shmctl_stat (IPC_STAT, SHM_STAT, SHM_STAT_ANY),
 * shmctl_down (IPC_SET, IPC_RMID) and shmctl_do_lock (SHM_LOCK, SHM_UNLOCK).
 * Every other cmd is -EINVAL.
 *
 * Simplified: the user buffer is zeroed, so IPC_SET sets uid 0, gid 0 and the
 * mode bits 000 (SHM_LOCKED survives); the structures INFO/STAT would copy
 * out are not built, only the return value and the costs are. The one
 * exception is the language's `shmctl(id, IPC_SET)` (sys_shmctl's
 * stat-then-set): IPC_STAT into a buffer, then IPC_SET with it, so the three
 * fields IPC_SET reads are carried from one call to the other.
 */
import type { Kernel } from '../kernel';
import { CAP_IPC_LOCK, cap_raised } from '../kernel/cred';
import { current_cred } from '../kernel/task';
import { ipc_idr_find } from './ipc_idr';
import { EACCES, EINVAL, ENOMEM, EPERM } from '../uapi/errno';
import { IPC_INFO, IPC_RMID, IPC_SET, IPC_STAT, SHM_INFO, SHM_STAT, SHM_STAT_ANY } from '../uapi/ipc';
import type { ShmidKernel } from './namespace';
import { do_shm_rmid, SHM_LOCKED, shm_ids, shm_numpages } from './shm';
import { ipc_get_maxidx, ipc_obtain_object_check, ipc_obtain_object_idr, ipc_update_perm, ipcctl_obtain_check, ipcperms, kernel_to_ipc64_perm, S_IRUGO } from './util';

export const SHM_LOCK = 11;
export const SHM_UNLOCK = 12;

/** The fields of `struct shmid64_ds` IPC_SET reads. */
export interface ShmidSet {
  uid: number;
  gid: number;
  mode: number;
}

export const ZERO_SHMID_SET: Readonly<ShmidSet> = { uid: 0, gid: 0, mode: 0 };

/**
 * shm_get_stat: the rss/swap sum of SHM_INFO, found by idr_find on idx
 * 0, 1, 2, … until in_use segments were seen. Return: segments visited.
 */
function shm_get_stat(k: Kernel): number {
  const ids = shm_ids(k);
  const in_use = ids.in_use;
  let total = 0;
  for (let next_id = 0; total < in_use; next_id++) {
    if (ipc_idr_find(ids.ipcs_idr, next_id, k.probe) !== null) total++;
  }
  return total;
}

/** shmctl_ipc_info / shmctl_shm_info. Return: max(highest used idx, 0). */
export function shmctl_info(k: Kernel, cmd: number): number {
  if (cmd === SHM_INFO) shm_get_stat(k);
  const r = ipc_get_maxidx(k.state.ipc, shm_ids(k), k.probe);
  return r < 0 ? 0 : r;
}

/**
 * shmctl_stat: IPC_STAT takes an id (seq checked) and returns 0; SHM_STAT and
 * SHM_STAT_ANY take an idx and return the full id. `out`: the buffer, of which
 * only what IPC_SET reads back is filled.
 * Return: 0 / id, -EINVAL, -EACCES (no read permission, not for _ANY).
 */
export function shmctl_stat(k: Kernel, shmid: number, cmd: number, out: ShmidSet | null = null): number {
  const ns = k.state.ipc;
  const ids = shm_ids(k);
  const shp = cmd === SHM_STAT || cmd === SHM_STAT_ANY ? ipc_obtain_object_idr(ns, ids, shmid, k.probe) : ipc_obtain_object_check(ns, ids, shmid, k.probe);
  if (shp === null) return -EINVAL;
  if (cmd !== SHM_STAT_ANY && ipcperms(k, shp, S_IRUGO)) return -EACCES;
  if (out !== null) kernel_to_ipc64_perm(shp, out);
  return cmd === IPC_STAT ? 0 : shp.id;
}

/** shmctl_down: IPC_RMID (do_shm_rmid) or IPC_SET. Return: 0, -EINVAL (no such id, a uid/gid that does not map), -EPERM. */
export function shmctl_down(k: Kernel, shmid: number, cmd: number, set: Readonly<ShmidSet>): number {
  const r = ipcctl_obtain_check(k, shm_ids(k), shmid);
  if (typeof r === 'number') return r;
  const shp: ShmidKernel = r;
  if (cmd === IPC_RMID) {
    do_shm_rmid(k, shp);
    return 0;
  }
  const err = ipc_update_perm(shp, set.uid, set.gid, set.mode);
  if (err) return err;
  shp.shm_ctim = k.config.clock;
  return 0;
}

/**
 * RLIMIT_MEMLOCK of the workload's processes: 8 MiB, the default
 * (MLOCK_LIMIT, `ulimit -l` 8192) of the recording host.
 */
export const RLIMIT_MEMLOCK = 8n << 20n;

/**
 * user_shm_lock (mm/mlock.c): charge `size` bytes' pages to the locker's
 * UCOUNT_RLIMIT_MEMLOCK (kept per real uid in the task table); above
 * RLIMIT_MEMLOCK only CAP_IPC_LOCK may. Return: whether it is charged.
 */
function user_shm_lock(k: Kernel, size: bigint, uid: number): boolean {
  const locked = Number(shm_numpages(size));
  const charged = k.state.tasks.memlock_pages;
  const memlock = (charged.get(uid) ?? 0) + locked;
  if (memlock > Number(RLIMIT_MEMLOCK >> 12n) && !cap_raised(current_cred(k), CAP_IPC_LOCK)) return false;
  charged.set(uid, memlock);
  return true;
}

/** user_shm_unlock through shmem_lock(file, 0, mlock_ucounts): give the pages back to whoever locked the segment. */
export function shm_unlock_pages(k: Kernel, shp: ShmidKernel): void {
  if (shp.mlock_uid === undefined) return;
  const charged = k.state.tasks.memlock_pages;
  charged.set(shp.mlock_uid, (charged.get(shp.mlock_uid) ?? 0) - Number(shm_numpages(shp.shm_segsz)));
  delete shp.mlock_uid;
}

/**
 * shmctl_do_lock: no ipcperms check; without CAP_IPC_LOCK the caller must be
 * the owner or the creator, and SHM_LOCK needs a nonzero RLIMIT_MEMLOCK.
 * SHM_LOCK (shmem_lock) charges the pages to the caller's real uid and sets
 * SHM_LOCKED, the first time only; SHM_UNLOCK gives them back and clears it.
 * Both do nothing on hugetlbfs segments.
 * Return: 0, -EINVAL (no such id), -EPERM, -ENOMEM (above RLIMIT_MEMLOCK).
 */
export function shmctl_do_lock(k: Kernel, shmid: number, cmd: number): number {
  const shp = ipc_obtain_object_check(k.state.ipc, shm_ids(k), shmid, k.probe);
  if (shp === null) return -EINVAL;
  const cred = current_cred(k);
  if (!cap_raised(cred, CAP_IPC_LOCK)) {
    if (cred.euid !== shp.uid && cred.euid !== shp.cuid) return -EPERM;
    if (cmd === SHM_LOCK && RLIMIT_MEMLOCK === 0n) return -EPERM;
  }
  if (shp.shm_hugetlb) return 0;
  if (cmd === SHM_LOCK) {
    if (shp.mode & SHM_LOCKED) return 0;
    if (!user_shm_lock(k, shp.shm_segsz, cred.uid)) return -ENOMEM;
    shp.mode |= SHM_LOCKED;
    shp.mlock_uid = cred.uid;
    return 0;
  }
  if (!(shp.mode & SHM_LOCKED)) return 0;
  shm_unlock_pages(k, shp);
  shp.mode &= ~SHM_LOCKED;
  return 0;
}

/**
 * ksys_shmctl. `buf`: the user's buffer, which the *_STAT commands fill and
 * IPC_SET reads; null for the language's zeroed one (nothing kept).
 * Return: see the helpers; -EINVAL for cmd < 0, shmid < 0 (checked first)
 * and unknown commands.
 */
export function ksys_shmctl(k: Kernel, shmid: number, cmd: number, buf: ShmidSet | null = null): number {
  if (cmd < 0 || shmid < 0) return -EINVAL;
  switch (cmd) {
    case IPC_INFO:
    case SHM_INFO:
      return shmctl_info(k, cmd);
    case SHM_STAT:
    case SHM_STAT_ANY:
    case IPC_STAT:
      return shmctl_stat(k, shmid, cmd, buf);
    case IPC_SET:
    case IPC_RMID:
      return shmctl_down(k, shmid, cmd, buf ?? ZERO_SHMID_SET);
    case SHM_LOCK:
    case SHM_UNLOCK:
      return shmctl_do_lock(k, shmid, cmd);
    default:
      return -EINVAL;
  }
}
