/**
 * The kernel's red-black tree (lib/rbtree.c, include/linux/rbtree.h,
 * include/linux/rbtree_augmented.h of Linux 6.18), as plain data.
 *
 * Modelled: the node layout (parent, colour, left, right), the caller-driven
 * insert (`rb_link_node` after the caller's own descent, then
 * `rb_insert_color`), erase (unlink as in `__rb_erase_augmented`, then
 * `__rb_erase_color`), and in-order iteration. The shapes and colours after
 * every operation are the kernel's, case for case.
 *
 * Simplified: the parent pointer and the colour are two fields instead of one
 * word with the colour in bit 0; no augmented callbacks, no RCU-safe write
 * ordering, no rb_root_cached (4.14–4.16 procfs used it; see fs/proc/generic.ts).
 *
 * Glossary:
 * - `entry`: the structure the node is embedded in (what `rb_entry()` /
 *   `container_of()` returns in C).
 * - `rb_id`: a small integer chosen by the owner of the node, stable for the
 *   node's lifetime, used only by the trace and the views.
 * - RB_EMPTY_NODE: a node whose parent is itself (`RB_CLEAR_NODE`), i.e. not
 *   in any tree.
 *
 * Red-black properties (a NULL child counts as a black leaf):
 *  1) every node is red or black;
 *  2) the root is black;
 *  3) a red node has no red child;
 *  4) every path from a node down to a NULL leaf crosses the same number of
 *     black nodes.
 * Hence the height is at most 2·log2(n+1). Insertion needs at most two
 * rotations, erasure at most three.
 *
 * Costs: `rb_inserts`, `rb_erases`, `rb_rotations`, `rb_recolours` (only
 * colour changes count, not rewrites of the same colour) and `rb_next_steps`
 * (one per rb_next/rb_prev call). Comparisons happen in the caller's descent,
 * which counts `rb_compares` itself.
 */
import { NO_PROBE, type Probe } from '../probe';

export const RB_RED = 0;
export const RB_BLACK = 1;
export type RbColor = typeof RB_RED | typeof RB_BLACK;

export interface RbNode<T> {
  /** parent node; null for the root; the node itself when cleared (RB_EMPTY_NODE) */
  rb_parent: RbNode<T> | null;
  rb_color: RbColor;
  rb_left: RbNode<T> | null;
  rb_right: RbNode<T> | null;
  rb_id: number;
  entry: T;
}

export interface RbRoot<T> {
  rb_node: RbNode<T> | null;
}

export type RbDir = 'left' | 'right';

/** An empty tree (`RB_ROOT`). */
export function RB_ROOT<T>(): RbRoot<T> {
  return { rb_node: null };
}

/** A node that is in no tree yet (allocated, then `RB_CLEAR_NODE`). */
export function rb_node_init<T>(entry: T, rb_id: number): RbNode<T> {
  const node: RbNode<T> = { rb_parent: null, rb_color: RB_RED, rb_left: null, rb_right: null, rb_id, entry };
  node.rb_parent = node;
  return node;
}

/** Whether the tree has no node. */
export function RB_EMPTY_ROOT<T>(root: RbRoot<T>): boolean {
  return root.rb_node === null;
}

/** Whether the node is in no tree (cleared: its parent is itself). */
export function RB_EMPTY_NODE<T>(node: RbNode<T>): boolean {
  return node.rb_parent === node;
}

/** Mark the node as in no tree. */
export function RB_CLEAR_NODE<T>(node: RbNode<T>): void {
  node.rb_parent = node;
}

// --- small helpers shared by insert and erase --------------------------------

function set_color<T>(node: RbNode<T>, color: RbColor, p: Probe): void {
  if (node.rb_color === color) return;
  node.rb_color = color;
  p.costs.rb_recolours++;
  if (p.trace) p.trace({ kind: 'rb_recolour', node: node.rb_id, colour: color === RB_RED ? 'red' : 'black' });
}

function rotated<T>(pivot: RbNode<T>, dir: RbDir, p: Probe): void {
  p.costs.rb_rotations++;
  if (p.trace) p.trace({ kind: 'rb_rotate', dir, pivot: pivot.rb_id });
}

function fixup_case(op: 'insert' | 'erase', n: number, p: Probe): void {
  if (p.trace) p.trace({ kind: 'rb_case', op, case: n });
}

