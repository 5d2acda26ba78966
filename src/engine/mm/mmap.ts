/**
 * mm/mmap.c and mm/vma.c of Linux 6.18, reduced to what shmat/shmdt see of
 * a task's address space: its shared-memory mappings (VMAs), the
 * intersection test of a fixed address, the top-down search for a free
 * range (get_unmapped_area), and munmap with the splitting of a partly
 * covered VMA.
 *
 * Simplified: the address space holds only the shm mappings the workload
 * made; the replayer's own mappings (its binary, heap, stack, libraries)
 * are not modelled, which is why the language allows fixed addresses only
 * below 0x10000, where the replayer has nothing. A kernel-chosen address
 * comes from a top-down search below MMAP_BASE; the value never reaches the
 * output (attachments print as ADDR(k)), only the geometry matters. VMAs
 * never merge (shm VMAs have vm_ops->close, mm/vma.c is_mergeable_vma).
 * The caller passes the vm_ops open/close callbacks, which is where the
 * shm counters live (ipc/shm.ts shm_open, shm_close).
 *
 * Glossary: a VMA covers [vm_start, vm_end), page aligned; vm_pgoff is the
 * page of the segment its first byte maps (0 for a whole attachment, n for
 * the upper piece of a split); `file` tells fragments of one shmat from
 * another attachment of the same segment (the kernel's vm_file, one clone
 * per shmat).
 */

export const PAGE_SIZE = 4096n;
/** x86_64 TASK_SIZE with 4-level page tables: (1 << 47) - PAGE_SIZE */
export const TASK_SIZE = (1n << 47n) - PAGE_SIZE;
/** where the top-down search for a free range starts (below the stack; the model's choice) */
export const MMAP_BASE = 0x7f0000000000n;
/** vm.mmap_min_addr of the recording host: nothing below it is searched for (root may map there by fixed address) */
export const MMAP_MIN_ADDR = 0x10000n;

/** One shared-memory VMA of a task. */
export interface VmArea {
  vm_start: bigint;
  vm_end: bigint;
  /** in pages */
  vm_pgoff: bigint;
  /** the full id of the segment (shm_file_data.id) */
  shmid: number;
  /** the attachment it came from (one per successful shmat, 1-based, kernel-wide) */
  file: number;
  /** SHM_RDONLY: mapped PROT_READ only */
  rdonly: boolean;
  /** SHM_EXEC: PROT_EXEC too */
  exec: boolean;
}

/** What happens to VMAs as the address space changes: vm_ops->open on a new piece, ->close on a removed one. */
export interface VmOps {
  open(vma: VmArea): void;
  close(vma: VmArea): void;
}

/** PAGE_ALIGN of a length in 64-bit arithmetic (0 when it wraps). */
export function page_align(len: bigint): bigint {
  return BigInt.asUintN(64, len + PAGE_SIZE - 1n) & ~(PAGE_SIZE - 1n);
}

/** find_vma: the first VMA ending above `addr` (mm is sorted by address), or -1. Return: its index. */
export function find_vma(mm: readonly VmArea[], addr: bigint): number {
  for (let i = 0; i < mm.length; i++) if (mm[i]!.vm_end > addr) return i;
  return -1;
}

/** find_vma_intersection: a VMA meeting [start, end), or null. */
export function find_vma_intersection(mm: readonly VmArea[], start: bigint, end: bigint): VmArea | null {
  const i = find_vma(mm, start);
  return i >= 0 && mm[i]!.vm_start < end ? mm[i]! : null;
}

/**
 * get_unmapped_area, top-down (arch_get_unmapped_area_topdown): the highest
 * free range of `len` bytes below MMAP_BASE and at or above MMAP_MIN_ADDR.
 * Return: its start, or -1n (the kernel's -ENOMEM).
 */
export function get_unmapped_area(mm: readonly VmArea[], len: bigint): bigint {
  let high = MMAP_BASE;
  for (let i = mm.length - 1; i >= 0; i--) {
    const vma = mm[i]!;
    if (vma.vm_end <= high) {
      const low = vma.vm_end > MMAP_MIN_ADDR ? vma.vm_end : MMAP_MIN_ADDR;
      if (high >= low && high - low >= len) return high - len;
    }
    if (vma.vm_start < high) high = vma.vm_start;
  }
  return high >= MMAP_MIN_ADDR && high - MMAP_MIN_ADDR >= len ? high - len : -1n;
}

/** Inserts `vma` keeping mm sorted by address (the caller made room). */
export function vma_link(mm: VmArea[], vma: VmArea): void {
  let i = 0;
  while (i < mm.length && mm[i]!.vm_start < vma.vm_start) i++;
  mm.splice(i, 0, vma);
}

/**
 * do_vmi_munmap of [start, end) (page aligned): a VMA partly inside is
 * split first (__split_vma: the new piece gets ops.open), then every VMA
 * inside is removed, in address order (ops.close each).
 */
export function do_munmap(mm: VmArea[], start: bigint, end: bigint, ops: VmOps): void {
  // splits at the two ends, as vms_gather_munmap_vmas does before detaching
  for (const at of [start, end]) {
    const i = find_vma(mm, at);
    if (i < 0) continue;
    const vma = mm[i]!;
    if (vma.vm_start >= at || vma.vm_end <= at) continue;
    const upper: VmArea = { ...vma, vm_start: at, vm_pgoff: vma.vm_pgoff + (at - vma.vm_start) / PAGE_SIZE };
    vma.vm_end = at;
    mm.splice(i + 1, 0, upper);
    ops.open(upper);
  }
  const gone: VmArea[] = [];
  for (let i = 0; i < mm.length;) {
    const vma = mm[i]!;
    if (vma.vm_start >= start && vma.vm_end <= end) {
      gone.push(vma);
      mm.splice(i, 1);
    } else i++;
  }
  for (const vma of gone) ops.close(vma);
}
