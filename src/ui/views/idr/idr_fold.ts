/**
 * The IDR view at an inner position: the model before the operation with
 * its first `sub` events applied (a fold over the trace), and what to
 * light: the node and slot of the event at `sub`, and the nodes the
 * current IDR call has visited so far. At sub = 0 the model before, at
 * sub = events.length the model after (both from the engine).
 *
 * Nodes the events create are added as empty strips under their parent (a
 * new idr_layer top takes the old one in its slot 0, as the kernel stacks
 * it); nodes named by events but missing from `before` (collapsed there)
 * are taken from `after`. On the 3.9 idr_layer tree the hint follows the
 * leaf an allocation stores into and is cleared when that leaf is released.
 */
import { idr_capacity, type IdrModel, type IdrStrip } from '../../../engine/view/idr';
import type { IdrOp, TraceEvent } from '../../../engine/trace';
import type { ViewFrame } from '../types';

export interface IdrLit {
  /** the node of the current event, and its slot (-1: the node as a whole) */
  node: number | null;
  slot: number;
  /** nodes the current IDR call has visited, in order */
  visited: number[];
  /** the current event, for the caption */
  event: TraceEvent | null;
}

export interface IdrAt {
  model: IdrModel;
  lit: IdrLit;
}

const SLOT_CHAR = { empty: '.', null: 'n', entry: 'e' } as const;

function setChar(s: string, i: number, c: string): string {
  return i < 0 || i >= s.length ? s : s.slice(0, i) + c + s.slice(i + 1);
}

function eventNode(ev: TraceEvent): number | null {
  if (ev.kind.startsWith('idr_layer_')) return 'layer' in ev ? ev.layer : null;
  if (ev.kind.startsWith('idr_') && 'node' in ev && typeof ev.node === 'number') return ev.node;
  return null;
}

function eventSlot(ev: TraceEvent): number {
  return 'offset' in ev && typeof ev.offset === 'number' && ev.kind.startsWith('idr') ? ev.offset : -1;
}

/** Applies one event of an IDR call `op` (null: not known yet) to the strips (a copy is made by the caller). */
function apply(m: IdrModel, strips: Map<number, IdrStrip>, after: Map<number, IdrStrip>, ev: TraceEvent, op: IdrOp | null): void {
  const node = eventNode(ev);
  if (node !== null && !strips.has(node) && after.has(node) && ev.kind !== 'idr_node_new' && ev.kind !== 'idr_layer_new') {
    strips.set(node, { ...after.get(node)! });
  }
  const s = node === null ? undefined : strips.get(node);
  switch (ev.kind) {
    case 'idr_store':
    case 'idr_layer_store': {
      const now = SLOT_CHAR[ev.entry];
      const was = s ? s.slots[ev.offset] : undefined;
      if (s) s.slots = setChar(s.slots, ev.offset, now);
      m.entries += (now === 'e' ? 1 : 0) - (was === 'e' ? 1 : 0);
      m.reserved += (now === 'n' ? 1 : 0) - (was === 'n' ? 1 : 0);
      // idr_fill_slot points the hint at the leaf before it stores
      if (m.impl === 'layer256' && op === 'alloc' && now !== '.') m.hint = node;
      return;
    }
    case 'idr_tag':
      if (ev.node === null) m.root_free = ev.free;
      else if (s) s.marks = setChar(s.marks, ev.offset, ev.free ? '1' : '0');
      return;
    case 'idr_layer_bit':
      if (s) s.marks = setChar(s.marks, ev.offset, ev.full ? '1' : '0');
      return;
    case 'idr_node_new':
    case 'idr_layer_new': {
      const level = 'shift' in ev ? ev.shift / 6 : ev.level;
      const parent = ev.parent === null ? undefined : strips.get(ev.parent);
      // an empty top raised to a higher level (idr_get_empty_slot) only shows when a child arrives
      if (parent && parent.level !== level + 1) {
        parent.level = level + 1;
        parent.unit = m.fanout ** parent.level;
      }
      const first = parent ? parent.first + ev.offset * parent.unit : 0;
      const id = 'node' in ev ? ev.node : ev.layer;
      const fresh: IdrStrip = {
        id,
        level,
        first,
        unit: m.fanout ** level,
        parent: ev.parent,
        offset: ev.offset,
        count: 0,
        slots: '.'.repeat(m.fanout),
        marks: '0'.repeat(m.fanout),
        entries: 0,
        reserved: 0,
        nodes: 1,
        hidden: 0,
        hidden_entries: 0,
        on_path: true,
      };
      strips.set(id, fresh);
      if (parent) parent.slots = setChar(parent.slots, ev.offset, 'c');
      if (ev.kind === 'idr_layer_new') {
        m.free_list = m.free_list.filter((l) => l !== id);
        if (ev.parent === null && level > 0) stack_over(strips, fresh);
      }
      m.node_count++;
      // the first node of an empty tree is its head at once; a new head above an old one waits for idr_grow
      if (m.height === 0 && ev.parent === null) {
        m.height = level + 1;
        m.capacity = idr_capacity(m.fanout, m.height);
      }
      return;
    }
    case 'idr_node_free':
    case 'idr_layer_release': {
      if (s) {
        const parent = s.parent === null ? undefined : strips.get(s.parent);
        if (parent && parent.slots[s.offset] === 'c') parent.slots = setChar(parent.slots, s.offset, '.');
        strips.delete(node!);
        m.node_count--;
      }
      if (ev.kind === 'idr_layer_release' && ev.to === 'free_list') m.free_list = [ev.layer, ...m.free_list];
      if (m.hint === node) m.hint = null;
      return;
    }
    case 'idr_grow': {
      // radix_tree_extend: the new head takes the old one in slot 0
      m.height++;
      m.capacity = idr_capacity(m.fanout, m.height);
      if (!s) return;
      for (const old of strips.values()) {
        if (old.id === s.id || old.parent !== null || old.level !== s.level - 1) continue;
        old.parent = s.id;
        old.offset = 0;
        s.slots = setChar(s.slots, 0, 'c');
        s.marks = (old.marks.includes('1') ? '1' : '0') + '1'.repeat(63);
      }
      return;
    }
    case 'idr_shrink':
      m.height = Math.max(0, m.height - 1);
      return;
    case 'idr_layer_grow':
    case 'idr_layer_drop':
      m.height = ev.layers;
      m.capacity = idr_capacity(m.fanout, m.height);
      return;
    case 'idr_layer_prealloc':
      m.free_list = [ev.layer, ...m.free_list];
      m.id_free_cnt = ev.free_cnt;
      return;
    case 'idr_layer_trim':
      m.free_list = m.free_list.filter((l) => l !== ev.layer);
      m.id_free_cnt = ev.free_cnt;
      return;
    default:
      return;
  }
}

