import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newProbe } from '../probe';
import type { TraceEvent } from '../trace';
import { EAGAIN, EINVAL, ENOENT, ENOSPC } from '../uapi/errno';
import { IDR_FREE_MAX, IDR_SIZE, idr_find, idr_init, idr_pre_get, idr_remove, idr_replace, layer_full, test_bit, type IdrLayer, type OldIdr } from './idr-layer';
import { idr_get_new, idr_get_new_above } from './idr-layer-get-new';
import { idr_layer_snapshot } from './idr-layer-snapshot';

interface Obj {
  n: number;
}
const obj = (n: number): Obj => ({ n });

/** the 2.6.25 calling convention: idr_pre_get before every allocation */
function get_new_above<T extends object>(idp: OldIdr<T>, ptr: T | null, start: number): number {
  idr_pre_get(idp);
  return idr_get_new_above(idp, ptr, start);
}

function fail(msg: string): never {
  throw new Error(`old IDR invariant broken: ${msg}`);
}

/** Checks a layer subtree; returns whether it is completely full. */
function check_layer<T>(l: IdrLayer<T>, level: number, first: number, seen: Map<number, T | null>, exact: boolean): boolean {
  let count = 0;
  let full = true;
  for (let off = 0; off < IDR_SIZE; off++) {
    const v = l.ary[off];
    const bit = test_bit(l, off);
    const index = first + off * 2 ** (6 * level);
    if (level === 0) {
      if (bit) {
        count++;
        seen.set(index, v as T | null);
      } else {
        full = false;
        if (v !== null) fail(`leaf ${l.id} slot ${off} holds a pointer but its bit is clear`);
      }
    } else if (v === null) {
      full = false;
      if (bit) fail(`layer ${l.id} slot ${off} marked full without a child`);
    } else {
      count++;
      const child_full = check_layer(v as IdrLayer<T>, level - 1, index, seen, exact);
      if (bit && !child_full) fail(`layer ${l.id} slot ${off} marked full, subtree is not`);
      if (exact && child_full && !bit) fail(`layer ${l.id} slot ${off} subtree full, bit clear`);
      if (!child_full) full = false;
    }
  }
  if (count !== l.count) fail(`layer ${l.id} count ${l.count}, ${count} slots in use`);
  if (full !== layer_full(l)) fail(`layer ${l.id} full ${full} but bitmap says ${layer_full(l)}`);
  return full;
}

/** Structure, free list and contents against the model (id -> pointer, null = used with null). */
function check_old_idr<T extends object>(idp: OldIdr<T>, model: Map<number, T | null>, exact: boolean): void {
  if ((idp.top === null) !== (idp.layers === 0)) fail(`top ${idp.top === null ? 'null' : 'set'} with ${idp.layers} layers`);
  const seen = new Map<number, T | null>();
  if (idp.top !== null) check_layer(idp.top, idp.layers - 1, 0, seen, exact);
  if (seen.size !== model.size) fail(`tree holds ${seen.size} ids, model ${model.size}`);
  for (const [id, e] of model) {
    if (!seen.has(id) || seen.get(id) !== e) fail(`id ${id} wrong in the tree`);
    if (idr_find(idp, id) !== e) fail(`idr_find(${id}) disagrees`);
  }
  let n = 0;
  for (let l = idp.id_free; l !== null; l = l.ary[0] as IdrLayer<T> | null) {
    n++;
    if (l.count !== 0 || l.bitmap_lo !== 0 || l.bitmap_hi !== 0) fail(`free layer ${l.id} is not zeroed`);
    if (l.ary.some((v, i) => i > 0 && v !== null)) fail(`free layer ${l.id} has children`);
  }
  if (n !== idp.id_free_cnt) fail(`free list holds ${n}, id_free_cnt ${idp.id_free_cnt}`);
}

