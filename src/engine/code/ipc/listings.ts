/**
 * ipc/util.c (2.6.25 … 6.18): the functions every IPC object is created,
 * found and removed through, and sysvipc_find_ipc behind /proc/sysvipc/*.
 */
import type { CodeListing } from '../listings';

export const IPC_LISTINGS = {
  ipc_addid: {
    name: 'ipc_addid',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_addid(ids, new, limit):'],
      ['full', '  if ids->in_use >= limit: return -ENOSPC'],
      ['alloc', '  idx = ipc_idr_alloc(ids, new)        [≤5.0: idr_alloc(&ids->ipcs_idr, new, ...)]'],
      ['key', '  insert new into ids->key_ht (the key hash table)'],
      ['seq', '  ids->in_use++; new->id = ipc_buildid(idx, new->seq)'],
      ['maxidx', '  if idx > ids->max_idx: ids->max_idx = idx'],
      ['ret', '  return idx'],
    ],
  },
  ipc_idr_alloc: {
    name: 'ipc_idr_alloc',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_idr_alloc(ids, new):'],
      ['next_id', '  if ids->next_id < 0:                    (no *_next_id sysctl set)'],
      ['cyclic', '    idx = idr_alloc_cyclic(&ids->ipcs_idr, NULL, 0, max_idx)'],
      ['bump', '    if idx <= ids->last_idx: ids->seq++  (wrapped: a new sequence number)'],
      ['fixed', '  else: idx = idr_alloc(&ids->ipcs_idr, NULL, ipcid_to_idx(next_id), +1); ids->next_id = -1'],
      ['ret', '  return idx'],
    ],
  },
  ipc_findkey: {
    name: 'ipc_findkey',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_findkey(ids, key):'],
      ['lookup', '  ipcp = rhashtable_lookup_fast(&ids->key_ht, &key, ...)   [4.14+]'],
      ['walk', '  for (total = 0, id = 0; total < in_use; id++): ipcp = idr_find(id); if !ipcp: continue   [≤4.13]'],
      ['compare', '    if ipcp->key == key: return ipcp; total++'],
      ['ret', '  return ipcp (NULL: no object has this key)'],
    ],
  },
  ipc_rmid: {
    name: 'ipc_rmid',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_rmid(ids, ipcp):'],
      ['remove', '  idr_remove(&ids->ipcs_idr, idx); ipc_kht_remove(ids, ipcp)'],
      ['in_use', '  ids->in_use--; ipcp->deleted = true'],
      ['maxidx', '  if idx == ids->max_idx:                 (the highest object went)'],
      ['stepdown', '    do idx--; while idx >= 0 && ipc_idr_find(idx) == NULL    [4.17–5.13]'],
      ['search', '    idx = idx > 0 ? ipc_search_maxidx(ids, idx - 1) : -1   [5.14+]'],
      ['set', '    ids->max_idx = idx'],
    ],
  },
  sysvipc_find_ipc: {
    name: 'sysvipc_find_ipc',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'sysvipc_find_ipc(ids, pos, &new_pos):   ‹start() and next() of /proc/sysvipc/*›'],
      ['count', '  [≤5.14] for id = 0; id < pos && total < in_use; id++: if idr_find(id): total++'],
      ['bound', '  [5.15] for id = pos; id <= ids->max_idx; id++'],
      ['find', '    ipc = idr_find(&ids->ipcs_idr, id); if ipc: *new_pos = id + 1; return ipc'],
      ['next', '  [6.0+] ipc = idr_get_next(&ids->ipcs_idr, &pos); *new_pos = pos + 1'],
      ['ret', '  return ipc (NULL: the end of the file)'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
