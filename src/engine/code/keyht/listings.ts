/**
 * lib/rhashtable.c and include/linux/rhashtable.h (4.14+): the key hash table
 * of ipc/util.c. Simplified: one table, no nested tables, the resize in one step.
 */
import type { CodeListing } from '../listings';

export const KEYHT_LISTINGS = {
  rhashtable_lookup_fast: {
    name: 'rhashtable_lookup_fast',
    file: 'include/linux/rhashtable.h',
    lines: [
      ['entry', 'rhashtable_lookup_fast(ht, key, params):'],
      ['hash', '  tbl = ht->tbl; hash = jhash2(key, 1, tbl->hash_rnd) & (tbl->size - 1)'],
      ['compare', '  for each entry in tbl->buckets[hash], head first: if its key == key: return it'],
      ['ret', '  return NULL   (and the future table, during a resize)'],
    ],
  },
  rhashtable_insert_fast: {
    name: 'rhashtable_insert_fast',
    file: 'include/linux/rhashtable.h',
    lines: [
      ['entry', 'rhashtable_insert_fast(ht, obj, params):'],
      ['head', "  hash = bucket of obj's key; obj->next = tbl->buckets[hash]; tbl->buckets[hash] = obj"],
      ['grow', '  nelems++; if nelems > size / 4 * 3: schedule_work(&ht->run_work)'],
    ],
  },
  rhashtable_remove_fast: {
    name: 'rhashtable_remove_fast',
    file: 'include/linux/rhashtable.h',
    lines: [
      ['entry', 'rhashtable_remove_fast(ht, obj, params):'],
      ['unlink', "  walk obj's bucket to obj; unlink it"],
      ['shrink', '  nelems--; if automatic_shrinking && nelems < size * 3 / 10: schedule_work(&ht->run_work)'],
    ],
  },
  rht_deferred_worker: {
    name: 'rht_deferred_worker',
    file: 'lib/rhashtable.c',
    lines: [
      ['entry', 'rht_deferred_worker(work):   (a kworker, soon after the insert or removal)'],
      ['grow', '  if nelems > size / 4 * 3: rhashtable_rehash_alloc(ht, tbl, size * 2)'],
      ['shrink', '  else if automatic_shrinking && nelems < size * 3 / 10: rhashtable_shrink(ht)'],
      ['rehash', '  rhashtable_rehash_table(ht): each bucket, tail first, to the head of its new bucket'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
