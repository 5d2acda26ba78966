import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import type { TraceEvent } from '../trace';
import { EINVAL, ENOENT, ENOSPC } from '../uapi/errno';
import { INT_MAX, idr_alloc, idr_alloc_cyclic, idr_find, idr_get_next, idr_init, idr_remove, idr_replace, type Idr } from './idr';
import { check_idr, type IdrModel } from './idr-invariants.test-helper';
import type { RadixTreeNode } from './radix-tree';
import { radix_tree_snapshot, type RadixTreeNodeSnapshot } from './radix-tree-snapshot';

interface Obj {
  n: number;
}
const obj = (n: number): Obj => ({ n });

function height<T extends object>(idr: Idr<T>): number {
  return radix_tree_snapshot(idr.idr_rt).height;
}

/** A snapshot node with its ids zeroed; the ids met, depth first, go to `ids`. */
function without_ids(n: RadixTreeNodeSnapshot, ids: number[]): unknown {
  ids.push(n.id);
  return { ...n, id: 0, parent: null, slots: n.slots.map((s) => ({ ...s, child: s.child === null ? null : without_ids(s.child, ids) })) };
}

function node_at<T>(node: RadixTreeNode<T>, offset: number): RadixTreeNode<T> {
  return node.slots[offset] as RadixTreeNode<T>;
}

describe('the worked example of kernel-notes 6.1', () => {
  it('builds, grows, shrinks and refills the tree node by node', () => {
    const idr = idr_init<Obj>();
    const rt = idr.idr_rt;
    const model: IdrModel<Obj> = new Map();
    // 1. empty IDR: no node, root free
    expect(rt.xa_head).toBeNull();
    expect(rt.root_free).toBe(true);

    // 2. ids 0..63 fill one leaf
    for (let i = 0; i < 64; i++) {
      const o = obj(i);
      expect(idr_alloc(idr, o, 0, 0)).toBe(i);
      model.set(i, o);
      if (i === 0) {
        const l0 = rt.xa_head!;
        expect([l0.id, l0.shift, l0.count, l0.free_lo, l0.free_hi]).toEqual([0, 0, 1, -2, -1]);
        expect(rt.root_free).toBe(true);
      }
    }
    const l0 = rt.xa_head!;
    expect([l0.id, l0.shift, l0.count, l0.free_lo, l0.free_hi]).toEqual([0, 0, 64, 0, 0]);
    expect(rt.root_free).toBe(false);
    check_idr(idr, model);

    // 3. id 64 grows the tree: new head R (shift 6), slot 0 = L0, new leaf L1 in slot 1
    const o64 = obj(64);
    expect(idr_alloc(idr, o64, 0, 0)).toBe(64);
    model.set(64, o64);
    const r = rt.xa_head!;
    expect([r.id, r.shift, r.count, r.offset, r.parent]).toEqual([1, 6, 2, 0, null]);
    expect(r.free_lo).toBe(-2); // every bit but 0: L0 is full
    expect(r.free_hi).toBe(-1);
    expect(node_at(r, 0)).toBe(l0);
    expect(l0.parent).toBe(r);
    const l1 = node_at(r, 1);
    expect([l1.id, l1.shift, l1.offset, l1.count, l1.free_lo]).toEqual([2, 0, 1, 1, -2]);
    expect(rt.root_free).toBe(true);
    expect(height(idr)).toBe(2);
    check_idr(idr, model);

    // 4. idr_find(70): R slot 1, then L1 slot 6 (empty)
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    expect(idr_find(idr, 70, p)).toBeNull();
    expect(events).toEqual([
      { kind: 'idr_visit', node: 1, shift: 6, offset: 1, op: 'find' },
      { kind: 'idr_visit', node: 2, shift: 0, offset: 6, op: 'find' },
      { kind: 'idr_result', op: 'find', index: 70, ok: false },
    ]);
    expect([p.costs.idr_find, p.costs.idr_node_visits]).toEqual([1, 2]);

    // 5. removing 64 frees L1, then R shrinks away: L0 is the head again
    expect(idr_remove(idr, 64)).toBe(o64);
    model.delete(64);
    expect(rt.xa_head).toBe(l0);
    expect(l0.parent).toBeNull();
    expect(rt.root_free).toBe(false);
    expect(height(idr)).toBe(1);
    check_idr(idr, model);

    // 6. removing 5 frees a slot; the next lowest-free allocation takes it
    expect(idr_remove(idr, 5)).toBe(model.get(5));
    model.delete(5);
    expect(rt.root_free).toBe(true);
    expect(l0.free_lo).toBe(1 << 5);
    const o5 = obj(500);
    expect(idr_alloc(idr, o5, 0, 0)).toBe(5);
    model.set(5, o5);
    expect(rt.root_free).toBe(false);
    check_idr(idr, model);
  });

  it('reports the grow, the new nodes and the shrink in the trace', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 64; i++) idr_alloc(idr, obj(i), 0, 0);
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    idr_alloc(idr, obj(64), 0, 0, p);
    expect(events.filter((e) => e.kind !== 'idr_visit' && e.kind !== 'idr_tag')).toEqual([
      { kind: 'idr_node_new', node: 1, shift: 6, parent: null, offset: 0 },
      { kind: 'idr_grow', node: 1, shift: 6 },
      { kind: 'idr_node_new', node: 2, shift: 0, parent: 1, offset: 1 },
      { kind: 'idr_store', node: 2, offset: 0, index: 64, entry: 'entry' },
      { kind: 'idr_result', op: 'alloc', index: 64, ok: true },
    ]);
    expect([p.costs.idr_alloc, p.costs.idr_nodes_allocated]).toEqual([1, 2]);
    events.length = 0;
    idr_remove(idr, 64, p);
    expect(events.filter((e) => e.kind !== 'idr_visit' && e.kind !== 'idr_tag')).toEqual([
      { kind: 'idr_store', node: 2, offset: 0, index: 64, entry: 'empty' },
      { kind: 'idr_node_free', node: 2 },
      { kind: 'idr_shrink', node: 1, shift: 6 },
      { kind: 'idr_node_free', node: 1 },
      { kind: 'idr_result', op: 'remove', index: 64, ok: true },
    ]);
    expect([p.costs.idr_remove, p.costs.idr_nodes_freed]).toEqual([1, 2]);
  });
});

