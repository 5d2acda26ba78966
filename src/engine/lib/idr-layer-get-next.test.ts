import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import { idr_init, idr_remove } from './idr-layer';
import { idr_get_new_above } from './idr-layer-get-new';
import { idr_get_next } from './idr-layer-get-next';
import { idr_pre_get } from './idr-layer';

function tree(ids: number[]) {
  const idp = idr_init<{ v: number }>({ rcu_free: true });
  for (const id of ids) {
    idr_pre_get(idp);
    expect(idr_get_new_above(idp, { v: id }, id)).toBe(id);
  }
  return idp;
}

describe('idr_get_next on the idr_layer tree', () => {
  it('finds the first entry at or above the cursor across leaves and layers', () => {
    const idp = tree([0, 3, 70, 5000]);
    const next = (from: number) => {
      const c = { id: from };
      const e = idr_get_next(idp, c);
      return e === null ? null : [c.id, e.v];
    };
    expect([next(0), next(1), next(4), next(71), next(5000), next(5001), next(-1)]).toEqual([[0, 0], [3, 3], [70, 70], [5000, 5000], [5000, 5000], null, null]);
  });

  it('skips removed ids and leaves the cursor alone at the end', () => {
    const idp = tree([1, 2, 64]);
    idr_remove(idp, 2);
    const c = { id: 2 };
    const p = newProbe();
    expect(idr_get_next(idp, c, p)?.v).toBe(64);
    expect(c.id).toBe(64);
    c.id = 65;
    expect(idr_get_next(idp, c, p)).toBe(null);
    expect(c.id).toBe(65);
    expect(p.costs.idr_get_next).toBe(2);
  });
});
