/**
 * Which cache line each hot field of the msg `struct ipc_ids` is on: the
 * rw-semaphore's count (and wait_lock), its wait list, and the IDR's root
 * that every lookup reads. Whether a lookup misses after a down_read or
 * down_write elsewhere depends on whether the root shares the count's line.
 *
 * Byte offsets inside `struct ipc_namespace` (ids[] comes first; msg_ids is
 * ids[1]):
 * - radix IDR kernels (4.11+), read from the BTF of this project's host
 *   kernel (Linux 6.18, /sys/kernel/btf/vmlinux; scripts/bench/kernel/
 *   struct_layout.ts prints them): sizeof(struct ipc_ids) = 224, so
 *   msg_ids starts at 224; in it the rwsem at +8 (count +0, owner +8,
 *   osq +16, wait_lock +20, wait_list +24), the IDR at +48 (its xarray's
 *   xa_head at +8). Debian's 6.1.170 kernel (the DWARF of its -dbg
 *   package, `gdb -batch -ex 'ptype /o struct ipc_ids'`) has the same
 *   offsets; we take 6.0 to have them too (same fields).
 * - idr_layer kernels (2.6.25, from its headers): `struct kref` (4 bytes)
 *   then ids[] at 8; struct ipc_ids is 64 bytes (in_use, seq, seq_max, the
 *   24-byte lib/rwsem-spinlock.c rw_semaphore at +8 with activity +0,
 *   wait_lock +4, wait_list +8; struct idr at +32 with `top` first), so
 *   msg_ids starts at 72.
 *
 * - the 3.9–4.10 IDR kernels (3.18, 3.19): not read; all on one line.
 *
 * Where the namespace itself starts inside a line is not fixed:
 * init_ipc_ns is a global, and GCC aligns a global struct of that size to
 * 32 bytes (gcc 12 -O2 emits `.align 32`), so its offset in its line is 0
 * or 32 depending on where the linker put it: Debian's 6.1.170 builds have
 * it at …8a0 (generic: 32), …a80 (cloud: 0) and …ba0 (rt: 32). That is
 * `ipc_ns_offset` (constants.ts; default 0, chosen before any result). With
 * 0, 2.6.25 has the count and the IDR root on one line and 6.x has them on
 * two; with 32 it is the other way round.
 */
import type { KernelConfig } from '../config';

export interface IdsLines {
  /** the line of the rwsem's count, owner and wait_lock */
  rwsem: string;
  /** the line holding the IDR root that idr_find reads */
  idr: string;
  /** the line of the rwsem's wait list (written when a waiter queues or leaves) */
  wait_list: string;
}

/** The lock name and line of the ids rwsem (also the line name when the IDR root shares it). */
export const IDS_LINE = 'msg_ids';

interface FieldOffsets {
  count: number;
  wait_list: number;
  idr_root: number;
}

/** Offsets from the start of struct ipc_namespace (see the file comment). */
export function ids_offsets(config: Pick<KernelConfig, 'idr'>): FieldOffsets | null {
  if (config.idr === 'radix') {
    const msg = 224;
    return { count: msg + 8, wait_list: msg + 8 + 24, idr_root: msg + 48 + 8 };
  }
  if (config.idr === 'layer') {
    const msg = 72;
    return { count: msg + 8, wait_list: msg + 8 + 8, idr_root: msg + 32 };
  }
  // 3.9-4.10 (idr=layer256): their struct ipc_ids and rw_semaphore were not read
  return null;
}

/** The lines of the msg ids' hot fields with the namespace `ipc_ns_offset` bytes into a line. */
export function ids_lines(config: Pick<KernelConfig, 'idr'>, ipc_ns_offset: number): IdsLines {
  const o = ids_offsets(config);
  // offsets not known: the fields are taken to share one line, as the old model took every kernel's
  if (o === null) return { rwsem: IDS_LINE, idr: IDS_LINE, wait_list: IDS_LINE };
  const line = (byte: number) => Math.floor((byte + ipc_ns_offset) / 64);
  const rw = line(o.count);
  const root = line(o.idr_root);
  const idr = root === rw ? IDS_LINE : `${IDS_LINE}.idr`;
  const wl = line(o.wait_list);
  return { rwsem: IDS_LINE, idr, wait_list: wl === rw ? IDS_LINE : wl === root ? idr : `${IDS_LINE}.wait_list` };
}
