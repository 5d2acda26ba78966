/**
 * The radix tree under the modern IDR: lib/radix-tree.c of Linux 6.18 (whose
 * nodes are XArray nodes, include/linux/xarray.h), restricted to what a root
 * flagged ROOT_IS_IDR does. The two walkers that search the tree
 * (idr_get_free, radix_tree_next_chunk) live in radix-tree-iter.ts.
 *
 * Simplified: only the IDR_FREE mark exists (the IDR uses no other tag);
 * there are no value entries (`nr_values`), no preload pool and no -ENOMEM;
 * nodes are freed at once instead of after an RCU grace period; the kernel's
 * tagged pointers are replaced by the level: a slot of a node with shift 0
 * holds an entry, a slot of any other node holds a child node. An IDR never
 * stores an entry in the root pointer itself (index 0 still gets a leaf), so
 * `xa_head` is always a node or null.
 *
 * Glossary:
 *   shift     bits of the index below this node's level (0 for a leaf); a node
 *             covers `64 << shift` indices
 *   offset    this node's slot number in its parent
 *   count     non-empty slots: children, entries and reserved NULLs
 *   IDR_FREE  mark bit per slot, set = "a free index at or below this slot"
 *             (radix-tree-tags.ts); the root's own bit is `root_free`
 *   reserved NULL  an allocated index holding null: counted, IDR_FREE clear,
 *             invisible to lookups and iteration
 *
 * Every node carries a stable small `id` (not in the kernel) so that views and
 * the trace can name it. All state is plain data.
 */
import { NO_PROBE, type Probe } from '../probe';
import { all_tag_set, node_tag_set, tag_clear, tag_get } from './radix-tree-tags';

export const RADIX_TREE_MAP_SHIFT = 6;
export const RADIX_TREE_MAP_SIZE = 64;
export const RADIX_TREE_MAP_MASK = 63;

export interface RadixTreeNode<T> {
  /** stable small integer naming this node (allocation order, per root) */
  id: number;
  shift: number;
  offset: number;
  count: number;
  parent: RadixTreeNode<T> | null;
  /** 64 slots: child nodes when shift > 0, entries (or null) when shift == 0 */
  slots: Array<RadixTreeNode<T> | T | null>;
  /** IDR_FREE bits of slots 0..31, as an int32 */
  free_lo: number;
  /** IDR_FREE bits of slots 32..63, as an int32 */
  free_hi: number;
}

export interface RadixTreeRoot<T> {
  xa_head: RadixTreeNode<T> | null;
  /** the root's IDR_FREE bit (a bit of xa_flags in the kernel) */
  root_free: boolean;
  /** id given to the next node allocated in this tree */
  next_node_id: number;
}

/** A position in the tree, the part of `struct radix_tree_iter` the IDR uses. */
export interface RadixTreeIter<T> {
  index: number;
  next_index: number;
  /** node holding the slot, null for the root pointer */
  node: RadixTreeNode<T> | null;
  /** slot number in `node` */
  offset: number;
}

/** INIT_RADIX_TREE with IDR_RT_MARKER: empty, root IDR_FREE set. */
export function radix_tree_root_init<T>(): RadixTreeRoot<T> {
  return { xa_head: null, root_free: true, next_node_id: 0 };
}

export function radix_tree_iter_init<T>(iter: RadixTreeIter<T>, start: number): void {
  iter.index = 0;
  iter.next_index = start;
  iter.node = null;
  iter.offset = 0;
}

// --- geometry ----------------------------------------------------------------

/** 2^n for n in 0..42, exact in a double */
const POW2: readonly number[] = Array.from({ length: 43 }, (_, n) => 2 ** n);

/*
 * The geometry works on indices up to 2^42 as doubles, but every index of an
 * ipc IDR is an int (< 2^31) and every node but a head of shift 30 spans at
 * most 2^30: those take int32 paths (shifts and masks). POW2 holds doubles,
 * so reading it makes a double, which the optimised walks then carried in
 * float registers (a division and a floor per step) and the unoptimised
 * ones as a heap number each; it made the iterator's index fields doubles too.
 */

