/**
 * The IDR of Linux 3.9 to 4.10 (Tejun Heo's rework, as 3.18 has it: lib/idr.c,
 * include/linux/idr.h and ipc/util.c read in the GitHub repository
 * unicorn-soc-425/kernel-3.18-U5- at 88393703ceea, a 3.18 tree caught in an
 * unfinished merge of v4.9.227 whose conflict markers in idr.c sit only
 * around an include and might_sleep_if's gfp test, the two sides agreeing
 * on the rest; idr_layer_alloc's order, slab first, checked against an
 * annotated pre-3.15 tree as well, arm10c/linux-stable).
 * Still a tree of `struct idr_layer`, but 256 slots a layer (IDR_BITS 8, so
 * MAX_IDR_LEVEL = (31 + 7) / 8 = 4 layers hold every int id), with a lookup
 * hint and a `prefix` and `layer` in every layer. idr_alloc (allocation, in
 * idr-layer256-alloc.ts) shares its walks with 2.6.25 (idr-layer-get-new.ts)
 * through the G_3_9 generation below; 4.11 replaced the tree with the radix
 * tree (idr.ts).
 *
 * What changed from 2.6.25 (idr-layer.ts), all read in the 3.18 source:
 * - hint: idr_fill_slot (every successful idr_alloc) sets `idr->hint` to the
 *   leaf it stored into; idr_find returns `hint->ary[id & IDR_MASK]` at once
 *   when `(id & ~IDR_MASK) == hint->prefix`, else walks from the top
 *   (idr_find_slowpath). A find never moves the hint; free_layer clears it
 *   when the layer it names leaves the tree.
 * - layers: idr_alloc passes no free list, so idr_layer_alloc takes a layer
 *   from kmem_cache_zalloc(GFP_NOWAIT | __GFP_NOWARN) first and falls back
 *   to the per-CPU buffer that idr_preload(GFP_KERNEL) fills (MAX_IDR_FREE =
 *   8 layers) only when that fails. Every layer leaving the tree goes
 *   through free_layer, i.e. call_rcu. `id_free` is only the ida's pool now
 *   and idr_remove no longer trims it.
 * - bounds: ids are no longer masked to 31 bits. idr_find and idr_remove of
 *   a negative id do nothing; an id above idr_max(layers) is a miss (find)
 *   or the "not allocated" warning (remove), no longer the slot its low bits
 *   select; idr_replace answers -EINVAL for a negative id and -ENOENT for
 *   one beyond the tree.
 *
 * Simplified: kmem_cache_zalloc never fails, so the per-CPU preload buffer is
 * never drawn on; it is full long before a workload runs (boot-time
 * idr_preload callers fill it) and is not modelled, nor is idr_preload.
 * `cur` (idr_alloc_cyclic's cursor) is left out: ipc never allocated
 * cyclically from this tree (presets.ts refuses the combination). Only a
 * leaf's `prefix` is ever read; inner layers keep what the kernel stores
 * there (the starting id of the allocation that created them, masked).
 *
 * Glossary:
 *   layer     a layer's distance from the leaves (its `layer` field, 0 =
 *             leaf); `layers` is the tree height, idr_max(layers) = 2^(8 *
 *             layers) - 1 capped at INT_MAX
 *   prefix    the id bits above those a layer covers: id & ~idr_max(layer + 1)
 *   bitmap    1 = leaf slot used / child subtree completely full; eight
 *             int32 words, slot n in bit n % 32 of word n / 32
 *   hint      the leaf the last idr_alloc stored into
 * Every layer carries a stable small `id` (not in the kernel) for views and
 * the trace; layers are named in the idr_layer_* events of trace.ts.
 */
import { EINVAL, ENOENT } from '../uapi/errno';
import { NO_PROBE, type Probe } from '../probe';
import { drop_top, replace_in_leaf, replace_result, sub_remove, type LayerGen } from './idr-layer';
import { idr_max } from './idr-layer-get-new';

export const IDR_BITS = 8;
export const IDR_SIZE = 256;
export const IDR_MASK = 255;
/** (MAX_IDR_SHIFT + IDR_BITS - 1) / IDR_BITS with MAX_IDR_SHIFT = 31 */
export const MAX_IDR_LEVEL = 4;
const WORDS = IDR_SIZE / 32;

