/**
 * The IDR view's model: the radix tree of lib/radix-tree.c (or the
 * idr_layer tree of 2.6.25's or 3.18's lib/idr.c) behind one `ipc_ids`, by
 * levels, each node as its strip of 64 slots (256 for the 3.9 idr_layer)
 * with the IDR_FREE marks (the layer bitmap on the old IDRs), and 3.9's
 * lookup hint.
 *
 * Simplified: a tree of 32768 objects has 521 nodes, more than a page can
 * draw every step, so the model keeps only a budget of strips per level:
 * the nodes the operation's events touch (and their ancestors) first, then
 * the lowest-indexed children of shown nodes. The rest are collapsed into
 * their parent's `hidden` count. `options.focus` zooms to the subtree of
 * one node (shown as the top, its ancestors as a breadcrumb). A density
 * histogram of the whole index range stands in for the hidden part.
 */
import type { Kernel } from '../kernel';
import type { IpcType, TraceEvent } from '../trace';
import { find_tree_node, ipc_ids_of, mark_chars, pick_ipc, slot_chars, walk_ipc_idr, type TreeNode } from './ipc_ids';
import type { Extractor, ViewOptions } from './types';

/** Strips drawn per level at most (the operation's path always among them). */
export const IDR_STRIPS_PER_LEVEL = 8;
/** Buckets of the density histogram (the minimap). */
export const IDR_DENSITY_BUCKETS = 64;

export interface IdrStrip {
  id: number;
  level: number;
  first: number;
  /** indices one slot covers: fanout^level */
  unit: number;
  parent: number | null;
  offset: number;
  count: number;
  /** one char a slot (`fanout` of them): '.' empty, 'n' reserved NULL, 'e' entry, 'c' child node */
  slots: string;
  /** one char '1'/'0' a slot: IDR_FREE (radix) or the bitmap's "used / full" bit (layer) */
  marks: string;
  entries: number;
  reserved: number;
  /** nodes in the subtree, this one included */
  nodes: number;
  /** children not in the model, and the entries under them */
  hidden: number;
  hidden_entries: number;
  /** the operation's events name this node */
  on_path: boolean;
}

export interface IdrModel {
  impl: 'radix' | 'layer' | 'layer256';
  /** slots a node has: 64, 256 for layer256 */
  fanout: number;
  ipc: IpcType;
  height: number;
  /** nodes in the whole tree */
  node_count: number;
  entries: number;
  reserved: number;
  root_free: boolean;
  /** indices the top can hold: fanout^height, at most 2^31 (0 when empty) */
  capacity: number;
  /** the strips, by level from the top, each level in index order */
  strips: IdrStrip[];
  /** the node zoomed to (null: the whole tree) and the path of ids above it, top first */
  focus: number | null;
  breadcrumb: { id: number; level: number; first: number }[];
  /** entries per bucket of [0, capacity), IDR_DENSITY_BUCKETS buckets */
  density: number[];
  /** layer only: ids of the layers on the free list and id_free_cnt */
  free_list: number[];
  id_free_cnt: number;
  /** layer256 only: the layer idr->hint names (the leaf of the last idr_alloc), null when none */
  hint: number | null;
}

/** Indices a tree of `height` levels of `fanout` slots holds, capped at the 2^31 ids an int has. */
export const idr_capacity = (fanout: number, height: number): number => (height === 0 ? 0 : Math.min(fanout ** height, 2 ** 31));

/** The node ids the events name (radix nodes or idr_layers), in order of first mention. */
export function idr_event_nodes(events: readonly TraceEvent[]): number[] {
  const seen = new Set<number>();
  for (const ev of events) {
    let id: number | null = null;
    if ('node' in ev && typeof ev.node === 'number' && ev.kind.startsWith('idr_')) id = ev.node;
    else if ('layer' in ev) id = ev.layer;
    if (id !== null) seen.add(id);
  }
  return [...seen];
}

function strip_of(n: TreeNode, fanout: number, shown: Set<number>, path: Set<number>): IdrStrip {
  let hidden = 0;
  let hidden_entries = 0;
  for (const c of n.children) {
    if (!shown.has(c.id)) {
      hidden++;
      hidden_entries += c.entries;
    }
  }
  return {
    id: n.id,
    level: n.level,
    first: n.first,
    unit: fanout ** n.level,
    parent: n.parent === null ? null : n.parent.id,
    offset: n.offset,
    count: n.count,
    slots: slot_chars(n),
    marks: mark_chars(n),
    entries: n.entries,
    reserved: n.reserved,
    nodes: n.nodes,
    hidden,
    hidden_entries,
    on_path: path.has(n.id),
  };
}

