/**
 * The key lookup view's model: how one `ipc_ids` finds the object of a key
 * (ipc/util.c ipc_findkey, KernelConfig.ipc_findkey). On 4.14+ that is the
 * key rhashtable (lib/rhashtable.c): its size, load, resize thresholds and
 * seed, a histogram of chain lengths, a density strip over all buckets and
 * the chains of a window of buckets, keys head first. On older kernels
 * there is no table: the model gives the extent of the walk (idx 0 … the
 * highest used) and the operation's events give its steps. `keyht_ops`
 * below reads those events, shared so it can be tested here.
 *
 * Simplified: at most KEYHT_WINDOW buckets are listed, with at most
 * KEYHT_CHAIN_KEYS keys each; the rest is counted (histogram, density).
 * The window holds the bucket of the operation's key in the current table
 * (`options.focus`, a bucket number, overrides it); without events, bucket 0.
 */
import type { IpcFindkey } from '../config';
import type { Kernel } from '../kernel';
import { rht_key_hashfn } from '../lib/rhashtable';
import type { IpcType, TraceEvent } from '../trace';
import { ipc_search_maxidx } from '../ipc/util_maxidx';
import { NO_PROBE } from '../probe';
import { ipc_ids_of, pick_ipc } from './ipc_ids';
import type { Extractor, ViewOptions } from './types';

export const KEYHT_WINDOW = 32;
export const KEYHT_CHAIN_KEYS = 8;
/** the density strip has at most this many cells (each a run of size / cells buckets) */
export const KEYHT_DENSITY_CELLS = 256;

export interface KeyhtChain {
  bucket: number;
  length: number;
  /** the first KEYHT_CHAIN_KEYS keys of the chain, head first, and their ids */
  keys: number[];
  ids: number[];
}

export interface KeyhtTable {
  size: number;
  nelems: number;
  hash_rnd: number;
  min_size: number;
  /** bucket tables allocated so far (1 = never resized) */
  tables: number;
  automatic_shrinking: boolean;
  /** the table grows when nelems exceeds this (size / 4 * 3) */
  grow_above: number;
  /** it shrinks when nelems falls below this (size * 3 / 10); null when it cannot (min_size, no automatic_shrinking) */
  shrink_below: number | null;
  /** histogram[n] = buckets whose chain has n entries */
  histogram: number[];
  /** entries per run of size / density.length consecutive buckets */
  density: number[];
  /** the listed buckets: window_first … window_first + chains.length - 1 */
  window_first: number;
  chains: KeyhtChain[];
}

export interface KeyhtModel {
  ipc: IpcType;
  variant: IpcFindkey;
  in_use: number;
  /** the highest used idx (where a missing key's walk ends), -1 when none */
  highest: number;
  /** index bits of an id (ipc_mni_shift): idx = id & ((1 << idx_bits) - 1) */
  idx_bits: number;
  /** the key rhashtable, null on walk kernels */
  table: KeyhtTable | null;
}

/** The key the operation looked up, inserted or removed for `ipc`, if any. */
function op_key(events: readonly TraceEvent[], ipc: IpcType): number | null {
  let key: number | null = null;
  for (const ev of events) {
    if ((ev.kind === 'rht_bucket' && ev.name === ipc) || (ev.kind === 'ipc_findkey' && ev.ipc === ipc)) key = ev.key;
  }
  return key;
}

