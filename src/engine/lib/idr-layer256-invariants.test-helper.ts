/**
 * Structural invariants of the 3.9 idr_layer tree (idr-layer256.ts), checked
 * by the tests after every step (not used by the engine). Throws with a
 * message naming the first broken invariant.
 */
import { bitmap_full, idr_find, idr_init, IDR_SIZE, test_bit, type Idr256, type IdrLayer256 } from './idr-layer256';
import { idr_alloc } from './idr-layer256-alloc';
import { idr_get_next } from './idr-layer256-get-next';

function fail(msg: string): never {
  throw new Error(`3.9 IDR invariant broken: ${msg}`);
}

interface Walk<T> {
  /** id -> pointer of every used leaf slot */
  seen: Map<number, T | null>;
  /** every leaf in the tree, by first index */
  leaves: Map<number, IdrLayer256<T>>;
  /** `exact`: a full subtree always has its bit set (false after removals of unallocated ids) */
  exact: boolean;
}

/** Checks the subtree of `l`, which covers ids from `first`; returns whether it is completely full. */
function check_subtree<T>(l: IdrLayer256<T>, level: number, first: number, w: Walk<T>): boolean {
  if (l.layer !== level) fail(`layer ${l.id} says layer ${l.layer}, sits at ${level}`);
  if (l.ary.length !== IDR_SIZE || l.bitmap.length !== IDR_SIZE / 32) fail(`layer ${l.id} is not 256 slots wide`);
  const unit = 256 ** level;
  let used = 0;
  let full = true;
  if (level === 0) {
    if (l.prefix !== first) fail(`leaf ${l.id} over ${first} has prefix ${l.prefix}`);
    w.leaves.set(first, l);
  }
  l.ary.forEach((v, off) => {
    const bit = test_bit(l, off);
    if (level === 0) {
      if (bit) w.seen.set(first + off, v as T | null);
      else if (v !== null) fail(`leaf ${l.id} slot ${off} holds a pointer with its bit clear`);
      used += bit ? 1 : 0;
      full &&= bit;
      return;
    }
    const sub = v === null ? false : check_subtree(v as IdrLayer256<T>, level - 1, first + off * unit, w);
    if (bit && !sub) fail(`layer ${l.id} slot ${off} marked full over a subtree that is not`);
    if (w.exact && sub && !bit) fail(`layer ${l.id} slot ${off}: full subtree, bit clear`);
    used += v === null ? 0 : 1;
    full &&= sub;
  });
  if (used !== l.count) fail(`layer ${l.id} count ${l.count}, ${used} slots in use`);
  if (full !== bitmap_full(l)) fail(`layer ${l.id} is ${full ? '' : 'not '}full, its bitmap says otherwise`);
  return full;
}

/**
 * The tree, the hint and the lookups against `model` (id -> pointer, null =
 * used with null). `exact` as in Walk. `probe_ids`: ids to check
 * idr_get_next at.
 */
export function check_idr256<T extends object>(idr: Idr256<T>, model: Map<number, T | null>, exact: boolean, probe_ids: readonly number[] = []): void {
  const top = idr.top;
  if ((top === null) !== (idr.layers === 0)) fail(`top ${top === null ? 'null' : 'set'} with ${idr.layers} layers`);
  if (idr.id_free !== null || idr.id_free_cnt !== 0) fail('idr_alloc filled the ida pool');
  const w: Walk<T> = { seen: new Map(), leaves: new Map(), exact };
  if (top !== null) check_subtree(top, idr.layers - 1, 0, w);
  if (idr.hint !== null && w.leaves.get(idr.hint.prefix) !== idr.hint) fail(`the hint (layer ${idr.hint.id}) is not the leaf over ${idr.hint.prefix}`);
  if (w.seen.size !== model.size) fail(`tree holds ${w.seen.size} ids, model ${model.size}`);
  for (const [id, e] of model) {
    if (w.seen.get(id) !== e) fail(`id ${id} wrong in the tree`);
    if (idr_find(idr, id) !== e) fail(`idr_find(${id}) disagrees`);
  }
  for (const from of probe_ids) {
    let want = -1;
    for (const [id, e] of model) if (id >= from && e !== null && (want < 0 || id < want)) want = id;
    const c = { id: from };
    const got = idr_get_next(idr, c);
    if (want < 0 ? got !== null : got !== model.get(want) || c.id !== want) fail(`idr_get_next(${from}) = ${got === null ? 'none' : c.id}, model ${want}`);
  }
}

/** An IDR holding ids 0..n-1, each allocated from 0 with a fresh `{ n: id }`, and its model. */
export function filled_idr256(n: number): { idr: Idr256<{ n: number }>; model: Map<number, { n: number } | null> } {
  const idr = idr_init<{ n: number }>();
  const model = new Map<number, { n: number } | null>();
  for (let id = 0; id < n; id++) {
    const o = { n: id };
    if (idr_alloc(idr, o, 0, 0) !== id) fail(`idr_alloc from 0 did not give ${id}`);
    model.set(id, o);
  }
  return { idr, model };
}