/** highest index a node of this shift covers: (64 << shift) - 1 */
export function shift_maxindex(shift: number): number {
  const bits = shift + RADIX_TREE_MAP_SHIFT;
  return bits <= 30 ? (1 << bits) - 1 : POW2[bits]! - 1;
}

/** slot of `index` in a node of this shift; exact for any index < 2^42 */
export function index_offset(index: number, shift: number): number {
  if (index <= 0x7fffffff) return (index >>> shift) & RADIX_TREE_MAP_MASK;
  return Math.floor(index / POW2[shift]!) % RADIX_TREE_MAP_SIZE;
}

/** first index covered by `node` on the path of `index` (index & ~node_maxindex) */
export function node_first_index<T>(index: number, node: RadixTreeNode<T>): number {
  const bits = node.shift + RADIX_TREE_MAP_SHIFT;
  if (bits <= 30 && index >= 0 && index <= 0x7fffffff) return index & -(1 << bits);
  const span = POW2[bits]!;
  return Math.floor(index / span) * span;
}

/** the index where `offset` of `node` begins, on the path of `index` */
export function next_index<T>(index: number, node: RadixTreeNode<T>, offset: number): number {
  const shift = node.shift;
  return node_first_index(index, node) + (shift <= 24 ? offset << shift : offset * POW2[shift]!);
}

/**
 * radix_tree_load_root: the shift the walk starts with (head's shift + 6, or
 * 0 for an empty tree) and, in `out.maxindex`, the highest index it can hold.
 */
export function radix_tree_load_root<T>(root: RadixTreeRoot<T>, out: { maxindex: number }): number {
  const head = root.xa_head;
  if (head === null) {
    out.maxindex = 0;
    return 0;
  }
  out.maxindex = shift_maxindex(head.shift);
  return head.shift + RADIX_TREE_MAP_SHIFT;
}

// --- nodes -------------------------------------------------------------------

/** The 64 NULL slots every new node starts from (copied, never handed out). */
const NULL_SLOTS: readonly null[] = new Array<null>(RADIX_TREE_MAP_SIZE).fill(null);

/**
 * Freed nodes kept for reuse, like the kernel's radix_tree_node_cachep slab:
 * a loop that allocates and frees the same levels (msg_next_id, msgget,
 * IPC_RMID) would otherwise make a 64-slot array per level per iteration.
 * Not kernel state and not visible: a reused node gets a new `id` (the same
 * allocation-order number a new object would get) and is reset whole, and
 * nothing keeps a reference to a freed node (it is unlinked before it is
 * freed; views copy what they show). Its slots are all null already: a node
 * is freed with count 0, which means no child, entry or reserved NULL, and
 * the one exception, a shrunk head's slot 0, is cleared when it is freed.
 * Shared by every tree of the process, at most NODE_CACHE_MAX nodes.
 */
const node_cache: RadixTreeNode<unknown>[] = [];
const NODE_CACHE_MAX = 256;

/** radix_tree_node_alloc: a zeroed node (no free bit set yet). */
export function radix_tree_node_alloc<T>(root: RadixTreeRoot<T>, parent: RadixTreeNode<T> | null, shift: number, offset: number, count: number, p: Probe): RadixTreeNode<T> {
  const cached = node_cache.pop() as RadixTreeNode<T> | undefined;
  let node: RadixTreeNode<T>;
  if (cached !== undefined) {
    node = cached;
    node.id = root.next_node_id++;
    node.shift = shift;
    node.offset = offset;
    node.count = count;
    node.parent = parent;
    node.free_lo = 0;
    node.free_hi = 0;
  } else {
    node = {
      id: root.next_node_id++,
      shift,
      offset,
      count,
      parent,
      slots: NULL_SLOTS.slice(),
      free_lo: 0,
      free_hi: 0,
    };
  }
  p.costs.idr_nodes_allocated++;
  if (p.trace) p.trace({ kind: 'idr_node_new', node: node.id, shift, parent: parent === null ? null : parent.id, offset });
  return node;
}