/** Chooses the strips: the path first, then low-index children, within the per-level budget. */
function choose(top: TreeNode, path: Set<number>): TreeNode[] {
  const out: TreeNode[] = [top];
  const shown = new Set<number>([top.id]);
  let level: TreeNode[] = [top];
  while (level.length > 0) {
    const next: TreeNode[] = [];
    // the path's children first, across the whole level
    for (const n of level) for (const c of n.children) if (path.has(c.id) && next.length < IDR_STRIPS_PER_LEVEL) next.push(c);
    // then the others round-robin over the parents, lowest index first, so that every parent shows some
    const rest = level.map((n) => n.children.filter((c) => !path.has(c.id)));
    for (let round = 0; next.length < IDR_STRIPS_PER_LEVEL; round++) {
      let any = false;
      for (const kids of rest) {
        if (round >= kids.length || next.length >= IDR_STRIPS_PER_LEVEL) continue;
        next.push(kids[round]!);
        any = true;
      }
      if (!any) break;
    }
    next.sort((a, b) => a.first - b.first);
    for (const c of next) shown.add(c.id);
    out.push(...next);
    level = next;
  }
  return out;
}

function density(top: TreeNode | null, fanout: number, capacity: number): number[] {
  const buckets = new Array<number>(IDR_DENSITY_BUCKETS).fill(0);
  if (top === null || capacity === 0) return buckets;
  const width = capacity / IDR_DENSITY_BUCKETS;
  const add = (n: TreeNode) => {
    const span = fanout ** (n.level + 1);
    // a node inside one bucket adds its count there; a wider one recurses (leaves add slot by slot)
    if (n.level > 0 && Math.floor(n.first / width) === Math.floor((n.first + span - 1) / width)) {
      buckets[Math.floor(n.first / width)]! += n.entries;
      return;
    }
    if (n.level === 0) {
      buckets[Math.min(IDR_DENSITY_BUCKETS - 1, Math.floor(n.first / width))]! += n.entries;
      return;
    }
    for (const c of n.children) add(c);
  };
  add(top);
  return buckets;
}

/** extract_idr: the IDR view's model of the ipc_ids `pick_ipc` chooses. */
export const extract_idr: Extractor<IdrModel> = (kernel: Kernel, events: readonly TraceEvent[], options: ViewOptions) => {
  const ipc = pick_ipc(kernel, events, options);
  const walk = walk_ipc_idr(ipc_ids_of(kernel, ipc));
  const capacity = walk.top === null ? 0 : idr_capacity(walk.fanout, walk.height);
  const focused = options.focus === undefined ? null : find_tree_node(walk.top, options.focus);
  const top = focused ?? walk.top;
  const byId = new Map<number, TreeNode>();
  const stack = top === null ? [] : [top];
  while (stack.length > 0) {
    const n = stack.pop()!;
    byId.set(n.id, n);
    for (const c of n.children) stack.push(c);
  }
  const path = new Set<number>();
  for (const id of idr_event_nodes(events)) {
    for (let n = byId.get(id) ?? null; n !== null && !path.has(n.id); n = n.parent) path.add(n.id);
  }
  const nodes = top === null ? [] : choose(top, path);
  const shown = new Set(nodes.map((n) => n.id));
  const breadcrumb: IdrModel['breadcrumb'] = [];
  for (let a = focused?.parent ?? null; a !== null; a = a.parent) breadcrumb.unshift({ id: a.id, level: a.level, first: a.first });
  return {
    impl: walk.impl,
    fanout: walk.fanout,
    ipc,
    height: walk.height,
    node_count: walk.top?.nodes ?? 0,
    entries: walk.top?.entries ?? 0,
    reserved: walk.top?.reserved ?? 0,
    root_free: walk.root_free,
    capacity,
    strips: nodes.map((n) => strip_of(n, walk.fanout, shown, path)),
    focus: focused === null ? null : focused.id,
    breadcrumb,
    density: density(walk.top, walk.fanout, capacity),
    free_list: walk.free_list,
    id_free_cnt: walk.id_free_cnt,
    hint: walk.hint,
  };
};
