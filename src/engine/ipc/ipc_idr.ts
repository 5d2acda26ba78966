/**
 * The IDR behind an `ipc_ids`, in any of its historical forms: the radix
 * tree IDR of 4.11+ (lib/idr.ts), the 256-slot idr_layer tree of 3.9–4.10
 * (lib/idr-layer256.ts) or the 64-slot one of 2.6.x (lib/idr-layer.ts;
 * `rcu_free` chooses 2.6.27's RCU-deferred layer release over 2.6.25's free
 * list). ipc/util.c and its callers go through these functions so that the
 * rest of ipc/ does not care which tree is in use.
 *
 * Simplified: the old IDR's "-EAGAIN, call idr_pre_get and retry" protocol
 * is folded into one call (idr_pre_get first, as ipcget_new did before
 * taking the rwsem).
 */
import { NO_PROBE, type Probe } from '../probe';
import {
  idr_alloc,
  idr_alloc_cyclic,
  idr_find as radix_find,
  idr_get_next as radix_get_next,
  idr_init as radix_init,
  idr_remove as radix_remove,
  idr_replace as radix_replace,
  type Idr,
} from '../lib/idr';
import { idr_find as layer_find, idr_init as layer_init, idr_pre_get, idr_remove as layer_remove, idr_replace as layer_replace, type OldIdr } from '../lib/idr-layer';
import { idr_get_new_above } from '../lib/idr-layer-get-new';
import { idr_get_next as layer_get_next } from '../lib/idr-layer-get-next';
import { idr_find as l256_find, idr_init as l256_init, idr_remove as l256_remove, idr_replace as l256_replace, type Idr256 } from '../lib/idr-layer256';
import { idr_alloc as l256_alloc } from '../lib/idr-layer256-alloc';
import { idr_get_next as l256_get_next } from '../lib/idr-layer256-get-next';
import type { IdrImpl } from '../config';
import { ENOSPC } from '../uapi/errno';

export type IpcIdr<T extends object> = Idr<T> | OldIdr<T> | Idr256<T>;

/** An empty IDR of the given kind; `rcu_free` only matters for 'layer'. */
export function ipc_idr_init<T extends object>(impl: IdrImpl, rcu_free = true): IpcIdr<T> {
  return impl === 'layer' ? layer_init<T>({ rcu_free }) : impl === 'layer256' ? l256_init<T>() : radix_init<T>();
}

/** Is this an idr_layer tree (2.6.x or 3.9–4.10)? */
export function idr_is_layer<T extends object>(idr: IpcIdr<T>): idr is OldIdr<T> | Idr256<T> {
  return (idr as OldIdr<T>).layers !== undefined;
}

/** Is this the 256-slot idr_layer tree of 3.9–4.10? */
export function idr_is_layer256<T extends object>(idr: IpcIdr<T>): idr is Idr256<T> {
  return (idr as Idr256<T>).hint !== undefined;
}

/** idr_find: the object at `idx`, or null (absent or reserved). */
export function ipc_idr_find<T extends object>(idr: IpcIdr<T>, idx: number, p: Probe = NO_PROBE): T | null {
  if (!idr_is_layer(idr)) return radix_find(idr, idx, p);
  return idr_is_layer256(idr) ? l256_find(idr, idx, p) : layer_find(idr, idx, p);
}

/** idr_get_next: the first object at an idx ≥ cursor.id (written back), or null. */
export function ipc_idr_get_next<T extends object>(idr: IpcIdr<T>, cursor: { id: number }, p: Probe = NO_PROBE): T | null {
  if (!idr_is_layer(idr)) return radix_get_next(idr, cursor, p);
  return idr_is_layer256(idr) ? l256_get_next(idr, cursor, p) : layer_get_next(idr, cursor, p);
}

/**
 * `n` idr_get_next calls on an empty radix IDR, counted without being made
 * (each finds nothing and reads no node: only its idr_get_next is counted).
 * Return: true, or false (a node exists, or an idr_layer tree) when the
 * caller must make them.
 */
export function ipc_idr_get_next_empty<T extends object>(idr: IpcIdr<T>, n: number, p: Probe): boolean {
  if (idr_is_layer(idr) || idr.idr_rt.xa_head !== null) return false;
  p.costs.idr_get_next += n;
  return true;
}

/** idr_remove of `idx` (a missing idx changes nothing). */
export function ipc_idr_remove<T extends object>(idr: IpcIdr<T>, idx: number, p: Probe = NO_PROBE): void {
  if (!idr_is_layer(idr)) radix_remove(idr, idx, p);
  else if (idr_is_layer256(idr)) l256_remove(idr, idx, p);
  else layer_remove(idr, idx, p);
}

/** idr_replace at an allocated `idx`: the old pointer, or -ENOENT / -EINVAL (numbers). */
export function ipc_idr_replace<T extends object>(idr: IpcIdr<T>, ptr: T | null, idx: number, p: Probe = NO_PROBE): T | null | number {
  if (!idr_is_layer(idr)) return radix_replace(idr, ptr, idx, p);
  return idr_is_layer256(idr) ? l256_replace(idr, ptr, idx, p) : layer_replace(idr, ptr, idx, p);
}

/**
 * The lowest free idx in [start, end-1] (`end` ≤ 0: up to INT_MAX), storing
 * `ptr` there: idr_alloc on the radix IDR and on the 3.9 layer IDR (ipc_addid
 * of 3.18 wraps it in idr_preload / idr_preload_end), idr_pre_get +
 * idr_get_new_above on the 2.6 layer IDR (an id ≥ end is given back).
 * Return: the idx or -ENOSPC.
 */
export function ipc_idr_alloc_lowest<T extends object>(idr: IpcIdr<T>, ptr: T | null, start: number, end: number, p: Probe = NO_PROBE): number {
  if (!idr_is_layer(idr)) return idr_alloc(idr, ptr, start, end, p);
  if (idr_is_layer256(idr)) return l256_alloc(idr, ptr, start, end, p);
  idr_pre_get(idr, p);
  const idx = idr_get_new_above(idr, ptr, start, p);
  if (idx < 0) return -ENOSPC;
  if (end > 0 && idx >= end) {
    layer_remove(idr, idx, p);
    return -ENOSPC;
  }
  return idx;
}

/**
 * idr_alloc_cyclic on the radix IDR (the layer IDR never served ipc
 * cyclically; presets.ts refuses that combination). Return: idx or -ENOSPC.
 */
export function ipc_idr_alloc_cyclic<T extends object>(idr: IpcIdr<T>, ptr: T | null, start: number, end: number, p: Probe = NO_PROBE): number {
  if (idr_is_layer(idr)) return ipc_idr_alloc_lowest(idr, ptr, start, end, p);
  return idr_alloc_cyclic(idr, ptr, start, end, p);
}
