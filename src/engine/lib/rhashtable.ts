/**
 * lib/rhashtable.c and include/linux/rhashtable.h as ipc/util.c uses them
 * from 4.14 (Guillaume Knispel's "ipc: optimize semget/shmget/msgget for
 * lots of keys") to 6.18: a resizable table of 2^n buckets, each a chain of
 * objects, keyed by a fixed-length key hashed with jhash2 and the table's
 * seed. Inserts go to the head of their chain. Above 75% load
 * (nelems > size/4*3) the deferred worker doubles the table; with
 * `automatic_shrinking`, below 30% (nelems < size*3/10, size > min_size) it
 * shrinks to roundup_pow_of_two(nelems*3/2), at least min_size. A resize
 * allocates a new bucket table with its own seed and moves every entry,
 * bucket by bucket, each chain from its tail, to the head of its new bucket.
 *
 * Simplified:
 * - the seed. The kernel draws each table's `hash_rnd` with
 *   get_random_u32(); the model takes jhash2 of the table's serial number
 *   (0 for the table rhashtable_init makes, 1 for the first resize, …)
 *   with seed 0: fixed, so runs are reproducible, and different per table,
 *   so a resize scatters the entries as a fresh seed does. Which bucket a
 *   key lands in is therefore the model's, not any real boot's.
 * - the bucket index is `hash & (size - 1)` (4.19+); 4.14–4.18 first shifted
 *   the hash right by 5 bits (RHT_HASH_RESERVED_SPACE for the nulls
 *   marker). With a random seed either is one arbitrary bucket; not modelled.
 * - the deferred worker (schedule_work → rht_deferred_worker) runs at once,
 *   at the end of the insert or remove that scheduled it. On a real kernel
 *   it runs shortly after on a kworker; lookups meanwhile search the old
 *   and the future table, so no lookup result differs. Hence the table
 *   never passes 100% load and the insert slow path (rht_grow_above_100, a
 *   chain longer than RHT_ELASTICITY = 16) is not modelled; bucket locks,
 *   RCU, nested tables and rhashtable_walk_* neither.
 *
 * Glossary: tbl = the bucket table, size = its bucket count, nelems =
 * entries in the table, chain = the entries of one bucket, head first,
 * hash_rnd = the table's seed, min_size = HASH_MIN_SIZE (4) unless asked
 * higher, rehash = moving every entry into a new table.
 */
import { NO_PROBE, type Probe } from '../probe';
import { ENOENT } from '../uapi/errno';
import { jhash_1word } from './jhash';

/** HASH_DEFAULT_SIZE: the first table's size without an nelem_hint */
export const HASH_DEFAULT_SIZE = 64;
/** HASH_MIN_SIZE: the smallest min_size */
export const HASH_MIN_SIZE = 4;

/** `struct bucket_table`: the buckets (null = empty chain) and the seed. */
export interface BucketTable<T> {
  size: number;
  hash_rnd: number;
  buckets: (T[] | null)[];
}

/** The parts of `struct rhashtable_params` ipc and the model use. */
export interface RhashtableParams {
  /** 0 = none; else rounded to a power of two, at least HASH_MIN_SIZE */
  min_size?: number;
  /** 0 = unbounded */
  max_size?: number;
  nelem_hint?: number;
  automatic_shrinking?: boolean;
}

/** `struct rhashtable` over objects with a numeric `key` (the key_offset/key_len of ipc: a 4-byte key_t). */
export interface Rhashtable<T extends { key: number }> {
  /** which table this is, for the trace (ipc: 'msg', 'shm', 'sem') */
  name: string;
  tbl: BucketTable<T>;
  nelems: number;
  min_size: number;
  max_size: number;
  automatic_shrinking: boolean;
  /** bucket tables allocated so far (the seed of the next is jhash2 of this number) */
  tables: number;
}

function roundup_pow_of_two(n: number): number {
  return n <= 1 ? 1 : 2 ** Math.ceil(Math.log2(n));
}

function rounddown_pow_of_two(n: number): number {
  return 2 ** Math.floor(Math.log2(n));
}

