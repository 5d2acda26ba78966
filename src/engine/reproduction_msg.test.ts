/**
 * Reproduction 10 (docs/REPRODUCTIONS.md §10), pinned and checked:
 * pmsg-shared's ping-pong pairs on two shared queues, 4 cores, before
 * (4.8: wake_up_process under the queue lock) and after (4.9: wake_q)
 * the lockless pipelined wake-ups. The throughputs are the ones §10
 * quotes and a second run gives the same result byte for byte; what the
 * section says about where the time goes is asserted on the same runs.
 */
import { describe, expect, it } from 'vitest';
import { digest, point, share } from './reproduction.test-helper';

const F = '009-msg-pipelined-wakeups.ipc';
const lock = (r: ReturnType<typeof point>, name: string) => r.locks.find((l) => l.lock === name)!;

describe('reproduction 10: msg pipelined wake-ups, pmsg-shared on 4 cores (009)', () => {
  it('gives the throughputs §10 quotes for 2, 4 and 8 threads, deterministically', () => {
    expect([1, 2, 4].map((p) => point(F, '4.8', { PAIRS: p }).throughput)).toEqual([309000, 618000, 1080000]);
    expect([1, 2, 4].map((p) => point(F, '4.9', { PAIRS: p }).throughput)).toEqual([308500, 617500, 1204000]);
    const first = digest(point(F, '4.8', { PAIRS: 4 }));
    expect(digest(point(F, '4.8', { PAIRS: 4 }, [], true))).toBe(first);
    expect(first).toBe(PINNED_DIGEST);
  });

  it('with 8 threads 4.8 waits for the shared queue locks and spins, 4.9 does neither; with 2 and 4 threads nobody waits in either', () => {
    const [old, now] = [point(F, '4.8', { PAIRS: 4 }), point(F, '4.9', { PAIRS: 4 })];
    expect(lock(old, 'msq:0.lock').contended).toBeGreaterThan(0.4 * lock(old, 'msq:0.lock').acquisitions);
    expect(share(old, 'spinning')).toBeGreaterThan(0.05);
    expect([lock(now, 'msq:0.lock').contended, share(now, 'spinning')]).toEqual([0, 0]);
    expect(now.throughput / old.throughput).toBeGreaterThan(1.1);
    for (const p of [1, 2]) {
      for (const k of ['4.8', '4.9']) expect(point(F, k, { PAIRS: p }).locks.every((l) => l.contended === 0)).toBe(true);
      // a CPU of its own for every thread: most of the time goes to waiting for the remote wake-up (idle)
      const r = point(F, '4.9', { PAIRS: p });
      expect(r.cpus.reduce((a, c) => a + c.idle, 0) / (r.duration * r.cpus.length)).toBeGreaterThan(0.75);
    }
  });
});

/** the whole 8-thread 4.8 result (every CPU, line, lock and the timeline), as the model gave it when §10 was written */
const PINNED_DIGEST = 'c691948220aaff42';
