import { expect, test } from 'vitest';
import type { SmpLockEvent } from '../../engine/smp/smp_api';
import { lockColumns } from './lock_queue';

const ev = (t: number, task: number, op: SmpLockEvent['op'], lock = 'L'): SmpLockEvent => ({ kind: 'smp_lock', t, lock, cpu: task, task, op, waited: 0 });

test('a lock column holds the most waiters at once and the acquisitions, and carries the queue over quiet columns', () => {
  const events = [ev(1, 0, 'acquire'), ev(2, 1, 'wait'), ev(3, 2, 'wait'), ev(4, 9, 'wait', 'other'), ev(5, 0, 'release'), ev(5, 1, 'acquire'), ev(35, 1, 'release'), ev(35, 2, 'acquire')];
  const cols = lockColumns(events, 'L', [0, 10, 20, 30, 40], 40);
  expect(cols).toEqual([
    { t0: 0, t1: 10, depth: 2, acquisitions: 2 },
    { t0: 10, t1: 20, depth: 1, acquisitions: 0 },
    { t0: 20, t1: 30, depth: 1, acquisitions: 0 },
    { t0: 30, t1: 40, depth: 1, acquisitions: 1 },
  ]);
});

test('columns after the recorded events are unknown and the queue before the window counts', () => {
  const events = [ev(1, 1, 'wait'), ev(2, 2, 'wait'), ev(25, 1, 'acquire')];
  expect(lockColumns(events, 'L', [10, 20, 30, 40], 30)).toEqual([{ t0: 10, t1: 20, depth: 2, acquisitions: 0 }, { t0: 20, t1: 30, depth: 2, acquisitions: 1 }, null]);
});
