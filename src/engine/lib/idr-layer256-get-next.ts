/**
 * idr_get_next of Linux 3.9 to 4.10 (lib/idr.c of 3.18; see idr-layer256.ts).
 * 3.18's ipc never calls it (its sysvipc_find_ipc counts with idr_find); the
 * model needs it when this tree is combined with a find or max-index
 * variant of a later kernel.
 *
 * The kernel's walk, kept as it is: descend along `id` keeping the layers
 * passed in a stack; at a NULL, round `id` up to the next subtree of that
 * level, then climb while the shift is below fls(id) — i.e. back to the
 * level of id's highest bit, not to the lowest common ancestor — so every
 * miss past id 255 walks down again from the top (or from the layer of
 * that bit), one layer visit per pointer followed.
 */
import { NO_PROBE, type Probe } from '../probe';
import { idr_max } from './idr-layer-get-new';
import { IDR_BITS, IDR_MASK, type Idr256, type IdrLayer256 } from './idr-layer256';

/** fls: the 1-based index of the highest set bit of an int, 0 for 0 (32 for a negative one). */
const fls = (x: number) => 32 - Math.clz32(x);

/**
 * idr_get_next: the first non-null pointer at an id ≥ cursor.id, whose id is
 * written back into cursor.id. Returns null (cursor unchanged) when there is
 * none or cursor.id is negative.
 */
export function idr_get_next<T extends object>(idp: Idr256<T>, cursor: { id: number }, p: Probe = NO_PROBE): T | null {
  p.costs.idr_get_next++;
  const top = idp.top;
  if (top === null) return null;
  let id = cursor.id;
  let n = (top.layer + 1) * IDR_BITS;
  const max = idr_max(IDR_BITS, top.layer + 1);
  // paa: stack[k] is the layer (or entry) reached with `n` bits of the id still to use
  const stack: Array<IdrLayer256<T> | T | null> = [top];
  let k = 0;
  let found: T | null = null;
  while (id >= 0 && id <= max) {
    let lay: IdrLayer256<T> | T | null = stack[k]!;
    while (n > 0 && lay !== null) {
      n -= IDR_BITS;
      const l = lay as IdrLayer256<T>;
      const off = (id >> n) & IDR_MASK;
      p.costs.idr_layer_visits++;
      if (p.trace) p.trace({ kind: 'idr_layer_visit', layer: l.id, level: n / IDR_BITS, offset: off, op: 'get_next' });
      lay = l.ary[off] as IdrLayer256<T> | T | null;
      stack[++k] = lay;
    }
    if (lay !== null) {
      found = lay as T;
      cursor.id = id;
      break;
    }
    // round_up(id + 1, 1 << n), in int arithmetic
    id = ((id | ((1 << n) - 1)) + 1) | 0;
    while (n < fls(id)) {
      n += IDR_BITS;
      --k;
    }
  }
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'get_next', index: cursor.id, ok: found !== null });
  return found;
}
