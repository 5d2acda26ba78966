/**
 * The IDR of Linux 2.6.25 (lib/idr.c, include/linux/idr.h): a tree of
 * `struct idr_layer` (64 slots on 64-bit, IDR_BITS 6) whose bitmaps mark used
 * slots / full subtrees, fed from a per-IDR free list of preallocated layers
 * (`idr_pre_get`). The layout lasted until the 3.9 rework; 4.11 replaced it
 * with the radix tree (idr.ts).
 *
 * Versions: `rcu_free` false = 2.6.25/2.6.26: layers leaving the tree go
 * straight back onto the free list (so lookups must not run concurrently with
 * removals), and idr_remove trims at most one layer from an over-full free
 * list (its loop returns after the first). `rcu_free` true = 2.6.27 on (the
 * RCU-safe IDR of Nadia Derbey): released layers are freed after an RCU grace
 * period (counted in `idr_layer_rcu_frees`, never reused) and the free list
 * is trimmed below IDR_FREE_MAX.
 *
 * Kernel quirks kept on purpose: the tree stops growing at MAX_LEVEL - 1 = 5
 * layers (2^30 ids); a starting id at or above that, or a search from a
 * starting id > 0 that runs past the end of the top layer, restarts from the
 * top with the high bits ignored, so idr_get_new_above can return an id beyond
 * the tree whose pointer sits in the slot of a lower id (fixed in 3.9 by
 * comparing the id with the top's capacity). idr_get_new (start 0), which is
 * all ipc uses, never meets it. Ids beyond the tree given to idr_remove alias
 * the same way.
 *
 * Simplified: kmem_cache_zalloc never fails (idr_pre_get always returns 1);
 * the warning of idr_remove is a trace event; where the kernel would retry
 * forever (5 layers, top layer full) this model returns -ENOSPC.
 *
 * Glossary:
 *   layer     distance of an idr_layer from the leaves (0 = leaf); `layers`
 *             is the tree height, capacity 2^(6 * layers)
 *   bitmap    1 = leaf slot used / child subtree completely full; kept as two
 *             int32 words, `bitmap_lo` (slots 0..31) and `bitmap_hi` (32..63)
 *   count     used slots of a leaf / non-null children of an inner layer
 *   id_free   the free list of layers, linked through `ary[0]`
 * Every layer carries a stable small `id` (not in the kernel) for views and
 * the trace. All state is plain data. Allocation (idr_get_new, idr_get_new_above)
 * is in idr-layer-get-new.ts.
 *
 * The walks that did not change in the 3.9 rework (sub_alloc,
 * idr_get_empty_slot, idr_mark_full, sub_remove, the top drop) are written
 * once for both generations of the tree and take a `LayerGen`: G_2_6 here,
 * G_3_9 for the 256-slot layers of idr-layer256.ts.
 */
import { EINVAL, ENOENT } from '../uapi/errno';
import { NO_PROBE, type Probe } from '../probe';

export const IDR_BITS = 6;
export const IDR_SIZE = 64;
export const IDR_MASK = 63;
export const MAX_ID_SHIFT = 31;
export const MAX_ID_MASK = 0x7fffffff;
/** (MAX_ID_SHIFT + IDR_BITS - 1) / IDR_BITS */
export const MAX_LEVEL = 6;
/** layers idr_pre_get keeps on the free list: 2 * MAX_LEVEL */
export const IDR_FREE_MAX = 12;

export interface IdrLayer<T> {
  /** stable small integer naming this layer (allocation order, per IDR) */
  id: number;
  bitmap_lo: number;
  bitmap_hi: number;
  /** children (inner layers) or user pointers (leaves); ary[0] links the free list */
  ary: Array<IdrLayer<T> | T | null>;
  count: number;
}

/** What the shared walks read of a layer: IdrLayer here, IdrLayer256 in idr-layer256.ts. */
export interface LayerNode {
  id: number;
  ary: unknown[];
  count: number;
}

