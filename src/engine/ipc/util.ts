/**
 * ipc/util.c and ipc/util.h of Linux 6.18: identifier allocation (ipc_addid,
 * ipc_idr_alloc with the cyclic window and sequence conservation), removal
 * (ipc_rmid with the max_idx refresh of util_maxidx.ts), id lookup and the
 * permission checks shared by msg, shm and sem.
 *
 * Older kernels (KernelConfig.ipc_idx_alloc = 'lowest', 2.6.24 … 5.1): the
 * lowest free idx (idr_get_new / idr_alloc from 0) and `seq` advanced on every
 * allocation, wrapping to 0 once it passes ipcid_seq_max().
 *
 * Permissions use the calling task's credentials (kernel/cred.ts): root
 * with every capability unless the workload's `creds` changed them.
 *
 * Simplified: one user namespace (the initial one: every uid and gid but
 * (uid_t)-1 maps); no LSM, audit, locks, RCU or refcounts. ipc_findkey and
 * the key table are util_findkey.ts.
 *
 * Glossary: idx = IDR index (low `ipc_mni_shift` bits of an id), seq = high
 * bits, last_idx = idx of the previous cyclic allocation, max_idx = cached
 * highest used idx, window = `min(max(in_use*3/2, ipc_min_cycle), ipc_mni)`.
 */
import { ipc_idr_alloc_cyclic, ipc_idr_alloc_lowest, ipc_idr_find, ipc_idr_remove, ipc_idr_replace } from './ipc_idr';
import { ipc_rmid_update_maxidx } from './util_maxidx';
import { ipc_findkey, ipc_kht_insert, ipc_kht_remove } from './util_findkey';
import type { Kernel } from '../kernel';
import { NO_PROBE, type Probe } from '../probe';
import { EACCES, EEXIST, EINVAL, ENOENT, ENOSPC, EPERM } from '../uapi/errno';
import { IPC_CREAT, IPC_EXCL, IPC_PRIVATE } from '../uapi/ipc';
import type { IpcIds, IpcNamespace, KernIpcPerm } from './namespace';
import { current_cred } from '../kernel/task';
import { CAP_IPC_OWNER, CAP_SYS_ADMIN, cap_raised, in_group_p, INVALID_ID, type Cred } from '../kernel/cred';

/** S_IRUGO / S_IWUGO as ipcperms() flags */
export const S_IRUGO = 0o444;
export const S_IWUGO = 0o222;
export const S_IRWXUGO = 0o777;

const INT_MAX = 0x7fffffff;

export { ipc_get_maxidx, ipc_search_maxidx } from './util_maxidx';

export function ipcid_to_idx(ns: IpcNamespace, id: number): number {
  return id & ((1 << ns.ipc_mni_shift) - 1);
}

export function ipcid_to_seqx(ns: IpcNamespace, id: number): number {
  return id >> ns.ipc_mni_shift;
}

/** Sequence numbers run 0 .. ipcid_seq_max()-1: 65535 with 15 index bits, 127 with 24. */
export function ipcid_seq_max(ns: IpcNamespace): number {
  return INT_MAX >> ns.ipc_mni_shift;
}

/**
 * ipc_idr_alloc: reserve an idx for `obj` and give it its seq and id.
 * A pending `*_next_id` is consumed here (reset to -1 even if allocation
 * fails) and asks for the first free idx ≥ its idx with its seq, leaving the
 * cyclic cursor, last_idx and ids->seq alone. Otherwise the idx comes from
 * idr_alloc_cyclic in [0, window) and seq is bumped when the idx is ≤ last_idx.
 * Return: idx, or -ENOSPC when no idx is free in the range.
 */
function ipc_idr_alloc<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, obj: T, p: Probe): number {
  const next_id = ids.next_id;
  ids.next_id = -1;
  let idx: number;
  let window = ns.ipc_mni;
  let seq_bump = false;
  if (next_id < 0 && ns.variants.ipc_idx_alloc === 'lowest') {
    // ≤5.1: seq taken and advanced before the lowest free idx is looked for
    obj.seq = ids.seq++;
    seq_bump = true;
    if (ids.seq > ipcid_seq_max(ns)) ids.seq = 0;
    idx = ipc_idr_alloc_lowest<T>(ids.ipcs_idr, obj, 0, 0, p);
  } else if (next_id < 0) {
    window = Math.min(Math.max(Math.trunc((ids.in_use * 3) / 2), ns.ipc_min_cycle), ns.ipc_mni);
    idx = ipc_idr_alloc_cyclic<T>(ids.ipcs_idr, null, 0, window, p);
    if (idx >= 0) {
      if (idx <= ids.last_idx) {
        seq_bump = true;
        ids.seq++;
        if (ids.seq >= ipcid_seq_max(ns)) ids.seq = 0;
      }
      ids.last_idx = idx;
      obj.seq = ids.seq;
      ipc_idr_replace(ids.ipcs_idr, obj, idx, p);
    }
  } else {
    obj.seq = ipcid_to_seqx(ns, next_id);
    idx = ipc_idr_alloc_lowest(ids.ipcs_idr, obj, ipcid_to_idx(ns, next_id), ns.ipc_mni, p);
  }
  if (p.trace) p.trace({ kind: 'ipc_idr_alloc', ipc: ids.ipc, next_id, window, idx, seq: obj.seq, seq_bump });
  if (idx >= 0) obj.id = (obj.seq << ns.ipc_mni_shift) + idx;
  return idx;
}

