/**
 * The IDR of Linux 6.18 (lib/idr.c, include/linux/idr.h): an id -> pointer
 * map on the radix tree of radix-tree.ts, allocating the lowest free id in a
 * range, optionally cyclically.
 *
 * Simplified: no gfp / preload (allocation never fails with -ENOMEM), no RCU
 * (lookups run between updates, never concurrently), no WARN output. Ids are
 * C ints (JS numbers already wrapped to int32); `idr_next` is the kernel's
 * unsigned int. Storing null reserves an id: it counts as allocated but
 * idr_find returns null for it and idr_get_next skips it (ipc reserves its
 * index that way, then publishes the object with idr_replace).
 *
 * Costs: one `idr_<call>` per public call; `idr_node_visits` per node read,
 * `idr_slot_scans` per slot idr_get_next scans sideways,
 * `idr_nodes_allocated` / `idr_nodes_freed`. One exception to counting each
 * read where it happens: the untraced ≤5.14 counting loop adds its node reads
 * per node range (ids under a leaf or an empty slot read the same nodes);
 * idr_count.test.ts checks those sums against the traced loop.
 */
import { EINVAL, ENOENT, ENOSPC } from '../uapi/errno';
import { NO_PROBE, type Probe } from '../probe';
import {
  __radix_tree_lookup,
  __radix_tree_replace,
  index_offset,
  radix_tree_delete_item,
  radix_tree_iter_init,
  radix_tree_root_init,
  radix_tree_tag_get,
  shift_maxindex,
  type RadixTreeIter,
  type RadixTreeNode,
  type RadixTreeRoot,
} from './radix-tree';
import { node_tag_clear, tag_get } from './radix-tree-tags';
import { idr_get_free, radix_tree_next_chunk } from './radix-tree-iter';

export const INT_MAX = 0x7fffffff;

export interface Idr<T extends object> {
  idr_rt: RadixTreeRoot<T>;
  /** first id (0 for every ipc IDR) */
  idr_base: number;
  /** cursor of idr_alloc_cyclic: where the next search starts (unsigned int) */
  idr_next: number;
}

/** scratch iterator: the walkers report their position here (not kernel state) */
const iter: RadixTreeIter<unknown> = { index: 0, next_index: 0, node: null, offset: 0 };

/** idr_init: an empty IDR with base 0. */
export function idr_init<T extends object>(): Idr<T> {
  return { idr_rt: radix_tree_root_init<T>(), idr_base: 0, idr_next: 0 };
}

/**
 * idr_alloc_u32: allocate the lowest free id in [nextid, max] (both
 * inclusive, unsigned) and store `ptr` there (null reserves the id).
 * Returns the id, or -ENOSPC (max below the base, or no free id). The kernel
 * writes the id through a pointer; here it is the return value.
 */
export function idr_alloc_u32<T extends object>(idr: Idr<T>, ptr: T | null, nextid: number, max: number, p: Probe = NO_PROBE): number {
  const it = iter as RadixTreeIter<T>;
  const base = idr.idr_base;
  if (max < base) return -ENOSPC;
  const id = nextid < base ? 0 : nextid - base;
  radix_tree_iter_init(it, id);
  const err = idr_get_free(idr.idr_rt, it, max - base, p);
  if (err < 0) return err;
  const leaf = it.node as RadixTreeNode<T>;
  const offset = it.offset;
  const index = it.index;
  __radix_tree_replace(idr.idr_rt, leaf, offset, ptr, index, p);
  node_tag_clear(idr.idr_rt, leaf, offset, p);
  return index + base;
}

/**
 * idr_alloc: allocate the lowest free id in [start, end-1]; `end <= 0` means
 * up to INT_MAX. Returns the id, -EINVAL when start < 0, -ENOSPC when the
 * range is full. Does not move the cyclic cursor.
 */
