/**
 * ipc/shm.c of Linux 6.18, segment life cycle: shmget (newseg,
 * shm_more_checks), removal (do_shm_rmid, shm_destroy, shm_may_destroy),
 * the shm_rmid_forced clean-up (shm_destroy_orphaned) and the /proc row.
 * shmctl lives in shmctl.ts, shmat/shmdt and exit_shm in shmat.ts.
 *
 * Simplified: the creator is a task's pid (shm_creator, 0 once it exited:
 * the kernel's NULL); the task's shm_clist is not kept, exit_shm finds the
 * segments that name it (ipc/shmat.ts). The backing file
 * is reduced to what decides the results: shmem_kernel_file_setup's size
 * limit and overcommit check (mm/util.c __vm_enough_memory, heuristic mode
 * vm.overcommit_memory=0) and hugetlb_file_setup's page sizes and
 * reservation, with the oracle host's memory (TOTALRAM_PAGES, no swap, no
 * huge pages reserved, 2 MiB and 1 GiB huge page sizes).
 *
 * Glossary: numpages = segment size in pages rounded up (what shm_tot and
 * shmall count); shmmax = largest segment; shmall = most pages in total.
 */
import type { Kernel } from '../kernel';
import type { Probe } from '../probe';
import { seq_puts, type SeqFile } from '../fs/seq_file';
import { fmt_dec, seq_put_dec, seq_put_oct, seq_put_row, seq_put_u64, seq_row } from '../fs/seq_printf';
import { EINVAL, ENOMEM, ENOSPC } from '../uapi/errno';
import { IPC_SHM_IDS, type IpcIds, type ShmidKernel } from './namespace';
import { ipc_addid, ipc_addid_refuses, ipc_rmid, ipc_set_key_private, ipcget, S_IRWXUGO, type IpcOps, type IpcParams } from './util';
import { ipc_idr_get_next } from './ipc_idr';
import { current_cred, task_tgid } from '../kernel/task';
import { shm_unlock_pages } from './shmctl';
import type { ShmDestroyReason } from '../trace';

/** include/uapi/linux/shm.h shmget flags and mode bits */
export const SHM_HUGETLB = 0o4000;
export const SHM_NORESERVE = 0o10000;
export const SHM_HUGE_SHIFT = 26;
export const SHM_HUGE_MASK = 0x3f;
export const SHM_DEST = 0o1000;
export const SHM_LOCKED = 0o2000;
export const SHMMIN = 1n;

const PAGE_SHIFT = 12n;
const PAGE_MASK_ADD = 4095n;
const U64 = 0xffffffffffffffffn;
/** MAX_LFS_FILESIZE on 64-bit: shmem files are at most LLONG_MAX bytes */
const MAX_LFS_FILESIZE = 0x7fffffffffffffffn;

/** totalram_pages() of the oracle host (MemTotal 24684092 kB) */
export const TOTALRAM_PAGES = 6171023n;
/** total_swap_pages of the oracle host */
export const TOTAL_SWAP_PAGES = 0n;
/** log2 of the huge page sizes with a registered hstate; 0 selects the default (2 MiB) */
export const HUGETLB_SIZELOGS: readonly number[] = [21, 30];

export function shm_ids(k: Kernel): IpcIds<ShmidKernel> {
  return k.state.ipc.ids[IPC_SHM_IDS];
}

/** shm_numpages' last argument and result: a workload makes many segments of one size, and each bigint operation allocates. */
let last_size = 0n;
let last_pages = 0n;

/** (size + PAGE_SIZE - 1) >> PAGE_SHIFT in size_t arithmetic (wraps for sizes near 2^64). */
export function shm_numpages(size: bigint): bigint {
  if (size !== last_size) {
    last_pages = ((size + PAGE_MASK_ADD) & U64) >> PAGE_SHIFT;
    last_size = size;
  }
  return last_pages;
}

/** The largest size whose page count, shifted back, cannot wrap below it: newseg's ENOSPC check is needed only above it. */
const NO_WRAP_SIZE = U64 - PAGE_MASK_ADD;

/**
 * The backing file: hugetlb_file_setup (SHM_HUGETLB) or shmem_kernel_file_setup.
 * Return: 0, -EINVAL (no hstate for the size log; shmem size > LLONG_MAX),
 * -ENOMEM (no huge pages to reserve; more pages than RAM + swap).
 */