describe('boundary ids', () => {
  const cases: Array<[number, number]> = [
    [0, 1],
    [63, 1],
    [64, 2],
    [4095, 2],
    [4096, 3],
    [32767, 3],
    [32768, 3],
    [262143, 3],
    [262144, 4],
    [16777215, 4],
    [16777216, 5],
    [INT_MAX, 6],
  ];
  for (const [id, levels] of cases) {
    it(`id ${id} alone needs ${levels} level(s) and leaves nothing behind when removed`, () => {
      const idr = idr_init<Obj>();
      const p = newProbe();
      const o = obj(id);
      expect(idr_alloc(idr, o, id, id === INT_MAX ? 0 : id + 1, p)).toBe(id);
      expect(height(idr)).toBe(levels);
      expect(p.costs.idr_nodes_allocated).toBe(levels);
      expect(idr_find(idr, id)).toBe(o);
      if (id > 0) expect(idr_find(idr, id - 1)).toBeNull();
      if (id < INT_MAX) expect(idr_find(idr, id + 1)).toBeNull();
      const cursor = { id: 0 };
      expect(idr_get_next(idr, cursor)).toBe(o);
      expect(cursor.id).toBe(id);
      check_idr(idr, new Map([[id, o]]));
      expect(idr_remove(idr, id, p)).toBe(o);
      expect(idr.idr_rt.xa_head).toBeNull();
      expect(idr.idr_rt.root_free).toBe(true);
      expect(p.costs.idr_nodes_freed).toBe(levels);
    });
  }

  it('nodes freed by one tree and allocated again (here or in another tree) start empty, with the next id of their tree', () => {
    // the msg_next_id loop: three levels built at 9216 and freed, again and again
    const idr = idr_init<Obj>();
    const p = newProbe();
    for (let round = 0; round < 3; round++) {
      const o = obj(round);
      expect(idr_alloc(idr, o, 9216, 0, p)).toBe(9216);
      expect(radix_tree_snapshot(idr.idr_rt).head!.id).toBe(3 * round);
      check_idr(idr, new Map([[9216, o]]));
      expect(idr_remove(idr, 9216, p)).toBe(o);
    }
    // a shrunk head is freed still pointing at its child; another tree gets it back clean
    const other = idr_init<Obj>();
    const a = obj(0);
    const b = obj(262144);
    idr_alloc(other, a, 0, 0);
    idr_alloc(other, b, 262144, 0);
    idr_remove(other, 262144);
    const fresh = idr_init<Obj>();
    const c = obj(5);
    const d = obj(100000);
    for (const t of [idr, fresh]) {
      expect(idr_alloc(t, c, 5, 0)).toBe(5);
      expect(idr_alloc(t, d, 100000, 0)).toBe(100000);
    }
    // the two trees alike but for the node ids
    const ids: number[] = [];
    const fresh_ids: number[] = [];
    expect(without_ids(radix_tree_snapshot(idr.idr_rt).head!, ids)).toEqual(without_ids(radix_tree_snapshot(fresh.idr_rt).head!, fresh_ids));
    // the same allocation order, offset by the 9 nodes this tree made before
    expect(ids).toEqual(fresh_ids.map((i) => i + 9));
    check_idr(
      idr,
      new Map([
        [5, c],
        [100000, d],
      ]),
    );
  });

  it('idr_replace untraced (one descent) returns, changes and counts what the traced two walks do', () => {
    const sets = [[], [0], [5], [0, 1, 2], [9216], [0, 4095, 4096], [70, 262144], Array.from({ length: 64 }, (_, i) => i), Array.from({ length: 4096 }, (_, i) => i)];
    const queries = [-1, 0, 1, 2, 5, 63, 64, 70, 4095, 4096, 9216, 9217, 262144, 262145, INT_MAX];
    for (const ids of sets) {
      for (const reserve of [false, true]) {
        for (const q of queries) {
          const runs = [newProbe(), newProbe(() => {})].map((p) => {
            const idr = idr_init<Obj>();
            for (const i of ids) idr_alloc(idr, reserve && i % 2 === 1 ? null : obj(i), i, i + 1);
            const before = p.costs.idr_node_visits;
            const got = idr_replace(idr, obj(-1), q, p);
            return { got: typeof got === 'number' ? got : got === null ? null : got.n, visits: p.costs.idr_node_visits - before, tree: radix_tree_snapshot(idr.idr_rt) };
          });
          expect([ids.length, reserve, q, runs[0]]).toEqual([ids.length, reserve, q, runs[1]]);
        }
      }
    }
  });

  it('a tree holding 0 and 262144 shrinks back to one leaf when 262144 goes', () => {
    const idr = idr_init<Obj>();
    const a = obj(0);
    const b = obj(262144);
    idr_alloc(idr, a, 0, 0);
    expect(idr_alloc(idr, b, 262144, 0)).toBe(262144);
    expect(height(idr)).toBe(4);
    check_idr(
      idr,
      new Map([
        [0, a],
        [262144, b],
      ]),
    );
    idr_remove(idr, 262144);
    expect(height(idr)).toBe(1);
    check_idr(idr, new Map([[0, a]]));
  });

  it('the lowest free id skips full subtrees: 0..4095 full gives 4096 with a third level', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 4096; i++) expect(idr_alloc(idr, obj(i), 0, 0)).toBe(i);
    expect(height(idr)).toBe(2);
    expect(idr.idr_rt.root_free).toBe(false);
    expect(idr_alloc(idr, obj(4096), 0, 0)).toBe(4096);
    expect(height(idr)).toBe(3);
    idr_remove(idr, 1000);
    expect(idr_alloc(idr, obj(1), 0, 0)).toBe(1000);
    expect(idr_alloc(idr, obj(2), 0, 0)).toBe(4097);
  });

  it('a full range is -ENOSPC and a negative start is -EINVAL', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 64; i++) idr_alloc(idr, obj(i), 0, 64);
    expect(idr_alloc(idr, obj(64), 0, 64)).toBe(-ENOSPC);
    expect(idr_alloc(idr, obj(64), 10, 20)).toBe(-ENOSPC);
    expect(idr_alloc(idr, obj(64), -1, 0)).toBe(-EINVAL);
    expect(idr_alloc(idr, obj(64), 0, 65)).toBe(64);
    expect(idr_alloc(idr, obj(0), INT_MAX, 0)).toBe(INT_MAX);
    expect(idr_alloc(idr, obj(0), INT_MAX, 0)).toBe(-ENOSPC);
  });
});

