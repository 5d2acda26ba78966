import { describe, expect, test } from 'vitest';
import { newProbe } from '../../engine/probe';
import { makeRecord } from '../../session/op_record';
import { diffRecords } from './console_diff';
import { costStrip, ratio } from './cost_strip';

describe('the console diff', () => {
  test('lines the records up by operation and marks the different ones', () => {
    const left = [makeRecord(1, 1, 0, 5, 'msgget(IPC_PRIVATE, 0600) = 0\n', 0), makeRecord(2, 2, 6, 9, 'msgget(IPC_PRIVATE, 0600) = 32768\n', 32768)];
    const right = [makeRecord(2, 2, 6, 9, 'msgget(IPC_PRIVATE, 0600) = 1\n', 1), makeRecord(3, 3, 10, 12, 'x = 0\n', 0)];
    expect(diffRecords(left, right)).toEqual([
      { op: 1, left: ['msgget(IPC_PRIVATE, 0600) = 0'], right: null, same: false },
      { op: 2, left: ['msgget(IPC_PRIVATE, 0600) = 32768'], right: ['msgget(IPC_PRIVATE, 0600) = 1'], same: false },
      { op: 3, left: null, right: ['x = 0'], same: false },
    ]);
    expect(diffRecords(left.slice(0, 1), left.slice(0, 1))[0]!.same).toBe(true);
  });
});

describe('the cost strip', () => {
  test("gives both sides' step and total times and the counters that differ, heaviest first", () => {
    const a = newProbe().costs;
    const b = newProbe().costs;
    a.idr_find = 10;
    a.syscalls = 1;
    b.syscalls = 1;
    b.idr_get_next = 1;
    const s = costStrip([a, b], [a, b]);
    expect(s.counters.map((c) => [c.name, c.left, c.right])).toEqual([
      ['idr_find', 10, 0],
      ['idr_get_next', 0, 1],
    ]);
    expect(s.stepLeftNs).toBe(s.totalLeftNs);
    expect(s.stepLeftNs).toBeGreaterThan(s.stepRightNs);
  });

  test('states the right side as a multiple of the left', () => {
    expect([ratio(4, 4), ratio(0, 3), ratio(2, 5), ratio(100, 1), ratio(1, 141)]).toEqual(['=', 'new', '2.50×', '0.010×', '141×']);
  });
});