/** A new idr_layer top takes the old top (a root strip one level down) in its slot 0; its bit 0 says whether that one is full. */
function stack_over(strips: Map<number, IdrStrip>, top: IdrStrip): void {
  for (const old of strips.values()) {
    if (old.id === top.id || old.parent !== null || old.level !== top.level - 1) continue;
    old.parent = top.id;
    old.offset = 0;
    top.slots = setChar(top.slots, 0, 'c');
    top.marks = setChar(top.marks, 0, old.marks.includes('0') ? '0' : '1');
  }
}

/** The model and the lit path of `frame` at inner position `sub`. */
export function idr_at(frame: ViewFrame<IdrModel>, sub: number): IdrAt {
  const n = frame.events.length;
  const none: IdrLit = { node: null, slot: -1, visited: [], event: null };
  if (frame.before === null || sub >= n) return { model: frame.after, lit: none };
  const before = frame.before;
  if (sub <= 0) return { model: before, lit: none };
  const m: IdrModel = { ...before, free_list: [...before.free_list] };
  const strips = new Map(before.strips.map((s) => [s.id, { ...s }] as const));
  const after = new Map(frame.after.strips.map((s) => [s.id, s] as const));
  let visited: number[] = [];
  let op: IdrOp | null = null;
  for (let i = 0; i < sub; i++) {
    const ev = frame.events[i]!;
    if (ev.kind === 'idr_visit' || ev.kind === 'idr_layer_visit') op = ev.op;
    apply(m, strips, after, ev, op);
    if (ev.kind === 'idr_result' || ev.kind === 'idr_layer_result') {
      visited = [];
      op = null;
    } else if (ev.kind === 'idr_visit' || ev.kind === 'idr_layer_visit') visited.push(eventNode(ev)!);
  }
  const ev = frame.events[sub - 1]!;
  const order = (a: IdrStrip, b: IdrStrip) => b.level - a.level || a.first - b.first;
  m.strips = [...strips.values()].sort(order);
  return { model: m, lit: { node: eventNode(ev), slot: eventSlot(ev), visited, event: ev } };
}