export function idr_alloc<T extends object>(idr: Idr<T>, ptr: T | null, start: number, end: number, p: Probe = NO_PROBE): number {
  p.costs.idr_alloc++;
  let ret: number;
  if (start < 0) ret = -EINVAL;
  else ret = idr_alloc_u32(idr, ptr, start, end > 0 ? end - 1 : INT_MAX, p);
  if (p.trace) p.trace({ kind: 'idr_result', op: 'alloc', index: ret, ok: ret >= 0 });
  return ret;
}

/**
 * idr_alloc_cyclic: search [max(idr_next, start), end-1] (`end <= 0` means
 * up to INT_MAX); when that is full and the search did not already begin at
 * start, search once more from start. On success `idr_next = id + 1` (which
 * may equal end: the next call then wraps). Returns the id or -ENOSPC.
 */
export function idr_alloc_cyclic<T extends object>(idr: Idr<T>, ptr: T | null, start: number, end: number, p: Probe = NO_PROBE): number {
  p.costs.idr_alloc++;
  let id = idr.idr_next >>> 0;
  const max = end > 0 ? end - 1 : INT_MAX;
  if ((id | 0) < start) id = start >>> 0;
  let ret = idr_alloc_u32(idr, ptr, id, max, p);
  if (ret === -ENOSPC && id > start >>> 0) {
    id = start >>> 0;
    ret = idr_alloc_u32(idr, ptr, id, max, p);
  }
  if (ret >= 0) idr.idr_next = (ret + 1) >>> 0;
  if (p.trace) p.trace({ kind: 'idr_result', op: 'alloc', index: ret, ok: ret >= 0 });
  return ret;
}

/**
 * idr_find: the pointer stored at `id`; null when the id is not allocated, is
 * reserved (holds null), is negative or beyond the tree. One descent, no
 * allocation: the hot path of every id lookup.
 */
export function idr_find<T extends object>(idr: Idr<T>, id: number, p: Probe = NO_PROBE): T | null {
  const costs = p.costs;
  costs.idr_find++;
  const index = id - idr.idr_base;
  if (p.trace !== null) return idr_find_traced(idr.idr_rt, id, index, p);
  let node = idr.idr_rt.xa_head;
  if (node === null || index < 0 || index >>> node.shift > 63) return null;
  let visits = 1;
  for (;;) {
    const shift = node.shift;
    const slot: RadixTreeNode<T> | T | null = node.slots[(index >>> shift) & 63]!;
    if (shift === 0) {
      costs.idr_node_visits += visits;
      return slot as T | null;
    }
    if (slot === null) {
      costs.idr_node_visits += visits;
      return null;
    }
    node = slot as RadixTreeNode<T>;
    visits++;
  }
}

/** Where the ≤5.14 counting loop stands: ids below `id` looked at, `hits` found, `visits` nodes read so far. */
export interface IdrCount {
  id: number;
  hits: number;
  visits: number;
}

/**
 * The ≤5.14 counting loop over this IDR, one full idr_find descent per id:
 * `for (id = 0; id < end && hits < max_hits; id++) if (idr_find(id)) hits++`.
 * Costs exactly as that many idr_find calls (idr_find, idr_node_visits);
 * the loop keeps its counters in locals so that the half a billion lookups
 * of a 32768-object /proc read stay fast. With a tracer every lookup goes
 * through idr_find and is traced. Return: the number of hits; `out.id` is
 * where the loop stopped.
 */
export function idr_find_count<T extends object>(idr: Idr<T>, end: number, max_hits: number, out: { id: number }, p: Probe = NO_PROBE): number {
  let hits = 0;
  let id = 0;
  if (p.trace !== null) {
    for (; id < end && hits < max_hits; id++) if (idr_find(idr, id, p) !== null) hits++;
    out.id = id;
    return hits;
  }
  const at = count_scratch;
  at.id = at.hits = at.visits = 0;
  idr_find_count_resume(idr, at, end, max_hits);
  p.costs.idr_find += at.id;
  p.costs.idr_node_visits += at.visits;
  out.id = at.id;
  return at.hits;
}

