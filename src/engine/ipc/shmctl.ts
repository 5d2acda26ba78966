/**
 * shmctl of ipc/shm.c, Linux 6.18: ksys_shmctl with shmctl_ipc_info
 * (IPC_INFO), shmctl_shm_info (SHM_INFO, with shm_get_stat's counting walk
 * over the IDR), shmctl_stat (IPC_STAT, SHM_STAT, SHM_STAT_ANY),
 * shmctl_down (IPC_SET, IPC_RMID) and shmctl_do_lock (SHM_LOCK, SHM_UNLOCK).
 * Every other cmd is -EINVAL.
 *
 * Simplified: the user buffer is zeroed, so IPC_SET sets uid 0, gid 0 and the
 * mode bits 000 (SHM_LOCKED survives); the structures INFO/STAT copy out
 * are built only when the caller asks for them (`fields`: the language's
 * `shmctl(id, IPC_STAT, shm_nattch, ...)`), by field name. The one
 * exception is the language's `shmctl(id, IPC_SET)` (sys_shmctl's
 * stat-then-set): IPC_STAT into a buffer, then IPC_SET with it, so the three
 * fields IPC_SET reads are carried from one call to the other.
 */
import type { Kernel } from '../kernel';
import { ipc_idr_find } from './ipc_idr';
import { EACCES, EINVAL, EPERM } from '../uapi/errno';
import { IPC_INFO, IPC_RMID, IPC_SET, IPC_STAT, SHM_INFO, SHM_STAT, SHM_STAT_ANY } from '../uapi/ipc';
import type { ShmidKernel } from './namespace';
import { do_shm_rmid, SHM_LOCKED, shm_ids } from './shm';
import { CURRENT_CRED, ipc_get_maxidx, ipc_obtain_object_check, ipc_obtain_object_idr, ipc_update_perm, ipcctl_obtain_check, ipcperms, kernel_to_ipc64_perm, S_IRUGO } from './util';

export const SHM_LOCK = 11;
export const SHM_UNLOCK = 12;

/** The fields of `struct shmid64_ds` IPC_SET reads. */
export interface ShmidSet {
  uid: number;
  gid: number;
  mode: number;
}

export const ZERO_SHMID_SET: Readonly<ShmidSet> = { uid: 0, gid: 0, mode: 0 };

/** SHMSEG = SHMMNI (include/uapi/linux/shm.h): what shminfo64.shmseg reports */
const SHMSEG = 4096n;

/** What a STAT or INFO command copied out, by field name (struct shmid64_ds, shminfo64 or shm_info). */
export type ShmBufFields = Record<string, bigint>;

/** The shmid64_ds shmctl_stat copies out (ipc64_perm part by its member names). */
function shmid64_ds(shp: ShmidKernel): ShmBufFields {
  return {
    key: BigInt(shp.key),
    uid: BigInt(shp.uid),
    gid: BigInt(shp.gid),
    cuid: BigInt(shp.cuid),
    cgid: BigInt(shp.cgid),
    mode: BigInt(shp.mode),
    seq: BigInt(shp.seq),
    shm_segsz: shp.shm_segsz,
    shm_atime: BigInt(shp.shm_atim),
    shm_dtime: BigInt(shp.shm_dtim),
    shm_ctime: BigInt(shp.shm_ctim),
    shm_cpid: BigInt(shp.shm_cprid),
    shm_lpid: BigInt(shp.shm_lprid),
    shm_nattch: BigInt(shp.shm_nattch),
  };
}

/** shminfo64 (IPC_INFO) or shm_info (SHM_INFO; rss and swap 0: pages are never touched). */
function shm_info_fields(k: Kernel, cmd: number): ShmBufFields {
  const ns = k.state.ipc;
  if (cmd === IPC_INFO) return { shmmax: ns.shm_ctlmax, shmmin: 1n, shmmni: BigInt(ns.shm_ctlmni), shmseg: SHMSEG, shmall: ns.shm_ctlall };
  return { used_ids: BigInt(shm_ids(k).in_use), shm_tot: ns.shm_tot, shm_rss: 0n, shm_swp: 0n, swap_attempts: 0n, swap_successes: 0n };
}

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

