import { describe, expect, test } from 'vitest';
import { firstDivergence } from './compare_runs';

const TOUR_LIKE = 'q = msgget(IPC_PRIVATE, 0600)\nmsgctl(q, IPC_RMID)\nr = msgget(IPC_PRIVATE, 0600)\nmsgctl(r, IPC_STAT)\n';

describe('firstDivergence', () => {
  test('finds the first operation whose output differs between two kernels', () => {
    // 2.6.25 reuses index 0 with the sequence bumped: id 32768; 6.18 allocates cyclically: id 1
    const d = firstDivergence(TOUR_LIKE, { preset: '2.6.25' }, {}, 'output');
    expect([d.step, d.reason, d.left, d.right]).toEqual([3, 'output', 'msgget(IPC_PRIVATE, 0600) = 32768\n', 'msgget(IPC_PRIVATE, 0600) = 1\n']);
  });

  test('the same kernel on both sides never diverges', () => {
    expect(firstDivergence(TOUR_LIKE, { preset: '5.13' }, { preset: '5.13' }, 'costs')).toEqual({
      step: null,
      reason: null,
      left: '',
      right: '',
      counter: null,
      leftNs: 0,
      rightNs: 0,
      compared: 4,
    });
  });

  test('with costs, the first operation whose counters differ, and the first such counter', () => {
    const text = '#@default N=3\nrepeat $N { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }\ncat /proc/sysvipc/shm\n';
    const out = firstDivergence(text, { preset: '5.13' }, { preset: '5.15' }, 'output');
    expect(out.step).toBe(null);
    const d = firstDivergence(text, { preset: '5.13' }, { preset: '5.15' }, 'costs');
    expect([d.step, d.reason, d.counter]).toEqual([4, 'costs', 'idr_find']);
    expect(d.leftNs).toBeGreaterThan(d.rightNs);
  });

  test('compares at most maxOps operations', () => {
    expect(firstDivergence(TOUR_LIKE, { preset: '2.6.25' }, {}, 'output', 2)).toMatchObject({ step: null, compared: 2 });
  });

  test('a workload that does not parse compares nothing', () => {
    expect(firstDivergence('msgget(\n', {}, {}, 'output')).toMatchObject({ step: null, reason: null, compared: 0 });
  });
});