function shm_file_setup(size: bigint, shmflg: number): number {
  if (shmflg & SHM_HUGETLB) {
    const log = (shmflg >> SHM_HUGE_SHIFT) & SHM_HUGE_MASK;
    if (log !== 0 && !HUGETLB_SIZELOGS.includes(log)) return -EINVAL;
    // hugetlb_reserve_pages: nothing is reserved on the host, so only an
    // unreserved (SHM_NORESERVE) mapping succeeds
    return shmflg & SHM_NORESERVE ? 0 : -ENOMEM;
  }
  if (size > MAX_LFS_FILESIZE) return -EINVAL;
  if (!(shmflg & SHM_NORESERVE) && shm_numpages(size) > TOTALRAM_PAGES + TOTAL_SWAP_PAGES) return -ENOMEM;
  return 0;
}

/**
 * newseg: a new segment of `size` bytes.
 * Return: id; -EINVAL (size 0 or > shmmax, bad huge page size, shmem size
 * ≥ 2^63), -ENOSPC (size rounds past 2^64, shm_tot + numpages > shmall,
 * shmmni reached, IDR full), -ENOMEM (see shm_file_setup).
 */
function newseg(k: Kernel, params: IpcParams): number {
  const ns = k.state.ipc;
  const size = params.size;
  const shmflg = params.flg;
  const numpages = shm_numpages(size);
  if (size < SHMMIN || size > ns.shm_ctlmax) return -EINVAL;
  if (size > NO_WRAP_SIZE && ((numpages << PAGE_SHIFT) & U64) < size) return -ENOSPC;
  // shm_tot + numpages in size_t: wrapped only past 2^64 - 1 (one bigint made, not two)
  let tot = ns.shm_tot + numpages;
  if (tot > U64) tot &= U64;
  if (tot < ns.shm_tot || tot > ns.shm_ctlall) return -ENOSPC;

  const err = shm_file_setup(size, shmflg);
  if (err) return err;
  const ids = shm_ids(k);
  const full = ipc_addid_refuses(ns, ids, ns.shm_ctlmni, k.probe);
  if (full) return full;

  const shp: ShmidKernel = {
    key: params.key,
    id: -1,
    seq: 0,
    mode: shmflg & S_IRWXUGO,
    uid: 0,
    gid: 0,
    cuid: 0,
    cgid: 0,
    deleted: false,
    shm_segsz: size,
    shm_nattch: 0,
    shm_atim: 0,
    shm_dtim: 0,
    shm_ctim: k.config.clock,
    shm_cprid: task_tgid(k),
    shm_lprid: 0,
    shm_hugetlb: (shmflg & SHM_HUGETLB) !== 0,
    shm_creator: task_tgid(k),
  };
  const idx = ipc_addid(ns, ids, shp, ns.shm_ctlmni, current_cred(k), k.probe);
  if (idx < 0) return idx;
  ns.shm_tot = tot;
  return shp.id;
}

/** shm_more_checks: an existing segment is returned only for size ≤ its size. Return: 0 or -EINVAL. */
function shm_more_checks(shp: ShmidKernel, params: IpcParams): number {
  return shp.shm_segsz < params.size ? -EINVAL : 0;
}

const shm_ops: IpcOps<ShmidKernel> = { getnew: newseg, more_checks: shm_more_checks };
/** ksys_shmget's `struct ipc_params` (on the kernel's stack): one object, filled per call and read only during it. */
const shm_params: IpcParams = { key: 0, flg: 0, size: 0n, nsems: 0 };

/** ksys_shmget. Return: id or -errno (see newseg; -ENOENT, -EEXIST, -EINVAL for a too large size on an existing key, -EACCES). */
export function ksys_shmget(k: Kernel, key: number, size: bigint, shmflg: number): number {
  shm_params.key = key;
  shm_params.flg = shmflg;
  shm_params.size = size;
  return ipcget(k, shm_ids(k), shm_ops, shm_params, k.probe);
}

/** shm_destroy: give back the pages and remove the id (shm_rmid; the creator's list is shm_creator, cleared). */
export function shm_destroy(k: Kernel, shp: ShmidKernel, why: ShmDestroyReason): void {
  const ns = k.state.ipc;
  const tot = ns.shm_tot - shm_numpages(shp.shm_segsz);
  ns.shm_tot = tot < 0n ? tot & U64 : tot;
  shm_unlock_pages(k, shp); // shmem_lock(file, 0, mlock_ucounts) of a locked segment
  shp.shm_creator = 0;
  ipc_rmid(ns, shm_ids(k), shp, k.probe);
  shp.shm_cprid = shp.shm_lprid = 0;
  if (k.probe.trace) k.probe.trace({ kind: 'shm_destroy', id: shp.id, why });
}

/** do_shm_rmid: destroy now, or (still attached) mark SHM_DEST and hide the key until the last detach. */
export function do_shm_rmid(k: Kernel, shp: ShmidKernel): void {
  if (shp.shm_nattch) {
    shp.mode |= SHM_DEST;
    ipc_set_key_private(shm_ids(k), shp, k.probe);
    if (k.probe.trace) k.probe.trace({ kind: 'shm_dest', id: shp.id, nattch: shp.shm_nattch });
    return;
  }
  shm_destroy(k, shp, 'rmid');
}