/** bucket_table_alloc: `nbuckets` empty buckets and the next deterministic seed. */
function bucket_table_alloc<T extends { key: number }>(ht: Rhashtable<T>, nbuckets: number): BucketTable<T> {
  const hash_rnd = jhash_1word(ht.tables, 0);
  ht.tables++;
  return { size: nbuckets, hash_rnd, buckets: new Array<T[] | null>(nbuckets).fill(null) };
}

/**
 * rhashtable_init: an empty table of HASH_DEFAULT_SIZE buckets (or
 * roundup_pow_of_two(nelem_hint * 4/3)), never fewer than min_size.
 */
export function rhashtable_init<T extends { key: number }>(name: string, params: RhashtableParams = {}): Rhashtable<T> {
  const min_size = Math.max(params.min_size ? roundup_pow_of_two(params.min_size) : 0, HASH_MIN_SIZE);
  const max_size = params.max_size ? rounddown_pow_of_two(params.max_size) : 0;
  const size = params.nelem_hint ? Math.max(roundup_pow_of_two(Math.trunc((params.nelem_hint * 4) / 3)), min_size) : Math.max(HASH_DEFAULT_SIZE, min_size);
  const ht: Rhashtable<T> = {
    name,
    tbl: { size: 0, hash_rnd: 0, buckets: [] },
    nelems: 0,
    min_size,
    max_size,
    automatic_shrinking: params.automatic_shrinking ?? false,
    tables: 0,
  };
  ht.tbl = bucket_table_alloc(ht, size);
  return ht;
}

/** rht_key_hashfn: the bucket of `key` in `tbl` (jhash2 of the key as one u32 word, the table's seed). */
export function rht_key_hashfn<T>(tbl: BucketTable<T>, key: number): number {
  return jhash_1word(key, tbl.hash_rnd) & (tbl.size - 1);
}

/** rht_grow_above_75: nelems > 75% of the table (and below max_size). */
export function rht_grow_above_75<T extends { key: number }>(ht: Rhashtable<T>, tbl: BucketTable<T>): boolean {
  return ht.nelems > (tbl.size >>> 2) * 3 && (ht.max_size === 0 || tbl.size < ht.max_size);
}

/** rht_shrink_below_30: nelems < 30% of the table, which is above min_size. */
export function rht_shrink_below_30<T extends { key: number }>(ht: Rhashtable<T>, tbl: BucketTable<T>): boolean {
  return ht.nelems < Math.trunc((tbl.size * 3) / 10) && tbl.size > ht.min_size;
}

/**
 * rhashtable_lookup_fast: the entry whose key is `key`, or null. One hash,
 * then the chain from its head, one key compare per entry.
 */
export function rhashtable_lookup_fast<T extends { key: number }>(ht: Rhashtable<T>, key: number, p: Probe = NO_PROBE): T | null {
  const tbl = ht.tbl;
  const costs = p.costs;
  costs.rht_hash++;
  const bucket = rht_key_hashfn(tbl, key);
  const chain = tbl.buckets[bucket]!;
  if (p.trace) p.trace({ kind: 'rht_bucket', name: ht.name, op: 'lookup', key, bucket, size: tbl.size, chain: chain === null ? 0 : chain.length });
  if (chain !== null) {
    for (let i = 0; i < chain.length; i++) {
      const obj = chain[i]!;
      costs.rht_chain_steps++;
      costs.rht_compares++;
      const match = obj.key === key;
      if (p.trace) p.trace({ kind: 'rht_step', name: ht.name, bucket, pos: i, key: obj.key, match });
      if (match) return obj;
    }
  }
  return null;
}

/**
 * rhashtable_insert_fast (key = NULL: no duplicate check, as ipc inserts):
 * `obj` goes to the head of its chain, after a walk to the chain's end (the
 * elasticity count); then, above 75%, the deferred worker grows the table.
 * Return: 0 (-E2BIG at 2^31 entries and -ENOMEM are not modelled).
 */
