import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import type { TraceEvent } from '../trace';
import { EINVAL, ENOENT, ENOSPC } from '../uapi/errno';
import { bitmap_full, idr_find, idr_init, idr_remove, idr_replace, test_bit, type Idr256, type IdrLayer256 } from './idr-layer256';
import { idr_alloc } from './idr-layer256-alloc';
import { idr_get_next } from './idr-layer256-get-next';
import { check_idr256, filled_idr256 } from './idr-layer256-invariants.test-helper';

interface Obj {
  n: number;
}
const obj = (n: number): Obj => ({ n });
const INT_MAX = 0x7fffffff;

const filled = filled_idr256;

const child = (l: IdrLayer256<Obj>, slot: number) => l.ary[slot] as IdrLayer256<Obj>;

function traced<R>(f: (p: ReturnType<typeof newProbe>) => R): { r: R; events: TraceEvent[]; visits: number } {
  const events: TraceEvent[] = [];
  const p = newProbe((e) => events.push(e));
  const r = f(p);
  return { r, events, visits: p.costs.idr_layer_visits };
}

describe('the 3.9 IDR worked from the 3.18 source', () => {
  it('256 ids fill one layer; the 257th needs a second level; removing it shrinks the tree back', () => {
    const p = newProbe();
    const idr = idr_init<Obj>();
    const model = new Map<number, Obj | null>();
    for (let i = 0; i < 256; i++) {
      const o = obj(i);
      expect(idr_alloc(idr, o, 0, 0, p)).toBe(i);
      model.set(i, o);
    }
    const leaf0 = idr.top!;
    // one leaf (layer 0, prefix 0) from the slab, full, and the hint on it
    expect([idr.layers, leaf0.layer, leaf0.prefix, leaf0.count, bitmap_full(leaf0), idr.hint === leaf0]).toEqual([1, 0, 0, 256, true, true]);
    expect(p.costs.idr_layer_slab_allocs).toBe(1);

    // 256 > idr_max(1) = 255: a layer-1 top over the old one (bit 0 set: it is full), a new leaf in its slot 1
    const o256 = obj(256);
    expect(idr_alloc(idr, o256, 0, 0, p)).toBe(256);
    model.set(256, o256);
    const top = idr.top!;
    const leaf1 = child(top, 1);
    expect([idr.layers, top.layer, top.count, test_bit(top, 0), test_bit(top, 1), top.ary[0] === leaf0]).toEqual([2, 1, 2, true, false, true]);
    expect([leaf1.layer, leaf1.prefix, leaf1.count, idr.hint === leaf1]).toEqual([0, 256, 1, true]);
    expect(p.costs.idr_layer_slab_allocs).toBe(3);
    expect(idr.id_free_cnt).toBe(0);
    check_idr256(idr, model, true);

    // a find in the hint's leaf is one visit; any other walks from the top and leaves the hint alone
    const hit = traced((q) => idr_find(idr, 256, q));
    expect(hit.r).toBe(o256);
    expect(hit.events).toEqual([
      { kind: 'idr_layer_visit', layer: leaf1.id, level: 0, offset: 0, op: 'find' },
      { kind: 'idr_layer_result', op: 'find', index: 256, ok: true },
    ]);
    const slow = traced((q) => idr_find(idr, 5, q));
    expect([slow.r, slow.visits, idr.hint === leaf1]).toEqual([model.get(5), 2, true]);
    expect(slow.events.filter((e) => e.kind === 'idr_layer_visit').map((e) => e.kind === 'idr_layer_visit' && [e.layer, e.level, e.offset])).toEqual([
      [top.id, 1, 0],
      [leaf0.id, 0, 5],
    ]);

    // removing 256 frees its leaf (and the hint with it) and the top: two call_rcu, one layer left
    const rm = traced((q) => idr_remove(idr, 256, q));
    model.delete(256);
    expect(rm.r).toBe(0);
    expect(rm.events.filter((e) => e.kind === 'idr_layer_release')).toEqual([
      { kind: 'idr_layer_release', layer: leaf1.id, to: 'rcu' },
      { kind: 'idr_layer_release', layer: top.id, to: 'rcu' },
    ]);
    expect([idr.layers, idr.top === leaf0, idr.hint]).toEqual([1, true, null]);
    check_idr256(idr, model, true);

    // without a hint every find walks the (one-layer) tree; the next allocation takes the lowest free id and sets it again
    expect(traced((q) => idr_find(idr, 7, q)).visits).toBe(1);
    expect(idr_remove(idr, 5)).toBe(0);
    expect(idr_alloc(idr, obj(5), 0, 0)).toBe(5);
    expect(idr.hint).toBe(leaf0);
  });

  it('grows an empty tree by raising its one layer, and stacks new tops over a used one', () => {
    const raised = idr_init<Obj>();
    expect(idr_alloc(raised, obj(0), 70000, 0)).toBe(70000);
    // the first layer became the layer-2 top (prefix still 0); its two children were created on the way down
    const top = raised.top!;
    expect([raised.layers, top.id, top.layer, top.prefix]).toEqual([3, 0, 2, 0]);
    const mid = child(top, 1);
    const leaf = child(mid, 0x11);
    expect([mid.layer, mid.prefix, leaf.layer, leaf.prefix]).toEqual([1, 65536, 0, 70000 & ~255]);

    const { idr: stacked, model } = filled(1);
    const o = obj(70000);
    expect(idr_alloc(stacked, o, 70000, 0)).toBe(70000);
    model.set(70000, o);
    // new->prefix = id & idr_layer_prefix_mask(layer) with the starting id: the layer over 0..65535 says 65536 (only a leaf's prefix is read)
    expect([stacked.layers, stacked.top!.layer, stacked.top!.prefix, child(stacked.top!, 0).prefix]).toEqual([3, 2, 0, 65536]);
    check_idr256(stacked, model, true);
  });

  it('a search that runs off the end of the top grows the tree (2.6.25 restarted it with the high bits ignored)', () => {
    const { idr, model } = filled(1);
    for (const id of [65535, 65536]) {
      const o = obj(id);
      expect(idr_alloc(idr, o, 65535, 0)).toBe(id);
      model.set(id, o);
    }
    // the second walk ended in the full slot 255 of the leaf under top slot 255: 65536 > idr_max(2), grow
    expect(idr.layers).toBe(3);
    check_idr256(idr, model, true);
  });

  it('four layers hold every int id; INT_MAX is the last', () => {
    const idr = idr_init<Obj>();
    const o = obj(1);
    expect(idr_alloc(idr, obj(0), 1 << 24, 0)).toBe(1 << 24);
    expect(idr.layers).toBe(4);
    expect(idr_alloc(idr, o, INT_MAX, 0)).toBe(INT_MAX);
    expect(idr_find(idr, INT_MAX)).toBe(o);
    expect(idr_alloc(idr, obj(2), INT_MAX, 0)).toBe(-ENOSPC);
    expect(idr.layers).toBe(4);
  });

  it('drops at most one top layer per idr_remove', () => {
    const { idr } = filled(1);
    const a = idr_find(idr, 0);
    idr_alloc(idr, obj(1), 70000, 0);
    expect(idr.layers).toBe(3);
    expect(idr_remove(idr, 70000)).toBe(0);
    expect(idr.layers).toBe(2);
    check_idr256(idr, new Map([[0, a]]), true);
    expect(idr_alloc(idr, obj(2), 0, 0)).toBe(1);
    expect(idr_remove(idr, 1)).toBe(0);
    expect(idr.layers).toBe(1);
    expect(idr_find(idr, 0)).toBe(a);
  });
});