/** shm_may_destroy: nobody attached, and removed (SHM_DEST) or shm_rmid_forced. */
export function shm_may_destroy(k: Kernel, shp: ShmidKernel): boolean {
  return shp.shm_nattch === 0 && (k.state.ipc.shm_rmid_forced !== 0 || (shp.mode & SHM_DEST) !== 0);
}

const cursor = { id: 0 };

/**
 * shm_destroy_orphaned (any access to shm_rmid_forced while it is 1):
 * destroy the unattached segments whose creator has exited.
 */
export function shm_destroy_orphaned(k: Kernel, p: Probe): void {
  const ids = shm_ids(k);
  if (!ids.in_use) return;
  cursor.id = 0;
  for (let shp = ipc_idr_get_next(ids.ipcs_idr, cursor, p); shp !== null; shp = ipc_idr_get_next(ids.ipcs_idr, cursor, p)) {
    cursor.id++;
    if (shp.shm_creator === 0 && shm_may_destroy(k, shp)) shm_destroy(k, shp, 'orphan_sweep');
  }
}

/** the end of a row: rss and swap, both 0 (one flat string, not a concatenation per row) */
const ZERO_RSS_SWAP_EOL = ` ${fmt_dec(0, 21)} ${fmt_dec(0, 21)}\n`;

/** The row's format; the ≤2.6.35 one ends after ctime. */
const SHM_ROW = seq_row('%10d %10d  %4o %21lu %5u %5u  %5lu %5u %5u %5u %5u %10llu %10llu %10llu %21lu %21lu\n');
const SHM_ROW_CLASSIC = seq_row('%10d %10d  %4o %21lu %5u %5u  %5lu %5u %5u %5u %5u %10llu %10llu %10llu\n');

/** 2^53 - 1: segment sizes up to it are exact as numbers */
const MAX_EXACT_SIZE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * sysvipc_shm_proc_show: one /proc/sysvipc/shm row (170 bytes with 10-digit
 * times); rss and swap are 0 (never touched). `rss_swap` false: the ≤2.6.35
 * row, which ends after ctime (126 bytes).
 */
export function sysvipc_shm_proc_show<V>(m: SeqFile<V>, shp: ShmidKernel, p: Probe, rss_swap = true): number {
  p.costs.shm_proc_show++;
  if (shp.shm_segsz > MAX_EXACT_SIZE) return sysvipc_shm_proc_show_u64(m, shp, rss_swap);
  const row = rss_swap ? SHM_ROW : SHM_ROW_CLASSIC;
  const v = row.values;
  v[0] = shp.key;
  v[1] = shp.id;
  v[2] = shp.mode;
  v[3] = Number(shp.shm_segsz);
  v[4] = shp.shm_cprid;
  v[5] = shp.shm_lprid;
  v[6] = shp.shm_nattch;
  v[7] = shp.uid;
  v[8] = shp.gid;
  v[9] = shp.cuid;
  v[10] = shp.cgid;
  v[11] = shp.shm_atim;
  v[12] = shp.shm_dtim;
  v[13] = shp.shm_ctim;
  // rss and swap (v[14], v[15] of the 2.6.36+ row) stay 0
  seq_put_row(m, row);
  return 0;
}

/** The row of a segment larger than 2^53 - 1 bytes, one conversion at a time (the size printed from its bigint). */
function sysvipc_shm_proc_show_u64<V>(m: SeqFile<V>, shp: ShmidKernel, rss_swap: boolean): number {
  seq_put_dec(m, '', shp.key, 10);
  seq_put_dec(m, ' ', shp.id, 10);
  seq_put_oct(m, '  ', shp.mode, 4);
  seq_put_u64(m, ' ', shp.shm_segsz, 21);
  seq_put_dec(m, ' ', shp.shm_cprid, 5);
  seq_put_dec(m, ' ', shp.shm_lprid, 5);
  seq_put_dec(m, '  ', shp.shm_nattch, 5);
  seq_put_dec(m, ' ', shp.uid, 5);
  seq_put_dec(m, ' ', shp.gid, 5);
  seq_put_dec(m, ' ', shp.cuid, 5);
  seq_put_dec(m, ' ', shp.cgid, 5);
  seq_put_dec(m, ' ', shp.shm_atim, 10);
  seq_put_dec(m, ' ', shp.shm_dtim, 10);
  seq_put_dec(m, ' ', shp.shm_ctim, 10);
  seq_puts(m, rss_swap ? ZERO_RSS_SWAP_EOL : '\n');
  return 0;
}
