/**
 * Allocation in the IDR of Linux 2.6.25 (lib/idr.c: idr_get_new_above,
 * idr_get_new and their helpers idr_get_empty_slot, sub_alloc,
 * idr_mark_full): the lowest free id >= a starting id, growing the tree from
 * the top and taking every new layer from the free list. See idr-layer.ts for
 * the structures, the versions modelled and the glossary.
 *
 * The helpers serve the 3.9 tree too (idr-layer256-alloc.ts), through the
 * LayerGen of each generation: 3.18's sub_alloc and idr_get_empty_slot are
 * these walks with 8-bit layers, the prefix/layer fields filled in, layers
 * from the slab, and the climb compared with idr_max(layers).
 */
import { EAGAIN, ENOSPC } from '../uapi/errno';
import { NO_PROBE, type Probe } from '../probe';
import { G_2_6, IDR_MASK, MAX_LEVEL, move_to_free_list, type IdrLayer, type LayerGen, type LayerNode, type LayerTree, type OldIdr } from './idr-layer';

const IDR_NEED_TO_GROW = -2;
const IDR_NOMORE_SPACE = -3;

/** pa[l]: the layer at level l on the path of the last allocation (scratch, not state) */
const pa: Array<LayerNode | null> = new Array<LayerNode | null>(MAX_LEVEL + 1).fill(null);
/** the id sub_alloc hands back with IDR_NEED_TO_GROW */
let grow_id = 0;

/** The leaf of the last successful idr_get_empty_slot (pa[0]). */
export function alloc_leaf<L extends LayerNode>(): L {
  return pa[0] as L;
}

/** idr_max: the highest id a tree of `layers` layers holds (2^31 - 1 at most; 0 for an empty tree). */
export function idr_max(bits: number, layers: number): number {
  return 2 ** Math.min(layers * bits, 31) - 1;
}

/** idr_layer_prefix_mask: the id bits above what a layer at `level` covers. */
function prefix_mask(bits: number, level: number): number {
  return ~idr_max(bits, level + 1);
}

function new_layer_event(l: LayerNode, level: number, parent: LayerNode | null, offset: number, p: Probe): void {
  if (p.trace) p.trace({ kind: 'idr_layer_new', layer: l.id, level, parent: parent === null ? null : parent.id, offset });
}

/**
 * sub_alloc: walk down from the top to the lowest free id >= start, creating
 * missing layers. Returns the id (pa[0] = its leaf), -1 when no layer could
 * be had, IDR_NEED_TO_GROW (grow_id = where to continue) when the top is
 * exhausted, IDR_NOMORE_SPACE past 2^31.
 */
function sub_alloc<L extends LayerNode, I extends LayerTree<L>>(g: LayerGen<L, I>, idp: I, start: number, p: Probe): number {
  const path = pa as Array<L | null>;
  const bits = g.bits;
  let id = start;
  let visits = 0;
  restart: for (;;) {
    let l = idp.layers;
    let lay = idp.top as L;
    path[l--] = null;
    for (;;) {
      const n = (id >> (bits * l)) & g.mask;
      const m = g.next_zero_bit(lay, n);
      visits++;
      if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: lay.id, level: l, offset: m, op: 'alloc' });
      if (m === g.size) {
        l++;
        const oid = id;
        id = ((id | ((1 << (bits * l)) - 1)) + 1) | 0;
        const up = path[l];
        if (up === null || up === undefined || (g.climb_checks_max && id > idr_max(bits, idp.layers))) {
          p.costs.idr_layer_visits += visits;
          grow_id = id;
          return IDR_NEED_TO_GROW;
        }
        lay = up;
        const sh = bits * (l + 1);
        if (oid >> sh === id >> sh) continue;
        continue restart;
      }
      if (m !== n) {
        const sh = bits * l;
        id = ((id >> sh) ^ n ^ m) << sh;
      }
      if (id < 0) {
        p.costs.idr_layer_visits += visits;
        return IDR_NOMORE_SPACE;
      }
      if (l === 0) break;
      if (lay.ary[m] === null) {
        const nw = g.alloc(idp, l - 1, id & prefix_mask(bits, l - 1), p);
        if (nw === null) {
          p.costs.idr_layer_visits += visits;
          return -1;
        }
        lay.ary[m] = nw;
        lay.count++;
        new_layer_event(nw, l - 1, lay, m, p);
      }
      path[l--] = lay;
      lay = lay.ary[m] as L;
    }
    path[l] = lay;
    p.costs.idr_layer_visits += visits;
    return id;
  }
}

