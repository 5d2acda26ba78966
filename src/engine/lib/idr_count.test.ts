import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import { idr_alloc, idr_find, idr_find_count, idr_find_count_resume, idr_init, idr_remove, type Idr } from './idr';

/** The loop idr_find_count stands for, made one traced idr_find at a time. */
function naive(idr: Idr<object>, end: number, max_hits: number) {
  const p = newProbe(() => {});
  let hits = 0;
  let id = 0;
  for (; id < end && hits < max_hits; id++) if (idr_find(idr, id, p) !== null) hits++;
  return { id, hits, finds: p.costs.idr_find, visits: p.costs.idr_node_visits };
}

/** An IDR holding objects at `used` (reserved nulls at `reserved`), built by allocating 0..max and removing the rest. */
function build(used: number[], reserved: number[]): Idr<object> {
  const idr = idr_init<object>();
  const keep = new Set([...used, ...reserved]);
  const top = Math.max(-1, ...keep);
  for (let i = 0; i <= top; i++) idr_alloc(idr, reserved.includes(i) && !used.includes(i) ? null : {}, i, i + 1);
  for (let i = 0; i <= top; i++) if (!keep.has(i)) idr_remove(idr, i);
  return idr;
}

const layout = fc.record({
  used: fc.uniqueArray(fc.oneof(fc.nat(130), fc.nat(9000)), { maxLength: 60 }),
  reserved: fc.uniqueArray(fc.nat(300), { maxLength: 5 }),
  ends: fc.array(fc.nat(10000), { minLength: 1, maxLength: 6 }),
  max: fc.nat(70),
});

describe('idr_find_count without a tracer', () => {
  it('counts the ids, hits and node reads of the traced loop, for any layout, end and hit limit', () => {
    fc.assert(
      fc.property(layout, ({ used, reserved, ends, max }) => {
        const idr = build(used, reserved);
        for (const end of ends) {
          const want = naive(idr, end, max);
          const p = newProbe();
          const out = { id: -1 };
          const hits = idr_find_count(idr, end, max, out, p);
          expect({ id: out.id, hits, finds: p.costs.idr_find, visits: p.costs.idr_node_visits }).toEqual(want);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('resumed at growing ends reaches the state of one loop from 0', () => {
    fc.assert(
      fc.property(layout, ({ used, reserved, ends, max }) => {
        const idr = build(used, reserved);
        const at = { id: 0, hits: 0, visits: 0 };
        for (const end of [...ends].sort((a, b) => a - b)) {
          idr_find_count_resume(idr, at, end, max);
          const want = naive(idr, end, max);
          expect(at).toEqual({ id: want.id, hits: want.hits, visits: want.visits });
        }
      }),
      { numRuns: 40 },
    );
  });
});