/** What the shared walks read of a struct idr. */
export interface LayerTree<L extends LayerNode> {
  top: L | null;
  layers: number;
  id_free: L | null;
  id_free_cnt: number;
}

/**
 * One generation of the idr_layer tree, as the shared walks need it: its
 * geometry, its bitmap, where its layers come from and go to. Module
 * constants (G_2_6 below, G_3_9 in idr-layer256.ts), never state.
 */
export interface LayerGen<L extends LayerNode, I extends LayerTree<L>> {
  /** IDR_BITS; IDR_SIZE = 1 << bits; IDR_MASK = IDR_SIZE - 1 */
  bits: number;
  size: number;
  mask: number;
  /** the height idr_get_empty_slot grows the tree to at most */
  max_layers: number;
  /**
   * 3.9's sub_alloc grows the tree as soon as a climb passes idr_max(layers);
   * 2.6.25's grows only when the climb leaves the top, and a climb that runs
   * past the end of a lower layer restarts from the top with the high bits
   * ignored (see the kernel quirks above)
   */
  climb_checks_max: boolean;
  test_bit(l: L, n: number): boolean;
  set_bit(l: L, n: number, p: Probe): void;
  clear_bit(l: L, n: number, p: Probe): void;
  /** bitmap == IDR_FULL */
  full(l: L): boolean;
  /** first clear bit ≥ n, `size` when none */
  next_zero_bit(l: L, n: number): number;
  /** count and bitmap to zero (a layer leaving the tree or unstacked) */
  clear(l: L): void;
  /**
   * idr_layer_alloc: a zeroed layer for `level` whose ids share `prefix`
   * (3.9 stores both, 2.6.25 neither); null when there is none to be had
   * (2.6.25's empty free list)
   */
  alloc(idp: I, level: number, prefix: number, p: Probe): L | null;
  /** the empty top taken one level higher (3.9 raises its `layer` field) */
  raise(l: L): void;
  /** free_layer: a layer leaves the tree */
  release(idp: I, l: L, p: Probe): void;
}

export interface OldIdr<T extends object> {
  top: IdrLayer<T> | null;
  id_free: IdrLayer<T> | null;
  layers: number;
  id_free_cnt: number;
  /** 2.6.27+ behaviour: released layers go through RCU instead of the free list */
  rcu_free: boolean;
  /** id given to the next layer allocated from the slab */
  next_layer_id: number;
}

/** idr_init: an empty IDR with an empty free list. */
export function idr_init<T extends object>(opts: { rcu_free?: boolean } = {}): OldIdr<T> {
  return { top: null, id_free: null, layers: 0, id_free_cnt: 0, rcu_free: opts.rcu_free ?? false, next_layer_id: 0 };
}

// --- bitmap ------------------------------------------------------------------

export function test_bit<T>(l: IdrLayer<T>, n: number): boolean {
  return n < 32 ? ((l.bitmap_lo >>> n) & 1) !== 0 : ((l.bitmap_hi >>> (n - 32)) & 1) !== 0;
}

export function set_bit<T>(l: IdrLayer<T>, n: number, p: Probe): void {
  if (n < 32) l.bitmap_lo |= 1 << n;
  else l.bitmap_hi |= 1 << (n - 32);
  if (p.trace) p.trace({ kind: 'idr_layer_bit', layer: l.id, offset: n, full: true });
}

export function clear_bit<T>(l: IdrLayer<T>, n: number, p: Probe): void {
  if (!test_bit(l, n)) return;
  if (n < 32) l.bitmap_lo &= ~(1 << n);
  else l.bitmap_hi &= ~(1 << (n - 32));
  if (p.trace) p.trace({ kind: 'idr_layer_bit', layer: l.id, offset: n, full: false });
}

/** bitmap == IDR_FULL */
export function layer_full<T>(l: IdrLayer<T>): boolean {
  return (l.bitmap_lo & l.bitmap_hi) === -1;
}