describe('idr_alloc_cyclic', () => {
  it('wraps to start once the cursor passes end, then reports -ENOSPC when full', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 64; i++) expect(idr_alloc_cyclic(idr, null, 0, 64)).toBe(i);
    expect(idr.idr_next).toBe(64);
    idr_remove(idr, 10);
    idr_remove(idr, 5);
    expect(idr_alloc_cyclic(idr, null, 0, 64)).toBe(5);
    expect(idr.idr_next).toBe(6);
    expect(idr_alloc_cyclic(idr, null, 0, 64)).toBe(10);
    expect(idr_alloc_cyclic(idr, null, 0, 64)).toBe(-ENOSPC);
    expect(idr.idr_next).toBe(11);
  });

  it('continues above the last id even when lower ids are free', () => {
    const idr = idr_init<Obj>();
    expect(idr_alloc_cyclic(idr, obj(0), 0, 0)).toBe(0);
    expect(idr_alloc_cyclic(idr, obj(1), 0, 0)).toBe(1);
    idr_remove(idr, 0);
    expect(idr_alloc_cyclic(idr, obj(2), 0, 0)).toBe(2);
    expect(idr_alloc_cyclic(idr, obj(3), 5, 0)).toBe(5);
    expect(idr.idr_next).toBe(6);
  });

  it('a cursor past INT_MAX restarts at start', () => {
    const idr = idr_init<Obj>();
    idr.idr_next = INT_MAX;
    expect(idr_alloc_cyclic(idr, obj(0), 0, 0)).toBe(INT_MAX);
    expect(idr.idr_next).toBe(2147483648);
    expect(idr_alloc_cyclic(idr, obj(1), 0, 0)).toBe(0);
    expect(idr.idr_next).toBe(1);
  });
});

