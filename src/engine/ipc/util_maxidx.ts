/**
 * The highest used index of an `ipc_ids` (ipc/util.c, ipc/util.h), which
 * msgctl/shmctl/semctl *_INFO return, in its three historical forms
 * (KernelConfig.ipc_maxidx):
 * - 'none' (2.6.25 ipc_get_maxid … 4.16): no cache; every call walks idx
 *   0, 1, … with idr_find until it has seen in_use objects.
 * - 'linear' (4.17–5.13, "sysvipc: make get_maxid O(1) again"): max_idx is
 *   cached; removing the highest object steps down idx-1, idx-2, … with
 *   idr_find until a hit (linear in the gap below it).
 * - 'bsearch' (5.14+, Manfred Spraul's b869d5be0acf): the same cache,
 *   refreshed with ipc_search_maxidx, ⌊log2(limit+1)⌋+1 idr_get_next probes.
 * - 'search' (never released): the cache removed and every *_INFO running
 *   ipc_search_maxidx(ipc_mni - 1), the experiment Manfred Spraul reports
 *   in the cover letter of b869d5be0acf and rejected as too slow (seed 002).
 * Costs: `ipc_maxidx_steps` per index the walk or the step-down looks at,
 * `ipc_search_maxidx_probes` per binary-search probe (plus the idr_* counters).
 */
import type { Probe } from '../probe';
import { NO_PROBE } from '../probe';
import { ipc_idr_find, ipc_idr_get_next, ipc_idr_get_next_empty } from './ipc_idr';
import type { IpcIds, IpcNamespace, KernIpcPerm } from './namespace';

/** Reused idr_get_next cursor (the model is single-threaded). */
const cursor = { id: 0 };

/**
 * ipc_search_maxidx: highest used idx ≤ `limit` (≥ 0), or -1 if none, found
 * by building `max_idx + 1` bit by bit from bit ilog2(limit+1) down, each bit
 * one idr_get_next probe at `(r | 1 << bit) - 1`.
 */
export function ipc_search_maxidx<T extends KernIpcPerm>(ids: IpcIds<T>, limit: number, p: Probe): number {
  const top = 31 - Math.clz32(limit + 1);
  // an empty set (its last object just removed, as in a msg_next_id loop) misses every probe: counted, not made (a trace shows each)
  if (p.trace === null && ipc_idr_get_next_empty(ids.ipcs_idr, top + 1, p)) {
    p.costs.ipc_search_maxidx_probes += top + 1;
    return -1;
  }
  let r = 0;
  for (let bit = top; bit >= 0; bit--) {
    const probe = (r | (1 << bit)) - 1;
    cursor.id = probe;
    p.costs.ipc_search_maxidx_probes++;
    const hit = ipc_idr_get_next(ids.ipcs_idr, cursor, p) !== null;
    if (hit) r |= 1 << bit;
    if (p.trace) p.trace({ kind: 'maxidx_probe', ipc: ids.ipc, bit, probe, hit: hit ? cursor.id : null, r });
  }
  if (p.trace) p.trace({ kind: 'maxidx_result', ipc: ids.ipc, max_idx: r - 1 });
  return r - 1;
}

/**
 * The ≤5.13 refresh after removing the highest object at `idx`: step down
 * idx-1, idx-2, … with idr_find until an object is found. Return: its idx or -1.
 */
export function ipc_maxidx_step_down<T extends KernIpcPerm>(ids: IpcIds<T>, idx: number, p: Probe): number {
  const idr = ids.ipcs_idr;
  const costs = p.costs;
  for (;;) {
    idx--;
    if (idx === -1) break;
    costs.ipc_maxidx_steps++;
    const hit = ipc_idr_find(idr, idx, p) !== null;
    if (p.trace) p.trace({ kind: 'maxidx_step', ipc: ids.ipc, idx, hit });
    if (hit) break;
  }
  if (p.trace) p.trace({ kind: 'maxidx_result', ipc: ids.ipc, max_idx: idx });
  return idx;
}

/**
 * 2.6.25 ipc_get_maxid: walk idx 0 … ipc_mni-1 with idr_find, remembering the
 * last hit, until in_use objects were seen. Return: the highest idx, -1 if none.
 */
export function ipc_get_maxid_walk<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, p: Probe): number {
  const idr = ids.ipcs_idr;
  const in_use = ids.in_use;
  let max_id = -1;
  let total = 0;
  for (let id = 0; id < ns.ipc_mni && total < in_use; id++) {
    p.costs.ipc_maxidx_steps++;
    const hit = ipc_idr_find(idr, id, p) !== null;
    if (p.trace) p.trace({ kind: 'maxidx_step', ipc: ids.ipc, idx: id, hit });
    if (hit) {
      max_id = id;
      total++;
    }
  }
  if (p.trace) p.trace({ kind: 'maxidx_result', ipc: ids.ipc, max_idx: max_id });
  return max_id;
}

/**
 * ipc_get_maxidx: -1 if empty, ipc_mni-1 if full, else the cached max_idx
 * ('linear', 'bsearch') or the result of the walk ('none'); 'search' always
 * searches (no shortcut for an empty or full set).
 */
export function ipc_get_maxidx<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, p: Probe = NO_PROBE): number {
  const variant = ns.variants.ipc_maxidx;
  if (variant === 'search') return ipc_search_maxidx(ids, ns.ipc_mni - 1, p);
  if (ids.in_use === 0) return -1;
  if (ids.in_use === ns.ipc_mni) return ns.ipc_mni - 1;
  if (variant === 'none') return ipc_get_maxid_walk(ns, ids, p);
  return ids.max_idx;
}

/**
 * The max_idx refresh of ipc_rmid after removing `idx`: nothing unless it was
 * the highest; then -1, the step-down or the binary search. 'none' keeps no cache.
 */
export function ipc_rmid_update_maxidx<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, idx: number, p: Probe): void {
  if (idx !== ids.max_idx) return;
  const variant = ns.variants.ipc_maxidx;
  if (variant === 'none' || variant === 'search') {
    ids.max_idx = -1; // no cache: ipc_get_maxidx walks or searches
    return;
  }
  if (variant === 'linear') {
    ids.max_idx = ipc_maxidx_step_down(ids, idx, p);
    return;
  }
  const limit = idx - 1;
  ids.max_idx = limit >= 0 ? ipc_search_maxidx(ids, limit, p) : -1;
}
