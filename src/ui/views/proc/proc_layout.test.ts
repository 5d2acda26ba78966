import { describe, expect, test } from 'vitest';
import { extract_proc } from '../../../engine/view/proc';
import { tracedOps } from '../../../engine/view/trace_ops.test-helper';
import { COLLAPSE_ABOVE, layout_list, layout_tree } from './proc_layout';

function lastModel(text: string, config = {}) {
  const ops = tracedOps(text, config, 1);
  const op = ops[ops.length - 1]!;
  return { model: extract_proc(op.after, op.events, {}), events: op.events };
}

describe('layout_tree', () => {
  test('a small tree places every node, children below parents and in-order from left to right', () => {
    const { model } = lastModel('repeat 10 { ip link add type ifb }');
    const l = layout_tree(model.nodes, model.root);
    expect(l.nodes).toHaveLength(11);
    expect(l.stubs).toEqual([]);
    expect(l.labels).toBe(true);
    const at = new Map(l.nodes.map((n) => [n.id, n]));
    const xs = model.nodes.map((n) => at.get(n.id)!.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const n of l.nodes) if (n.parent !== null) expect(n.y).toBeGreaterThan(at.get(n.parent)!.y);
    expect(l.nodes.filter((n) => n.parent === null).map((n) => n.id)).toEqual([model.root]);
  });

  test('a tree of 1000 entries is collapsed to its top levels and the focused path, the rest counted in stubs', () => {
    const { model } = lastModel('repeat 999 { ip link add type ifb }');
    expect(model.nodes.length).toBeGreaterThan(COLLAPSE_ABOVE);
    const plain = layout_tree(model.nodes, model.root);
    // depth 0..4 of a tree this full: 31 nodes
    expect(plain.nodes).toHaveLength(31);
    const drawn = plain.nodes.length + plain.stubs.reduce((s, x) => s + x.hidden, 0);
    expect(drawn).toBe(1000);
    const deepest = model.nodes.find((n) => n.name === 'ifb998')!;
    const focused = layout_tree(model.nodes, model.root, new Set([deepest.id]));
    expect(focused.nodes.some((n) => n.id === deepest.id)).toBe(true);
    expect(focused.nodes.length + focused.stubs.reduce((s, x) => s + x.hidden, 0)).toBe(1000);
  });
});

describe('layout_list', () => {
  test('a list keeps its order, each entry linked to the one before', () => {
    const { model } = lastModel('repeat 3 { ip link add type ifb }', { proc_dir: 'list' });
    const l = layout_list(model.nodes, 8);
    expect(l.list).toBe(true);
    expect(l.nodes.map((n) => n.name)).toEqual(['ifb2', 'ifb1', 'ifb0', 'lo']);
    expect(l.nodes.map((n) => n.parent)).toEqual([null, ...model.nodes.slice(0, 3).map((n) => n.id)]);
  });
});
