/**
 * ipc/shm.c of Linux 6.18, attachments: do_shmat, ksys_shmdt, the VMA
 * callbacks __shm_open / __shm_close (what keeps shm_nattch, shm_atim,
 * shm_dtim and shm_lprid), and what a task's end does: exit_mm's unmapping
 * of every attachment, and exit_shm (the creator's segments become
 * orphans, or go under shm_rmid_forced).
 *
 * Simplified: no LSM hooks, no file clone or shm_file_data (a VMA names
 * its segment's id and the attachment it came from, mm/mmap.ts), no
 * populate, no hugetlb alignment (SHM_HUGETLB segments are avoided by the
 * language's workloads); mmap fails only for a length above TASK_SIZE or
 * when no range is free. ipcperms is util.ts's, the one hook for the
 * credentials of the calling task.
 *
 * Glossary: nattch = number of VMAs mapping the segment in all tasks (not
 * of shmat calls: a split counts twice); SHM_DEST = removed while
 * attached, goes at its last detach; orphan = its creator has exited
 * (shm_creator 0).
 */
import type { Kernel } from '../kernel';
import { EINVAL, ENOMEM, EACCES } from '../uapi/errno';
import { SHM_RDONLY, SHM_RND, SHM_REMAP, SHM_EXEC } from '../uapi/ipc';
import type { ShmidKernel } from './namespace';
import { ipc_obtain_object_check, ipc_obtain_object_idr, ipcperms, S_IRUGO } from './util';
import { shm_destroy, shm_ids, shm_may_destroy } from './shm';
import { ipc_idr_get_next } from './ipc_idr';
import { current, task_tgid, type TaskStruct } from '../kernel/task';
import { do_munmap, find_vma, find_vma_intersection, get_unmapped_area, page_align, PAGE_SIZE, TASK_SIZE, vma_link, type VmArea, type VmOps } from '../mm/mmap';

/** SHMLBA on x86_64: PAGE_SIZE */
export const SHMLBA = PAGE_SIZE;
const S_IWUGO = 0o222;
const S_IXUGO = 0o111;
const U64 = (1n << 64n) - 1n;

const hex = (a: bigint) => '0x' + a.toString(16);

/** The segment a VMA maps (by its id; a mapped segment is never destroyed while mapped). */
function vma_segment(k: Kernel, vma: VmArea): ShmidKernel | null {
  return ipc_obtain_object_idr(k.state.ipc, shm_ids(k), vma.shmid, k.probe);
}

/** __shm_open: a new VMA of the segment (an attach, or the new piece of a split). */
function shm_open(k: Kernel, vma: VmArea): void {
  const shp = vma_segment(k, vma);
  if (shp === null) return;
  shp.shm_atim = k.config.clock;
  shp.shm_lprid = task_tgid(k);
  shp.shm_nattch++;
  if (k.probe.trace) k.probe.trace({ kind: 'shm_vma_open', id: shp.id, pid: task_tgid(k), addr: hex(vma.vm_start), nattch: shp.shm_nattch });
}

/** __shm_close: a VMA of the segment goes (shmdt, munmap, remap, exit); the last one of a removed segment destroys it. */
function shm_close(k: Kernel, vma: VmArea): void {
  const shp = vma_segment(k, vma);
  if (shp === null) return;
  shp.shm_lprid = task_tgid(k);
  shp.shm_dtim = k.config.clock;
  shp.shm_nattch--;
  if (k.probe.trace) k.probe.trace({ kind: 'shm_vma_close', id: shp.id, pid: task_tgid(k), addr: hex(vma.vm_start), nattch: shp.shm_nattch });
  if (shm_may_destroy(k, shp)) shm_destroy(k, shp, 'last_detach');
}

/** shm_vm_ops bound to the kernel: what mm/mmap.ts calls back. */
function shm_vm_ops(k: Kernel): VmOps {
  return { open: (vma) => shm_open(k, vma), close: (vma) => shm_close(k, vma) };
}

/**
 * do_mmap of the attachment: MAP_SHARED, MAP_FIXED when `fixed` (which,
 * with SHM_REMAP, first unmaps whatever is there), shm_mmap → __shm_open.
 * Return: the address, or -ENOMEM.
 */
function do_mmap_shm(k: Kernel, task: TaskStruct, shp: ShmidKernel, addr: bigint, fixed: boolean, shmflg: number): bigint {
  const len = page_align(shp.shm_segsz);
  if (len === 0n || len > TASK_SIZE) return BigInt(-ENOMEM);
  if (fixed) {
    if (addr > TASK_SIZE - len) return BigInt(-ENOMEM);
    do_munmap(task.mm, addr, addr + len, shm_vm_ops(k));
  } else {
    addr = get_unmapped_area(task.mm, len);
    if (addr < 0n) return BigInt(-ENOMEM);
  }
  const file = ++k.state.tasks.shm_attaches;
  const vma: VmArea = { vm_start: addr, vm_end: addr + len, vm_pgoff: 0n, shmid: shp.id, file, rdonly: (shmflg & SHM_RDONLY) !== 0, exec: (shmflg & SHM_EXEC) !== 0 };
  vma_link(task.mm, vma);
  shm_open(k, vma);
  return addr;
}

/**
 * do_shmat (shmat(2)): attach segment `shmid` to the calling task at
 * `shmaddr` (0: the kernel chooses; else a fixed address, rounded down to
 * SHMLBA with SHM_RND). Checks in the kernel's order: shmid < 0, the
 * address (unaligned without SHM_RND, SHM_RND|SHM_REMAP rounding to 0,
 * SHM_REMAP without an address), the id, ipcperms (read, write unless
 * SHM_RDONLY, exec with SHM_EXEC), then, with a temporary nattch held, a
 * fixed address over a mapping (unless SHM_REMAP) and mmap itself. A
 * failure after the temporary count (rows 11-12 of kernel-notes-ops §2.2)
 * still runs shm_may_destroy: with shm_rmid_forced it destroys a segment
 * nobody has attached.
 * Return: the address (>= 0), or -EINVAL, -EACCES, -ENOMEM as a negative bigint.
 */
