/**
 * idr_get_next for the idr_layer IDR (lib/idr.c; the function arrived in
 * 2.6.30, after the layer tree itself). 2.6.25's ipc never calls it; the
 * model needs it when an idr_layer tree is combined with a find or max-index
 * variant of a later kernel (sysvipc_find_ipc=get_next, ipc_maxidx=bsearch).
 *
 * Walk: descend from the top along `id`; a missing child moves `id` to the
 * first index of the next subtree at that level and the walk restarts from
 * the top (the kernel climbs with a small stack instead; the layers visited
 * are the same order of magnitude, counted in `idr_layer_visits`).
 */
import { NO_PROBE, type Probe } from '../probe';
import { IDR_BITS, IDR_MASK, type IdrLayer, type OldIdr } from './idr-layer';

/**
 * idr_get_next: the first non-null pointer at an id ≥ cursor.id, whose id is
 * written back into cursor.id. Returns null (cursor unchanged) when there is
 * none or cursor.id is negative.
 */
export function idr_get_next<T extends object>(idp: OldIdr<T>, cursor: { id: number }, p: Probe = NO_PROBE): T | null {
  p.costs.idr_get_next++;
  let id = cursor.id;
  const top = idp.top;
  if (id < 0 || top === null || idp.layers === 0) return null;
  const capacity = 1 << (idp.layers * IDR_BITS); // at most 2^30 (5 layers)
  let visits = 0;
  let found: T | null = null;
  while (id < capacity) {
    let n = (idp.layers - 1) * IDR_BITS;
    let l: IdrLayer<T> = top;
    for (;;) {
      visits++;
      let off = (id >> n) & IDR_MASK;
      if (n === 0) {
        // scan the rest of the leaf sideways
        while (off < 64 && l.ary[off] == null) off++;
        if (off < 64) {
          found = l.ary[off] as T;
          id = (id & ~IDR_MASK) + off;
        } else {
          id = (id | IDR_MASK) + 1;
        }
        break;
      }
      const child = l.ary[off] ?? null;
      if (child === null) {
        id = ((id >> n) + 1) << n;
        break;
      }
      l = child as IdrLayer<T>;
      n -= IDR_BITS;
    }
    if (found !== null) break;
  }
  p.costs.idr_layer_visits += visits;
  if (found !== null) cursor.id = id;
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'get_next', index: found !== null ? id : cursor.id, ok: found !== null });
  return found;
}