/** Make `parent` (or the root) point to `neu` where it pointed to `old`. */
function change_child<T>(old: RbNode<T>, neu: RbNode<T> | null, parent: RbNode<T> | null, root: RbRoot<T>): void {
  if (parent === null) root.rb_node = neu;
  else if (parent.rb_left === old) parent.rb_left = neu;
  else parent.rb_right = neu;
}

/**
 * Second half of a rotation: `neu` takes `old`'s place (parent and colour),
 * `old` becomes `neu`'s child with colour `color`.
 */
function rotate_set_parents<T>(old: RbNode<T>, neu: RbNode<T>, root: RbRoot<T>, color: RbColor, p: Probe): void {
  const parent = old.rb_parent;
  neu.rb_parent = parent;
  set_color(neu, old.rb_color, p);
  old.rb_parent = neu;
  set_color(old, color, p);
  change_child(old, neu, parent, root);
}

// --- insertion -----------------------------------------------------------------

/** Where a new node goes: below `parent` on side `side` (`parent` null: as the root). */
export interface RbLink<T> {
  parent: RbNode<T> | null;
  side: RbDir;
}

/**
 * The descent before every `rb_link_node` (the loop rb_find_add() and its
 * open-coded callers run): left where `cmp(node)` < 0, right where > 0.
 * Return: the place for the new node, or null when a node compares equal.
 */
export function rb_find_link<T>(root: RbRoot<T>, cmp: (node: RbNode<T>) => number): RbLink<T> | null {
  let parent: RbNode<T> | null = null;
  let link = root.rb_node;
  let side: RbDir = 'left';
  while (link !== null) {
    const r = cmp(link);
    parent = link;
    if (r < 0) {
      side = 'left';
      link = link.rb_left;
    } else if (r > 0) {
      side = 'right';
      link = link.rb_right;
    } else return null;
  }
  return { parent, side };
}

/**
 * Link a new node below `parent` on side `dir` (or as the root when `parent`
 * is null): the node is red with no children. The caller found the place by
 * its own descent; `rb_insert_color` must follow. `key` only labels the trace.
 */
export function rb_link_node<T>(root: RbRoot<T>, node: RbNode<T>, parent: RbNode<T> | null, dir: RbDir, p: Probe = NO_PROBE, key = ''): void {
  node.rb_parent = parent;
  node.rb_color = RB_RED;
  node.rb_left = node.rb_right = null;
  if (parent === null) root.rb_node = node;
  else if (dir === 'left') parent.rb_left = node;
  else parent.rb_right = node;
  if (p.trace) p.trace({ kind: 'rb_link', node: node.rb_id, key, parent: parent ? parent.rb_id : null, dir: parent ? dir : 'root' });
}

/**
 * Restore the red-black properties after `rb_link_node`. At most two
 * rotations; recolouring may climb to the root.
 *
 * Pictures for the left-hand cases (n = node, p = parent, g = grandparent,
 * u = uncle; lower case = red, capitals = black); the right-hand ones mirror:
 *
 *  case 1, uncle red: recolour, continue at g
 *
 *        G            g
 *       / \          / \
 *      p   u  -->   P   U
 *     /            /
 *    n            n
 *
 *  case 2, uncle black, n is p's inner child: rotate left at p, then case 3
 *
 *      G             G
 *     / \           / \
 *    p   U  -->    n   U
 *     \           /
 *      n         p
 *
 *  case 3, uncle black, n is p's outer child: rotate right at g
 *
 *        G           P
 *       / \         / \
 *      p   U  -->  n   g
 *     /                 \
 *    n                   U
 */
