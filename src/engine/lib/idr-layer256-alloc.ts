/**
 * Allocation in the IDR of Linux 3.9 to 4.10 (lib/idr.c of 3.18: idr_alloc,
 * idr_fill_slot; see idr-layer256.ts for the structures and the source
 * read). ipc_addid (ipc/util.c of the same tree) brackets it with
 * idr_preload(GFP_KERNEL) and idr_preload_end(), and asks for the lowest
 * free id from 0 (or from msg_next_id's idx) with end 0 and GFP_NOWAIT; as
 * layers come from the slab, which never fails here, the preload buffer
 * plays no part (idr-layer256.ts). The walks (idr_get_empty_slot,
 * sub_alloc, idr_mark_full) are 2.6.25's, shared through G_3_9
 * (idr-layer-get-new.ts).
 */
import { EINVAL, ENOSPC } from '../uapi/errno';
import { NO_PROBE, type Probe } from '../probe';
import { alloc_leaf, idr_get_empty_slot, idr_mark_full } from './idr-layer-get-new';
import { G_3_9, IDR_MASK, type Idr256, type IdrLayer256 } from './idr-layer256';
import { INT_MAX } from './idr';

/** idr_fill_slot: point the hint at the leaf, store `ptr`, mark the slot (and full parents) used. */
function idr_fill_slot<T extends object>(idp: Idr256<T>, ptr: T | null, id: number, p: Probe): void {
  const leaf = alloc_leaf<IdrLayer256<T>>();
  idp.hint = leaf;
  leaf.ary[id & IDR_MASK] = ptr;
  leaf.count++;
  if (p.trace) p.trace({ kind: 'idr_layer_store', layer: leaf.id, offset: id & IDR_MASK, index: id, entry: ptr === null ? 'null' : 'entry' });
  idr_mark_full(G_3_9, id, p);
}

/**
 * idr_alloc: store `ptr` (null allowed) at the lowest free id in [start,
 * end - 1] (`end` ≤ 0: up to INT_MAX). Returns the id, -EINVAL when start
 * < 0, -ENOSPC when no id in the range is free. A free id found beyond
 * `end` is -ENOSPC too, and the layers built on the way to it stay in the
 * tree, empty, as in the kernel.
 */
export function idr_alloc<T extends object>(idp: Idr256<T>, ptr: T | null, start: number, end: number, p: Probe = NO_PROBE): number {
  p.costs.idr_alloc++;
  const max = end > 0 ? end - 1 : INT_MAX;
  let rv: number;
  if (start < 0) rv = -EINVAL;
  else if (max < start) rv = -ENOSPC;
  else {
    rv = idr_get_empty_slot(G_3_9, idp as Idr256<object>, start, p);
    if (rv < 0 || rv > max) rv = -ENOSPC;
    else idr_fill_slot(idp, ptr, rv, p);
  }
  if (p.trace) p.trace({ kind: 'idr_layer_result', op: 'alloc', index: rv, ok: rv >= 0 });
  return rv;
}
