/**
 * ipc/util.c's bound on the highest index in use (max_idx), as each release
 * finds it.
 */
import type { CodeListing } from '../listings';

export const MAXIDX_LISTINGS = {
  ipc_search_maxidx: {
    name: 'ipc_search_maxidx',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_search_maxidx(ids, limit):'],
      ['init', '  found = 0; i = ilog2(limit + 1)'],
      ['loop', '  for (; i >= 0; i--):                    (one bit of max_idx + 1)'],
      ['probe', '    tmpidx = (found | 1 << i) - 1; if idr_get_next(&ids->ipcs_idr, &tmpidx): found |= 1 << i'],
      ['ret', '  return found - 1'],
    ],
  },
  ipc_get_maxid: {
    name: 'ipc_get_maxid',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_get_maxid(ids):                      [≤4.16: no cached max_idx]'],
      ['empty', '  if ids->in_use == 0: return -1; if in_use == ipc_mni: return ipc_mni - 1'],
      ['walk', '  for id = 0; id < ipc_mni && total < in_use; id++: if idr_find(id): max_id = id; total++'],
      ['ret', '  return max_id'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
