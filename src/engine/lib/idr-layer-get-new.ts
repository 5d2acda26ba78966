/**
 * Allocation in the IDR of Linux 2.6.25 (lib/idr.c: idr_get_new_above,
 * idr_get_new and their helpers idr_get_empty_slot, sub_alloc,
 * idr_mark_full): the lowest free id >= a starting id, growing the tree from
 * the top and taking every new layer from the free list. See idr-layer.ts for
 * the structures, the versions modelled and the glossary.
 */
import { EAGAIN, ENOSPC } from '../uapi/errno';
import { NO_PROBE, type Probe } from '../probe';
import {
  IDR_BITS, IDR_MASK, IDR_SIZE, MAX_LEVEL, alloc_layer, find_next_zero_bit, layer_full, move_to_free_list, set_bit,
  type IdrLayer, type OldIdr,
} from './idr-layer';

const IDR_NEED_TO_GROW = -2;
const IDR_NOMORE_SPACE = -3;

/** pa[l]: the layer at level l on the path of the last allocation (scratch, not state) */
const pa: Array<IdrLayer<unknown> | null> = new Array<IdrLayer<unknown> | null>(MAX_LEVEL + 1).fill(null);
/** the id sub_alloc hands back with IDR_NEED_TO_GROW */
let grow_id = 0;

function new_layer_event<T>(l: IdrLayer<T>, level: number, parent: IdrLayer<T> | null, offset: number, p: Probe): void {
  if (p.trace) p.trace({ kind: 'idr_layer_new', layer: l.id, level, parent: parent === null ? null : parent.id, offset });
}

/**
 * sub_alloc: walk down from the top to the lowest free id >= start, creating
 * missing layers from the free list. Returns the id (pa[0] = its leaf), -1 when
 * the free list ran dry, IDR_NEED_TO_GROW (grow_id = where to continue) when
 * the top is exhausted, IDR_NOMORE_SPACE past 2^31.
 */
function sub_alloc<T extends object>(idp: OldIdr<T>, start: number, p: Probe): number {
  const path = pa as Array<IdrLayer<T> | null>;
  let id = start;
  let visits = 0;
  restart: for (;;) {
    let l = idp.layers;
    let lay = idp.top as IdrLayer<T>;
    path[l--] = null;
    for (;;) {
      const n = (id >> (IDR_BITS * l)) & IDR_MASK;
      const m = find_next_zero_bit(lay, n);
      visits++;
      if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: lay.id, level: l, offset: m, op: 'alloc' });
      if (m === IDR_SIZE) {
        l++;
        const oid = id;
        id = ((id | ((1 << (IDR_BITS * l)) - 1)) + 1) | 0;
        const up = path[l];
        if (up === null || up === undefined) {
          p.costs.idr_layer_visits += visits;
          grow_id = id;
          return IDR_NEED_TO_GROW;
        }
        lay = up;
        const sh = IDR_BITS * (l + 1);
        if (oid >> sh === id >> sh) continue;
        continue restart;
      }
      if (m !== n) {
        const sh = IDR_BITS * l;
        id = ((id >> sh) ^ n ^ m) << sh;
      }
      if (id < 0) {
        p.costs.idr_layer_visits += visits;
        return IDR_NOMORE_SPACE;
      }
      if (l === 0) break;
      if (lay.ary[m] === null) {
        const nw = alloc_layer(idp);
        if (nw === null) {
          p.costs.idr_layer_visits += visits;
          return -1;
        }
        lay.ary[m] = nw;
        lay.count++;
        new_layer_event(nw, l - 1, lay, m, p);
      }
      path[l--] = lay;
      lay = lay.ary[m] as IdrLayer<T>;
    }
    path[l] = lay;
    p.costs.idr_layer_visits += visits;
    return id;
  }
}