const count_scratch: IdrCount = { id: 0, hits: 0, visits: 0 };

/**
 * The untraced counting loop of idr_find_count carried on from `at` (the loop
 * after `at.id` ids) up to `end`, updating `at`; no costs (the caller adds
 * at.id idr_find calls and at.visits node reads for the loop from 0). The
 * same loop stopped at `at.id` for a smaller end, so a caller that knows the
 * tree did not change may resume where it left off. Fast: the descents are
 * not made one by one but counted per node (each id under a leaf at depth d
 * reads d nodes, each id under an empty slot of a node at depth d reads d).
 */
export function idr_find_count_resume<T extends object>(idr: Idr<T>, at: IdrCount, end: number, max_hits: number): void {
  const head = idr.idr_rt.xa_head;
  const base = idr.idr_base;
  if (at.id >= end || at.hits >= max_hits) return;
  // ids below base (negative indices) and beyond the tree read no node
  const lo = at.id - base;
  const hi = end - base;
  const span = head === null ? 0 : 64 * 2 ** head.shift;
  const from = lo < 0 ? 0 : lo;
  const to = hi < span ? hi : span;
  if (head !== null && from < to) {
    const stop = count_node(head, 0, 1, from, to, at, max_hits);
    if (stop >= 0) {
      at.id = stop + base + 1;
      return;
    }
  }
  at.id = end;
}

/**
 * Counts the ids at indices [from, to) under `node` (its first index `start`,
 * `depth` nodes read to reach it) into at.hits / at.visits. Return: the index
 * at which the hits reached max_hits (the loop stops after it), else -1.
 */
function count_node<T extends object>(node: RadixTreeNode<T>, start: number, depth: number, from: number, to: number, at: IdrCount, max_hits: number): number {
  const shift = node.shift;
  const slots = node.slots;
  if (shift === 0) {
    const j0 = from - start;
    const j1 = to - start;
    let hits = at.hits;
    for (let j = j0; j < j1; j++) {
      if (slots[j] !== null) {
        hits++;
        if (hits >= max_hits) {
          at.hits = hits;
          at.visits += (j - j0 + 1) * depth;
          return start + j;
        }
      }
    }
    at.hits = hits;
    at.visits += (j1 - j0) * depth;
    return -1;
  }
  const size = 2 ** shift;
  const j0 = Math.floor((from - start) / size);
  const j1 = Math.ceil((to - start) / size);
  for (let j = j0; j < j1; j++) {
    const a = start + j * size;
    const b = a + size;
    const f = from > a ? from : a;
    const t = to < b ? to : b;
    const slot = slots[j]!;
    if (slot === null) {
      at.visits += (t - f) * depth;
      continue;
    }
    const stop = count_node(slot as RadixTreeNode<T>, a, depth + 1, f, t, at, max_hits);
    if (stop >= 0) return stop;
  }
  return -1;
}

function idr_find_traced<T extends object>(root: RadixTreeRoot<T>, id: number, index: number, p: Probe): T | null {
  const it = iter as RadixTreeIter<T>;
  const entry = __radix_tree_lookup(root, index, it, 'find', p);
  const found = entry !== undefined && entry !== null;
  if (p.trace) p.trace({ kind: 'idr_result', op: 'find', index: id, ok: found });
  return found ? entry : null;
}

/**
 * idr_get_next: the first non-null entry with id >= cursor.id; writes its id
 * into cursor.id. Returns null (cursor unchanged) when there is none or
 * cursor.id is negative. Reserved ids are skipped.
 */