export interface IdrLayer256<T> {
  /** stable small integer naming this layer (allocation order, per IDR) */
  id: number;
  /** the id bits above this layer's span (only a leaf's is read, by the hint check) */
  prefix: number;
  /** distance from the leaves */
  layer: number;
  /** children (inner layers) or user pointers (leaves) */
  ary: Array<IdrLayer256<T> | T | null>;
  /** used slots of a leaf / non-null children of an inner layer */
  count: number;
  /** IDR_SIZE bits as int32 words */
  bitmap: number[];
}

export interface Idr256<T extends object> {
  /** the leaf the last idr_alloc stored into (null after it left the tree) */
  hint: IdrLayer256<T> | null;
  top: IdrLayer256<T> | null;
  layers: number;
  /** the ida's layer pool: idr_alloc never fills it, so it stays empty here */
  id_free: IdrLayer256<T> | null;
  id_free_cnt: number;
  /** id given to the next layer allocated from the slab */
  next_layer_id: number;
}

/** idr_init: an empty IDR. */
export function idr_init<T extends object>(): Idr256<T> {
  return { hint: null, top: null, layers: 0, id_free: null, id_free_cnt: 0, next_layer_id: 0 };
}

// --- bitmap --------------------------------------------------------------------

export function test_bit<T>(l: IdrLayer256<T>, n: number): boolean {
  return ((l.bitmap[n >> 5]! >>> (n & 31)) & 1) !== 0;
}

export function set_bit<T>(l: IdrLayer256<T>, n: number, p: Probe): void {
  l.bitmap[n >> 5]! |= 1 << (n & 31);
  if (p.trace) p.trace({ kind: 'idr_layer_bit', layer: l.id, offset: n, full: true });
}

export function clear_bit<T>(l: IdrLayer256<T>, n: number, p: Probe): void {
  if (!test_bit(l, n)) return;
  l.bitmap[n >> 5]! &= ~(1 << (n & 31));
  if (p.trace) p.trace({ kind: 'idr_layer_bit', layer: l.id, offset: n, full: false });
}

/** bitmap_full(bitmap, IDR_SIZE) */
export function bitmap_full<T>(l: IdrLayer256<T>): boolean {
  for (const w of l.bitmap) if (w !== -1) return false;
  return true;
}

/** find_next_zero_bit(bitmap, IDR_SIZE, n): first clear bit >= n, IDR_SIZE when none */
export function find_next_zero_bit<T>(l: IdrLayer256<T>, n: number): number {
  for (let w = n >> 5; w < WORDS; w++) {
    const skip = w === n >> 5 ? n & 31 : 0;
    const free = ~l.bitmap[w]! >>> skip;
    if (free !== 0) return (w << 5) + skip + 31 - Math.clz32(free & -free);
  }
  return IDR_SIZE;
}

// --- layers --------------------------------------------------------------------

/** idr_layer_alloc (no layer_idr): a zeroed layer from kmem_cache_zalloc, which never fails here. */
function idr_layer_alloc<T extends object>(idp: Idr256<T>, level: number, prefix: number, p: Probe): IdrLayer256<T> {
  p.costs.idr_layer_slab_allocs++;
  return {
    id: idp.next_layer_id++,
    prefix,
    layer: level,
    ary: new Array<IdrLayer256<T> | T | null>(IDR_SIZE).fill(null),
    count: 0,
    bitmap: new Array<number>(WORDS).fill(0),
  };
}

/** free_layer: clear the hint if it names `l`, then call_rcu. */
function free_layer<T extends object>(idp: Idr256<T>, l: IdrLayer256<T>, p: Probe): void {
  if (idp.hint === l) idp.hint = null;
  p.costs.idr_layer_rcu_frees++;
  if (p.trace) p.trace({ kind: 'idr_layer_release', layer: l.id, to: 'rcu' });
}

