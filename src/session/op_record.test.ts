import { describe, expect, test } from 'vitest';
import { cacheRecord, createRecordCache, firstMissing, makeRecord, recordWindow, RECORD_MAX_LINES } from './op_record';

describe('an operation record', () => {
  test('holds the output lines without the final newline and whether the operation failed', () => {
    const r = makeRecord(3, 2, 10, 30, 'cat /proc/sys/kernel/msgmni = 1\n32000\n', 1);
    expect(r).toEqual({ op: 3, line: 2, start: 10, end: 30, lines: ['cat /proc/sys/kernel/msgmni = 1', '32000'], omitted: 0, failed: false });
    expect(makeRecord(1, 1, 0, 5, 'msgctl(3, IPC_RMID) = -1 EINVAL (Invalid argument)\n', -22).failed).toBe(true);
  });

  test('keeps at most RECORD_MAX_LINES lines of a long output and counts the rest', () => {
    const output = 'cat /proc/sysvipc/msg = 32001\n' + 'row\n'.repeat(32001);
    const r = makeRecord(1, 1, 0, 5, output, 32001);
    expect(r.lines.length).toBe(RECORD_MAX_LINES);
    expect(r.lines[0]).toBe('cat /proc/sysvipc/msg = 32001');
    expect(r.omitted).toBe(32002 - RECORD_MAX_LINES);
  });

  test('cuts a few very long lines by size', () => {
    const long = 'x'.repeat(20_000);
    const r = makeRecord(1, 1, 0, 5, `cat f = 3\n${long}\n${long}\n`, 3);
    expect(r.lines).toEqual(['cat f = 3', long]);
    expect(r.omitted).toBe(1);
  });
});

describe('the record cache', () => {
  const rec = (op: number) => makeRecord(op, 1, 0, 1, `op ${op}\n`, 0);

  test('appends contiguous records, restarts on a gap and trims in batches', () => {
    const cache = createRecordCache(3);
    for (const op of [1, 2, 3, 4, 5]) cacheRecord(cache, rec(op));
    expect(cache.first).toBe(1);
    cacheRecord(cache, rec(6));
    expect(cache.first).toBe(4);
    expect(cache.records.map((r) => r.op)).toEqual([4, 5, 6]);
    cacheRecord(cache, rec(5));
    cacheRecord(cache, rec(9));
    expect(cache.first).toBe(9);
    expect(cache.records.map((r) => r.op)).toEqual([9]);
  });

  test('tells the first operation of a range it lacks', () => {
    const cache = createRecordCache(10);
    for (const op of [4, 5, 6]) cacheRecord(cache, rec(op));
    expect(firstMissing(cache, 4, 6)).toBe(7);
    expect(firstMissing(cache, 5, 9)).toBe(7);
    expect(firstMissing(cache, 3, 6)).toBe(3);
    expect(firstMissing(cache, 8, 9)).toBe(8);
  });

  test('gives a window that ends at an operation, bounded in operations and lines', () => {
    const cache = createRecordCache(10);
    for (let op = 1; op <= 8; op++) cacheRecord(cache, rec(op));
    expect(recordWindow(cache, 6, 3, 100).map((r) => r.op)).toEqual([4, 5, 6]);
    expect(recordWindow(cache, 6, 10, 2).map((r) => r.op)).toEqual([5, 6]);
    expect(recordWindow(cache, 2, 10, 100).map((r) => r.op)).toEqual([1, 2]);
  });
});
