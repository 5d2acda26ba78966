/**
 * A read-only picture of a 2.6.25 IDR (see idr-layer.ts) for views and tests:
 * plain nested data, no references into the live tree. Not a kernel mechanism.
 */
import { IDR_SIZE, test_bit, type IdrLayer, type OldIdr } from './idr-layer';

/**
 * One slot. Leaves: 'entry' (used, holds a pointer), 'null' (used, holds
 * null), 'empty'. Inner layers: 'child' or 'empty'. `full` is the bitmap bit
 * (leaf: used; inner: the child subtree is full); `index` the first id covered.
 */
export interface IdrLayerSlotSnapshot {
  state: 'empty' | 'null' | 'entry' | 'child';
  index: number;
  full: boolean;
  child: IdrLayerSnapshot | null;
}

export interface IdrLayerSnapshot {
  id: number;
  /** distance from the leaves */
  level: number;
  count: number;
  /** the bitmap as 16 hex digits, slot 63 first */
  bitmap: string;
  first_index: number;
  slots: IdrLayerSlotSnapshot[];
}

export interface OldIdrSnapshot {
  layers: number;
  id_free_cnt: number;
  /** layer ids on the free list, head first */
  free_list: number[];
  rcu_free: boolean;
  top: IdrLayerSnapshot | null;
}

function hex32(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

function snapshot_layer<T>(l: IdrLayer<T>, level: number, first_index: number): IdrLayerSnapshot {
  const unit = 2 ** (6 * level);
  const slots: IdrLayerSlotSnapshot[] = [];
  for (let off = 0; off < IDR_SIZE; off++) {
    const v = l.ary[off];
    const index = first_index + off * unit;
    const full = test_bit(l, off);
    if (level > 0) {
      const child = v === null ? null : snapshot_layer(v as IdrLayer<T>, level - 1, index);
      slots.push({ state: child === null ? 'empty' : 'child', index, full, child });
    } else {
      slots.push({ state: v !== null ? 'entry' : full ? 'null' : 'empty', index, full, child: null });
    }
  }
  return { id: l.id, level, count: l.count, bitmap: hex32(l.bitmap_hi) + hex32(l.bitmap_lo), first_index, slots };
}

/** idr_layer_snapshot: the tree (top first, slots in id order) and the free list. */
export function idr_layer_snapshot<T extends object>(idp: OldIdr<T>): OldIdrSnapshot {
  const free_list: number[] = [];
  for (let l = idp.id_free; l !== null; l = l.ary[0] as IdrLayer<T> | null) free_list.push(l.id);
  return {
    layers: idp.layers,
    id_free_cnt: idp.id_free_cnt,
    free_list,
    rcu_free: idp.rcu_free,
    top: idp.top === null ? null : snapshot_layer(idp.top, idp.layers - 1, 0),
  };
}