export function idr_get_next<T extends object>(idr: Idr<T>, cursor: { id: number }, p: Probe = NO_PROBE): T | null {
  p.costs.idr_get_next++;
  const it = iter as RadixTreeIter<T>;
  const base = idr.idr_base;
  let entry: T | null = null;
  if (cursor.id >= 0) {
    radix_tree_iter_init(it, cursor.id < base ? 0 : cursor.id - base);
    entry = radix_tree_next_chunk(idr.idr_rt, it, p);
    if (entry !== null) cursor.id = it.index + base;
  }
  if (p.trace) p.trace({ kind: 'idr_result', op: 'get_next', index: cursor.id, ok: entry !== null });
  return entry;
}

/**
 * idr_remove: free `id`. Returns the pointer that was stored (null also for a
 * reserved id, which is freed too), or null with no change when the id was
 * not allocated (or negative, or beyond the tree).
 */
export function idr_remove<T extends object>(idr: Idr<T>, id: number, p: Probe = NO_PROBE): T | null {
  p.costs.idr_remove++;
  const it = iter as RadixTreeIter<T>;
  const old = radix_tree_delete_item(idr.idr_rt, id - idr.idr_base, it, p);
  if (p.trace) p.trace({ kind: 'idr_result', op: 'remove', index: id, ok: old !== undefined });
  return old === undefined ? null : old;
}

/**
 * idr_replace: store `ptr` at an allocated `id` (reserved or not). Returns the
 * previous pointer (null for a reserved id), or -ENOENT (a number) when the id
 * is not allocated.
 */
export function idr_replace<T extends object>(idr: Idr<T>, ptr: T | null, id: number, p: Probe = NO_PROBE): T | null | number {
  p.costs.idr_replace++;
  const root = idr.idr_rt;
  const index = id - idr.idr_base;
  if (p.trace === null) return idr_replace_untraced(root, ptr, index, p);
  const it = iter as RadixTreeIter<T>;
  const entry = __radix_tree_lookup(root, index, it, 'replace', p);
  const leaf = it.node;
  const offset = it.offset;
  if (entry === undefined || leaf === null || radix_tree_tag_get(root, index, 'replace', p)) {
    if (p.trace) p.trace({ kind: 'idr_result', op: 'replace', index: id, ok: false });
    return -ENOENT;
  }
  __radix_tree_replace(root, leaf, offset, ptr, index, p);
  if (p.trace) p.trace({ kind: 'idr_result', op: 'replace', index: id, ok: true });
  return entry;
}

/**
 * idr_replace without a tracer: __radix_tree_lookup and radix_tree_tag_get
 * follow the same path, so one descent does both, counting each walk's node
 * reads as the two would (the lookup's to the leaf or an empty slot, the
 * tag walk's up to the first slot not marked free; none when the root's
 * bit is clear). idr.test.ts compares its results and costs with the traced walk.
 */
function idr_replace_untraced<T extends object>(root: RadixTreeRoot<T>, ptr: T | null, index: number, p: Probe): T | null | number {
  const head = root.xa_head;
  // no slot (beyond the tree, or the root pointer itself): -ENOENT before any tag walk
  if (head === null || index < 0 || index > shift_maxindex(head.shift)) return -ENOENT;
  let node = head;
  let visits = 0;
  let tag_visits = 0;
  let free = root.root_free;
  for (;;) {
    const offset = index_offset(index, node.shift);
    const slot = node.slots[offset]!;
    visits++;
    if (free) {
      tag_visits++;
      free = tag_get(node, offset);
    }
    if (node.shift === 0) {
      p.costs.idr_node_visits += visits + tag_visits;
      // a free leaf slot: not allocated
      if (free) return -ENOENT;
      __radix_tree_replace(root, node, offset, ptr, index, p);
      return slot as T | null;
    }
    if (slot === null) {
      // an empty slot above the leaves: the tag walk ends here too, and finds it free
      p.costs.idr_node_visits += visits + tag_visits;
      return -ENOENT;
    }
    node = slot as RadixTreeNode<T>;
  }
}