/**
 * idr_get_empty_slot: make the tree tall enough for `starting_id` (new tops
 * take the old top in ary[0]; an empty top is just reinterpreted one level
 * higher), then sub_alloc; grow and retry while it asks to.
 */
function idr_get_empty_slot<T extends object>(idp: OldIdr<T>, starting_id: number, p: Probe): number {
  let id = starting_id;
  for (;;) {
    let lay = idp.top;
    let layers = idp.layers;
    if (lay === null) {
      lay = alloc_layer(idp);
      if (lay === null) return -1;
      layers = 1;
      new_layer_event(lay, 0, null, 0, p);
    }
    const grew = layers;
    while (layers < MAX_LEVEL - 1 && id >= 1 << (layers * IDR_BITS)) {
      layers++;
      if (lay.count === 0) continue;
      const nw = alloc_layer(idp);
      if (nw === null) {
        // tear down the layers stacked in this call, back onto the free list
        for (let t: IdrLayer<T> | null = lay; t !== null && t !== idp.top; ) {
          const below = t.ary[0] as IdrLayer<T> | null;
          t.ary[0] = null;
          t.bitmap_lo = t.bitmap_hi = t.count = 0;
          move_to_free_list(idp, t);
          t = below;
        }
        return -1;
      }
      nw.ary[0] = lay;
      nw.count = 1;
      if (layer_full(lay)) set_bit(nw, 0, p);
      new_layer_event(nw, layers - 1, null, 0, p);
      lay = nw;
    }
    idp.top = lay;
    idp.layers = layers;
    if (layers !== grew && p.trace) p.trace({ kind: 'idr_layer_grow', layer: lay.id, layers });
    const v = sub_alloc(idp, id, p);
    if (v !== IDR_NEED_TO_GROW) return v;
    id = grow_id;
    // at the height limit with a full top the kernel would retry forever
    if (layers >= MAX_LEVEL - 1 && layer_full(lay)) return IDR_NOMORE_SPACE;
  }
}

/** idr_mark_full: set the leaf bit, and each parent's bit while a layer became full */
function idr_mark_full<T>(id: number, p: Probe): void {
  const path = pa as Array<IdrLayer<T> | null>;
  let lay = path[0]!;
  let l = 0;
  set_bit(lay, id & IDR_MASK, p);
  while (layer_full(lay)) {
    const up = path[++l];
    if (up === null || up === undefined) break;
    lay = up;
    id >>= IDR_BITS;
    set_bit(lay, id & IDR_MASK, p);
  }
}

/**
 * idr_get_new_above: store `ptr` (null allowed) at the lowest free id >=
 * starting_id. Returns the id (the kernel writes it through a pointer and
 * returns 0), -EAGAIN when the free list ran dry (call idr_pre_get and
 * retry; layers already taken stay in the tree), -ENOSPC when no id < 2^31
 * is free.
 */
export function idr_get_new_above<T extends object>(idp: OldIdr<T>, ptr: T | null, starting_id: number, p: Probe = NO_PROBE): number {
  p.costs.idr_alloc++;
  let rv = idr_get_empty_slot(idp, starting_id, p);
  if (rv >= 0) {
    const leaf = pa[0] as IdrLayer<T>;
    leaf.ary[rv & IDR_MASK] = ptr;
    leaf.count++;
    if (p.trace) p.trace({ kind: 'idr_layer_store', layer: leaf.id, offset: rv & IDR_MASK, index: rv, entry: ptr === null ? 'null' : 'entry' });
    idr_mark_full(rv, p);
  } else {
    rv = rv === -1 ? -EAGAIN : -ENOSPC;
  }
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'alloc', index: rv, ok: rv >= 0 });
  return rv;
}

/** idr_get_new: idr_get_new_above(idp, ptr, 0). */
export function idr_get_new<T extends object>(idp: OldIdr<T>, ptr: T | null, p: Probe = NO_PROBE): number {
  return idr_get_new_above(idp, ptr, 0, p);
}