describe('the 3.9 bounds', () => {
  it('idr_alloc: -EINVAL for a negative start, -ENOSPC for an empty range or a free id past it (its layers stay)', () => {
    const { idr } = filled(256);
    expect(idr_alloc(idr, obj(0), -1, 0)).toBe(-EINVAL);
    expect(idr_alloc(idr, obj(0), 10, 10)).toBe(-ENOSPC);
    const p = newProbe();
    expect(idr_alloc(idr, obj(0), 0, 256, p)).toBe(-ENOSPC);
    // the walk grew the tree and built the leaf for 256 before the id was compared with end - 1
    expect([idr.layers, idr.top!.count, child(idr.top!, 1).count, p.costs.idr_layer_slab_allocs]).toEqual([2, 2, 0, 2]);
    const again = newProbe();
    expect(idr_alloc(idr, obj(256), 0, 0, again)).toBe(256);
    expect(again.costs.idr_layer_slab_allocs).toBe(0);
  });

  it('negative ids and ids beyond the tree: find misses, remove warns only beyond, replace says -EINVAL or -ENOENT', () => {
    const { idr } = filled(3);
    expect([idr_find(idr, -1), idr_find(idr, 256), idr_find(idr, 3)]).toEqual([null, null, null]);
    const warnings = (id: number) => traced((q) => idr_remove(idr, id, q)).events.filter((e) => e.kind === 'idr_layer_warning').length;
    expect([warnings(-1), warnings(256), warnings(100)]).toEqual([0, 1, 1]);
    expect([idr_remove(idr, -1), idr_remove(idr, 256)]).toEqual([-ENOENT, -ENOENT]);
    expect(idr_replace(idr, obj(9), -1)).toBe(-EINVAL);
    expect(idr_replace(idr, obj(9), 256)).toBe(-ENOENT);
    expect(idr_replace(idr, obj(9), 3)).toBe(-ENOENT);
    const b = obj(22);
    const old = idr_find(idr, 2);
    expect(idr_replace(idr, b, 2)).toBe(old);
    expect(idr_find(idr, 2)).toBe(b);
  });

  it("an unallocated id removes nothing; an id of a full leaf clears its bit and the parent's", () => {
    const { idr, model } = filled(257);
    expect(test_bit(idr.top!, 0)).toBe(true);
    expect(idr_remove(idr, 300)).toBe(-ENOENT);
    check_idr256(idr, model, true);
    expect(idr_remove(idr, 100)).toBe(0);
    model.delete(100);
    expect([test_bit(idr.top!, 0), test_bit(child(idr.top!, 0), 100)]).toEqual([false, false]);
    check_idr256(idr, model, true);
  });
});

