/**
 * The /proc directory view between two frames: the tree before the
 * operation with the first `sub` of its rb-tree events applied, as lib/rbtree.c
 * applied them (rb_link, each rotation, each recolouring, an erase's
 * unlink), so "step into" shows the tree case by case. A pure fold over the
 * trace: replaying every event of an operation gives the tree after it.
 */
import { claim_moved_nodes, dir_events, event_node, type ProcModel, type ProcViewNode } from '../../../engine/view/proc';
import type { TraceEvent } from '../../../engine/trace';
import type { ViewFrame } from '../types';

interface RNode {
  id: number;
  name: string;
  red: boolean;
  left: number | null;
  right: number | null;
  parent: number | null;
  hide_left: number;
  hide_right: number;
}

interface RTree {
  root: number | null;
  nodes: Map<number, RNode>;
}

function tree_of(m: ProcModel): RTree {
  const nodes = new Map<number, RNode>();
  for (const n of m.nodes) nodes.set(n.id, { ...n, parent: null });
  for (const n of nodes.values()) {
    if (n.left !== null) nodes.get(n.left)!.parent = n.id;
    if (n.right !== null) nodes.get(n.right)!.parent = n.id;
  }
  return { root: m.root, nodes };
}

function change_child(t: RTree, old: number, neu: number | null, parent: number | null): void {
  if (parent === null) t.root = neu;
  else {
    const p = t.nodes.get(parent)!;
    if (p.left === old) p.left = neu;
    else p.right = neu;
  }
  if (neu !== null) t.nodes.get(neu)!.parent = parent;
}

/** rotate left at x: x's right child y takes x's place, x becomes y's left child (mirrored for 'right'). */
function rotate(t: RTree, x: RNode, dir: 'left' | 'right'): void {
  const yid = dir === 'left' ? x.right : x.left;
  if (yid === null) return;
  const y = t.nodes.get(yid)!;
  const inner = dir === 'left' ? y.left : y.right;
  const hiddenInner = dir === 'left' ? y.hide_left : y.hide_right;
  change_child(t, x.id, y.id, x.parent);
  if (dir === 'left') {
    x.right = inner;
    x.hide_right = hiddenInner;
    y.left = x.id;
    y.hide_left = 0;
  } else {
    x.left = inner;
    x.hide_left = hiddenInner;
    y.right = x.id;
    y.hide_right = 0;
  }
  x.parent = y.id;
  if (inner !== null) t.nodes.get(inner)!.parent = x.id;
}

/** The unlink of rb_erase (__rb_erase_augmented): a child or the in-order successor takes the node's place. */
function erase(t: RTree, n: RNode): void {
  if (n.left === null || n.right === null) {
    change_child(t, n.id, n.left ?? n.right, n.parent);
  } else {
    let s = t.nodes.get(n.right)!;
    if (s.left !== null) {
      while (s.left !== null) s = t.nodes.get(s.left)!;
      const sp = t.nodes.get(s.parent!)!;
      sp.left = s.right;
      if (s.right !== null) t.nodes.get(s.right)!.parent = sp.id;
      s.right = n.right;
      t.nodes.get(n.right)!.parent = s.id;
    }
    s.left = n.left;
    t.nodes.get(n.left)!.parent = s.id;
    change_child(t, n.id, s.id, n.parent);
  }
  t.nodes.delete(n.id);
}

function apply(t: RTree, e: TraceEvent): void {
  switch (e.kind) {
    case 'rb_link': {
      t.nodes.set(e.node, { id: e.node, name: e.key, red: true, left: null, right: null, parent: e.parent, hide_left: 0, hide_right: 0 });
      if (e.parent === null) t.root = e.node;
      else {
        const p = t.nodes.get(e.parent);
        if (p === undefined) return;
        if (e.dir === 'left') p.left = e.node;
        else p.right = e.node;
      }
      return;
    }
    case 'rb_recolour': {
      const n = t.nodes.get(e.node);
      if (n !== undefined) n.red = e.colour === 'red';
      return;
    }
    case 'rb_rotate': {
      const n = t.nodes.get(e.pivot);
      if (n !== undefined) rotate(t, n, e.dir);
      return;
    }
    case 'rb_erase': {
      const n = t.nodes.get(e.node);
      if (n !== undefined) erase(t, n);
      return;
    }
    default:
      return;
  }
}

