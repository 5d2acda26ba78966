import { describe, it } from 'vitest';
import fc from 'fast-check';
import { EINVAL, ENOENT, ENOSPC } from '../uapi/errno';
import { idr_remove, idr_replace } from './idr-layer256';
import { idr_alloc } from './idr-layer256-alloc';
import { check_idr256, filled_idr256 } from './idr-layer256-invariants.test-helper';

/** ids around the 256-slot layer boundaries (255/256, 65535/65536, 2^24), so that layers fill, grow and shrink */
const near_edges = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 65500, max: 65600 }), fc.constantFrom(0, 255, 256, 511, 512, 32767, 65535, 65536, 16777215, 16777216, 0x7fffffff));

type Step = { kind: 'alloc'; start: number; end: number; reserve: boolean } | { kind: 'remove'; pick: number; raw: number } | { kind: 'replace'; pick: number; raw: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('alloc' as const), start: near_edges, end: fc.oneof(fc.constant(0), near_edges), reserve: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(), raw: fc.oneof(near_edges, fc.integer({ min: -3, max: -1 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), raw: fc.oneof(near_edges, fc.constant(-1)) }) },
);

function agree(what: string, got: unknown, want: unknown): void {
  if (got !== want) throw new Error(`${what} = ${String(got)}, the model says ${String(want)}`);
}

describe('the 3.9 IDR against a Map model', () => {
  it('random idr_alloc / idr_remove / idr_replace sequences keep every invariant and agree with the model', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 150 }), fc.constantFrom(0, 255, 256, 257, 600), (steps, bulk) => {
        const { idr, model } = filled_idr256(bulk);
        let serial = bulk;
        // false once a removal missed: sub_remove clears the path bits all the same, so a full subtree may lack its bit
        let exact = true;
        for (const s of steps) {
          const used = [...model.keys()];
          // an id in use two times in three, else the raw one
          const target = (x: { pick: number; raw: number }) => (used.length > 0 && x.pick % 3 !== 0 ? used[x.pick % used.length]! : x.raw);
          switch (s.kind) {
            case 'alloc': {
              const ptr = s.reserve ? null : { n: serial++ };
              let free = s.start;
              while (model.has(free)) free++;
              const want = free > (s.end > 0 ? s.end - 1 : 0x7fffffff) ? -ENOSPC : free;
              agree(`idr_alloc(${s.start}, ${s.end})`, idr_alloc(idr, ptr, s.start, s.end), want);
              if (want >= 0) model.set(want, ptr);
              break;
            }
            case 'remove': {
              const id = target(s);
              const had = model.delete(id);
              agree(`idr_remove(${id})`, idr_remove(idr, id), had ? 0 : -ENOENT);
              exact &&= had;
              break;
            }
            case 'replace': {
              const id = target(s);
              const ptr = { n: serial++ };
              agree(`idr_replace(${id})`, idr_replace(idr, ptr, id), model.has(id) ? model.get(id) : id < 0 ? -EINVAL : -ENOENT);
              if (model.has(id)) model.set(id, ptr);
              break;
            }
          }
          check_idr256(idr, model, exact, [0, 1, 255, 256, 65536, target({ pick: 1, raw: 0 })]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