describe('idr_get_next on the 3.9 tree', () => {
  const next = (idr: Idr256<Obj>, from: number) => {
    const c = { id: from };
    const e = idr_get_next(idr, c);
    return e === null ? null : [c.id, e.n];
  };

  it('finds the first entry at or above the cursor across leaves and layers', () => {
    const idr = idr_init<Obj>();
    for (const id of [0, 3, 300, 70000]) idr_alloc(idr, obj(id), id, 0);
    expect([next(idr, 0), next(idr, 1), next(idr, 4), next(idr, 301), next(idr, 70000), next(idr, 70001), next(idr, -1)]).toEqual([
      [0, 0],
      [3, 3],
      [300, 300],
      [70000, 70000],
      [70000, 70000],
      null,
      null,
    ]);
    const c = { id: 70001 };
    idr_get_next(idr, c);
    expect(c.id).toBe(70001);
  });

  it('a miss below 256 climbs one level, a miss above walks down from the top again', () => {
    const idr = idr_init<Obj>();
    for (const id of [100, 300]) idr_alloc(idr, obj(id), id, 0);
    // from 1: top and leaf 0 for id 1, then one leaf visit for each of 2..100
    expect(traced((q) => idr_get_next(idr, { id: 1 }, q)).visits).toBe(2 + 99);
    // from 257: top and leaf 1 for each of 257..300 (fls(id) > 8 sends the walk back to the top)
    expect(traced((q) => idr_get_next(idr, { id: 257 }, q)).visits).toBe(2 * 44);
  });
});
