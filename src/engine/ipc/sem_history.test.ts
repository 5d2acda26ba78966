/**
 * The sem history switches (config.ts, presets.ts; kernel-notes-ops §5):
 * what each one changes in a workload's output, its costs or its trace.
 * The 6.18 side of each workload is also a recorded conformance workload
 * (tests/conformance/workloads/55x-*).
 */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../presets';
import { runWorkload } from '../run';
import { newProbe } from '../probe';
import type { KernelConfig } from '../config';
import type { TraceEvent } from '../trace';
import { tracedOps } from '../view/trace_ops.test-helper';

const config = (preset: string, ...sets: string[]): KernelConfig => {
  const r = resolveConfig(preset, sets);
  if (!r.ok) throw new Error(r.message);
  return r.config;
};
const run = (text: string, c: KernelConfig) => runWorkload(text, { config: c });

/** A complex op completed by a waker takes semaphore 0 back up from 0: only 3.11+ let the wait-for-zero sleeper see the 0 first. */
const ZERO_FIRST = `s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
semctl(s, 0, SETVAL, 1)
@zero semop(s, {0, 0})
@cx semop(s, {1, -1}, {0, 1})
semop(s, {0, -1}, {1, 1})
semctl(s, 0, GETALL)
semctl(s, 0, GETZCNT)
`;

/** Workload 372: a complex sleeper naming three semaphores. */
const COUNTS = `s = semget(IPC_PRIVATE, 3, IPC_CREAT|0600)
semctl(s, 0, SETALL, {1, 0, 1})
@a semop(s, {0, 0}, {1, -1}, {2, 0})
semctl(s, 0, GETZCNT)
semctl(s, 1, GETNCNT)
semctl(s, 2, GETZCNT)
@b semop(s, {2, 0}, {1, -1, IPC_NOWAIT})
`;

/** A decrement and then a wait-for-zero op sleep on one semaphore. */
const QUEUED = `s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)
semctl(s, 0, SETVAL, 1)
@a semop(s, {0, -2})
@z semop(s, {0, 0})
`;

describe('sem_zero_queue: where wait-for-zero ops sleep', () => {
  it('3.11+ wakes the zero-waiter before the complex sleeper raises the value again', () => {
    const out = run(ZERO_FIRST, config('6.18')).output;
    expect(out).toContain('[zero] <... semop resumed> = 0\n[cx] <... semop resumed> = 0\n');
    expect(out).toContain('semctl(0, 0, GETZCNT) = 0\n');
  });

  it('≤3.10 (mixed) scans the complex sleeper first, so the zero-waiter never sees the 0 and sleeps on', () => {
    for (const c of [config('3.10'), config('6.18', 'sem_zero_queue=mixed')]) {
      const out = run(ZERO_FIRST, c).output;
      expect(out).toContain('semop(0, {0, -1, 0}, {1, 1, 0}) = 0\n[cx] <... semop resumed> = 0\nsemctl(0, 0, GETALL) = 0 {1, 0}\nsemctl(0, 0, GETZCNT) = 1\n');
      expect(out).toMatch(/\[zero\] <\.\.\. semop resumed> = -1 EINTR/);
    }
  });

  it('≤3.10 queues a wait-for-zero op at the head of the shared list, an alter op at its tail', () => {
    const ops = tracedOps(QUEUED, config('3.10'));
    const sleeps = ops.flatMap((o) => o.events).filter((e) => e.kind === 'sem_sleep');
    expect(sleeps.map((e) => [e.list, e.at, e.length])).toEqual([
      ['mixed', 'tail', 1],
      ['mixed', 'head', 2],
    ]);
    const modern = tracedOps(QUEUED, config('6.18'));
    expect(
      modern
        .flatMap((o) => o.events)
        .filter((e) => e.kind === 'sem_sleep')
        .map((e) => [e.list, e.at]),
    ).toEqual([
      ['alter', 'tail'],
      ['const', 'tail'],
    ]);
  });
});

