/**
 * ipc_findkey of ipc/util.c, which msgget/shmget/semget call for every key
 * but IPC_PRIVATE, in its two historical forms (KernelConfig.ipc_findkey),
 * and the key-table upkeep of ipc_addid / ipc_rmid / ipc_set_key_private:
 * - 'walk' (2.6.24 … 4.13): idr_find at idx 0, 1, 2, … comparing each
 *   object's key, until the key is found or `in_use` objects have been seen.
 *   A miss, as every new key is, looks at every object (and at every empty
 *   idx below the highest), so creating N keys costs about N²/2 lookups.
 *   The loop is the same on every IDR (idr_layer, the 3.9 layer256 tree,
 *   the radix tree); only idr_find differs (ipc_idr.ts).
 * - 'rhashtable' (4.14+, Guillaume Knispel, "ipc: optimize
 *   semget/shmget/msgget for lots of keys"): rhashtable_lookup_fast in the
 *   ids' key_ht (lib/rhashtable.ts), which ipc_addid fills and ipc_rmid and
 *   ipc_set_key_private empty.
 *
 * Simplified: no locks (the kernel returns the object locked under RCU).
 * Costs: `ipc_findkey` per call; the walk adds `ipc_findkey_steps` per idx
 * looked at (each an idr_find, counted by the IDR too) and
 * `ipc_findkey_compares` per key compared; the table adds the rht_* counters.
 *
 * Glossary: ids = one type's `struct ipc_ids`, key_ht = its rhashtable,
 * in_use = the objects it holds, idx = IDR index.
 */
import type { Probe } from '../probe';
import { rhashtable_insert_fast, rhashtable_lookup_fast, rhashtable_remove_fast } from '../lib/rhashtable';
import { IPC_PRIVATE } from '../uapi/ipc';
import { ipc_idr_find } from './ipc_idr';
import type { IpcIds, KernIpcPerm } from './namespace';

/** The ≤4.13 walk: idx 0, 1, … until the key or `in_use` objects have been seen. */
function ipc_findkey_walk<T extends KernIpcPerm>(ids: IpcIds<T>, key: number, p: Probe): T | null {
  const costs = p.costs;
  const idr = ids.ipcs_idr;
  for (let total = 0, next_id = 0; total < ids.in_use; next_id++) {
    costs.ipc_findkey_steps++;
    const ipc = ipc_idr_find(idr, next_id, p);
    if (ipc === null) {
      if (p.trace) p.trace({ kind: 'ipc_findkey_step', ipc: ids.ipc, idx: next_id, key: null, match: false });
      continue;
    }
    costs.ipc_findkey_compares++;
    const match = ipc.key === key;
    if (p.trace) p.trace({ kind: 'ipc_findkey_step', ipc: ids.ipc, idx: next_id, key: ipc.key, match });
    if (match) return ipc;
    total++;
  }
  return null;
}

/**
 * ipc_findkey: the object of `key` (not IPC_PRIVATE) in `ids`, or null,
 * by the walk or the key rhashtable, whichever `ids` has.
 */
export function ipc_findkey<T extends KernIpcPerm>(ids: IpcIds<T>, key: number, p: Probe): T | null {
  p.costs.ipc_findkey++;
  const obj = ids.key_ht === null ? ipc_findkey_walk(ids, key, p) : rhashtable_lookup_fast(ids.key_ht, key, p);
  if (p.trace) p.trace({ kind: 'ipc_findkey', ipc: ids.ipc, key, id: obj === null ? null : obj.id });
  return obj;
}

/** ipc_addid's rhashtable_insert_fast of a new object with a key (nothing without a key table). */
export function ipc_kht_insert<T extends KernIpcPerm>(ids: IpcIds<T>, obj: T, p: Probe): void {
  if (ids.key_ht !== null && obj.key !== IPC_PRIVATE) rhashtable_insert_fast(ids.key_ht, obj, p);
}

/** ipc_kht_remove: take an object with a key out of the key table (nothing without one). */
export function ipc_kht_remove<T extends KernIpcPerm>(ids: IpcIds<T>, obj: T, p: Probe): void {
  if (ids.key_ht !== null && obj.key !== IPC_PRIVATE) rhashtable_remove_fast(ids.key_ht, obj, p);
}
