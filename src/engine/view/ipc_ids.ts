/**
 * Which `ipc_ids` a view shows, and a read-only walk over its IDR (the
 * radix tree of lib/radix-tree.ts, or the idr_layer tree of
 * lib/idr-layer.ts or of lib/idr-layer256.ts) for the idr and maxidx
 * extractors. Not a kernel mechanism: it reads the kernel's structures
 * without a probe, so it counts no costs and emits no events.
 *
 * Glossary:
 *   tree node  a radix tree node or an idr_layer, named by its stable `id`
 *   fanout     slots a node has: 64, or 256 for the 3.9 idr_layer
 *   level      distance from the leaves (0 = leaf); a slot of a node at
 *              level L covers fanout^L indices
 *   slot char  '.' empty, 'n' reserved NULL (allocated, holds null),
 *              'e' entry, 'c' child node
 */
import type { Kernel } from '../kernel';
import type { IpcIds, KernIpcPerm } from '../ipc/namespace';
import { IPC_MSG_IDS, IPC_SEM_IDS, IPC_SHM_IDS } from '../ipc/namespace';
import { idr_is_layer, idr_is_layer256 } from '../ipc/ipc_idr';
import type { RadixTreeNode } from '../lib/radix-tree';
import { test_bit, type IdrLayer } from '../lib/idr-layer';
import { test_bit as test_bit256, type IdrLayer256 } from '../lib/idr-layer256';
import { tag_get } from '../lib/radix-tree-tags';
import type { IpcType, TraceEvent } from '../trace';
import type { ViewOptions } from './types';

const IDS_INDEX: Record<IpcType, number> = { sem: IPC_SEM_IDS, msg: IPC_MSG_IDS, shm: IPC_SHM_IDS };

/** The ipc type an event concerns, or null for events that do not say. */
export function eventIpc(ev: TraceEvent): IpcType | null {
  return 'ipc' in ev ? ev.ipc : null;
}

/**
 * The ipc type a view shows: the one chosen in `options`, else the first
 * one the operation's events name, else the one holding the most objects
 * (msg on a tie).
 */
export function pick_ipc(kernel: Kernel, events: readonly TraceEvent[], options: ViewOptions): IpcType {
  if (options.ipc !== undefined) return options.ipc;
  for (const ev of events) {
    const t = eventIpc(ev);
    if (t !== null) return t;
  }
  let best: IpcType = 'msg';
  for (const t of ['msg', 'shm', 'sem'] as const) if (ipc_ids_of(kernel, t).in_use > ipc_ids_of(kernel, best).in_use) best = t;
  return best;
}

export function ipc_ids_of(kernel: Kernel, ipc: IpcType): IpcIds<KernIpcPerm> {
  return kernel.state.ipc.ids[IDS_INDEX[ipc]] as IpcIds<KernIpcPerm>;
}

/** One node of either tree, as the views need it. */
export interface TreeNode {
  id: number;
  level: number;
  /** first index covered */
  first: number;
  parent: TreeNode | null;
  /** slot in the parent (0 for the top) */
  offset: number;
  count: number;
  children: TreeNode[];
  /** entries (not reserved NULLs) in this subtree */
  entries: number;
  /** reserved NULLs in this subtree */
  reserved: number;
  /** nodes in this subtree, this one included */
  nodes: number;
  /** the kernel's node, read again only for the nodes a view draws (slot_chars, mark_chars) */
  raw: RadixTreeNode<unknown> | IdrLayer<unknown> | IdrLayer256<unknown>;
}

export interface TreeWalk {
  impl: 'radix' | 'layer' | 'layer256';
  /** slots a node has */
  fanout: number;
  top: TreeNode | null;
  /** levels in the tree (0 when empty) */
  height: number;
  /** the root's IDR_FREE bit (radix; true for layer) */
  root_free: boolean;
  /** idr_layer only: layers on the free list, in list order (at most 64), and the count the IDR keeps */
  free_list: number[];
  id_free_cnt: number;
  /** layer256 only: the layer idr->hint names (null: none, or another tree) */
  hint: number | null;
}

type AnyLayer = IdrLayer<unknown> | IdrLayer256<unknown>;

const is_layer = (raw: TreeNode['raw']): raw is AnyLayer => (raw as AnyLayer).ary !== undefined;

/** The slots of a node: 64, 256 for the 3.9 idr_layer. */
export const node_size = (raw: TreeNode['raw']): number => (is_layer(raw) ? raw.ary.length : 64);

function layer_bit(l: AnyLayer, o: number): boolean {
  return 'bitmap' in l ? test_bit256(l, o) : test_bit(l, o);
}

/** The slot chars of a node ('.', 'n', 'e', 'c'), slot 0 first. */
export function slot_chars(n: TreeNode): string {
  let out = '';
  for (let o = 0, size = node_size(n.raw); o < size; o++) out += slot_char(n, o);
  return out;
}