describe('the worked example of kernel-notes 6.2 (2.6.25)', () => {
  it('preallocates, fills a layer, grows, drops the top and reuses the lowest id', () => {
    const idr = idr_init<Obj>();
    const model = new Map<number, Obj | null>();
    // 1. idr_pre_get fills the free list to 12 layers
    expect(idr_pre_get(idr)).toBe(1);
    expect(idr_layer_snapshot(idr).free_list).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);

    // 2. 64 x idr_get_new: one full layer
    for (let i = 0; i < 64; i++) {
      const o = obj(i);
      expect(idr_get_new(idr, o)).toBe(i);
      model.set(i, o);
    }
    const t1 = idr.top!;
    expect([idr.layers, t1.id, t1.count, layer_full(t1), idr.id_free_cnt]).toEqual([1, 11, 64, true, 11]);

    // 3. the next id climbs above the full top, grows: T2 over the old top, a new leaf for 64
    const o64 = obj(64);
    expect(idr_get_new(idr, o64)).toBe(64);
    model.set(64, o64);
    const t2 = idr.top!;
    expect([idr.layers, t2.id, t2.count, t2.bitmap_lo, t2.bitmap_hi, idr.id_free_cnt]).toEqual([2, 10, 2, 1, 0, 9]);
    expect(t2.ary[0]).toBe(t1);
    expect((t2.ary[1] as IdrLayer<Obj>).id).toBe(9);
    check_old_idr(idr, model, true);

    // 4. idr_find(64): T2.ary[1], then ary[0]
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    expect(idr_find(idr, 64, p)).toBe(o64);
    expect(events).toEqual([
      { kind: 'idr_layer_visit', layer: 10, level: 1, offset: 1, op: 'find' },
      { kind: 'idr_layer_visit', layer: 9, level: 0, offset: 0, op: 'find' },
      { kind: 'idr_layer_result', op: 'find', index: 64, ok: true },
    ]);
    expect([p.costs.idr_find, p.costs.idr_layer_visits]).toEqual([1, 2]);

    // 5. removing 64 releases its leaf, then the top is dropped; both go back to the free list
    expect(idr_remove(idr, 64)).toBe(0);
    model.delete(64);
    expect([idr.layers, idr.top]).toEqual([1, t1]);
    expect(idr_layer_snapshot(idr).free_list.slice(0, 2)).toEqual([10, 9]);
    expect(idr.id_free_cnt).toBe(11);
    check_old_idr(idr, model, true);

    // 6. removing 5 clears its bit; the next allocation takes it again
    expect(idr_remove(idr, 5)).toBe(0);
    model.delete(5);
    expect(test_bit(t1, 5)).toBe(false);
    expect(idr_get_new(idr, obj(5))).toBe(5);
  });

  it('from 2.6.27 released layers wait for RCU instead of the free list', () => {
    const idr = idr_init<Obj>({ rcu_free: true });
    idr_pre_get(idr);
    for (let i = 0; i < 65; i++) idr_get_new(idr, obj(i));
    const p = newProbe();
    expect(idr_remove(idr, 64, p)).toBe(0);
    expect([idr.layers, idr.id_free_cnt, p.costs.idr_layer_rcu_frees]).toEqual([1, 9, 2]);
  });
});