function radix_tree_node_free<T>(node: RadixTreeNode<T>, p: Probe): void {
  p.costs.idr_nodes_freed++;
  if (p.trace) p.trace({ kind: 'idr_node_free', node: node.id });
  // drop the references a freed node still holds (a shrunk head keeps its child in slot 0)
  node.parent = null;
  node.slots[0] = null;
  if (node_cache.length < NODE_CACHE_MAX) node_cache.push(node);
}

/**
 * radix_tree_extend: add levels above the head until `index` fits. `shift` is
 * the current walk shift (head's shift + 6, 0 when empty). Each new head has
 * slot 0 = the old head, count 1, all free bits set except bit 0 when the old
 * tree was full. An empty tree gets no node here, only the returned shift.
 * Returns the walk shift of the grown tree.
 */
export function radix_tree_extend<T>(root: RadixTreeRoot<T>, index: number, shift: number, p: Probe): number {
  let maxshift = shift;
  while (index > shift_maxindex(maxshift)) maxshift += RADIX_TREE_MAP_SHIFT;

  let entry = root.xa_head;
  if (entry === null && root.root_free) return maxshift + RADIX_TREE_MAP_SHIFT;

  do {
    const node = radix_tree_node_alloc(root, null, shift, 0, 1, p);
    all_tag_set(node);
    if (!root.root_free) {
      tag_clear(node, 0);
      root.root_free = true;
    }
    if (entry !== null) entry.parent = node;
    node.slots[0] = entry;
    root.xa_head = node;
    entry = node;
    if (p.trace) p.trace({ kind: 'idr_grow', node: node.id, shift: node.shift });
    shift += RADIX_TREE_MAP_SHIFT;
  } while (shift <= maxshift);
  return maxshift + RADIX_TREE_MAP_SHIFT;
}

/**
 * radix_tree_shrink: while the head has exactly one child, in slot 0, and is
 * not a leaf (an IDR keeps its last leaf), make that child the head.
 */
function radix_tree_shrink<T>(root: RadixTreeRoot<T>, p: Probe): void {
  for (;;) {
    const node = root.xa_head;
    if (node === null || node.count !== 1 || node.shift === 0) return;
    const child = node.slots[0] as RadixTreeNode<T> | null;
    if (child === null) return;
    child.parent = null;
    root.xa_head = child;
    if (!tag_get(node, 0)) root.root_free = false;
    node.count = 0;
    if (p.trace) p.trace({ kind: 'idr_shrink', node: node.id, shift: node.shift });
    radix_tree_node_free(node, p);
  }
}

/**
 * delete_node: free `node` and its emptied ancestors; when the walk stops at
 * a non-empty head, try to shrink the tree.
 */
function delete_node<T>(root: RadixTreeRoot<T>, node: RadixTreeNode<T> | null, p: Probe): void {
  while (node !== null) {
    if (node.count !== 0) {
      if (node === root.xa_head) radix_tree_shrink(root, p);
      return;
    }
    const parent = node.parent;
    if (parent !== null) {
      parent.slots[node.offset] = null;
      parent.count--;
    } else {
      root.xa_head = null;
    }
    radix_tree_node_free(node, p);
    node = parent;
  }
}

// --- lookup, replace, delete ---------------------------------------------------

/**
 * __radix_tree_lookup: walk to `index`. Returns the entry (null for an empty
 * slot, a reserved NULL or a missing subtree) and leaves in `iter` the node
 * and offset of the last slot read (`iter.node` null = the root pointer).
 * Returns `undefined` when `index` is beyond the tree (the kernel's "no
 * slot"): negative or above the head's capacity.
 */
