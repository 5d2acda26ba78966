/**
 * lib/rbtree.c: the red-black fix-ups after an insert and an erase.
 */
import type { CodeListing } from '../listings';

export const RBTREE_LISTINGS = {
  rb_insert_color: {
    name: '__rb_insert',
    file: 'lib/rbtree.c',
    older: { before: '3.5', name: 'rb_insert_color', file: 'lib/rbtree.c' },
    lines: [
      ['entry', '__rb_insert(node, root):                ‹rb_insert_color›'],
      ['loop', '  while parent is red:'],
      ['case1', '    case 1: the uncle is red → parent, uncle black; gparent red; node = gparent'],
      ['case2', '    case 2: node is the inner child → rotate at parent (node becomes the outer child)'],
      ['case3', '    case 3: rotate at gparent; parent black, gparent red'],
      ['root', '  the root is black'],
    ],
  },
  rb_erase: {
    name: 'rb_erase',
    file: 'lib/rbtree.c',
    lines: [
      ['entry', 'rb_erase(node, root):'],
      ['unlink', '  rebalance = __rb_erase_augmented(node, root)   (two children: the successor takes its place)'],
      ['rebalance', '  if rebalance: ____rb_erase_color(rebalance, root)'],
    ],
  },
  rb_erase_color: {
    name: '____rb_erase_color',
    file: 'lib/rbtree.c',
    lines: [
      ['entry', '____rb_erase_color(parent, root):        (one black missing below parent)'],
      ['case1', '  case 1: the sibling is red → rotate at parent, recolour'],
      ['case2', "  case 2: the sibling's children are black → sibling red, go up"],
      ['case3', "  case 3: the sibling's near child is red → rotate at sibling"],
      ['case4', "  case 4: the sibling's far child is red → rotate at parent, recolour: done"],
    ],
  },
} as const satisfies Record<string, CodeListing>;