/** find_next_bit(~bitmap, IDR_SIZE, n): first clear bit >= n, 64 when none */
export function find_next_zero_bit<T>(l: IdrLayer<T>, n: number): number {
  if (n < 32) {
    const t = ~l.bitmap_lo >>> n;
    if (t !== 0) return n + 31 - Math.clz32(t & -t);
    n = 32;
  }
  const t = ~l.bitmap_hi >>> (n - 32);
  if (t !== 0) return n + 31 - Math.clz32(t & -t);
  return IDR_SIZE;
}

// --- the free list -------------------------------------------------------------

/** alloc_layer (2.6.25; get_from_free_list in 2.6.27): pop a layer, null when empty */
export function alloc_layer<L extends LayerNode>(idp: LayerTree<L>): L | null {
  const l = idp.id_free;
  if (l !== null) {
    idp.id_free = l.ary[0] as L | null;
    idp.id_free_cnt--;
    l.ary[0] = null;
  }
  return l;
}

/** __free_layer (move_to_free_list in 2.6.27): push a zeroed layer */
export function move_to_free_list<L extends LayerNode>(idp: LayerTree<L>, l: L): void {
  l.ary[0] = idp.id_free;
  idp.id_free = l;
  idp.id_free_cnt++;
}

/** a layer leaves the tree: back to the free list (2.6.25) or to call_rcu (2.6.27+) */
export function free_layer<T extends object>(idp: OldIdr<T>, l: IdrLayer<T>, p: Probe): void {
  if (idp.rcu_free) {
    p.costs.idr_layer_rcu_frees++;
    if (p.trace) p.trace({ kind: 'idr_layer_release', layer: l.id, to: 'rcu' });
    return;
  }
  move_to_free_list(idp, l);
  if (p.trace) p.trace({ kind: 'idr_layer_release', layer: l.id, to: 'free_list' });
}

/**
 * idr_pre_get: fill the free list up to IDR_FREE_MAX layers from the slab.
 * Returns 1 (the model never runs out of memory).
 */
export function idr_pre_get<T extends object>(idp: OldIdr<T>, p: Probe = NO_PROBE): number {
  while (idp.id_free_cnt < IDR_FREE_MAX) {
    const l: IdrLayer<T> = {
      id: idp.next_layer_id++,
      bitmap_lo: 0,
      bitmap_hi: 0,
      ary: new Array<IdrLayer<T> | T | null>(IDR_SIZE).fill(null),
      count: 0,
    };
    p.costs.idr_layer_slab_allocs++;
    move_to_free_list(idp, l);
    if (p.trace) p.trace({ kind: 'idr_layer_prealloc', layer: l.id, free_cnt: idp.id_free_cnt });
  }
  return 1;
}

/** The 2.6.25 generation for the shared walks: 64 slots, layers from the free list. */
export const G_2_6: LayerGen<IdrLayer<object>, OldIdr<object>> = {
  bits: IDR_BITS,
  size: IDR_SIZE,
  mask: IDR_MASK,
  max_layers: MAX_LEVEL - 1,
  climb_checks_max: false,
  test_bit,
  set_bit,
  clear_bit,
  full: layer_full,
  next_zero_bit: find_next_zero_bit,
  clear: (l) => {
    l.bitmap_lo = l.bitmap_hi = l.count = 0;
  },
  alloc: (idp) => alloc_layer(idp),
  raise: () => {},
  release: free_layer,
};

// --- lookup ----------------------------------------------------------------------

/**
 * idr_find: the pointer at `id` (masked to 31 bits); null when not allocated
 * or beyond 2^(6 * layers). One descent, no allocation.
 */
export function idr_find<T extends object>(idp: OldIdr<T>, id: number, p: Probe = NO_PROBE): T | null {
  const costs = p.costs;
  costs.idr_find++;
  if (p.trace !== null) return idr_find_traced(idp, id, p);
  let n = idp.layers * IDR_BITS;
  let lay: IdrLayer<T> | T | null = idp.top;
  id &= MAX_ID_MASK;
  if (id >= 1 << n) return null;
  let visits = 0;
  while (n > 0 && lay !== null) {
    n -= IDR_BITS;
    lay = (lay as IdrLayer<T>).ary[(id >> n) & IDR_MASK]!;
    visits++;
  }
  costs.idr_layer_visits += visits;
  return lay as T | null;
}

