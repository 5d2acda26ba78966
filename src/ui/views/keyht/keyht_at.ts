/**
 * The key lookup view at an inner position: the model (before the
 * operation until its first event, after it from then on), what of the
 * operation's key-table work or walk has happened, and the counts the
 * view prints. Pure, so it is tested without a browser.
 */
import { keyht_ops, type KeyhtModel, type KeyhtOp, type KeyhtTrace, type KeyhtWalkStep } from '../../../engine/view/keyht';
import type { ViewFrame } from '../types';

export interface KeyhtAt {
  model: KeyhtModel;
  trace: KeyhtTrace;
  /** events that have happened */
  pos: number;
  /** the table operation in progress or last done (null: none yet) */
  op: KeyhtOp | null;
  /** its chain steps that have happened */
  steps: KeyhtOp['steps'];
  /** the bucket to light in the drawn table: the op's, when it ran on a table of the drawn size */
  litBucket: number | null;
  /** walk steps that have happened */
  walk: KeyhtWalkStep[];
  /** the resizes that have happened */
  rehashed: KeyhtTrace['rehashes'];
  /** the lookup's result once it is known: the id, or null for none; undefined = not yet or no lookup */
  found: number | null | undefined;
  /** events of the operation not sent */
  dropped: number;
}

export function keyht_at(frame: ViewFrame<KeyhtModel>, sub: number): KeyhtAt {
  const after = frame.after;
  const n = frame.events.length;
  const pos = Math.min(Math.max(sub, 0), n);
  const model = pos === 0 && frame.before !== null ? frame.before : after;
  const trace = keyht_ops(frame.events, after.ipc);
  const ops = trace.ops.filter((o) => o.event < pos);
  const op = ops.length > 0 ? ops[ops.length - 1]! : null;
  const steps = op === null ? [] : op.steps.filter((s) => s.event < pos);
  const litBucket = op !== null && model.table !== null && op.size === model.table.size ? op.bucket : null;
  const result = trace.results.find((r) => r.event < pos);
  return {
    model,
    trace,
    pos,
    op,
    steps,
    litBucket,
    walk: trace.walk.filter((s) => s.event < pos),
    rehashed: trace.rehashes.filter((r) => r.event < pos),
    found: result === undefined ? undefined : result.id,
    dropped: frame.dropped,
  };
}

const num = (n: number) => n.toLocaleString('en');

/** A key as the workload writes it: hex, two's complement for negative key_t. */
export function keyText(key: number): string {
  return `0x${(key >>> 0).toString(16)}`;
}

/** "walk: 4,000 idr_find, 4,000 key compares → not found", "hash: bucket 37, 2 keys compared → id 32769", or null without a lookup. */
export function lookupCount(at: KeyhtAt): string | null {
  const res = at.found === undefined ? '' : at.found === null ? ' → not found' : ` → id ${at.found}`;
  if (at.model.variant === 'walk') {
    if (at.walk.length === 0) return at.trace.results.length > 0 && at.found !== undefined ? `walk: no object to look at${res}` : null;
    const compares = at.walk.filter((s) => s.key !== null).length;
    const more = at.dropped > 0 ? ` (the first ${num(at.trace.walk.length)} steps recorded; ${num(at.dropped)} more events not sent)` : '';
    return `walk: ${num(at.walk.length)} idr_find, ${num(compares)} key compares${res}${more}`;
  }
  const lookup = at.trace.ops.find((o) => o.op === 'lookup' && o.event < at.pos);
  if (lookup === undefined) return null;
  const steps = lookup === at.op ? at.steps.length : lookup.steps.length;
  return `hash: bucket ${lookup.bucket} of ${num(lookup.size)}, ${steps} ${steps === 1 ? 'key' : 'keys'} compared${res}`;
}

/**
 * What the other kernel would have done for this lookup: on the walk, the
 * table's one hash and a chain of about nelems / size entries; on the
 * table, the walk's idx 0 … the key's idx (found) or 0 … highest (missing).
 */
export function otherLookup(at: KeyhtAt, before: KeyhtModel | null): string | null {
  if (at.found === undefined) return null;
  const m = before ?? at.model;
  if (at.model.variant === 'walk') {
    const size = tableSizeFor(m.in_use);
    return `4.14's key rhashtable: one hash into ${num(size)} buckets, a chain of ${(m.in_use / size).toFixed(2)} keys on average`;
  }
  const steps = at.found === null ? m.highest + 1 : (at.found & ((1 << m.idx_bits) - 1)) + 1;
  return `the ≤4.13 walk would call idr_find ${num(steps)} ${steps === 1 ? 'time' : 'times'}`;
}

/** The size a key rhashtable of `n` entries has when grown from 64 buckets: doubled while n > 75%. */
export function tableSizeFor(n: number): number {
  let size = 64;
  while (n > (size / 4) * 3) size *= 2;
  return size;
}

export const VARIANT_TEXT: Record<KeyhtModel['variant'], string> = {
  walk: 'no key table (≤4.13): ipc_findkey walks idx 0, 1, … with idr_find, comparing keys',
  rhashtable: "key rhashtable (4.14+): jhash2 of the key with the table's seed picks a bucket",
};

export function describeKeyht(frame: ViewFrame<KeyhtModel>, sub: number): string {
  const at = keyht_at(frame, sub);
  const m = at.model;
  const count = lookupCount(at);
  const table = m.table === null ? `${m.in_use} objects, no key table, walk up to idx ${m.highest}` : `${m.table.nelems} keys in ${m.table.size} buckets`;
  return `${m.ipc} ids: ${table}.${count === null ? '' : ` ${count}.`}`;
}
