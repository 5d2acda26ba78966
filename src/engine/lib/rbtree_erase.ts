/**
 * Red-black tree erasure: the unlink step (`__rb_erase_augmented` in
 * include/linux/rbtree_augmented.h) and the rebalance (`__rb_erase_color` in
 * lib/rbtree.c), Linux 6.18, without the augment callbacks. Types, helpers and
 * the properties being restored are in rbtree.ts.
 */
import { NO_PROBE, type Probe } from '../probe';
import { RB_BLACK, RB_RED, __rb_case, __rb_change_child, __rb_rotate_set_parents, __rb_rotated, __rb_set_color, type RbNode, type RbRoot } from './rbtree';

/**
 * Remove `node` from the tree. At most three rotations. The node is left as
 * it was (not cleared); callers that test RB_EMPTY_NODE must RB_CLEAR_NODE it.
 * `key` only labels the trace.
 */
export function rb_erase<T>(node: RbNode<T>, root: RbRoot<T>, p: Probe = NO_PROBE, key = ''): void {
  p.costs.rb_erases++;
  if (p.trace) p.trace({ kind: 'rb_erase', node: node.rb_id, key });
  const rebalance = erase_unlink(node, root, p);
  if (rebalance !== null) erase_color(rebalance, root, p);
}

/**
 * Take `node` out of the tree; returns the node below which one black is
 * missing (rebalance needed), or null.
 *
 * - at most one child: the child (necessarily red) takes node's place and
 *   colour; a childless black node leaves a black hole at its parent;
 * - two children: the successor S (leftmost of the right subtree) takes
 *   node's place and colour; S's right child, if any, moves up into S's old
 *   place and turns black, otherwise a black S leaves a hole at its old parent.
 */
