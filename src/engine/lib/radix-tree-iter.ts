/**
 * The two walkers of lib/radix-tree.c (Linux 6.18) that search rather than
 * descend to a known index: `idr_get_free` (allocation: follow IDR_FREE marks
 * to the lowest free index >= start, growing the tree) and
 * `radix_tree_next_chunk` (iteration: the first non-empty slot >= index,
 * which is all idr_get_next needs).
 *
 * Simplified: no -ENOMEM, no RCU retry entries, no tagged iteration; a chunk
 * is reported as the slot itself, not as a pointer plus a tags word.
 * See radix-tree.ts for the node layout and the glossary.
 */
import { ENOSPC } from '../uapi/errno';
import type { Probe } from '../probe';
import {
  RADIX_TREE_MAP_SHIFT,
  RADIX_TREE_MAP_SIZE,
  index_offset,
  next_index,
  node_first_index,
  radix_tree_extend,
  radix_tree_load_root,
  radix_tree_node_alloc,
  shift_maxindex,
  type RadixTreeIter,
  type RadixTreeNode,
  type RadixTreeRoot,
} from './radix-tree';
import { all_tag_set, radix_tree_find_next_bit, tag_get } from './radix-tree-tags';

const load_out = { maxindex: 0 };

/**
 * idr_get_free: find the lowest free index in [iter.next_index, max], creating
 * the nodes on the way (and new levels above the head when the index is beyond
 * the tree's capacity). On success returns 0 with `iter.index` = the index,
 * `iter.node`/`iter.offset` = its leaf slot (still marked free, still empty).
 * Returns -ENOSPC when no free index <= max exists.
 */
export function idr_get_free<T>(root: RadixTreeRoot<T>, iter: RadixTreeIter<T>, max: number, p: Probe): number {
  let node: RadixTreeNode<T> | null = null;
  let child: RadixTreeNode<T> | null;
  let start = iter.next_index;
  let offset = 0;
  let shift: number;
  let visits = 0;

  grow: for (;;) {
    shift = radix_tree_load_root(root, load_out);
    const maxindex = load_out.maxindex;
    child = root.xa_head;
    if (!root.root_free) start = Math.max(start, maxindex + 1);
    if (start > max) {
      p.costs.idr_node_visits += visits;
      return -ENOSPC;
    }
    if (start > maxindex) {
      shift = radix_tree_extend(root, start, shift, p);
      child = root.xa_head;
    }
    if (start === 0 && shift === 0) shift = RADIX_TREE_MAP_SHIFT;

    while (shift !== 0) {
      shift -= RADIX_TREE_MAP_SHIFT;
      if (child === null) {
        child = radix_tree_node_alloc(root, node, shift, offset, 0, p);
        all_tag_set(child);
        if (node === null) root.xa_head = child;
        else {
          node.slots[offset] = child;
          node.count++;
        }
      }
      node = child;
      offset = index_offset(start, node.shift);
      child = node.slots[offset] as RadixTreeNode<T> | null;
      visits++;
      if (p.trace) p.trace({ kind: 'idr_visit', node: node.id, shift: node.shift, offset, op: 'alloc' });
      if (!tag_get(node, offset)) {
        offset = radix_tree_find_next_bit(node, offset + 1);
        start = next_index(start, node, offset);
        if (start > max) {
          p.costs.idr_node_visits += visits;
          return -ENOSPC;
        }
        while (offset === RADIX_TREE_MAP_SIZE) {
          offset = node.offset + 1;
          node = node.parent;
          if (node === null) continue grow;
          shift = node.shift;
        }
        child = node.slots[offset] as RadixTreeNode<T> | null;
        if (p.trace) p.trace({ kind: 'idr_visit', node: node.id, shift: node.shift, offset, op: 'alloc' });
      }
    }
    break;
  }

  p.costs.idr_node_visits += visits;
  iter.index = start;
  iter.node = node;
  iter.offset = offset;
  iter.next_index = node !== null ? 1 + Math.min(max, node_first_index(start, node) + shift_maxindex(node.shift)) : 1;
  return 0;
}

/**
 * radix_tree_next_chunk (untagged): find the first slot holding an entry at an
 * index >= iter.next_index. Empty slots and reserved NULLs are holes: the walk
 * scans sideways through them and, at the end of a node, restarts from the
 * head at the next node's first index. On success returns the entry with
 * `iter.index` = its index and `iter.node`/`iter.offset` = its slot; returns
 * null when there is none.
 */
export function radix_tree_next_chunk<T>(root: RadixTreeRoot<T>, iter: RadixTreeIter<T>, p: Probe): T | null {
  let index = iter.next_index;
  let visits = 0;
  let scans = 0;

  restart: for (;;) {
    const head = root.xa_head;
    if (head === null || index > shift_maxindex(head.shift)) break;
    let node: RadixTreeNode<T> = head;
    for (;;) {
      let offset = index_offset(index, node.shift);
      let child = node.slots[offset];
      visits++;
      if (p.trace) p.trace({ kind: 'idr_visit', node: node.id, shift: node.shift, offset, op: 'get_next' });
      if (child === null) {
        while (++offset < RADIX_TREE_MAP_SIZE) {
          scans++;
          const found = node.slots[offset] !== null;
          if (p.trace) p.trace({ kind: 'idr_slot', node: node.id, offset, op: 'get_next', found });
          if (found) break;
        }
        index = next_index(index, node, offset);
        if (offset === RADIX_TREE_MAP_SIZE) continue restart;
        child = node.slots[offset];
      }
      if (node.shift === 0) {
        iter.index = node_first_index(index, node) + offset;
        iter.next_index = node_first_index(index, node) + RADIX_TREE_MAP_SIZE;
        iter.node = node;
        iter.offset = offset;
        p.costs.idr_node_visits += visits;
        p.costs.idr_slot_scans += scans;
        return child as T;
      }
      node = child as RadixTreeNode<T>;
    }
  }
  p.costs.idr_node_visits += visits;
  p.costs.idr_slot_scans += scans;
  return null;
}
