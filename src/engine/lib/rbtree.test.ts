import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newProbe, type Probe } from '../probe';
import type { TraceEvent } from '../trace';
import { RB_BLACK, RB_EMPTY_NODE, RB_RED, RB_ROOT, rb_erase, rb_first, rb_insert_color, rb_last, rb_link_node, rb_next, rb_node_init, rb_prev, type RbNode, type RbRoot } from './rbtree';

type Tree = RbRoot<number>;

/** The caller's descent, as every kernel user of rbtree writes it. Returns false for a duplicate. */
function insert(root: Tree, key: number, p: Probe): RbNode<number> | null {
  let parent: RbNode<number> | null = null;
  let link = root.rb_node;
  let dir: 'left' | 'right' = 'left';
  while (link !== null) {
    parent = link;
    p.costs.rb_compares++;
    if (key < link.entry) {
      dir = 'left';
      link = link.rb_left;
    } else if (key > link.entry) {
      dir = 'right';
      link = link.rb_right;
    } else return null;
  }
  const node = rb_node_init(key, key);
  rb_link_node(root, node, parent, dir, p, String(key));
  rb_insert_color(node, root, p);
  return node;
}

function find(root: Tree, key: number): RbNode<number> | null {
  let n = root.rb_node;
  while (n !== null && n.entry !== key) n = key < n.entry ? n.rb_left : n.rb_right;
  return n;
}

/** `2(r1, r3)`-style picture: capital-free, red nodes prefixed with r, · for NULL. */
function shape(n: RbNode<number> | null): string {
  if (n === null) return '·';
  const me = (n.rb_color === RB_RED ? 'r' : '') + n.entry;
  if (n.rb_left === null && n.rb_right === null) return me;
  return `${me}(${shape(n.rb_left)}, ${shape(n.rb_right)})`;
}

/** Checks every red-black property and the parent links; returns the black height. */
function check(root: Tree): void {
  const r = root.rb_node;
  if (r === null) return;
  expect(r.rb_parent).toBeNull();
  expect(r.rb_color).toBe(RB_BLACK);
  const walk = (n: RbNode<number> | null, lo: number, hi: number): number => {
    if (n === null) return 1;
    expect(n.entry).toBeGreaterThan(lo);
    expect(n.entry).toBeLessThan(hi);
    if (n.rb_left) expect(n.rb_left.rb_parent).toBe(n);
    if (n.rb_right) expect(n.rb_right.rb_parent).toBe(n);
    if (n.rb_color === RB_RED) {
      expect(n.rb_left?.rb_color ?? RB_BLACK).toBe(RB_BLACK);
      expect(n.rb_right?.rb_color ?? RB_BLACK).toBe(RB_BLACK);
    }
    const bl = walk(n.rb_left, lo, n.entry);
    const br = walk(n.rb_right, n.entry, hi);
    expect(bl).toBe(br);
    return bl + (n.rb_color === RB_BLACK ? 1 : 0);
  };
  walk(r, -Infinity, Infinity);
}

function inorder(root: Tree, p?: Probe): number[] {
  const out: number[] = [];
  for (let n = rb_first(root); n !== null; n = rb_next(n, p)) out.push(n.entry);
  return out;
}

describe('rb_insert_color', () => {
  it('reproduces the worked example of kernel-notes 8.5 step by step', () => {
    const root: Tree = RB_ROOT();
    const p = newProbe();
    const steps = ['1', '1(·, r2)', '2(r1, r3)', '2(1, 3(·, r4))', '2(1, 4(r3, r5))'];
    for (let k = 1; k <= 5; k++) {
      insert(root, k, p);
      expect(shape(root.rb_node)).toBe(steps[k - 1]);
    }
    expect(inorder(root)).toEqual([1, 2, 3, 4, 5]);
    // insert 3 and insert 5 each rotate once (case 3); insert 4 only recolours
    expect(p.costs.rb_rotations).toBe(2);
    expect(p.costs.rb_inserts).toBe(5);
  });

  it('traces the insert cases with the kernel numbering', () => {
    const root: Tree = RB_ROOT();
    for (const k of [1, 2, 3, 4]) insert(root, k, newProbe());
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    insert(root, 5, p);
    expect(events).toEqual([
      { kind: 'rb_link', node: 5, key: '5', parent: 4, dir: 'right' },
      { kind: 'rb_case', op: 'insert', case: 3 },
      { kind: 'rb_recolour', node: 4, colour: 'black' },
      { kind: 'rb_recolour', node: 3, colour: 'red' },
      { kind: 'rb_rotate', dir: 'left', pivot: 3 },
    ]);
  });

  it('handles the inner-child case 2 with a double rotation', () => {
    const root: Tree = RB_ROOT();
    const p = newProbe();
    for (const k of [3, 1, 2]) insert(root, k, p);
    expect(shape(root.rb_node)).toBe('2(r1, r3)');
    expect(p.costs.rb_rotations).toBe(2);
  });
});