/**
 * idr_get_empty_slot: make the tree tall enough for `starting_id` (new tops
 * take the old top in ary[0]; an empty top is just reinterpreted one level
 * higher), then sub_alloc; grow and retry while it asks to. Returns the id
 * (its leaf is alloc_leaf()), -1 when no layer could be had (the layers
 * stacked by this call go onto id_free, as the kernel does), or
 * IDR_NOMORE_SPACE.
 */
export function idr_get_empty_slot<L extends LayerNode, I extends LayerTree<L>>(g: LayerGen<L, I>, idp: I, starting_id: number, p: Probe): number {
  let id = starting_id;
  for (;;) {
    let lay = idp.top;
    let layers = idp.layers;
    if (lay === null) {
      lay = g.alloc(idp, 0, 0, p);
      if (lay === null) return -1;
      layers = 1;
      new_layer_event(lay, 0, null, 0, p);
    }
    const grew = layers;
    while (layers < g.max_layers && id >= 2 ** (layers * g.bits)) {
      layers++;
      if (lay.count === 0) {
        g.raise(lay);
        continue;
      }
      const nw = g.alloc(idp, layers - 1, id & prefix_mask(g.bits, layers - 1), p);
      if (nw === null) {
        // tear down the layers stacked in this call, back onto the free list
        for (let t: L | null = lay; t !== null && t !== idp.top;) {
          const below = t.ary[0] as L | null;
          t.ary[0] = null;
          g.clear(t);
          move_to_free_list(idp, t);
          t = below;
        }
        return -1;
      }
      nw.ary[0] = lay;
      nw.count = 1;
      if (g.full(lay)) g.set_bit(nw, 0, p);
      new_layer_event(nw, layers - 1, null, 0, p);
      lay = nw;
    }
    idp.top = lay;
    idp.layers = layers;
    if (layers !== grew && p.trace) p.trace({ kind: 'idr_layer_grow', layer: lay.id, layers });
    const v = sub_alloc(g, idp, id, p);
    if (v !== IDR_NEED_TO_GROW) return v;
    id = grow_id;
    // at the height limit with a full top the kernel would retry forever
    if (layers >= g.max_layers && g.full(lay)) return IDR_NOMORE_SPACE;
  }
}

/** idr_mark_full: set the leaf bit, and each parent's bit while a layer became full */
export function idr_mark_full<L extends LayerNode, I extends LayerTree<L>>(g: LayerGen<L, I>, id: number, p: Probe): void {
  const path = pa as Array<L | null>;
  let lay = path[0]!;
  let l = 0;
  g.set_bit(lay, id & g.mask, p);
  while (g.full(lay)) {
    const up = path[++l];
    if (up === null || up === undefined) break;
    lay = up;
    id >>= g.bits;
    g.set_bit(lay, id & g.mask, p);
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
  let rv = idr_get_empty_slot(G_2_6, idp, starting_id, p);
  if (rv >= 0) {
    const leaf = alloc_leaf<IdrLayer<T>>();
    leaf.ary[rv & IDR_MASK] = ptr;
    leaf.count++;
    if (p.trace) p.trace({ kind: 'idr_layer_store', layer: leaf.id, offset: rv & IDR_MASK, index: rv, entry: ptr === null ? 'null' : 'entry' });
    idr_mark_full(G_2_6, rv, p);
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