function nodes_in_order(t: RTree): ProcViewNode[] {
  const out: ProcViewNode[] = [];
  const stack: RNode[] = [];
  let x = t.root === null ? null : t.nodes.get(t.root)!;
  while (x !== null || stack.length > 0) {
    while (x !== null) {
      stack.push(x);
      x = x.left === null ? null : t.nodes.get(x.left)!;
    }
    const n = stack.pop()!;
    out.push({ id: n.id, name: n.name, red: n.red, left: n.left, right: n.right, hide_left: n.hide_left, hide_right: n.hide_right });
    x = n.right === null ? null : t.nodes.get(n.right)!;
  }
  return out;
}

/** The tree `m` after `events` (those of its directory, see dir_events), as a model with the same header. */
export function replay_proc(m: ProcModel, events: readonly TraceEvent[]): ProcModel {
  const t = tree_of(m);
  for (const e of events) apply(t, e);
  const nodes = nodes_in_order(t);
  return { ...m, root: t.root, nodes, entries: m.entries + nodes.length - m.nodes.length };
}

/** The rb-tree and list events of the frame's directory (with the nodes the operation linked or erased). */
export function frame_dir_events(frame: ViewFrame<ProcModel>): TraceEvent[] {
  const ids = new Set<number>();
  for (const n of frame.after.nodes) ids.add(n.id);
  const before = same_dir_before(frame);
  if (before !== null) for (const n of before.nodes) ids.add(n.id);
  claim_moved_nodes(frame.events, frame.after.dir.slice(frame.after.dir.lastIndexOf('/') + 1), ids);
  return dir_events(frame.events, ids);
}

/** The model before, when it shows the same directory the same way as the model after. */
export function same_dir_before(frame: ViewFrame<ProcModel>): ProcModel | null {
  const b = frame.before;
  return b !== null && b.dir === frame.after.dir && b.impl === frame.after.impl ? b : null;
}

/**
 * The structure to draw after `sub` events: `before` at 0, `after` at the
 * end, a replay between (an rb-tree shown whole); a list, or a cut tree,
 * switches from before to after at the event that registers or removes
 * the entry.
 */
export function proc_model_at(frame: ViewFrame<ProcModel>, sub: number, mine: readonly TraceEvent[] = frame_dir_events(frame)): ProcModel {
  const before = same_dir_before(frame);
  const n = frame.events.length;
  if (before === null || sub >= n) return frame.after;
  if (sub <= 0) return before;
  const done = frame.events.slice(0, sub);
  if (before.impl === 'rbtree' && !before.cut && !frame.after.cut && frame.dropped === 0) {
    const set = new Set(done);
    return replay_proc(
      before,
      mine.filter((e) => set.has(e)),
    );
  }
  const name = before.dir.slice(before.dir.lastIndexOf('/') + 1);
  const changed = new Set<TraceEvent>(mine.filter((e) => e.kind === 'rb_link' || e.kind === 'rb_erase'));
  const switched = done.some((e) => ((e.kind === 'proc_register' || e.kind === 'proc_remove') && e.dir === name) || changed.has(e));
  return switched ? frame.after : before;
}

/** What is lit after `sub` events: the node of the last event of this directory and the nodes compared or walked so far. */
export function proc_lit(
  frame: ViewFrame<ProcModel>,
  sub: number,
  mine: readonly TraceEvent[] = frame_dir_events(frame),
): { current: number | null; path: number[]; touched: number[]; event: TraceEvent | null } {
  if (sub <= 0 || sub > frame.events.length) return { current: null, path: [], touched: [], event: null };
  const done = new Set(frame.events.slice(0, sub));
  const path: number[] = [];
  const touched: number[] = [];
  let last: TraceEvent | null = null;
  for (const e of mine) {
    if (!done.has(e)) break;
    last = e;
    if (e.kind === 'rb_compare' || e.kind === 'list_step') path.push(e.node);
    const n = event_node(e);
    if (n !== null) touched.push(n);
  }
  const cur = frame.events[sub - 1]!;
  const current = last === cur ? event_node(cur) : null;
  return { current, path, touched, event: last === cur ? cur : null };
}