describe('rb_erase', () => {
  it('erasing 1 from the worked example is case 4 at 2, as kernel-notes 8.5 says', () => {
    const root: Tree = RB_ROOT();
    for (let k = 1; k <= 5; k++) insert(root, k, newProbe());
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    rb_erase(find(root, 1)!, root, p, '1');
    // 2(·, r3) under a black 4 with a black 5
    expect(shape(root.rb_node)).toBe('4(2(·, r3), 5)');
    expect(events.filter((e) => e.kind === 'rb_case')).toEqual([{ kind: 'rb_case', op: 'erase', case: 4 }]);
    expect(p.costs.rb_rotations).toBe(1);
    check(root);
  });

  it('erasing a node with two children moves its successor up', () => {
    const root: Tree = RB_ROOT();
    for (let k = 1; k <= 7; k++) insert(root, k, newProbe());
    // 6 is case 1 (recolour up to 4), 7 is case 3 at 5
    expect(shape(root.rb_node)).toBe('2(1, r4(3, 6(r5, r7)))');
    // successor 5 is the leftmost below 6; it was red, so no rebalance
    const p = newProbe();
    rb_erase(find(root, 4)!, root, p);
    expect(shape(root.rb_node)).toBe('2(1, r5(3, 6(·, r7)))');
    expect(p.costs.rb_rotations).toBe(0);
    check(root);
  });

  it('empties a tree', () => {
    const root: Tree = RB_ROOT();
    for (let k = 1; k <= 3; k++) insert(root, k, newProbe());
    for (let k = 1; k <= 3; k++) rb_erase(find(root, k)!, root);
    expect(root.rb_node).toBeNull();
    expect(rb_first(root)).toBeNull();
    expect(rb_last(root)).toBeNull();
  });
});

describe('iteration', () => {
  it('rb_prev walks backwards from rb_last and counts one step per call', () => {
    const root: Tree = RB_ROOT();
    for (const k of [5, 3, 8, 1, 4, 9]) insert(root, k, newProbe());
    const p = newProbe();
    const back: number[] = [];
    for (let n = rb_last(root); n !== null; n = rb_prev(n, p)) back.push(n.entry);
    expect(back).toEqual([9, 8, 5, 4, 3, 1]);
    expect(p.costs.rb_next_steps).toBe(6);
  });

  it('rb_next of a cleared node is null', () => {
    const n = rb_node_init(1, 1);
    expect(RB_EMPTY_NODE(n)).toBe(true);
    expect(rb_next(n)).toBeNull();
    expect(rb_prev(n)).toBeNull();
  });
});

describe('red-black properties under random operations', () => {
  const op = fc.record({ insert: fc.boolean(), key: fc.integer({ min: 0, max: 200 }) });

  it('hold after every insert and erase; in-order is sorted; rotations are bounded', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        const root: Tree = RB_ROOT();
        const model = new Set<number>();
        for (const o of ops) {
          const p = newProbe();
          if (o.insert) {
            const n = insert(root, o.key, p);
            expect(n === null).toBe(model.has(o.key));
            model.add(o.key);
            expect(p.costs.rb_rotations).toBeLessThanOrEqual(2);
          } else {
            const n = find(root, o.key);
            expect(n !== null).toBe(model.has(o.key));
            if (n) rb_erase(n, root, p);
            model.delete(o.key);
            expect(p.costs.rb_rotations).toBeLessThanOrEqual(3);
          }
          check(root);
          expect(inorder(root)).toEqual([...model].sort((a, b) => a - b));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a full in-order walk costs exactly one rb_next step per node', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 500 }), (keys) => {
        const root: Tree = RB_ROOT();
        for (const k of keys) insert(root, k, newProbe());
        const p = newProbe();
        expect(inorder(root, p).length).toBe(keys.length);
        expect(p.costs.rb_next_steps).toBe(keys.length);
      }),
    );
  });

  it('keeps the height within 2·log2(n+1) for ascending inserts', () => {
    const root: Tree = RB_ROOT();
    const n = 4096;
    for (let k = 0; k < n; k++) insert(root, k, newProbe());
    const height = (x: RbNode<number> | null): number => (x ? 1 + Math.max(height(x.rb_left), height(x.rb_right)) : 0);
    expect(height(root.rb_node)).toBeLessThanOrEqual(2 * Math.log2(n + 1));
    check(root);
  });

  it('survives structuredClone (plain data with parent cycles)', () => {
    const root: Tree = RB_ROOT();
    for (let k = 0; k < 50; k++) insert(root, k, newProbe());
    const copy = structuredClone(root);
    check(copy);
    expect(inorder(copy)).toEqual(inorder(root));
  });
});
