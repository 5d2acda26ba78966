import { describe, expect, test } from 'vitest';
import { addCheckpoint, checkpointAtOrBefore, checkpointDue, cheapestCheckpointAtOrBefore, copyUnits, createCheckpointLog, replayUnits, unitsAt, type CheckpointLog } from './checkpoint_log';
import { estimateCloneBytes } from './clone_size';

const cp = (op: number, units = op, bytes = 10) => ({ op, units, bytes, data: op });
const ops = (log: CheckpointLog<number>) => log.entries.map((c) => c.op);

describe('the checkpoint log', () => {
  test('counts replay units from operations and from cost counters', () => {
    const log = createCheckpointLog<number>({ interval: 100, work: 1000, maxBytes: 1e9 });
    expect(replayUnits(log, 50, 500)).toBe(1);
    expect(replayUnits(log, 300, 0)).toBe(3);
    expect(replayUnits(log, 0, 2500)).toBe(2.5);
  });

  test('is due one unit after the last checkpoint, and at once when empty', () => {
    const log = createCheckpointLog<number>({ interval: 100, work: 1000, maxBytes: 1e9 });
    expect(checkpointDue(log, 0)).toBe(true);
    addCheckpoint(log, cp(0, 0));
    expect(checkpointDue(log, 0.99)).toBe(false);
    expect(checkpointDue(log, 1)).toBe(true);
  });

  test('finds the checkpoint at or before an operation', () => {
    const log = createCheckpointLog<number>();
    for (const op of [0, 10, 20, 30]) addCheckpoint(log, cp(op));
    expect(checkpointAtOrBefore(log, 0)?.op).toBe(0);
    expect(checkpointAtOrBefore(log, 9)?.op).toBe(0);
    expect(checkpointAtOrBefore(log, 10)?.op).toBe(10);
    expect(checkpointAtOrBefore(log, 29)?.op).toBe(20);
    expect(checkpointAtOrBefore(log, 1_000_000)?.op).toBe(30);
    expect(checkpointAtOrBefore(log, -1)).toBe(undefined);
  });

  test('over its byte budget drops the checkpoints that leave the smallest gaps, never the first or the newest', () => {
    const log = createCheckpointLog<number>({ interval: 1, work: 1, maxBytes: 45 });
    for (const [op, units] of [
      [0, 0],
      [1, 1],
      [2, 5],
      [3, 6],
    ] as const)
      addCheckpoint(log, cp(op, units));
    expect(ops(log)).toEqual([0, 1, 2, 3]);
    addCheckpoint(log, cp(4, 10));
    // dropping 1 leaves a gap of 5 (0..5), dropping 2 one of 5 (1..6), dropping 3 one of 5 (5..10): the first wins
    expect(ops(log)).toEqual([0, 2, 3, 4]);
    expect(log.bytes).toBe(40);
    expect(log.spacing).toBe(1);
    addCheckpoint(log, cp(5, 11));
    expect(ops(log)).toEqual([0, 2, 4, 5]);
    expect(log.spacing).toBe(1);
  });

  test('over a million operations stays within budget, evenly spread, with the spacing grown to match', () => {
    const policy = { interval: 10_000, work: 1e12, maxBytes: 64 * 1024 * 1024 };
    const log = createCheckpointLog<number>(policy);
    for (let op = 0; op <= 1_000_000; op++) {
      const units = replayUnits(log, op, 0);
      if (checkpointDue(log, units)) addCheckpoint(log, cp(op, units, 3_000_000));
    }
    expect(log.bytes).toBeLessThanOrEqual(policy.maxBytes);
    expect(log.entries.length).toBe(22);
    expect(log.entries[0]?.op).toBe(0);
    const gaps = log.entries.slice(1).map((c, i) => c.op - log.entries[i]!.op);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * Math.min(...gaps) + 10_000);
    expect(log.spacing).toBeGreaterThan(3);
  });

  test('restores the checkpoint with the least copy and replay, not simply the latest', () => {
    const MB = 1024 * 1024;
    // a run whose state grows: each checkpoint one unit later and 2 MB bigger; a MB copies in 1 unit
    const log = createCheckpointLog<number>({ interval: 10, work: 1e12, maxBytes: 1e12, copyUnitsPerMB: 1 });
    for (const op of [0, 10, 20, 30]) addCheckpoint(log, cp(op, op / 10, (op / 5) * MB));
    expect(copyUnits(log, log.entries[3]!)).toBe(6);
    // from 30: 6 to copy; from 0: 3 more units of replay and nothing to copy
    expect(cheapestCheckpointAtOrBefore(log, 35)?.op).toBe(0);
    // a copy made already restores for nothing
    expect(cheapestCheckpointAtOrBefore(log, 35, log.entries[3])?.op).toBe(30);
    expect(cheapestCheckpointAtOrBefore(log, 29, log.entries[3])?.op).toBe(0);
    // where copies are cheap, the latest
    const cheap = createCheckpointLog<number>({ interval: 10, work: 1e12, maxBytes: 1e12, copyUnitsPerMB: 0.1 });
    for (const op of [0, 10, 20, 30]) addCheckpoint(cheap, cp(op, op / 10, (op / 5) * MB));
    expect(cheapestCheckpointAtOrBefore(cheap, 35)?.op).toBe(30);
    expect(cheapestCheckpointAtOrBefore(cheap, 25)?.op).toBe(20);
    expect(cheapestCheckpointAtOrBefore(cheap, -1)).toBe(undefined);
  });

  test('estimates the units at an operation between the checkpoints around it', () => {
    const log = createCheckpointLog<number>({ interval: 10, work: 1e12, maxBytes: 1e12 });
    addCheckpoint(log, cp(0, 0));
    addCheckpoint(log, cp(10, 4));
    expect(unitsAt(log, 5)).toBe(2);
    expect(unitsAt(log, 10)).toBe(4);
    // past the last one, by operations alone
    expect(unitsAt(log, 30)).toBe(6);
  });

  test('refuses a checkpoint that is not after the last one', () => {
    const log = createCheckpointLog<number>();
    addCheckpoint(log, cp(5));
    expect(() => addCheckpoint(log, cp(5))).toThrow('checkpoint at 5 after one at 5');
  });
});

describe('estimateCloneBytes', () => {
  test('counts strings by length, containers by entries and shared objects once', () => {
    expect(estimateCloneBytes('abcd')).toBe(16);
    expect(estimateCloneBytes(7)).toBe(8);
    expect(estimateCloneBytes(7n)).toBe(16);
    expect(estimateCloneBytes([1, 2])).toBe(32 + 16);
    expect(estimateCloneBytes(new Map([['a', 1]]))).toBe(32 + 10 + 8);
    const shared = { x: 1 };
    expect(estimateCloneBytes({ a: shared, b: shared })).toBe(32 + (32 + 8) + 8);
  });

  test('walks a million-deep chain without overflowing the stack', () => {
    let chain: { next: unknown } | null = null;
    for (let i = 0; i < 1_000_000; i++) chain = { next: chain };
    expect(estimateCloneBytes(chain)).toBe(1_000_000 * 32 + 8);
  });
});