function erase_unlink<T>(node: RbNode<T>, root: RbRoot<T>, p: Probe): RbNode<T> | null {
  const child = node.rb_right;
  let tmp = node.rb_left;
  const nparent = node.rb_parent;
  const ncolor = node.rb_color;

  if (tmp === null) {
    __rb_change_child(node, child, nparent, root);
    if (child !== null) {
      child.rb_parent = nparent;
      __rb_set_color(child, ncolor, p);
      return null;
    }
    return ncolor === RB_BLACK ? nparent : null;
  }
  if (child === null) {
    tmp.rb_parent = nparent;
    __rb_set_color(tmp, ncolor, p);
    __rb_change_child(node, tmp, nparent, root);
    return null;
  }

  let successor = child;
  let parent: RbNode<T>;
  let child2: RbNode<T> | null;
  tmp = child.rb_left;
  if (tmp === null) {
    // the successor is node's right child: it keeps its right subtree
    parent = successor;
    child2 = successor.rb_right;
  } else {
    // the successor is the leftmost node below node's right child
    do {
      parent = successor;
      successor = tmp;
      tmp = tmp.rb_left;
    } while (tmp !== null);
    child2 = successor.rb_right;
    parent.rb_left = child2;
    successor.rb_right = child;
    child.rb_parent = successor;
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tmp is declared nullable; the assertion narrows it for the lines below
  tmp = node.rb_left as RbNode<T>;
  successor.rb_left = tmp;
  tmp.rb_parent = successor;
  __rb_change_child(node, successor, nparent, root);

  let rebalance: RbNode<T> | null;
  if (child2 !== null) {
    child2.rb_parent = parent;
    __rb_set_color(child2, RB_BLACK, p);
    rebalance = null;
  } else {
    rebalance = successor.rb_color === RB_BLACK ? parent : null;
  }
  successor.rb_parent = nparent;
  __rb_set_color(successor, ncolor, p);
  return rebalance;
}

/**
 * Rebalance after erasing: every path through `parent` on the side of `node`
 * (null on the first pass) has one black node fewer than the other paths.
 * Pictures for node = left child (n = node, p = parent, s = sibling,
 * sl/sr = sibling's children; lower case = red, capitals = black, (p) = either):
 *
 *  case 1, sibling red: rotate left at p; continue with the new sibling (Sl)
 *
 *      P               S
 *     / \             / \
 *    N   s    -->    p   Sr
 *       / \         / \
 *      Sl  Sr      N   Sl
 *
 *  case 2, sibling black with black children: flip s to red; a red p turns
 *  black and ends it, a black p moves the hole one level up
 *
 *     (p)           (p)
 *     / \           / \
 *    N   S    -->  N   s
 *       / \           / \
 *      Sl  Sr        Sl  Sr
 *
 *  case 3, sibling black, far child black, near child red: rotate right at s
 *
 *     (p)           (p)
 *     / \           / \
 *    N   S    -->  N   sl
 *       / \             \
 *      sl  Sr            S
 *                         \
 *                          Sr
 *
 *  case 4, sibling black, far child red: rotate left at p; s takes p's colour
 *
 *     (p)             (s)
 *     / \             / \
 *    N   S     -->   P   Sr
 *       / \         / \
 *     (sl) sr      N  (sl)
 */
function erase_color<T>(parent: RbNode<T>, root: RbRoot<T>, p: Probe): void {
  let node: RbNode<T> | null = null;
  let sibling: RbNode<T>;
  let tmp1: RbNode<T> | null;
  let tmp2: RbNode<T> | null;
  for (;;) {
    sibling = parent.rb_right as RbNode<T>;
    if (node !== sibling) {
      // node is parent's left child (the sibling exists: its side is one black taller)
      if (sibling.rb_color === RB_RED) {
        __rb_case('erase', 1, p);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tmp1 is declared nullable; the assertion narrows it for the lines below
        tmp1 = sibling.rb_left as RbNode<T>;
        parent.rb_right = tmp1;
        sibling.rb_left = parent;
        tmp1.rb_parent = parent;
        __rb_set_color(tmp1, RB_BLACK, p);
        __rb_rotate_set_parents(parent, sibling, root, RB_RED, p);
        __rb_rotated(parent, 'left', p);
        sibling = tmp1;
      }
      tmp1 = sibling.rb_right;
      if (tmp1 === null || tmp1.rb_color === RB_BLACK) {
        tmp2 = sibling.rb_left;
        if (tmp2 === null || tmp2.rb_color === RB_BLACK) {
          __rb_case('erase', 2, p);
          __rb_set_color(sibling, RB_RED, p);
          if (parent.rb_color === RB_RED) {
            __rb_set_color(parent, RB_BLACK, p);
          } else {
            node = parent;
            const up: RbNode<T> | null = node.rb_parent;
            if (up !== null) {
              parent = up;
              continue;
            }
          }
          return;
        }
        __rb_case('erase', 3, p);
        tmp1 = tmp2.rb_right;
        sibling.rb_left = tmp1;
        tmp2.rb_right = sibling;
        parent.rb_right = tmp2;
        if (tmp1 !== null) {
          tmp1.rb_parent = sibling;
          __rb_set_color(tmp1, RB_BLACK, p);
        }
        __rb_rotated(sibling, 'right', p);
        tmp1 = sibling;
        sibling = tmp2;
      }
      __rb_case('erase', 4, p);
      tmp2 = sibling.rb_left;
      parent.rb_right = tmp2;
      sibling.rb_left = parent;
      tmp1.rb_parent = sibling;
      __rb_set_color(tmp1, RB_BLACK, p);
      if (tmp2 !== null) tmp2.rb_parent = parent;
      __rb_rotate_set_parents(parent, sibling, root, RB_BLACK, p);
      __rb_rotated(parent, 'left', p);
      return;
    } else {
      // node is parent's right child: the mirror image
      sibling = parent.rb_left as RbNode<T>;
      if (sibling.rb_color === RB_RED) {
        __rb_case('erase', 1, p);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tmp1 is declared nullable; the assertion narrows it for the lines below
        tmp1 = sibling.rb_right as RbNode<T>;
        parent.rb_left = tmp1;
        sibling.rb_right = parent;
        tmp1.rb_parent = parent;
        __rb_set_color(tmp1, RB_BLACK, p);
        __rb_rotate_set_parents(parent, sibling, root, RB_RED, p);
        __rb_rotated(parent, 'right', p);
        sibling = tmp1;
      }
      tmp1 = sibling.rb_left;
      if (tmp1 === null || tmp1.rb_color === RB_BLACK) {
        tmp2 = sibling.rb_right;
        if (tmp2 === null || tmp2.rb_color === RB_BLACK) {
          __rb_case('erase', 2, p);
          __rb_set_color(sibling, RB_RED, p);
          if (parent.rb_color === RB_RED) {
            __rb_set_color(parent, RB_BLACK, p);
          } else {
            node = parent;
            const up: RbNode<T> | null = node.rb_parent;
            if (up !== null) {
              parent = up;
              continue;
            }
          }
          return;
        }
        __rb_case('erase', 3, p);
        tmp1 = tmp2.rb_left;
        sibling.rb_right = tmp1;
        tmp2.rb_left = sibling;
        parent.rb_left = tmp2;
        if (tmp1 !== null) {
          tmp1.rb_parent = sibling;
          __rb_set_color(tmp1, RB_BLACK, p);
        }
        __rb_rotated(sibling, 'left', p);
        tmp1 = sibling;
        sibling = tmp2;
      }
      __rb_case('erase', 4, p);
      tmp2 = sibling.rb_right;
      parent.rb_left = tmp2;
      sibling.rb_right = parent;
      tmp1.rb_parent = sibling;
      __rb_set_color(tmp1, RB_BLACK, p);
      if (tmp2 !== null) tmp2.rb_parent = parent;
      __rb_rotate_set_parents(parent, sibling, root, RB_BLACK, p);
      __rb_rotated(parent, 'right', p);
      return;
    }
  }
}