/** ipc_addid's first check: are `limit` objects (capped at ipc_mni) in use already? */
function ipc_ids_full<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, limit: number): boolean {
  return ids.in_use >= (limit > ns.ipc_mni ? ns.ipc_mni : limit);
}

/**
 * ipc_addid of a full set, before the new object is made: the kernel's
 * newque/newseg/newary allocate and fill it first and ipc_addid refuses it
 * at once, leaving nothing behind; the model counts the same call and skips
 * building an object only to drop it (a loop of failing msgget's made one
 * per call). Return: -ENOSPC when full (ipc_addid counted), else 0.
 */
export function ipc_addid_refuses<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, limit: number, p: Probe): number {
  if (!ipc_ids_full(ns, ids, limit)) return 0;
  p.costs.ipc_addid++;
  return -ENOSPC;
}

/**
 * ipc_addid: give a new object an id and publish it (IDR + key table).
 * `limit` is msgmni/shmmni/semmni, capped at ipc_mni; `cred`: the caller's
 * (its euid and egid become the creator's and the owner's ids).
 * Return: the idx (obj.id is set), -ENOSPC when in_use ≥ limit (next_id is
 * then left pending) or when the IDR range is full.
 */
export function ipc_addid<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, obj: T, limit: number, cred: Readonly<Cred>, p: Probe): number {
  p.costs.ipc_addid++;
  if (ipc_ids_full(ns, ids, limit)) return -ENOSPC;

  // current_euid_egid(): the creator and first owner
  obj.cuid = obj.uid = cred.euid;
  obj.gid = obj.cgid = cred.egid;
  obj.deleted = false;

  const idx = ipc_idr_alloc(ns, ids, obj, p);
  if (idx < 0) {
    obj.deleted = true;
    return idx;
  }
  ipc_kht_insert(ids, obj, p);
  ids.in_use++;
  if (idx > ids.max_idx && ns.variants.ipc_maxidx !== 'none' && ns.variants.ipc_maxidx !== 'search') ids.max_idx = idx;
  if (p.trace) p.trace({ kind: 'ipc_addid', ipc: ids.ipc, idx, seq: obj.seq, id: obj.id });
  return idx;
}

/** ipc_rmid: unpublish `obj` (IDR, key table), in_use--, and refresh max_idx if it was the highest. */
export function ipc_rmid<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, obj: T, p: Probe): void {
  p.costs.ipc_rmid++;
  const idx = ipcid_to_idx(ns, obj.id);
  ipc_idr_remove(ids.ipcs_idr, idx, p);
  ipc_kht_remove(ids, obj, p);
  ids.in_use--;
  obj.deleted = true;
  if (p.trace) p.trace({ kind: 'ipc_rmid', ipc: ids.ipc, idx });
  ipc_rmid_update_maxidx(ns, ids, idx, p);
}

/** ipc_set_key_private: drop `obj` from the key table and make it IPC_PRIVATE (it stays in the IDR). */
export function ipc_set_key_private<T extends KernIpcPerm>(ids: IpcIds<T>, obj: T, p: Probe = NO_PROBE): void {
  ipc_kht_remove(ids, obj, p);
  obj.key = IPC_PRIVATE;
}

/**
 * ipcperms: may the current task access `obj` for `flag` (a short: the low
 * 9 bits of the get flags, or S_IRUGO/S_IWUGO)? The owner bits apply when
 * its euid is the creator's or the owner's uid, else the group bits when
 * in_group_p (fsgid or a supplementary group) holds for the creator's or
 * the owner's gid, else the other bits; CAP_IPC_OWNER grants what they
 * refuse. A flag of 0 asks for nothing. Return: 0 or -1 (the caller's
 * -EACCES).
 */
export function ipcperms(k: Kernel, obj: KernIpcPerm, flag: number): number {
  const f = (flag << 16) >> 16;
  const requested = (f >> 6) | (f >> 3) | f;
  const cred = current_cred(k);
  let granted = obj.mode;
  if (cred.euid === obj.cuid || cred.euid === obj.uid) granted >>= 6;
  else if (in_group_p(cred, obj.cgid) || in_group_p(cred, obj.gid)) granted >>= 3;
  if (requested & ~granted & 7 && !cap_raised(cred, CAP_IPC_OWNER)) return -1;
  return 0;
}