export function rhashtable_insert_fast<T extends { key: number }>(ht: Rhashtable<T>, obj: T, p: Probe = NO_PROBE): number {
  const tbl = ht.tbl;
  p.costs.rht_hash++;
  const bucket = rht_key_hashfn(tbl, obj.key);
  const chain = tbl.buckets[bucket]!;
  const len = chain === null ? 0 : chain.length;
  p.costs.rht_chain_steps += len;
  if (chain === null) tbl.buckets[bucket] = [obj];
  else chain.unshift(obj);
  ht.nelems++;
  if (p.trace) p.trace({ kind: 'rht_bucket', name: ht.name, op: 'insert', key: obj.key, bucket, size: tbl.size, chain: len + 1 });
  if (rht_grow_above_75(ht, tbl)) rht_deferred_worker(ht, p);
  return 0;
}

/**
 * rhashtable_remove_fast: unlink `obj` from its chain (found by pointer,
 * walking from the head); below 30% with automatic_shrinking the deferred
 * worker shrinks the table. Return: 0, or -ENOENT when `obj` is not in it.
 */
export function rhashtable_remove_fast<T extends { key: number }>(ht: Rhashtable<T>, obj: T, p: Probe = NO_PROBE): number {
  const tbl = ht.tbl;
  p.costs.rht_hash++;
  const bucket = rht_key_hashfn(tbl, obj.key);
  const chain = tbl.buckets[bucket]!;
  const pos = chain === null ? -1 : chain.indexOf(obj);
  p.costs.rht_chain_steps += pos < 0 ? (chain?.length ?? 0) : pos + 1;
  if (pos < 0) return -ENOENT;
  chain.splice(pos, 1);
  if (chain.length === 0) tbl.buckets[bucket] = null;
  ht.nelems--;
  if (p.trace) p.trace({ kind: 'rht_bucket', name: ht.name, op: 'remove', key: obj.key, bucket, size: tbl.size, chain: chain.length });
  if (ht.automatic_shrinking && rht_shrink_below_30(ht, tbl)) rht_deferred_worker(ht, p);
  return 0;
}

/**
 * rht_deferred_worker: grow to twice the size above 75%, else (with
 * automatic_shrinking) shrink below 30% to roundup_pow_of_two(nelems*3/2)
 * but not below min_size (rhashtable_shrink; nothing when that is not
 * smaller), then rehash into the new table.
 */
function rht_deferred_worker<T extends { key: number }>(ht: Rhashtable<T>, p: Probe): void {
  const old = ht.tbl;
  let size: number;
  if (rht_grow_above_75(ht, old)) size = old.size * 2;
  else if (ht.automatic_shrinking && rht_shrink_below_30(ht, old)) {
    size = ht.nelems === 0 ? 0 : roundup_pow_of_two(Math.trunc((ht.nelems * 3) / 2));
    if (size < ht.min_size) size = ht.min_size;
    if (old.size <= size) return;
  } else return;
  rhashtable_rehash_table(ht, bucket_table_alloc(ht, size), p);
}

/**
 * rhashtable_rehash_table: for each old bucket in order, move the chain's
 * last entry to the head of its bucket in `next` until the chain is empty
 * (rhashtable_rehash_one), then publish `next`.
 */
function rhashtable_rehash_table<T extends { key: number }>(ht: Rhashtable<T>, next: BucketTable<T>, p: Probe): void {
  const old = ht.tbl;
  let moved = 0;
  for (let b = 0; b < old.size; b++) {
    const chain = old.buckets[b]!;
    if (chain === null) continue;
    for (let i = chain.length - 1; i >= 0; i--) {
      const obj = chain[i]!;
      const nb = rht_key_hashfn(next, obj.key);
      const dst = next.buckets[nb]!;
      if (dst === null) next.buckets[nb] = [obj];
      else dst.unshift(obj);
      moved++;
    }
  }
  p.costs.rht_rehashes++;
  p.costs.rht_hash += moved;
  p.costs.rht_rehash_moves += moved;
  ht.tbl = next;
  if (p.trace) p.trace({ kind: 'rht_rehash', name: ht.name, from: old.size, to: next.size, nelems: ht.nelems, moved, hash_rnd: next.hash_rnd });
}

/** The length of every chain of the current table, by bucket (for views and tests). */
export function rht_chain_lengths<T extends { key: number }>(ht: Rhashtable<T>): number[] {
  return ht.tbl.buckets.map((c) => (c === null ? 0 : c.length));
}
