import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSweep, sweepConfigs } from './sweep';

/**
 * Seed 005 (Knispel's key rhashtable, 4.14) pinned: the counts and modeled
 * times of docs/REPRODUCTIONS.md §6 at 1000 and 2000 keys. A change to the
 * walk, the rhashtable (sizes, seeds, chain order) or the cost model shows
 * here first; refresh the numbers and the document together.
 */
function sweep(file: string) {
  const configs = sweepConfigs(['4.13', '4.14'], []);
  if (!configs.ok) throw new Error(configs.message);
  const text = readFileSync(new URL(`../../public/examples/${file}`, import.meta.url), 'utf8');
  const r = runSweep({ text, variable: 'KEYS', values: [1000, 2000], configs: configs.configs });
  return r.series.map((s) => ({
    kernel: s.label,
    slope: Number(s.slope!.toFixed(3)),
    points: s.points.map((p) => [p.value, Math.round(p.ns), p.costs.idr_find, p.costs.ipc_findkey_compares, p.costs.rht_hash, p.costs.rht_compares, p.costs.rht_rehashes]),
  }));
}

describe('reproduction 6: semget of many keys, walk against rhashtable', () => {
  it('creating the keys: N²/2 idr_find and key compares on 4.13, a hash and about half a compare per miss on 4.14', () => {
    expect(sweep('005-ipc-findkey-rhashtable.ipc')).toEqual([
      {
        kernel: '4.13',
        slope: 1.901,
        points: [
          [1000, 9224412, 499500, 499500, 0, 0, 0],
          [2000, 34453012, 1999000, 1999000, 0, 0, 0],
        ],
      },
      {
        kernel: '4.14',
        slope: 0.998,
        points: [
          [1000, 1273726, 0, 0, 3493, 516, 5],
          [2000, 2543934, 0, 0, 7030, 1033, 6],
        ],
      },
    ]);
  });

  it('looking the keys up again: the walk stops at key i after i + 1 indices, the table compares about 1.2 keys', () => {
    expect(sweep('005-ipc-findkey-lookups.ipc')).toEqual([
      {
        kernel: '4.13',
        slope: 1.985,
        points: [
          [1000, 8168000, 500500, 500500, 0, 0, 0],
          [2000, 32336000, 2001000, 2001000, 0, 0, 0],
        ],
      },
      {
        kernel: '4.14',
        slope: 1.002,
        points: [
          [1000, 179796, 0, 0, 1000, 1233, 0],
          [2000, 360180, 0, 0, 2000, 2515, 0],
        ],
      },
    ]);
  });
});