function idr_find_traced<T extends object>(idp: OldIdr<T>, id: number, p: Probe): T | null {
  let n = idp.layers * IDR_BITS;
  let lay: IdrLayer<T> | T | null = idp.top;
  id &= MAX_ID_MASK;
  if (id < 1 << n) {
    while (n > 0 && lay !== null) {
      n -= IDR_BITS;
      const l = lay as IdrLayer<T>;
      const off = (id >> n) & IDR_MASK;
      p.costs.idr_layer_visits++;
      p.trace!({ kind: 'idr_layer_visit', layer: l.id, level: n / IDR_BITS, offset: off, op: 'find' });
      lay = l.ary[off]!;
    }
  } else {
    lay = null;
  }
  p.trace!({ kind: 'idr_layer_result', op: 'find', index: id, ok: lay !== null });
  return lay as T | null;
}

/**
 * idr_replace: store `ptr` at an allocated id. Returns the old pointer, -EINVAL
 * (a number) when the id is beyond the tree, -ENOENT when it is not allocated.
 */
export function idr_replace<T extends object>(idp: OldIdr<T>, ptr: T | null, id: number, p: Probe = NO_PROBE): T | null | number {
  p.costs.idr_replace++;
  let n = idp.layers * IDR_BITS;
  let lay = idp.top;
  id &= MAX_ID_MASK;
  if (id >= 1 << n) return replace_result(id, -EINVAL, p);
  n -= IDR_BITS;
  while (n > 0 && lay !== null) {
    p.costs.idr_layer_visits++;
    lay = lay.ary[(id >> n) & IDR_MASK] as IdrLayer<T> | null;
    n -= IDR_BITS;
  }
  return replace_in_leaf(G_2_6, lay, ptr, id, p);
}

/**
 * The end of idr_replace (both generations): `ptr` into the used slot of
 * `id` in `leaf`, the old pointer out; -ENOENT when there is no leaf or the
 * slot is free.
 */
export function replace_in_leaf<T, L extends LayerNode, I extends LayerTree<L>>(g: LayerGen<L, I>, leaf: L | null, ptr: T | null, id: number, p: Probe): T | null | number {
  const off = id & g.mask;
  if (leaf === null || !g.test_bit(leaf, off)) return replace_result(id, -ENOENT, p);
  p.costs.idr_layer_visits++;
  const old = leaf.ary[off] as T | null;
  leaf.ary[off] = ptr;
  if (p.trace) p.trace({ kind: 'idr_layer_store', layer: leaf.id, offset: off, index: id, entry: ptr === null ? 'null' : 'entry' });
  return replace_result(id, old, p);
}

/** idr_replace's result event; returns `ret`. */
export function replace_result<R>(id: number, ret: R, p: Probe): R {
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'replace', index: id, ok: typeof ret !== 'number' });
  return ret;
}

// --- removal ---------------------------------------------------------------------

/**
 * The slots on the path of a removal, as sub_remove's `pa` of slot pointers:
 * entry 0 is the sentinel (NULL), entry 1 the `top` pointer, entry k > 1 slot
 * `ref_off[k]` of layer `ref_layer[k]`. Scratch, not state.
 */
const ref_layer: Array<LayerNode | null> = new Array<LayerNode | null>(MAX_LEVEL + 2).fill(null);
const ref_off: number[] = new Array<number>(MAX_LEVEL + 2).fill(0);

function ref_get<L extends LayerNode>(idp: LayerTree<L>, k: number): L | null {
  if (k === 1) return idp.top;
  return ref_layer[k]!.ary[ref_off[k]!] as L | null;
}

