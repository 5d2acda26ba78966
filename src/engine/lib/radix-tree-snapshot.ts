/**
 * A read-only picture of a modern IDR's radix tree (see radix-tree.ts) for
 * views and tests: plain nested data, no references into the live tree, safe
 * to structuredClone or send to the UI. Not a kernel mechanism.
 */
import { RADIX_TREE_MAP_SIZE, type RadixTreeNode, type RadixTreeRoot } from './radix-tree';
import { tag_get } from './radix-tree-tags';

/**
 * One slot. `state`: 'empty' (nothing, free), 'null' (reserved: allocated,
 * holds null), 'entry' (holds a pointer), 'child' (a node below). `index` is
 * the first index the slot covers; `free` its IDR_FREE bit.
 */
export interface RadixTreeSlotSnapshot {
  state: 'empty' | 'null' | 'entry' | 'child';
  index: number;
  free: boolean;
  child: RadixTreeNodeSnapshot | null;
}

export interface RadixTreeNodeSnapshot {
  id: number;
  shift: number;
  offset: number;
  count: number;
  parent: number | null;
  /** first index covered by this node */
  first_index: number;
  /** IDR_FREE bitmap as 16 hex digits, slot 63 first (like a printed u64) */
  free_bits: string;
  slots: RadixTreeSlotSnapshot[];
}

export interface RadixTreeSnapshot {
  /** the root's own IDR_FREE bit */
  root_free: boolean;
  /** number of levels (0 when empty) */
  height: number;
  /** nodes in the tree */
  node_count: number;
  head: RadixTreeNodeSnapshot | null;
}

function hex32(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

function snapshot_node<T>(node: RadixTreeNode<T>, first_index: number, counter: { nodes: number }): RadixTreeNodeSnapshot {
  counter.nodes++;
  const unit = 2 ** node.shift;
  const slots: RadixTreeSlotSnapshot[] = [];
  for (let offset = 0; offset < RADIX_TREE_MAP_SIZE; offset++) {
    const slot = node.slots[offset];
    const index = first_index + offset * unit;
    const free = tag_get(node, offset);
    if (node.shift > 0 && slot !== null) {
      const child = snapshot_node(slot as RadixTreeNode<T>, index, counter);
      slots.push({ state: 'child', index, free, child });
    } else {
      const state = slot !== null ? 'entry' : free ? 'empty' : node.shift === 0 ? 'null' : 'empty';
      slots.push({ state, index, free, child: null });
    }
  }
  return {
    id: node.id,
    shift: node.shift,
    offset: node.offset,
    count: node.count,
    parent: node.parent === null ? null : node.parent.id,
    first_index,
    free_bits: hex32(node.free_hi) + hex32(node.free_lo),
    slots,
  };
}

/** radix_tree_snapshot: the whole tree, depth first, slots in index order. */
export function radix_tree_snapshot<T>(root: RadixTreeRoot<T>): RadixTreeSnapshot {
  const head = root.xa_head;
  const counter = { nodes: 0 };
  const snap = head === null ? null : snapshot_node(head, 0, counter);
  return {
    root_free: root.root_free,
    height: head === null ? 0 : head.shift / 6 + 1,
    node_count: counter.nodes,
    head: snap,
  };
}