describe('reserved NULL slots (the ipc pattern)', () => {
  it('a reserved id is allocated but invisible until idr_replace publishes it', () => {
    const idr = idr_init<Obj>();
    const a = obj(1);
    const b = obj(2);
    expect(idr_alloc_cyclic(idr, null, 0, 64)).toBe(0);
    expect(idr_alloc_cyclic(idr, a, 0, 64)).toBe(1);
    expect(idr_alloc_cyclic(idr, null, 0, 64)).toBe(2);
    check_idr(
      idr,
      new Map<number, Obj | null>([
        [0, null],
        [1, a],
        [2, null],
      ]),
    );
    expect(idr_find(idr, 0)).toBeNull();
    expect(idr_alloc(idr, b, 0, 64)).toBe(3);
    const cursor = { id: 0 };
    expect(idr_get_next(idr, cursor)).toBe(a);
    expect(cursor.id).toBe(1);
    cursor.id = 2;
    expect(idr_get_next(idr, cursor)).toBe(b);
    expect(cursor.id).toBe(3);
    expect(idr_replace(idr, b, 0)).toBeNull();
    expect(idr_find(idr, 0)).toBe(b);
    expect(idr_replace(idr, a, 9)).toBe(-ENOENT);
    expect(idr_replace(idr, a, 70)).toBe(-ENOENT);
    expect(idr_replace(idr, a, 1)).toBe(a);
    expect(idr_replace(idr, null, 1)).toBe(a);
    expect(idr_find(idr, 1)).toBeNull();
    expect(idr.idr_rt.xa_head!.count).toBe(4);
    expect(idr_remove(idr, 2)).toBeNull();
    expect(idr_remove(idr, 2)).toBeNull();
    expect(idr.idr_rt.xa_head!.count).toBe(3);
    expect(idr_alloc(idr, a, 0, 0)).toBe(2);
  });

  it('idr_get_next restarts from the head after a leaf of reserved NULLs and counts the scans', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 64; i++) idr_alloc(idr, null, 0, 0);
    const o = obj(64);
    idr_alloc(idr, o, 0, 0);
    const p = newProbe();
    const cursor = { id: 3 };
    expect(idr_get_next(idr, cursor, p)).toBe(o);
    expect(cursor.id).toBe(64);
    // head, L0 (slot 3 and 60 more scanned), head again, L1
    expect(p.costs.idr_node_visits).toBe(4);
    expect(p.costs.idr_slot_scans).toBe(60);
    expect(idr_get_next(idr, { id: 65 })).toBeNull();
    expect(idr_get_next(idr, { id: -1 })).toBeNull();
  });
});