function ref_clear<L extends LayerNode>(idp: LayerTree<L>, k: number): void {
  if (k === 1) idp.top = null;
  else ref_layer[k]!.ary[ref_off[k]!] = null;
}

/**
 * sub_remove (both generations): walk down from `shift` clearing the path
 * bits (the subtrees are no longer full, even when the id turns out not to
 * be allocated), clear the leaf slot, then release every layer whose count
 * drops to 0, upward. Returns false when the id was not allocated (the
 * kernel's "idr_remove called for id=N which is not allocated." warning).
 */
export function sub_remove<L extends LayerNode, I extends LayerTree<L>>(g: LayerGen<L, I>, idp: I, shift: number, id: number, p: Probe): boolean {
  let lay = idp.top;
  let k = 1;
  let visits = 0;
  while (shift > 0 && lay !== null) {
    const n = (id >> shift) & g.mask;
    visits++;
    if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: lay.id, level: shift / g.bits, offset: n, op: 'remove' });
    g.clear_bit(lay, n, p);
    k++;
    ref_layer[k] = lay;
    ref_off[k] = n;
    lay = lay.ary[n] as L | null;
    shift -= g.bits;
  }
  const n = id & g.mask;
  if (lay !== null) visits++;
  p.costs.idr_layer_visits += visits;
  if (lay === null || !g.test_bit(lay, n)) return false;
  if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: lay.id, level: 0, offset: n, op: 'remove' });
  g.clear_bit(lay, n, p);
  lay.ary[n] = null;
  if (p.trace) p.trace({ kind: 'idr_layer_store', layer: lay.id, offset: n, index: id, entry: 'empty' });
  for (;;) {
    if (k === 0) break;
    const l = ref_get(idp, k)!;
    if (--l.count !== 0) break;
    ref_clear(idp, k);
    g.release(idp, l, p);
    k--;
  }
  if (k === 0) idp.layers = 0;
  return true;
}

/**
 * The end of idr_remove (both generations): drop the top layer when only
 * its slot 0 is left, one level per call (new tops are only ever stacked
 * over the old one's slot 0).
 */
export function drop_top<L extends LayerNode, I extends LayerTree<L>>(g: LayerGen<L, I>, idp: I, p: Probe): void {
  const top = idp.top;
  if (top === null || top.count !== 1 || idp.layers <= 1 || top.ary[0] === null) return;
  idp.top = top.ary[0] as L;
  --idp.layers;
  g.clear(top);
  if (p.trace) p.trace({ kind: 'idr_layer_drop', layer: top.id, layers: idp.layers });
  top.ary[0] = null;
  g.release(idp, top, p);
}

/**
 * idr_remove: free `id` (masked to 31 bits; an id beyond the tree aliases to
 * the slot its low bits select, as in the kernel). Then drop the top layer
 * when only its slot 0 is left (one level per call), and trim the free list
 * (2.6.25: one layer when it holds IDR_FREE_MAX or more; 2.6.27+: down to
 * IDR_FREE_MAX - 1). Returns 0, or -ENOENT when the id was not allocated
 * (the kernel returns void and prints a warning).
 */
export function idr_remove<T extends object>(idp: OldIdr<T>, id: number, p: Probe = NO_PROBE): number {
  p.costs.idr_remove++;
  id &= MAX_ID_MASK;
  const ok = sub_remove(G_2_6, idp, (idp.layers - 1) * IDR_BITS, id, p);
  if (!ok && p.trace) p.trace({ kind: 'idr_layer_warning', id });
  drop_top(G_2_6, idp, p);
  while (idp.id_free_cnt >= IDR_FREE_MAX) {
    const l = alloc_layer(idp)!;
    p.costs.idr_layer_slab_frees++;
    if (p.trace) p.trace({ kind: 'idr_layer_trim', layer: l.id, free_cnt: idp.id_free_cnt });
    if (!idp.rcu_free) break;
  }
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'remove', index: id, ok });
  return ok ? 0 : -ENOENT;
}