/** The 3.9 generation for the walks shared with 2.6.25. */
export const G_3_9: LayerGen<IdrLayer256<object>, Idr256<object>> = {
  bits: IDR_BITS,
  size: IDR_SIZE,
  mask: IDR_MASK,
  max_layers: MAX_IDR_LEVEL,
  climb_checks_max: true,
  test_bit,
  set_bit,
  clear_bit,
  full: bitmap_full,
  next_zero_bit: find_next_zero_bit,
  clear: (l) => {
    l.count = 0;
    l.bitmap.fill(0);
  },
  alloc: idr_layer_alloc,
  raise: (l) => {
    l.layer++;
  },
  release: free_layer,
};

// --- lookup --------------------------------------------------------------------

/**
 * idr_find: the pointer at `id`, or null (not allocated, negative, beyond
 * the tree). The hint's leaf answers alone when it covers `id` (one layer
 * visited); otherwise idr_find_slowpath walks down from the top.
 */
export function idr_find<T extends object>(idp: Idr256<T>, id: number, p: Probe = NO_PROBE): T | null {
  p.costs.idr_find++;
  const hint = idp.hint;
  let lay: IdrLayer256<T> | T | null = null;
  if (hint !== null && (id & ~IDR_MASK) === hint.prefix) {
    p.costs.idr_layer_visits++;
    if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: hint.id, level: 0, offset: id & IDR_MASK, op: 'find' });
    lay = hint.ary[id & IDR_MASK] as T | null;
  } else if (id >= 0 && idp.top !== null && id <= idr_max(IDR_BITS, idp.top.layer + 1)) {
    lay = idp.top;
    for (let n = (idp.top.layer + 1) * IDR_BITS; n > 0 && lay !== null;) {
      n -= IDR_BITS;
      const l: IdrLayer256<T> = lay as IdrLayer256<T>;
      p.costs.idr_layer_visits++;
      if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: l.id, level: n / IDR_BITS, offset: (id >> n) & IDR_MASK, op: 'find' });
      lay = l.ary[(id >> n) & IDR_MASK] as IdrLayer256<T> | T | null;
    }
  }
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'find', index: id, ok: lay !== null });
  return lay as T | null;
}

/**
 * idr_replace: store `ptr` at an allocated id. Returns the old pointer,
 * -EINVAL (a number) for a negative id, -ENOENT when the id is beyond the
 * tree or not allocated.
 */
export function idr_replace<T extends object>(idp: Idr256<T>, ptr: T | null, id: number, p: Probe = NO_PROBE): T | null | number {
  p.costs.idr_replace++;
  let lay = idp.top;
  if (id < 0) return replace_result(id, -EINVAL, p);
  if (lay === null || id > idr_max(IDR_BITS, lay.layer + 1)) return replace_result(id, -ENOENT, p);
  for (let n = lay.layer * IDR_BITS; n > 0 && lay !== null; n -= IDR_BITS) {
    p.costs.idr_layer_visits++;
    if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: lay.id, level: n / IDR_BITS, offset: (id >> n) & IDR_MASK, op: 'replace' });
    lay = lay.ary[(id >> n) & IDR_MASK] as IdrLayer256<T> | null;
  }
  return replace_in_leaf(G_3_9, lay, ptr, id, p);
}

// --- removal -------------------------------------------------------------------

/**
 * idr_remove: free `id`, releasing the layers left empty (call_rcu, the hint
 * cleared with its leaf), then drop the top layer when only its slot 0 is
 * left (one level per call). Returns 0, or -ENOENT when nothing was removed:
 * a negative id (silently, as the kernel), an id above idr_max(layers) or
 * one not allocated (the kernel's "idr_remove called for id=N which is not
 * allocated." warning; beyond the tree it returns before the top drop).
 */
export function idr_remove<T extends object>(idp: Idr256<T>, id: number, p: Probe = NO_PROBE): number {
  p.costs.idr_remove++;
  let ok = false;
  if (id >= 0) {
    if (id <= idr_max(IDR_BITS, idp.layers)) {
      ok = sub_remove(G_3_9, idp, (idp.layers - 1) * IDR_BITS, id, p);
      if (!ok && p.trace) p.trace({ kind: 'idr_layer_warning', id });
      drop_top(G_3_9, idp, p);
    } else if (p.trace) {
      p.trace({ kind: 'idr_layer_warning', id });
    }
  }
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'remove', index: id, ok });
  return ok ? 0 : -ENOENT;
}
