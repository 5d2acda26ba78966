import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { REPRODUCTIONS, reproductionFor } from './reproductions';
import { sweepConfigs } from './sweep';

const examples = new URL('../../public/examples/', import.meta.url);

describe('the seed reproductions', () => {
  test('there is one per seed workload file', () => {
    expect(REPRODUCTIONS.map((r) => r.file)).toEqual([
      '000-sysvipc-find-ipc.ipc',
      '001-msg-percpu-counters.ipc',
      '002-ipc-search-maxidx.ipc',
      '002-ipc-maxidx-no-cache.ipc',
      '003-procfs-rbtree.ipc',
      '003-procfs-rbtree-named.ipc',
      '004-rcu-idr.ipc',
      '005-ipc-findkey-rhashtable.ipc',
      '005-ipc-findkey-lookups.ipc',
      '006-sem-fine-grained-locking.ipc',
      '007-sem-locking-4cpus.ipc',
      '008-sem-complex-hysteresis.ipc',
      '009-msg-pipelined-wakeups.ipc',
    ]);
    expect(reproductionFor('004-rcu-idr.ipc')?.kernels).toEqual(['2.6.25', '2.6.27']);
    expect(reproductionFor('tour.ipc')).toBe(undefined);
  });

  for (const r of REPRODUCTIONS) {
    test(`${r.file}: the workload exists, uses its variable and its kernels resolve`, () => {
      const path = new URL(r.file, examples);
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(path, 'utf8')).toMatch(new RegExp(`\\b${r.variable}\\b`));
      const configs = sweepConfigs(r.kernels, r.sets);
      expect(configs.ok).toBe(true);
      expect(r.values).toEqual([...r.values].sort((a, b) => a - b));
      for (const v of r.quickValues ?? []) expect(r.values).toContain(v);
      for (const p of r.published) expect(r.kernels).toContain(p.kernel);
    });
  }

  test("the published figures of seed 000 are the thread's, in nanoseconds", () => {
    const before = reproductionFor('000-sysvipc-find-ipc.ipc')!.published[0]!;
    expect(before.points.map((p) => p.y / 1e6)).toEqual([12, 18, 65, 325, 1303, 5182]);
  });
});
