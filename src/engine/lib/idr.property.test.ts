import { describe, it } from 'vitest';
import fc from 'fast-check';
import { ENOENT, ENOSPC } from '../uapi/errno';
import { INT_MAX, idr_alloc, idr_alloc_cyclic, idr_find, idr_get_next, idr_init, idr_remove, idr_replace } from './idr';
import { check_idr, type IdrModel } from './idr-invariants.test-helper';

interface Obj {
  n: number;
}

type Op =
  | { op: 'alloc'; start: number; end: number; reserve: boolean }
  | { op: 'cyclic'; start: number; end: number; reserve: boolean }
  | { op: 'remove'; pick: number; raw: number }
  | { op: 'replace'; pick: number; raw: number; reserve: boolean }
  | { op: 'get_next'; raw: number };

/** ids clustered around the level boundaries, so that nodes fill up and the tree grows and shrinks */
const interesting = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 4000, max: 4200 }), fc.constantFrom(0, 63, 64, 4095, 4096, 32767, 32768, 262143, 262144, 16777215, INT_MAX));

const arb_op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('alloc' as const), start: interesting, end: fc.oneof(fc.constant(0), interesting), reserve: fc.boolean() }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('cyclic' as const), start: fc.integer({ min: 0, max: 100 }), end: fc.constantFrom(0, 64, 100, 150, 4097, 32768), reserve: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('remove' as const), pick: fc.nat(), raw: fc.oneof(interesting, fc.integer({ min: -5, max: -1 })) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replace' as const), pick: fc.nat(), raw: interesting, reserve: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('get_next' as const), raw: interesting }) },
);

/** the model's lowest free id in [start, max], or -ENOSPC */
function model_lowest_free(model: IdrModel<Obj>, start: number, max: number): number {
  for (let i = start; i <= max; i++) if (!model.has(i)) return i;
  return -ENOSPC;
}

describe('the IDR against a Map model', () => {
  it('random alloc / alloc_cyclic / remove / replace / reserve sequences keep every invariant', () => {
    fc.assert(
      fc.property(fc.array(arb_op, { minLength: 1, maxLength: 250 }), fc.constantFrom(0, 63, 64, 65, 100, 4096, 4097), (ops, bulk) => {
        const idr = idr_init<Obj>();
        const model: IdrModel<Obj> = new Map();
        let next = 0;
        let serial = 0;
        // start from ids 0..bulk-1: full leaves, full subtrees, trees one id past a boundary
        for (let i = 0; i < bulk; i++) {
          const o = { n: serial++ };
          idr_alloc(idr, o, 0, 0);
          model.set(i, o);
        }
        for (const o of ops) {
          const keys = [...model.keys()];
          switch (o.op) {
            case 'alloc': {
              const entry = o.reserve ? null : { n: serial++ };
              const max = o.end > 0 ? o.end - 1 : INT_MAX;
              const want = model_lowest_free(model, o.start, max);
              const got = idr_alloc(idr, entry, o.start, o.end);
              if (got !== want) throw new Error(`idr_alloc(${o.start}, ${o.end}) = ${got}, model ${want}`);
              if (got >= 0) model.set(got, entry);
              break;
            }
            case 'cyclic': {
              const entry = o.reserve ? null : { n: serial++ };
              const max = o.end > 0 ? o.end - 1 : INT_MAX;
              const from = (next | 0) < o.start ? o.start : next;
              let want = model_lowest_free(model, from, max);
              if (want === -ENOSPC && from > o.start) want = model_lowest_free(model, o.start, max);
              const got = idr_alloc_cyclic(idr, entry, o.start, o.end);
              if (got !== want) throw new Error(`idr_alloc_cyclic(${o.start}, ${o.end}) = ${got}, model ${want}`);
              if (got >= 0) {
                model.set(got, entry);
                next = got + 1;
              }
              if (idr.idr_next !== next) throw new Error(`idr_next ${idr.idr_next}, model ${next}`);
              break;
            }
            case 'remove': {
              // a third of the removals take the highest id (the shrink path), a third any id, a third a raw number
              const highest = keys.length > 0 ? Math.max(...keys) : o.raw;
              const id = keys.length === 0 || o.pick % 3 === 0 ? o.raw : o.pick % 3 === 1 ? highest : keys[o.pick % keys.length]!;
              const want = model.has(id) ? model.get(id)! : null;
              const got = idr_remove(idr, id);
              if (got !== want) throw new Error(`idr_remove(${id}) returned the wrong pointer`);
              model.delete(id);
              break;
            }
            case 'replace': {
              const id = keys.length > 0 && o.pick % 3 !== 0 ? keys[o.pick % keys.length]! : o.raw;
              const entry = o.reserve ? null : { n: serial++ };
              const got = idr_replace(idr, entry, id);
              if (model.has(id)) {
                if (got !== model.get(id)) throw new Error(`idr_replace(${id}) returned the wrong pointer`);
                model.set(id, entry);
              } else if (got !== -ENOENT) {
                throw new Error(`idr_replace(${id}) of a free id returned ${JSON.stringify(got)}`);
              }
              break;
            }
            case 'get_next': {
              const later = [...model].filter(([i, e]) => i >= o.raw && e !== null).map(([i]) => i);
              const want = later.length > 0 ? Math.min(...later) : -1;
              const cursor = { id: o.raw };
              const got = idr_get_next(idr, cursor);
              if (want < 0 ? got !== null : got !== model.get(want) || cursor.id !== want) {
                throw new Error(`idr_get_next(${o.raw}) disagrees with the model (${want})`);
              }
              break;
            }
          }
          check_idr(idr, model, [o.op === 'get_next' ? o.raw : 0, 64, 4096, 262144]);
        }
        for (const id of [...model.keys()]) idr_remove(idr, id);
        if (idr.idr_rt.xa_head !== null || !idr.idr_rt.root_free) throw new Error('emptied IDR keeps nodes');
        if (idr_find(idr, 0) !== null) throw new Error('emptied IDR finds id 0');
      }),
      { numRuns: 300 },
    );
  });
});