describe('the 2.6.25 allocator', () => {
  it('returns -EAGAIN without preallocated layers and -ENOSPC for a negative start', () => {
    const idr = idr_init<Obj>();
    expect(idr_get_new(idr, obj(0))).toBe(-EAGAIN);
    expect(idr.top).toBeNull();
    idr_pre_get(idr);
    expect(idr_get_new_above(idr, obj(0), -1)).toBe(-ENOSPC);
  });

  it('stops growing at 5 layers: an id at or above 2^30 is handed out but lands in the slot of id & (2^30 - 1)', () => {
    const idr = idr_init<Obj>();
    const o = obj(0);
    expect(get_new_above(idr, o, 0x7fffffff)).toBe(0x7fffffff);
    expect(idr.layers).toBe(5);
    expect(idr_find(idr, 0x7fffffff)).toBeNull();
    expect(idr_find(idr, 0x3fffffff)).toBe(o);
  });

  it('a search from a starting id that runs past the top restarts with the high bits ignored (the pre-3.9 sub_alloc)', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 100; i++) get_new_above(idr, obj(i), 0);
    expect(get_new_above(idr, obj(4095), 4095)).toBe(4095);
    const o = obj(4096);
    // 4096..: top slot 0 is full, slot 1 holds 64..99, so the walk lands on 4160 + 36 = physical id 100
    expect(get_new_above(idr, o, 4095)).toBe(4196);
    expect(idr.layers).toBe(2);
    expect(idr_find(idr, 4196)).toBeNull();
    expect(idr_find(idr, 100)).toBe(o);
  });

  it('allocates the lowest free id at or above the start, across full leaves', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 4096; i++) expect(get_new_above(idr, obj(i), 0)).toBe(i);
    expect(idr.layers).toBe(2);
    expect(layer_full(idr.top!)).toBe(true);
    expect(get_new_above(idr, obj(0), 0)).toBe(4096);
    expect(idr.layers).toBe(3);
    expect(idr_remove(idr, 1000)).toBe(0);
    expect(idr_remove(idr, 3000)).toBe(0);
    expect(get_new_above(idr, obj(0), 1001)).toBe(3000);
    expect(get_new_above(idr, obj(0), 0)).toBe(1000);
    expect(get_new_above(idr, obj(0), 100000)).toBe(100000);
    expect(get_new_above(idr, obj(0), 262144)).toBe(262144);
    expect(idr.layers).toBe(4);
  });

  it('drops at most one top layer per idr_remove', () => {
    const idr = idr_init<Obj>();
    const a = obj(0);
    get_new_above(idr, a, 0);
    get_new_above(idr, obj(1), 4096);
    expect(idr.layers).toBe(3);
    expect(idr_remove(idr, 4096)).toBe(0);
    expect(idr.layers).toBe(2);
    check_old_idr(idr, new Map([[0, a]]), true);
    expect(get_new_above(idr, obj(2), 0)).toBe(1);
    expect(idr_remove(idr, 1)).toBe(0);
    expect(idr.layers).toBe(1);
    expect(idr_find(idr, 0)).toBe(a);
  });

  it('trims one layer per idr_remove in 2.6.25, all the excess from 2.6.27', () => {
    for (const rcu_free of [false, true]) {
      const idr = idr_init<Obj>({ rcu_free });
      for (let i = 0; i < 64 * 20; i += 64) get_new_above(idr, obj(i), i);
      idr_pre_get(idr);
      expect([idr.layers, idr.id_free_cnt]).toEqual([2, 12]);
      const cnt: number[] = [];
      for (let i = 64 * 19; i >= 0; i -= 64) {
        idr_remove(idr, i);
        cnt.push(idr.id_free_cnt);
      }
      if (!rcu_free) expect(cnt.slice(0, 4)).toEqual([12, 12, 12, 12]);
      else expect(cnt.slice(0, 4)).toEqual([11, 11, 11, 11]);
      expect(idr.top).toBeNull();
      expect(idr.layers).toBe(0);
    }
  });

  it('idr_remove of an id that is not allocated changes nothing but the path bits', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 64; i++) get_new_above(idr, obj(i), 0);
    get_new_above(idr, obj(64), 0);
    const events: TraceEvent[] = [];
    expect(
      idr_remove(
        idr,
        100,
        newProbe((e) => events.push(e)),
      ),
    ).toBe(-ENOENT);
    expect(events.filter((e) => e.kind === 'idr_layer_warning')).toEqual([{ kind: 'idr_layer_warning', id: 100 }]);
    expect(idr_remove(idr, 0)).toBe(0);
    expect(test_bit(idr.top!, 0)).toBe(false);
  });

  it('idr_replace swaps a used slot and refuses free or out-of-range ids', () => {
    const idr = idr_init<Obj>();
    const a = obj(1);
    const b = obj(2);
    expect(idr_replace(idr, a, 0)).toBe(-ENOENT);
    get_new_above(idr, null, 0);
    expect(idr_replace(idr, a, 0)).toBeNull();
    expect(idr_replace(idr, b, 0)).toBe(a);
    expect(idr_find(idr, 0)).toBe(b);
    expect(idr_replace(idr, a, 1)).toBe(-ENOENT);
    expect(idr_replace(idr, a, 64)).toBe(-EINVAL);
  });
});