export function __radix_tree_lookup<T>(root: RadixTreeRoot<T>, index: number, iter: RadixTreeIter<T>, op: 'find' | 'remove' | 'replace', p: Probe): T | null | undefined {
  let node = root.xa_head;
  iter.node = null;
  iter.offset = 0;
  if (index < 0) return undefined;
  if (node === null) return index > 0 ? undefined : null;
  if (index > shift_maxindex(node.shift)) return undefined;
  let visits = 0;
  for (;;) {
    const offset = index_offset(index, node.shift);
    const slot = node.slots[offset];
    visits++;
    if (p.trace) p.trace({ kind: 'idr_visit', node: node.id, shift: node.shift, offset, op });
    iter.node = node;
    iter.offset = offset;
    if (node.shift === 0) {
      p.costs.idr_node_visits += visits;
      return slot as T | null;
    }
    if (slot === null) {
      p.costs.idr_node_visits += visits;
      return null;
    }
    node = slot as RadixTreeNode<T>;
  }
}

/**
 * radix_tree_tag_get(IDR_FREE): true when every slot on the path to `index`
 * is marked free, i.e. the index is not allocated.
 */
export function radix_tree_tag_get<T>(root: RadixTreeRoot<T>, index: number, op: 'remove' | 'replace', p: Probe): boolean {
  if (!root.root_free) return false;
  let node = root.xa_head;
  if (node === null) return true;
  if (index > shift_maxindex(node.shift)) return false;
  let visits = 0;
  for (;;) {
    const offset = index_offset(index, node.shift);
    visits++;
    if (p.trace) p.trace({ kind: 'idr_visit', node: node.id, shift: node.shift, offset, op });
    if (!tag_get(node, offset)) break;
    if (node.shift === 0) {
      p.costs.idr_node_visits += visits;
      return true;
    }
    const child = node.slots[offset] as RadixTreeNode<T> | null;
    if (child === null) {
      p.costs.idr_node_visits += visits;
      return true;
    }
    node = child;
  }
  p.costs.idr_node_visits += visits;
  return false;
}

/**
 * __radix_tree_replace for an IDR: store `item` in a leaf slot. The count goes
 * up by one only when the slot was free and empty (a reserved NULL counts as
 * occupied), then delete_node gives the tree a chance to shrink.
 */
export function __radix_tree_replace<T>(root: RadixTreeRoot<T>, node: RadixTreeNode<T>, offset: number, item: T | null, index: number, p: Probe): void {
  const old = node.slots[offset];
  if (tag_get(node, offset) && old === null) node.count++;
  node.slots[offset] = item;
  if (p.trace) p.trace({ kind: 'idr_store', node: node.id, offset, index, entry: item === null ? 'null' : 'entry' });
  delete_node(root, node, p);
}

/**
 * __radix_tree_delete for an IDR: mark the slot free up the tree, empty it,
 * drop the count and free the nodes left empty (shrinking the tree).
 */
export function __radix_tree_delete<T>(root: RadixTreeRoot<T>, node: RadixTreeNode<T>, offset: number, index: number, p: Probe): void {
  node_tag_set(root, node, offset, p);
  node.slots[offset] = null;
  node.count--;
  if (p.trace) p.trace({ kind: 'idr_store', node: node.id, offset, index, entry: 'empty' });
  delete_node(root, node, p);
}

/**
 * radix_tree_delete_item(root, index, NULL) for an IDR. Returns the removed
 * entry (null also when a reserved NULL was removed), or `undefined` when the
 * index was not allocated (nothing changes).
 */
export function radix_tree_delete_item<T>(root: RadixTreeRoot<T>, index: number, iter: RadixTreeIter<T>, p: Probe = NO_PROBE): T | null | undefined {
  const entry = __radix_tree_lookup(root, index, iter, 'remove', p);
  if (entry === undefined) return undefined;
  const node = iter.node;
  if (entry === null && (node === null ? root.root_free : tag_get(node, iter.offset))) return undefined;
  if (node === null || node.shift !== 0) return undefined;
  __radix_tree_delete(root, node, iter.offset, index, p);
  return entry;
}