describe('idr_find and idr_remove outside the tree', () => {
  it('negative and too large ids find nothing and remove nothing', () => {
    const idr = idr_init<Obj>();
    expect(idr_find(idr, 0)).toBeNull();
    expect(idr_remove(idr, 0)).toBeNull();
    const o = obj(3);
    idr_alloc(idr, o, 3, 0);
    expect(idr_find(idr, -1)).toBeNull();
    expect(idr_find(idr, 64)).toBeNull();
    expect(idr_find(idr, INT_MAX)).toBeNull();
    expect(idr_remove(idr, -61)).toBeNull();
    expect(idr_remove(idr, 67)).toBeNull();
    expect(idr_remove(idr, 4)).toBeNull();
    check_idr(idr, new Map([[3, o]]));
  });
});

describe('checkpoints', () => {
  it('a structuredClone of the IDR is an independent IDR that evolves identically', () => {
    const idr = idr_init<Obj>();
    for (let i = 0; i < 200; i++) idr_alloc_cyclic(idr, obj(i), 0, 150);
    for (let i = 0; i < 200; i += 3) idr_remove(idr, i);
    const copy = structuredClone(idr);
    const ops = (x: Idr<Obj>): number[] => {
      const out: number[] = [];
      for (let i = 0; i < 300; i++) {
        out.push(idr_alloc_cyclic(x, obj(i), 0, 150));
        if (i % 2 === 0) idr_remove(x, (i * 37) % 150);
      }
      return out;
    };
    const a = ops(idr);
    expect(ops(copy)).toEqual(a);
    expect(radix_tree_snapshot(copy.idr_rt)).toEqual(radix_tree_snapshot(idr.idr_rt));
    expect(radix_tree_snapshot(idr.idr_rt).node_count).toBe(4);
  });
});

describe('radix_tree_snapshot', () => {
  it('shows children, entries, reserved NULLs and empty slots with their free bits', () => {
    const idr = idr_init<Obj>();
    idr_alloc(idr, obj(0), 0, 0);
    idr_alloc(idr, null, 0, 0);
    idr_alloc(idr, obj(64), 64, 0);
    const snap = radix_tree_snapshot(idr.idr_rt);
    expect([snap.height, snap.node_count, snap.root_free]).toEqual([2, 3, true]);
    const head = snap.head!;
    expect([head.id, head.shift, head.count, head.parent, head.free_bits]).toEqual([1, 6, 2, null, 'ffffffffffffffff']);
    expect(head.slots[0]!.state).toBe('child');
    expect(head.slots[2]).toEqual({ state: 'empty', index: 128, free: true, child: null });
    const l0 = head.slots[0]!.child!;
    expect([l0.id, l0.count, l0.parent, l0.first_index, l0.free_bits]).toEqual([0, 2, 1, 0, 'fffffffffffffffc']);
    expect(l0.slots.slice(0, 3).map((s) => s.state)).toEqual(['entry', 'null', 'empty']);
    const l1 = head.slots[1]!.child!;
    expect([l1.id, l1.first_index, l1.slots[0]!.index, l1.slots[0]!.state, l1.slots[1]!.index]).toEqual([2, 64, 64, 'entry', 65]);
    expect(radix_tree_snapshot(idr_init().idr_rt)).toEqual({ root_free: true, height: 0, node_count: 0, head: null });
  });
});
