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
 * Untraced, on the radix IDR, the walk is not run object by object: the
 * model's `key_index` says which object (if any) has the key, hence where
 * the loop stops (the key's idx, or the highest used idx for a miss), and
 * idr_find_count makes the idr_find descents up to there without loading
 * the objects (their cache misses made the faithful loop ~10x slower than
 * the descents). The counts are the loop's; util_findkey.test.ts checks
 * them against the traced loop.
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
import { idr_find_count } from '../lib/idr';
import { idr_is_layer, ipc_idr_find } from './ipc_idr';
import type { IpcIds, IpcNamespace, KernIpcPerm } from './namespace';

/** Reused stop cursor of idr_find_count (the model is single-threaded). */
const stop = { id: 0 };

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
 * The walk's counts without the walk (radix IDR, no tracer): idr_find on idx
 * 0 … the found object's idx, or until in_use objects were seen; one key
 * compare per object met.
 */
function ipc_findkey_counted<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, key: number, p: Probe): T | null {
  const obj = ids.key_index!.get(key) ?? null;
  const idr = ids.ipcs_idr;
  if (idr_is_layer(idr)) throw new Error('internal error: the counted walk needs the radix IDR');
  const end = obj === null ? ns.ipc_mni : (obj.id & ((1 << ns.ipc_mni_shift) - 1)) + 1;
  const seen = idr_find_count(idr, end, ids.in_use, stop, p);
  p.costs.ipc_findkey_steps += stop.id;
  p.costs.ipc_findkey_compares += seen;
  return obj;
}

/**
 * ipc_findkey: the object of `key` (not IPC_PRIVATE) in `ids`, or null,
 * by the walk or the key rhashtable, whichever `ids` has.
 */
export function ipc_findkey<T extends KernIpcPerm>(ns: IpcNamespace, ids: IpcIds<T>, key: number, p: Probe): T | null {
  p.costs.ipc_findkey++;
  let obj: T | null;
  if (ids.key_ht !== null) obj = rhashtable_lookup_fast(ids.key_ht, key, p);
  else if (p.trace === null && !idr_is_layer(ids.ipcs_idr)) obj = ipc_findkey_counted(ns, ids, key, p);
  else obj = ipc_findkey_walk(ids, key, p);
  if (p.trace) p.trace({ kind: 'ipc_findkey', ipc: ids.ipc, key, id: obj === null ? null : obj.id });
  return obj;
}

/** ipc_addid's rhashtable_insert_fast of a new object with a key (walk kernels: the model's key_index). */
export function ipc_kht_insert<T extends KernIpcPerm>(ids: IpcIds<T>, obj: T, p: Probe): void {
  if (obj.key === IPC_PRIVATE) return;
  if (ids.key_ht !== null) rhashtable_insert_fast(ids.key_ht, obj, p);
  else ids.key_index?.set(obj.key, obj);
}

/** ipc_kht_remove: take an object with a key out of the key table (walk kernels: the model's key_index). */
export function ipc_kht_remove<T extends KernIpcPerm>(ids: IpcIds<T>, obj: T, p: Probe): void {
  if (obj.key === IPC_PRIVATE) return;
  if (ids.key_ht !== null) rhashtable_remove_fast(ids.key_ht, obj, p);
  else ids.key_index?.delete(obj.key);
}