describe('semcnt: what GETNCNT and GETZCNT count', () => {
  it('3.16+ counts a sleeper once, on the semaphore its blocking sop names', () => {
    expect(run(COUNTS, config('3.18')).output).toContain('semctl(0, 0, GETZCNT) = 1\nsemctl(0, 1, GETNCNT) = 0\nsemctl(0, 2, GETZCNT) = 0\n');
  });

  it('≤3.15 counts every sop of every sleeper that names the semaphore, and skips IPC_NOWAIT sops', () => {
    const c = config('3.15');
    expect(run(COUNTS, c).output).toContain('semctl(0, 0, GETZCNT) = 1\nsemctl(0, 1, GETNCNT) = 1\nsemctl(0, 2, GETZCNT) = 1\n');
    const more = `${COUNTS}semctl(s, 1, GETNCNT)\nsemctl(s, 2, GETZCNT)\n`;
    // b sleeps on {2, 0}; its {1, -1, IPC_NOWAIT} does not count on semaphore 1, its {2, 0} does on 2
    expect(run(more, c).output).toContain('[b] semop(0, {2, 0, 0}, {1, -1, IPC_NOWAIT}) <unfinished ...>\nsemctl(0, 1, GETNCNT) = 1\nsemctl(0, 2, GETZCNT) = 2\n');
    expect(run(more, config('3.18')).output).toContain('semctl(0, 1, GETNCNT) = 0\nsemctl(0, 2, GETZCNT) = 1\n');
  });
});

/** Twelve simple ops, one complex op, then three simple ops on a 4-semaphore array. */
const LOCKS = `s = semget(IPC_PRIVATE, 4, IPC_CREAT|0600)
repeat 12 { semop(s, {0, 1}) }
semop(s, {0, -1}, {1, 1})
repeat 3 { semop(s, {2, 1}) }
`;

describe('sem_locking: which lock a semop takes', () => {
  const costs = (c: KernelConfig) => {
    const probe = newProbe();
    runWorkload(LOCKS, { config: c, probe });
    return [probe.costs.sem_lock_global, probe.costs.sem_lock_local, probe.costs.sem_lock_waits];
  };

  it('≤3.9 takes the array lock for every operation and never waits for a semaphore lock', () => {
    expect(costs(config('3.9'))).toEqual([16, 0, 0]);
  });

  it('3.10–4.10 lets simple ops take their semaphore lock; the complex op waits for all four', () => {
    expect(costs(config('3.10'))).toEqual([1, 15, 4]);
    expect(costs(config('4.10'))).toEqual([1, 15, 4]);
  });

  it('4.11+ starts a new array in global mode for 9 simple ops, and a complex op re-arms it for 9 more', () => {
    // 9 global + 3 local, the complex op (global, waits for 4: the counter was 0), then 3 global (counter 9, 8, 7)
    expect(costs(config('4.11'))).toEqual([9 + 1 + 3, 3, 4]);
  });

  it('traces the lock mode and the use_global_lock counter', () => {
    const ops = tracedOps(LOCKS, config('6.18'));
    const locks = ops.flatMap((o) => o.events).filter((e): e is Extract<TraceEvent, { kind: 'sem_lock' }> => e.kind === 'sem_lock');
    expect(locks.map((e) => e.global)).toEqual([...Array<boolean>(9).fill(true), false, false, false, true, true, true, true]);
    expect(locks[12]).toMatchObject({ nsops: 2, waits: 4, use_global_lock: 10, mode: 'hysteresis' });
    const unlocks = ops.flatMap((o) => o.events).filter((e) => e.kind === 'sem_unlock');
    expect(unlocks.map((e) => e.use_global_lock)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0, 9, 8, 7, 6]);
  });
});

describe('sem_wakeup: how the waker wakes the sleepers', () => {
  const WAKE = `s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)
@a semop(s, {0, -1})
@b semop(s, {0, -1})
semop(s, {0, 2})
`;
  it('names wake_q from 4.10 and the IN_WAKEUP list before, with the same order and results', () => {
    const wakes = (c: KernelConfig) =>
      tracedOps(WAKE, c)
        .flatMap((o) => o.events)
        .filter((e) => e.kind === 'sem_wake')
        .map((e) => [e.pid, e.error, e.why, e.how]);
    const a = 4243;
    const b = 4244;
    expect(wakes(config('4.10'))).toEqual([
      [a, 0, 'done', 'wake_q'],
      [b, 0, 'done', 'wake_q'],
    ]);
    expect(wakes(config('3.18'))).toEqual([
      [a, 0, 'done', 'in_wakeup'],
      [b, 0, 'done', 'in_wakeup'],
    ]);
    expect(run(WAKE, config('3.18')).output).toBe(run(WAKE, config('4.10')).output);
  });
});
