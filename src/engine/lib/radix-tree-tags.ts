/**
 * The IDR_FREE mark of lib/radix-tree.c (Linux 6.18): one bit per slot of a
 * node, set = "a free index at or below this slot", plus the root's own bit.
 * The 64 bits of a node are kept as two int32 words, `free_lo` (slots 0..31)
 * and `free_hi` (slots 32..63). The other radix tree tags do not exist here.
 *
 * Invariant (kept by node_tag_set / node_tag_clear): a slot's bit is set iff
 * the slot is empty, or it holds a child whose node has any bit set; the
 * root's bit is set iff the tree is empty or the head has any bit set.
 */
import type { Probe } from '../probe';
import type { RadixTreeNode, RadixTreeRoot } from './radix-tree';

export function tag_get<T>(node: RadixTreeNode<T>, offset: number): boolean {
  return offset < 32 ? ((node.free_lo >>> offset) & 1) !== 0 : ((node.free_hi >>> (offset - 32)) & 1) !== 0;
}

export function tag_set<T>(node: RadixTreeNode<T>, offset: number): void {
  if (offset < 32) node.free_lo |= 1 << offset;
  else node.free_hi |= 1 << (offset - 32);
}

export function tag_clear<T>(node: RadixTreeNode<T>, offset: number): void {
  if (offset < 32) node.free_lo &= ~(1 << offset);
  else node.free_hi &= ~(1 << (offset - 32));
}

export function any_tag_set<T>(node: RadixTreeNode<T>): boolean {
  return (node.free_lo | node.free_hi) !== 0;
}

export function all_tag_set<T>(node: RadixTreeNode<T>): void {
  node.free_lo = -1;
  node.free_hi = -1;
}

/** number of trailing zero bits of a non-zero 32-bit value */
function ctz32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** First slot >= offset whose IDR_FREE bit is set; 64 when none. */
export function radix_tree_find_next_bit<T>(node: RadixTreeNode<T>, offset: number): number {
  if (offset < 32) {
    const t = node.free_lo >>> offset;
    if (t !== 0) return offset + ctz32(t);
    offset = 32;
  }
  if (offset < 64) {
    const t = node.free_hi >>> (offset - 32);
    if (t !== 0) return offset + ctz32(t);
  }
  return 64; // RADIX_TREE_MAP_SIZE: no free bit
}

/**
 * node_tag_set: mark a slot free and every ancestor slot above it, stopping
 * at the first one already marked; past the top, the root's bit.
 */
export function node_tag_set<T>(root: RadixTreeRoot<T>, node: RadixTreeNode<T> | null, offset: number, p: Probe): void {
  while (node !== null) {
    if (tag_get(node, offset)) return;
    tag_set(node, offset);
    if (p.trace) p.trace({ kind: 'idr_tag', node: node.id, offset, free: true });
    offset = node.offset;
    node = node.parent;
  }
  if (!root.root_free) {
    root.root_free = true;
    if (p.trace) p.trace({ kind: 'idr_tag', node: null, offset: 0, free: true });
  }
}

/**
 * node_tag_clear: clear a slot's free bit; a node left without any free bit
 * clears its own bit in its parent, and so on up to the root's bit.
 */
export function node_tag_clear<T>(root: RadixTreeRoot<T>, node: RadixTreeNode<T> | null, offset: number, p: Probe): void {
  while (node !== null) {
    if (!tag_get(node, offset)) return;
    tag_clear(node, offset);
    if (p.trace) p.trace({ kind: 'idr_tag', node: node.id, offset, free: false });
    if (any_tag_set(node)) return;
    offset = node.offset;
    node = node.parent;
  }
  if (root.root_free) {
    root.root_free = false;
    if (p.trace) p.trace({ kind: 'idr_tag', node: null, offset: 0, free: false });
  }
}