function slot_char(n: TreeNode, o: number): string {
  const raw = n.raw;
  if (is_layer(raw)) {
    const s = raw.ary[o];
    const used = s !== null && s !== undefined;
    if (n.level > 0) return used ? 'c' : '.';
    return !layer_bit(raw, o) ? '.' : used ? 'e' : 'n';
  }
  const s = raw.slots[o];
  if (s !== null && s !== undefined) return n.level > 0 ? 'c' : 'e';
  return n.level === 0 && !tag_get(raw, o) ? 'n' : '.';
}

/** One char '1'/'0' a slot, slot 0 first: IDR_FREE bits (radix) or the bitmap (layer). */
export function mark_chars(n: TreeNode): string {
  const raw = n.raw;
  let out = '';
  for (let o = 0, size = node_size(raw); o < size; o++) out += (is_layer(raw) ? layer_bit(raw, o) : tag_get(raw, o)) ? '1' : '0';
  return out;
}

/** Calls `f(idx)` for every used index (entry or reserved NULL) under `n`, ascending; full leaves as one range call. */
export function for_each_used(n: TreeNode, f: (first: number, last: number) => void): void {
  if (n.level > 0) {
    for (const c of n.children) for_each_used(c, f);
    return;
  }
  const size = node_size(n.raw);
  if (n.entries + n.reserved === size) {
    f(n.first, n.first + size - 1);
    return;
  }
  for (let o = 0; o < size; o++) {
    const c = slot_char(n, o);
    if (c === 'e' || c === 'n') f(n.first + o, n.first + o);
  }
}

function node_of(raw: TreeNode['raw'], level: number, first: number, parent: TreeNode | null, offset: number): TreeNode {
  return { id: raw.id, level, first, parent, offset, count: raw.count, children: [], entries: 0, reserved: 0, nodes: 1, raw };
}

const span = (level: number) => 64 ** level;

function walk_radix(node: RadixTreeNode<unknown>, first: number, parent: TreeNode | null): TreeNode {
  const level = node.shift / 6;
  const n = node_of(node, level, first, parent, node.offset);
  const slots = node.slots;
  if (level === 0) {
    for (let o = 0; o < 64; o++) {
      if (slots[o] !== null) n.entries++;
      else if (!tag_get(node, o)) n.reserved++;
    }
    return n;
  }
  const unit = span(level);
  for (let o = 0; o < 64; o++) {
    const s = slots[o];
    if (s !== null) {
      const c = walk_radix(s as RadixTreeNode<unknown>, first + o * unit, n);
      n.children.push(c);
      n.entries += c.entries;
      n.reserved += c.reserved;
      n.nodes += c.nodes;
    }
  }
  return n;
}

function walk_layer(l: AnyLayer, level: number, first: number, parent: TreeNode | null, offset: number): TreeNode {
  const n = node_of(l, level, first, parent, offset);
  const ary = l.ary;
  const size = ary.length;
  if (level === 0) {
    for (let o = 0; o < size; o++) {
      if (!layer_bit(l, o)) continue;
      if (ary[o] !== null && ary[o] !== undefined) n.entries++;
      else n.reserved++;
    }
    return n;
  }
  const unit = size ** level;
  for (let o = 0; o < size; o++) {
    const s = ary[o];
    if (s !== null && s !== undefined) {
      const c = walk_layer(s as AnyLayer, level - 1, first + o * unit, n, o);
      n.children.push(c);
      n.entries += c.entries;
      n.reserved += c.reserved;
      n.nodes += c.nodes;
    }
  }
  return n;
}

/** The whole IDR of `ids` as TreeNodes (one pass over every node, no strings built). */
export function walk_ipc_idr(ids: IpcIds<KernIpcPerm>): TreeWalk {
  const idr = ids.ipcs_idr;
  if (idr_is_layer(idr)) {
    const free_list: number[] = [];
    for (let l: AnyLayer | null = idr.id_free; l !== null && free_list.length < 64; l = l.ary[0] as AnyLayer | null) free_list.push(l.id);
    const top = idr.top === null ? null : walk_layer(idr.top, idr.layers - 1, 0, null, 0);
    const l256 = idr_is_layer256(idr);
    return {
      impl: l256 ? 'layer256' : 'layer',
      fanout: l256 ? 256 : 64,
      top,
      height: idr.layers,
      root_free: true,
      free_list,
      id_free_cnt: idr.id_free_cnt,
      hint: l256 ? (idr.hint?.id ?? null) : null,
    };
  }
  const head = idr.idr_rt.xa_head as RadixTreeNode<unknown> | null;
  const top = head === null ? null : walk_radix(head, 0, null);
  return { impl: 'radix', fanout: 64, top, height: top === null ? 0 : top.level + 1, root_free: idr.idr_rt.root_free, free_list: [], id_free_cnt: 0, hint: null };
}

/** Finds the node with `id` in the walk, or null. */
export function find_tree_node(top: TreeNode | null, id: number): TreeNode | null {
  if (top === null) return null;
  const stack = [top];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.id === id) return n;
    for (const c of n.children) stack.push(c);
  }
  return null;
}
