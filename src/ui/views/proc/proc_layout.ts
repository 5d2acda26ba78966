/**
 * Where the /proc directory view draws each entry: an rb-tree laid out by
 * d3-hierarchy's tidy tree (a missing child keeps its side as an invisible
 * slot, a cut subtree is a stub with its size), a list as rows of boxes in
 * list order. Pure functions of the model; sizes shrink as the tree grows so
 * that a thousand nodes fit and animate.
 */
import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { ProcViewNode } from '../../../engine/view/proc';

export interface PlacedNode {
  id: number;
  name: string;
  red: boolean;
  x: number;
  y: number;
  /** parent's id (null for the root or a list's head) */
  parent: number | null;
}

/** A cut subtree (its entries are not in the model). */
export interface PlacedStub {
  key: string;
  parent: number;
  x: number;
  y: number;
  hidden: number;
}

export interface ProcLayout {
  nodes: PlacedNode[];
  stubs: PlacedStub[];
  /** list: the links between consecutive entries are implied by order */
  list: boolean;
  width: number;
  height: number;
  /** node radius (tree) or half box height (list) */
  r: number;
  labels: boolean;
}

type Slot = { node: ProcViewNode | null; hidden: number; key: string; children: Slot[] };

/** node size by tree size: readable labels up to 63 nodes, dots beyond */
export function proc_scale(n: number): { dx: number; dy: number; r: number; labels: boolean } {
  if (n <= 15) return { dx: 56, dy: 56, r: 16, labels: true };
  if (n <= 63) return { dx: 40, dy: 48, r: 12, labels: true };
  if (n <= 255) return { dx: 14, dy: 36, r: 5, labels: false };
  return { dx: 6, dy: 28, r: 2.5, labels: false };
}

const PAD = 24;

/** A tree of more nodes than this is drawn collapsed (see layout_tree). */
export const COLLAPSE_ABOVE = 127;
/** Depth (root = 0) a collapsed tree keeps whole. */
export const COLLAPSED_DEPTH = 4;

/** Entries in each subtree (the model's cut counts included). */
function subtree_sizes(byId: ReadonlyMap<number, ProcViewNode>, root: number): Map<number, number> {
  const size = new Map<number, number>();
  const order: ProcViewNode[] = [];
  const stack = [byId.get(root)!];
  while (stack.length > 0) {
    const n = stack.pop()!;
    order.push(n);
    if (n.left !== null) stack.push(byId.get(n.left)!);
    if (n.right !== null) stack.push(byId.get(n.right)!);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    const l = n.left === null ? n.hide_left : size.get(n.left)!;
    const r = n.right === null ? n.hide_right : size.get(n.right)!;
    size.set(n.id, 1 + l + r);
  }
  return size;
}

/**
 * The tidy-tree layout of an rb-tree model (in-order nodes, children by
 * id). A tree of more than COLLAPSE_ABOVE nodes is collapsed: the top
 * COLLAPSED_DEPTH levels, the nodes in `focus` (the operation's path) with
 * their ancestors and children, every other subtree a stub with its size.
 */
export function layout_tree(nodes: readonly ProcViewNode[], root: number | null, focus: ReadonlySet<number> = new Set()): ProcLayout {
  if (root === null || nodes.length === 0) {
    const s = proc_scale(0);
    return { nodes: [], stubs: [], list: false, width: 2 * PAD, height: 2 * PAD, r: s.r, labels: s.labels };
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const collapse = nodes.length > COLLAPSE_ABOVE;
  const visible = new Set<number>();
  const size = collapse ? subtree_sizes(byId, root) : null;
  if (collapse) {
    const parent = new Map<number, number>();
    for (const n of nodes) {
      if (n.left !== null) parent.set(n.left, n.id);
      if (n.right !== null) parent.set(n.right, n.id);
    }
    const walk = (id: number, depth: number) => {
      if (depth > COLLAPSED_DEPTH) return;
      visible.add(id);
      const n = byId.get(id)!;
      if (n.left !== null) walk(n.left, depth + 1);
      if (n.right !== null) walk(n.right, depth + 1);
    };
    walk(root, 0);
    for (const id of focus) {
      const n = byId.get(id);
      if (n === undefined) continue;
      for (const c of [n.left, n.right]) if (c !== null) visible.add(c);
      for (let a: number | undefined = id; a !== undefined && !visible.has(a); a = parent.get(a)) visible.add(a);
      visible.add(id);
    }
  }
  const s = proc_scale(collapse ? visible.size : nodes.length);
  const slot = (id: number | null, hidden: number, key: string): Slot => {
    const node = id === null ? null : (byId.get(id) ?? null);
    if (node === null) return { node: null, hidden, key, children: [] };
    if (collapse && !visible.has(node.id)) return { node: null, hidden: size!.get(node.id)!, key, children: [] };
    const kids = node.left !== null || node.right !== null || node.hide_left > 0 || node.hide_right > 0;
    return {
      node,
      hidden: 0,
      key,
      children: kids ? [slot(node.left, node.hide_left, `${node.id}L`), slot(node.right, node.hide_right, `${node.id}R`)] : [],
    };
  };
  const h = hierarchy<Slot>(slot(root, 0, 'root'), (d) => d.children);
  // empty slots and stubs take half a node's width
  const narrow = (d: HierarchyPointNode<Slot>) => d.data.node === null;
  const laid = tree<Slot>()
    .nodeSize([s.dx, s.dy])
    .separation((a, b) => (narrow(a) || narrow(b) ? 0.6 : a.parent === b.parent ? 1 : 1.25))(h);
  let minX = Infinity;
  let maxX = -Infinity;
  let maxY = 0;
  laid.each((d) => {
    if (d.data.node === null && d.data.hidden === 0) return;
    minX = Math.min(minX, d.x);
    maxX = Math.max(maxX, d.x);
    maxY = Math.max(maxY, d.y);
  });
  const ox = PAD + s.r - minX;
  const oy = PAD + s.r;
  const placed: PlacedNode[] = [];
  const stubs: PlacedStub[] = [];
  laid.each((d: HierarchyPointNode<Slot>) => {
    const parent = d.parent?.data.node?.id ?? null;
    if (d.data.node !== null) placed.push({ id: d.data.node.id, name: d.data.node.name, red: d.data.node.red, x: d.x + ox, y: d.y + oy, parent });
    else if (d.data.hidden > 0 && parent !== null) stubs.push({ key: d.data.key, parent, x: d.x + ox, y: d.y + oy, hidden: d.data.hidden });
  });
  return { nodes: placed, stubs, list: false, width: maxX - minX + 2 * (PAD + s.r), height: maxY + 2 * (PAD + s.r) + 12, r: s.r, labels: s.labels };
}

/** A list drawn as rows of `perRow` boxes, head first. */
export function layout_list(nodes: readonly ProcViewNode[], perRow = 8): ProcLayout {
  const s = proc_scale(nodes.length);
  const w = s.labels ? 72 : 3 * s.r + 4;
  const h = s.labels ? 40 : 3 * s.r + 4;
  const placed = nodes.map((n, i) => ({
    id: n.id,
    name: n.name,
    red: false,
    x: PAD + (i % perRow) * w + w / 2,
    y: PAD + Math.floor(i / perRow) * h + h / 2,
    parent: i === 0 ? null : nodes[i - 1]!.id,
  }));
  const rows = Math.max(1, Math.ceil(nodes.length / perRow));
  return { nodes: placed, stubs: [], list: true, width: 2 * PAD + Math.min(perRow, Math.max(1, nodes.length)) * w, height: 2 * PAD + rows * h, r: s.labels ? 14 : s.r, labels: s.labels };
}