/** extract_keyht: the key lookup view's model of the ipc_ids `pick_ipc` chooses. */
export const extract_keyht: Extractor<KeyhtModel> = (kernel: Kernel, events: readonly TraceEvent[], options: ViewOptions) => {
  const ipc = pick_ipc(kernel, events, options);
  const ids = ipc_ids_of(kernel, ipc);
  const highest = ipc_search_maxidx(ids, kernel.state.ipc.ipc_mni - 1, NO_PROBE);
  const model: KeyhtModel = { ipc, variant: kernel.state.ipc.variants.ipc_findkey, in_use: ids.in_use, highest, idx_bits: kernel.state.ipc.ipc_mni_shift, table: null };
  const ht = ids.key_ht;
  if (ht === null) return model;
  const tbl = ht.tbl;
  const histogram: number[] = [0];
  const cells = Math.min(KEYHT_DENSITY_CELLS, tbl.size);
  const per = tbl.size / cells;
  const density = new Array<number>(cells).fill(0);
  tbl.buckets.forEach((chain, b) => {
    const n = chain === null ? 0 : chain.length;
    while (histogram.length <= n) histogram.push(0);
    histogram[n]!++;
    density[Math.floor(b / per)]! += n;
  });
  const key = op_key(events, ipc);
  const focus = options.focus !== undefined && options.focus >= 0 && options.focus < tbl.size ? options.focus : key === null ? 0 : rht_key_hashfn(tbl, key);
  const window_first = Math.floor(focus / KEYHT_WINDOW) * KEYHT_WINDOW;
  const chains: KeyhtChain[] = [];
  for (let b = window_first; b < Math.min(tbl.size, window_first + KEYHT_WINDOW); b++) {
    const chain = tbl.buckets[b] ?? [];
    const shown = chain.slice(0, KEYHT_CHAIN_KEYS);
    chains.push({ bucket: b, length: chain.length, keys: shown.map((o) => o.key), ids: shown.map((o) => o.id) });
  }
  const shrink_below = ht.automatic_shrinking && tbl.size > ht.min_size ? Math.trunc((tbl.size * 3) / 10) : null;
  model.table = {
    size: tbl.size,
    nelems: ht.nelems,
    hash_rnd: tbl.hash_rnd,
    min_size: ht.min_size,
    tables: ht.tables,
    automatic_shrinking: ht.automatic_shrinking,
    grow_above: (tbl.size >>> 2) * 3,
    shrink_below,
    histogram,
    density,
    window_first,
    chains,
  };
  return model;
};

/** One key-table operation of a system call, read from its events. */
export interface KeyhtOp {
  op: 'lookup' | 'insert' | 'remove';
  key: number;
  bucket: number;
  /** the table's size when it ran (a resize later in the call renumbers the buckets) */
  size: number;
  /** lookup: the chain entries compared, head first; insert/remove: none */
  steps: { pos: number; key: number; match: boolean; event: number }[];
  event: number;
}

/** One index of the ≤4.13 walk. */
export interface KeyhtWalkStep {
  idx: number;
  /** the key of the object there, null = empty index */
  key: number | null;
  match: boolean;
  event: number;
}

export interface KeyhtTrace {
  ops: KeyhtOp[];
  rehashes: { from: number; to: number; moved: number; hash_rnd: number; event: number }[];
  walk: KeyhtWalkStep[];
  /** the ipc_findkey results: the key and the id found (null = none) */
  results: { key: number; id: number | null; event: number }[];
}

/** Reads an operation's key lookups, table changes and walk steps for `ipc` out of its events. */
export function keyht_ops(events: readonly TraceEvent[], ipc: IpcType): KeyhtTrace {
  const out: KeyhtTrace = { ops: [], rehashes: [], walk: [], results: [] };
  events.forEach((ev, i) => {
    switch (ev.kind) {
      case 'rht_bucket':
        if (ev.name === ipc) out.ops.push({ op: ev.op, key: ev.key, bucket: ev.bucket, size: ev.size, steps: [], event: i });
        return;
      case 'rht_step': {
        const last = out.ops[out.ops.length - 1];
        if (ev.name === ipc && last !== undefined && last.op === 'lookup' && last.bucket === ev.bucket) last.steps.push({ pos: ev.pos, key: ev.key, match: ev.match, event: i });
        return;
      }
      case 'rht_rehash':
        if (ev.name === ipc) out.rehashes.push({ from: ev.from, to: ev.to, moved: ev.moved, hash_rnd: ev.hash_rnd, event: i });
        return;
      case 'ipc_findkey_step':
        if (ev.ipc === ipc) out.walk.push({ idx: ev.idx, key: ev.key, match: ev.match, event: i });
        return;
      case 'ipc_findkey':
        if (ev.ipc === ipc) out.results.push({ key: ev.key, id: ev.id, event: i });
        return;
      default:
        return;
    }
  });
  return out;
}