export function do_shmat(k: Kernel, shmid: number, shmaddr: bigint, shmflg: number): bigint {
  if (shmid < 0) return BigInt(-EINVAL);
  let addr = BigInt.asUintN(64, shmaddr);
  const fixed = addr !== 0n;
  if (fixed) {
    if (addr & (SHMLBA - 1n)) {
      if (!(shmflg & SHM_RND)) return BigInt(-EINVAL);
      addr &= ~(SHMLBA - 1n);
      if (addr === 0n && shmflg & SHM_REMAP) return BigInt(-EINVAL);
    }
  } else if (shmflg & SHM_REMAP) return BigInt(-EINVAL);

  let acc_mode = shmflg & SHM_RDONLY ? S_IRUGO : S_IRUGO | S_IWUGO;
  if (shmflg & SHM_EXEC) acc_mode |= S_IXUGO;

  const shp = ipc_obtain_object_check(k.state.ipc, shm_ids(k), shmid, k.probe);
  if (shp === null) return BigInt(-EINVAL);
  // the credentials hook: ipcperms decides for the calling task (root passes through CAP_IPC_OWNER)
  if (ipcperms(k, shp, acc_mode)) return BigInt(-EACCES);

  shp.shm_nattch++;
  const task = current(k);
  let r: bigint;
  if (fixed && !(shmflg & SHM_REMAP) && (((addr + shp.shm_segsz) & U64) < addr || find_vma_intersection(task.mm, addr, addr + shp.shm_segsz) !== null)) {
    r = BigInt(-EINVAL);
  } else {
    r = do_mmap_shm(k, task, shp, addr, fixed, shmflg);
  }
  // out_nattch: drop the temporary count
  shp.shm_nattch--;
  if (shm_may_destroy(k, shp)) shm_destroy(k, shp, 'shmat_failed');
  if (r >= 0n && k.probe.trace) k.probe.trace({ kind: 'shm_attach', id: shp.id, pid: task.pid, addr: hex(r), k: k.state.tasks.shm_attaches, nattch: shp.shm_nattch });
  return r;
}

/**
 * ksys_shmdt (shmdt(2)): unmap the attachment that starts at `shmaddr` in
 * the calling task: the first shm VMA at or above it whose segment offset
 * puts the segment's start at shmaddr, then every later VMA of the same
 * attachment within the segment's size that passes the same test.
 * Return: 0, or -EINVAL (unaligned, or no attachment starts there).
 */
export function ksys_shmdt(k: Kernel, shmaddr: bigint): number {
  const addr = BigInt.asUintN(64, shmaddr);
  if (addr & (PAGE_SIZE - 1n)) return -EINVAL;
  const mm = current(k).mm;
  const ops = shm_vm_ops(k);
  const starts_at = (v: VmArea) => v.vm_start >= addr && (v.vm_start - addr) / PAGE_SIZE === v.vm_pgoff;
  let i = find_vma(mm, addr);
  if (i < 0) return -EINVAL;
  let first: VmArea | null = null;
  for (; i < mm.length; i++) {
    if (starts_at(mm[i]!)) {
      first = mm[i]!;
      break;
    }
  }
  if (first === null) return -EINVAL;
  const seg = vma_segment(k, first);
  const size = page_align(seg === null ? first.vm_end - first.vm_start : seg.shm_segsz);
  const file = first.file;
  do_munmap(mm, first.vm_start, first.vm_end, ops);
  for (let j = find_vma(mm, first.vm_end); j >= 0 && j < mm.length && mm[j]!.vm_end - addr <= size;) {
    const v = mm[j]!;
    if (starts_at(v) && v.file === file) do_munmap(mm, v.vm_start, v.vm_end, ops);
    else j++;
  }
  return 0;
}

/** exit_mm of task `pid` (current), its shm part: every attachment is unmapped (__shm_close each, in address order). */
export function exit_mm(k: Kernel, pid: number): void {
  const task = k.state.tasks.tasks.get(pid);
  if (task === undefined) return;
  const ops = shm_vm_ops(k);
  while (task.mm.length > 0) do_munmap(task.mm, task.mm[0]!.vm_start, task.mm[0]!.vm_end, ops);
}

/**
 * exit_shm of task `pid` (after exit_mm and exit_sem in do_exit): the
 * segments it created lose their creator (orphans), and with
 * shm_rmid_forced those nobody has attached go. The kernel walks the
 * task's shm_clist (newest first); the model finds the same segments in
 * the IDR, which only matters for the order of the trace events.
 */
export function exit_shm(k: Kernel, pid: number): void {
  const ns = k.state.ipc;
  const ids = shm_ids(k);
  if (!ids.in_use) return;
  // the task's shm_clist: the segments that still name it as creator, in idr order
  const created: ShmidKernel[] = [];
  const cursor = { id: 0 };
  for (let shp = ipc_idr_get_next(ids.ipcs_idr, cursor, k.probe); shp !== null; shp = ipc_idr_get_next(ids.ipcs_idr, cursor, k.probe)) {
    cursor.id++;
    if (shp.shm_creator === pid) created.push(shp);
  }
  for (const shp of created) {
    shp.shm_creator = 0;
    if (ns.shm_rmid_forced && shm_may_destroy(k, shp)) shm_destroy(k, shp, 'creator_exit');
    else if (k.probe.trace) k.probe.trace({ kind: 'shm_orphan', id: shp.id, pid });
  }
}
