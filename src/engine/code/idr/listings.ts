/**
 * lib/idr.c and lib/radix-tree.c (4.11+), and lib/idr.c's idr_layer tree of
 * 2.6.25 … 4.10. Simplified: the radix tree's tags are the IDR_FREE tag only.
 */
import type { CodeListing } from '../listings';

export const IDR_LISTINGS = {
  // --- lib/idr.c, lib/radix-tree.c (4.11+) -------------------------------------------
  idr_alloc: {
    name: 'idr_alloc',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_alloc(idr, ptr, start, end) → idr_alloc_u32:'],
      ['get_free', '  slot = idr_get_free(&idr->idr_rt, &iter, gfp, end - 1)'],
      ['full', '  if IS_ERR(slot): return -ENOSPC'],
      ['store', '  radix_tree_iter_replace(..., slot, ptr); radix_tree_iter_tag_clear(..., IDR_FREE)'],
      ['ret', '  return iter.index'],
    ],
  },
  idr_get_free: {
    name: 'idr_get_free',
    file: 'lib/radix-tree.c',
    lines: [
      ['entry', 'idr_get_free(root, iter, gfp, max):'],
      ['extend', "  if start > the tree's max index: radix_tree_extend (a new root level)"],
      ['descend', '  while shift > 0: offset = radix_tree_descend(node, &child, start)'],
      ['node', '    if child == NULL: child = radix_tree_node_alloc(...); set IDR_FREE on all its slots'],
      ['tag', '    if !tag_get(node, IDR_FREE, offset): offset = radix_tree_find_next_bit(node, IDR_FREE, offset+1)'],
      ['slot', '  return &node->slots[offset]'],
    ],
  },
  idr_find: {
    name: 'idr_find',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_find(idr, id) → radix_tree_lookup(&idr->idr_rt, id):'],
      ['root', "  node = root->xa_head; if id > the tree's max index: return NULL"],
      ['descend', '  while node is internal: node = node->slots[(id >> node->shift) & 63]'],
      ['ret', '  return node (the entry, or NULL)'],
    ],
  },
  idr_get_next: {
    name: 'idr_get_next',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_get_next(idr, &id):'],
      ['iter', '  radix_tree_for_each_slot(slot, &idr->idr_rt, &iter, *id):'],
      ['chunk', '    radix_tree_next_chunk: descend to the first used slot at or after id'],
      ['skip', '    if the entry is NULL (reserved) or internal: continue'],
      ['found', '    *id = iter.index; return entry'],
      ['none', '  return NULL'],
    ],
  },
  idr_remove: {
    name: 'idr_remove',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_remove(idr, id) → radix_tree_delete_item(&idr->idr_rt, id, NULL):'],
      ['lookup', '  entry = __radix_tree_lookup(root, id, &node, &slot)'],
      ['tag', '  node_tag_set(root, node, IDR_FREE, offset)   (free again, marked up to the root)'],
      ['clear', '  __radix_tree_replace(root, node, slot, NULL); node->count--'],
      ['delete', '  delete_node: free each emptied node, then radix_tree_shrink the root'],
      ['ret', '  return entry'],
    ],
  },
  idr_replace: {
    name: 'idr_replace',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_replace(idr, ptr, id):'],
      ['lookup', '  entry = __radix_tree_lookup(&idr->idr_rt, id, &node, &slot)'],
      ['check', '  if !slot || radix_tree_tag_get(..., IDR_FREE): return -ENOENT'],
      ['store', '  __radix_tree_replace(&idr->idr_rt, node, slot, ptr)'],
      ['ret', '  return entry'],
    ],
  },

  // --- lib/idr.c of 2.6.25 … 4.10 (idr_layer) ------------------------------------------
  idr_get_empty_slot: {
    name: 'idr_get_empty_slot',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_get_empty_slot(idp, starting_id, pa):   ‹idr_get_new_above; 3.9+: idr_alloc›'],
      ['grow', '  while id >= 1 << (layers * IDR_BITS): a new top layer from the free list'],
      ['sub_alloc', '  sub_alloc: per layer, m = find_next_bit(~bitmap, IDR_SIZE, n); none free: climb'],
      ['new', '    if p->ary[m] == NULL: p->ary[m] = get_from_free_list(idp)'],
      ['store', '  rcu_assign_pointer(leaf->ary[id & IDR_MASK], ptr)'],
      ['bits', '  idr_mark_full: set the bit in each layer up while the layer below is full'],
      ['ret', '  return id (-EAGAIN: call idr_pre_get first; -ENOSPC: out of ids)'],
    ],
  },
  idr_pre_get: {
    name: 'idr_pre_get',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_pre_get(idp, gfp):                    [3.9+: idr_preload]'],
      ['fill', '  while idp->id_free_cnt < MAX_IDR_FREE: move_to_free_list(idp, kmem_cache_zalloc(idr_layer_cache))'],
      ['ret', '  return 1'],
    ],
  },
  idr_layer_find: {
    name: 'idr_find',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_find(idp, id):                        [3.9+: the hint first, then idr_find_slowpath]'],
      ['top', '  p = idp->top; n = (p->layer + 1) * IDR_BITS; if id >= 1 << n: return NULL'],
      ['descend', '  while n > 0 && p: n -= IDR_BITS; p = p->ary[(id >> n) & IDR_MASK]'],
      ['ret', '  return p'],
    ],
  },
  idr_layer_get_next: {
    name: 'idr_get_next',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_get_next(idp, &nextid):'],
      ['descend', '  walk down from the top to the first used slot at or after id, climbing past empty layers'],
      ['ret', '  *nextid = id; return the entry (NULL: none)'],
    ],
  },
  idr_layer_remove: {
    name: 'idr_remove',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_remove(idp, id):'],
      ['sub_remove', "  sub_remove: walk down recording the path; clear the id's bit in each layer"],
      ['warn', '  if the slot is empty: idr_remove_warning(id)   ‹called for id=N which is not allocated›'],
      ['free', '  free_layer each emptied layer (to the free list; 2.6.27+: after an RCU grace period)'],
      ['drop', '  while the top layer holds only slot 0: drop the top layer'],
      ['trim', '  while id_free_cnt >= MAX_IDR_FREE: kmem_cache_free a layer of the free list'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