export function rb_insert_color<T>(node: RbNode<T>, root: RbRoot<T>, p: Probe = NO_PROBE): void {
  p.costs.rb_inserts++;
  let parent = node.rb_parent;
  for (;;) {
    if (parent === null) {
      // the node is the root: the only place where the black height grows
      set_color(node, RB_BLACK, p);
      return;
    }
    if (parent.rb_color === RB_BLACK) return;
    // a red parent is never the root, so the grandparent exists
    const gparent = parent.rb_parent as RbNode<T>;
    let tmp = gparent.rb_right;
    if (parent !== tmp) {
      // parent is gparent's left child
      if (tmp !== null && tmp.rb_color === RB_RED) {
        fixup_case('insert', 1, p);
        set_color(tmp, RB_BLACK, p);
        set_color(parent, RB_BLACK, p);
        node = gparent;
        parent = node.rb_parent;
        set_color(node, RB_RED, p);
        continue;
      }
      tmp = parent.rb_right;
      if (node === tmp) {
        fixup_case('insert', 2, p);
        tmp = node.rb_left;
        parent.rb_right = tmp;
        node.rb_left = parent;
        if (tmp !== null) tmp.rb_parent = parent;
        parent.rb_parent = node;
        rotated(parent, 'left', p);
        parent = node;
        tmp = node.rb_right;
      }
      fixup_case('insert', 3, p);
      gparent.rb_left = tmp;
      parent.rb_right = gparent;
      if (tmp !== null) tmp.rb_parent = gparent;
      rotate_set_parents(gparent, parent, root, RB_RED, p);
      rotated(gparent, 'right', p);
      return;
    } else {
      // parent is gparent's right child: the mirror image
      tmp = gparent.rb_left;
      if (tmp !== null && tmp.rb_color === RB_RED) {
        fixup_case('insert', 1, p);
        set_color(tmp, RB_BLACK, p);
        set_color(parent, RB_BLACK, p);
        node = gparent;
        parent = node.rb_parent;
        set_color(node, RB_RED, p);
        continue;
      }
      tmp = parent.rb_left;
      if (node === tmp) {
        fixup_case('insert', 2, p);
        tmp = node.rb_right;
        parent.rb_left = tmp;
        node.rb_right = parent;
        if (tmp !== null) tmp.rb_parent = parent;
        parent.rb_parent = node;
        rotated(parent, 'right', p);
        parent = node;
        tmp = node.rb_left;
      }
      fixup_case('insert', 3, p);
      gparent.rb_right = tmp;
      parent.rb_left = gparent;
      if (tmp !== null) tmp.rb_parent = gparent;
      rotate_set_parents(gparent, parent, root, RB_RED, p);
      rotated(gparent, 'left', p);
      return;
    }
  }
}

export { rb_erase } from './rbtree_erase';

// --- iteration ---------------------------------------------------------------------

/** The leftmost (smallest) node, or null for an empty tree. O(height). */
export function rb_first<T>(root: RbRoot<T>): RbNode<T> | null {
  let n = root.rb_node;
  if (n === null) return null;
  while (n.rb_left !== null) n = n.rb_left;
  return n;
}

/** The rightmost (largest) node, or null for an empty tree. O(height). */
export function rb_last<T>(root: RbRoot<T>): RbNode<T> | null {
  let n = root.rb_node;
  if (n === null) return null;
  while (n.rb_right !== null) n = n.rb_right;
  return n;
}

/**
 * The in-order successor, or null after the last node or for a cleared node.
 * O(height) worst case, amortised O(1) over a full walk. Counts one
 * `rb_next_steps`.
 */
export function rb_next<T>(node: RbNode<T>, p: Probe = NO_PROBE): RbNode<T> | null {
  p.costs.rb_next_steps++;
  if (node.rb_parent === node) return null;
  let n = node;
  if (n.rb_right !== null) {
    n = n.rb_right;
    while (n.rb_left !== null) n = n.rb_left;
    return n;
  }
  let parent = n.rb_parent;
  while (parent !== null && n === parent.rb_right) {
    n = parent;
    parent = n.rb_parent;
  }
  return parent;
}

/** The in-order predecessor; mirror of rb_next. Counts one `rb_next_steps`. */
export function rb_prev<T>(node: RbNode<T>, p: Probe = NO_PROBE): RbNode<T> | null {
  p.costs.rb_next_steps++;
  if (node.rb_parent === node) return null;
  let n = node;
  if (n.rb_left !== null) {
    n = n.rb_left;
    while (n.rb_right !== null) n = n.rb_right;
    return n;
  }
  let parent = n.rb_parent;
  while (parent !== null && n === parent.rb_left) {
    n = parent;
    parent = n.rb_parent;
  }
  return parent;
}

// shared with rbtree_erase.ts (not part of the kernel API)
export { set_color as __rb_set_color, rotated as __rb_rotated, fixup_case as __rb_case };
export { change_child as __rb_change_child, rotate_set_parents as __rb_rotate_set_parents };