describe('idr_layer_snapshot', () => {
  it('shows levels, bitmaps, used-null slots and the free list', () => {
    const idr = idr_init<Obj>();
    get_new_above(idr, obj(0), 0);
    get_new_above(idr, null, 0);
    get_new_above(idr, obj(70), 70);
    const s = idr_layer_snapshot(idr);
    expect([s.layers, s.id_free_cnt, s.rcu_free]).toEqual([2, 10, false]);
    const top = s.top!;
    expect([top.id, top.level, top.count, top.bitmap]).toEqual([12, 1, 2, '0000000000000000']);
    const leaf0 = top.slots[0]!.child!;
    expect([leaf0.id, leaf0.level, leaf0.count, leaf0.bitmap]).toEqual([11, 0, 2, '0000000000000003']);
    expect(leaf0.slots.slice(0, 3).map((x) => x.state)).toEqual(['entry', 'null', 'empty']);
    expect(top.slots[1]!.child!.slots[6]).toEqual({ state: 'entry', index: 70, full: true, child: null });
  });
});

describe('the old IDR against a Map model', () => {
  type Op = { op: 'get_new'; start: number; reserve: boolean; pre: boolean } | { op: 'remove'; pick: number; raw: number } | { op: 'replace'; pick: number; raw: number };
  const start = fc.oneof(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 4030, max: 4160 }), fc.constantFrom(0, 63, 64, 4095, 4096, 32767, 262143, 262144));
  const arb_op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ op: fc.constant('get_new' as const), start, reserve: fc.boolean(), pre: fc.boolean() }) },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('remove' as const), pick: fc.nat(), raw: start }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('replace' as const), pick: fc.nat(), raw: start }) },
  );

  it('random get_new_above / remove / replace sequences keep the structure and agree with the model', () => {
    fc.assert(
      fc.property(fc.array(arb_op, { minLength: 1, maxLength: 200 }), fc.boolean(), fc.constantFrom(0, 64, 100), (ops, rcu_free, bulk) => {
        const idr = idr_init<Obj>({ rcu_free });
        const model = new Map<number, Obj | null>();
        let exact = true;
        let serial = 0;
        for (let i = 0; i < bulk; i++) {
          const o = obj(serial++);
          get_new_above(idr, o, 0);
          model.set(i, o);
        }
        for (const o of ops) {
          const keys = [...model.keys()];
          const capacity = 2 ** (6 * idr.layers);
          const pick = (x: { pick: number; raw: number }): number =>
            keys.length > 0 && x.pick % 3 !== 0 ? (x.pick % 3 === 1 ? Math.max(...keys) : keys[x.pick % keys.length]!) : x.raw % Math.max(capacity, 1);
          if (o.op === 'get_new') {
            const entry = o.reserve ? null : obj(serial++);
            if (o.pre) idr_pre_get(idr);
            let want = o.start;
            while (model.has(want)) want++;
            const got = idr_get_new_above(idr, entry, o.start);
            const cap = 2 ** (6 * idr.layers);
            if (got === -EAGAIN) {
              if (o.pre) throw new Error('-EAGAIN right after idr_pre_get');
            } else if (got >= cap) {
              // the pre-3.9 restart past the top: the pointer lands in the slot of got & (cap - 1)
              const phys = got & (cap - 1);
              if (model.has(phys)) throw new Error(`aliased id ${got} hit a used slot ${phys}`);
              model.set(phys, entry);
            } else {
              if (got !== want) throw new Error(`idr_get_new_above(${o.start}) = ${got}, model ${want}`);
              model.set(got, entry);
            }
          } else if (o.op === 'remove') {
            const id = pick(o);
            const got = idr_remove(idr, id);
            if (got !== (model.has(id) ? 0 : -ENOENT)) throw new Error(`idr_remove(${id}) = ${got}`);
            if (got !== 0) exact = false;
            model.delete(id);
          } else {
            const id = pick(o);
            const entry = obj(serial++);
            const got = idr_replace(idr, entry, id);
            if (model.has(id)) {
              if (got !== model.get(id)) throw new Error(`idr_replace(${id}) returned the wrong pointer`);
              model.set(id, entry);
            } else if (got !== -ENOENT && got !== -EINVAL) {
              throw new Error(`idr_replace(${id}) of a free id returned ${JSON.stringify(got)}`);
            }
          }
          check_old_idr(idr, model, exact);
          if (!rcu_free && idr.id_free_cnt > IDR_FREE_MAX + 8) throw new Error(`free list grew to ${idr.id_free_cnt}`);
          if (rcu_free && idr.id_free_cnt > IDR_FREE_MAX) throw new Error(`free list holds ${idr.id_free_cnt}`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