/** shmctl_ipc_info / shmctl_shm_info; `fields` receives the buffer. Return: max(highest used idx, 0). */
export function shmctl_info(k: Kernel, cmd: number, fields: ShmBufFields | null = null): number {
  if (cmd === SHM_INFO) shm_get_stat(k);
  if (fields !== null) Object.assign(fields, shm_info_fields(k, cmd));
  const r = ipc_get_maxidx(k.state.ipc, shm_ids(k), k.probe);
  return r < 0 ? 0 : r;
}

/**
 * shmctl_stat: IPC_STAT takes an id (seq checked) and returns 0; SHM_STAT and
 * SHM_STAT_ANY take an idx and return the full id. `out`: the buffer, of which
 * only what IPC_SET reads back is filled.
 * Return: 0 / id, -EINVAL, -EACCES (no read permission, not for _ANY).
 */
export function shmctl_stat(k: Kernel, shmid: number, cmd: number, out: ShmidSet | null = null, fields: ShmBufFields | null = null): number {
  const ns = k.state.ipc;
  const ids = shm_ids(k);
  const shp = cmd === SHM_STAT || cmd === SHM_STAT_ANY ? ipc_obtain_object_idr(ns, ids, shmid, k.probe) : ipc_obtain_object_check(ns, ids, shmid, k.probe);
  if (shp === null) return -EINVAL;
  if (cmd !== SHM_STAT_ANY && ipcperms(shp, S_IRUGO)) return -EACCES;
  if (out !== null) kernel_to_ipc64_perm(shp, out);
  if (fields !== null) Object.assign(fields, shmid64_ds(shp));
  return cmd === IPC_STAT ? 0 : shp.id;
}

/** shmctl_down: IPC_RMID (do_shm_rmid) or IPC_SET. Return: 0, -EINVAL, -EPERM. */
export function shmctl_down(k: Kernel, shmid: number, cmd: number, set: Readonly<ShmidSet>): number {
  const r = ipcctl_obtain_check(k.state.ipc, shm_ids(k), shmid, k.probe);
  if (typeof r === 'number') return r;
  const shp: ShmidKernel = r;
  if (cmd === IPC_RMID) {
    do_shm_rmid(k, shp);
    return 0;
  }
  ipc_update_perm(shp, set.uid, set.gid, set.mode);
  shp.shm_ctim = k.config.clock;
  return 0;
}

/**
 * shmctl_do_lock: SHM_LOCK sets SHM_LOCKED (shmem_lock; root may lock any
 * amount), SHM_UNLOCK clears it; both do nothing on hugetlbfs segments.
 * Return: 0, -EINVAL (no such id), -EPERM (not owner, no CAP_IPC_LOCK).
 */
export function shmctl_do_lock(k: Kernel, shmid: number, cmd: number): number {
  const shp = ipc_obtain_object_check(k.state.ipc, shm_ids(k), shmid, k.probe);
  if (shp === null) return -EINVAL;
  if (!CURRENT_CRED.cap_ipc_lock && CURRENT_CRED.euid !== shp.uid && CURRENT_CRED.euid !== shp.cuid) return -EPERM;
  if (shp.shm_hugetlb) return 0;
  if (cmd === SHM_LOCK) shp.mode |= SHM_LOCKED;
  else shp.mode &= ~SHM_LOCKED;
  return 0;
}

/**
 * ksys_shmctl. `buf`: the user's buffer, which the *_STAT commands fill and
 * IPC_SET reads; null for the language's zeroed one (nothing kept).
 * `fields`: filled with what a STAT or INFO command copies out.
 * Return: see the helpers; -EINVAL for cmd < 0, shmid < 0 (checked first)
 * and unknown commands.
 */
export function ksys_shmctl(k: Kernel, shmid: number, cmd: number, buf: ShmidSet | null = null, fields: ShmBufFields | null = null): number {
  if (cmd < 0 || shmid < 0) return -EINVAL;
  switch (cmd) {
    case IPC_INFO:
    case SHM_INFO:
      return shmctl_info(k, cmd, fields);
    case SHM_STAT:
    case SHM_STAT_ANY:
    case IPC_STAT:
      return shmctl_stat(k, shmid, cmd, buf, fields);
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
