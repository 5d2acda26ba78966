import { expect, test } from 'vitest';
import type { SmpLineMove } from '../../engine/smp/smp_api';
import { movesIn, ownerPath, ownerSegments } from './line_owner';

const mv = (t: number, from: number, to: number, how: SmpLineMove['how'] = 'socket', line = 'x'): SmpLineMove => ({ kind: 'smp_line', t, line, from, to, how, ns: 50 });
const moves = [mv(10, -1, 0, 'memory'), mv(20, 0, 1), mv(25, 5, 5, 'remote', 'y'), mv(30, 1, 3, 'remote')];

test("the owner is the last move's target until the next move, clipped to the window and the recorded events", () => {
  expect(ownerSegments(moves, 'x', [0, 100], 100)).toEqual([
    { cpu: 0, t0: 10, t1: 20 },
    { cpu: 1, t0: 20, t1: 30 },
    { cpu: 3, t0: 30, t1: 100 },
  ]);
  expect(ownerSegments(moves, 'x', [15, 100], 35)).toEqual([
    { cpu: 0, t0: 15, t1: 20 },
    { cpu: 1, t0: 20, t1: 30 },
    { cpu: 3, t0: 30, t1: 35 },
  ]);
});

test('moves are counted by where they came from inside the window', () => {
  expect(movesIn(moves, 'x', [10, 30])).toEqual({ smt: 0, socket: 1, remote: 0, memory: 1 });
});

test('the owner path jumps between rows at each move', () => {
  const segs = ownerSegments(moves, 'x', [0, 40], 40);
  expect(
    ownerPath(
      segs,
      (t) => t,
      (cpu) => cpu * 10,
    ),
  ).toBe('M10.0,0.0H20.0V10.0H30.0V30.0H40.0');
});