/** ipc_obtain_object_idr: the object at the idx of `id` (seq ignored), or null (the caller's -EINVAL). */
export function ipc_obtain_object_idr<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, id: number, p: Probe): T | null {
  return ipc_idr_find(ids.ipcs_idr, ipcid_to_idx(ns, id), p);
}

/** ipc_obtain_object_check: like ipc_obtain_object_idr but null also when the seq of `id` is stale. */
export function ipc_obtain_object_check<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, id: number, p: Probe): T | null {
  const obj = ipc_obtain_object_idr(ns, ids, id, p);
  if (obj === null || ipcid_to_seqx(ns, id) !== obj.seq) return null;
  return obj;
}

/**
 * ipcctl_obtain_check: the object for IPC_SET/IPC_RMID, checked for
 * ownership: the caller's euid is the creator's or the owner's uid, or it
 * has CAP_SYS_ADMIN (whatever the mode bits say). Return: the object,
 * -EINVAL (no such id) or -EPERM.
 */
export function ipcctl_obtain_check<T extends KernIpcPerm>(k: Kernel, ids: IpcIds<T>, id: number): T | number {
  const obj = ipc_obtain_object_check(k.state.ipc, ids, id, k.probe);
  if (obj === null) return -EINVAL;
  const cred = current_cred(k);
  if (cred.euid === obj.cuid || cred.euid === obj.uid || cap_raised(cred, CAP_SYS_ADMIN)) return obj;
  return -EPERM;
}

/** The fields of `struct ipc64_perm` that IPC_SET reads: the new owner and mode. */
export interface Ipc64PermSet {
  uid: number;
  gid: number;
  mode: number;
}

/**
 * kernel_to_ipc64_perm, as the *_STAT commands fill the user's buffer: only
 * the fields a following IPC_SET reads back are kept (key, cuid, cgid and seq
 * are copied out too, but IPC_SET ignores them). `mode` is whole, type flags
 * such as SHM_LOCKED included; ipc_update_perm keeps only its 0777 bits.
 */
export function kernel_to_ipc64_perm(from: Readonly<KernIpcPerm>, out: Ipc64PermSet): void {
  out.uid = from.uid;
  out.gid = from.gid;
  out.mode = from.mode;
}

/**
 * ipc_update_perm: IPC_SET's new owner and mode bits (the type flags above
 * 0777 are kept). uid and gid go through make_kuid/make_kgid of the
 * caller's user namespace: (uid_t)-1 is INVALID_UID. Return: 0, or -EINVAL
 * (an id that does not map; nothing is changed).
 */
export function ipc_update_perm(obj: KernIpcPerm, uid: number, gid: number, mode: number): number {
  if (uid === INVALID_ID || gid === INVALID_ID) return -EINVAL;
  obj.uid = uid;
  obj.gid = gid;
  obj.mode = (obj.mode & ~S_IRWXUGO) | (mode & S_IRWXUGO);
  return 0;
}

/** The arguments of msgget/shmget/semget (`struct ipc_params`). */
export interface IpcParams {
  key: number;
  flg: number;
  /** shmget size (size_t) */
  size: bigint;
  /** semget nsems */
  nsems: number;
}

/** `struct ipc_ops`: the type-specific parts of ipcget. */
export interface IpcOps<T extends KernIpcPerm> {
  /** create a new object: its id or -errno */
  getnew(k: Kernel, params: IpcParams): number;
  /** checks on an existing object before permissions (size, nsems): 0 or -errno */
  more_checks: ((obj: T, params: IpcParams) => number) | null;
}

/**
 * ipcget: msgget/shmget/semget. IPC_PRIVATE always creates; another key is
 * looked up: missing → create with IPC_CREAT, else -ENOENT; present →
 * -EEXIST with IPC_CREAT|IPC_EXCL, else more_checks, then ipcperms (-EACCES).
 * Return: the id or -errno.
 */
export function ipcget<T extends KernIpcPerm>(k: Kernel, ids: IpcIds<T>, ops: IpcOps<T>, params: IpcParams, p: Probe): number {
  if (params.key === IPC_PRIVATE) return ops.getnew(k, params);
  const obj = ipc_findkey(k.state.ipc, ids, params.key, p);
  const flg = params.flg;
  if (obj === null) {
    if (!(flg & IPC_CREAT)) return -ENOENT;
    return ops.getnew(k, params);
  }
  if (flg & IPC_CREAT && flg & IPC_EXCL) return -EEXIST;
  if (ops.more_checks) {
    const err = ops.more_checks(obj, params);
    if (err) return err;
  }
  if (ipcperms(k, obj, flg)) return -EACCES;
  return obj.id;
}
