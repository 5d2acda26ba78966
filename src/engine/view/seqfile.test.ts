import { describe, expect, test } from 'vitest';
import { extract_seqfile } from './seqfile';
import { tracedOps } from './trace_ops.test-helper';

const CAT40 = 'repeat 40 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\ncat /proc/sysvipc/msg';

describe('extract_seqfile', () => {
  test('a cat of 40 queues reads two pages: the header and 33 rows, then 7 rows, then EOF', () => {
    const [op] = tracedOps(CAT40, {}, 1);
    const m = extract_seqfile(op!.after, op!.events, {});
    expect(m.path).toBe('/proc/sysvipc/msg');
    expect(m.find).toBe('get_next');
    expect(m.objects).toBe(40);
    expect(m.reads.map((r) => [r.pos, r.records, r.bytes, r.discarded])).toEqual([
      [0, 34, 4080, 1],
      [4080, 7, 840, 0],
      [4920, 0, 0, 0],
    ]);
    // the engine's own counters agree with what the trace shows
    expect(m.totals).toEqual({ start: op!.costs.seq_start, next: op!.costs.seq_next, show: op!.costs.seq_show, stop: op!.costs.seq_stop, lookups: 43 });
    expect(m.totals.lookups).toBe(op!.costs.idr_get_next);
    // 6.x: every next() is one idr_get_next
    expect(m.calls.filter((c) => c.kind === 'next').every((c) => c.lookups === 1)).toBe(true);
  });

  test('the counting find of kernels before 5.15 re-walks from index 0 on every call', () => {
    const [op] = tracedOps(CAT40, { sysvipc_find_ipc: 'count' }, 1);
    const m = extract_seqfile(op!.after, op!.events, {});
    expect(m.totals.lookups).toBe(op!.costs.idr_find);
    expect(m.totals.lookups).toBe(934);
    const nexts = m.calls.filter((c) => c.kind === 'next').slice(0, 5);
    expect(nexts.map((c) => [c.lookups, c.first, c.last])).toEqual([
      [1, 0, 0],
      [2, 0, 1],
      [3, 0, 2],
      [4, 0, 3],
      [5, 0, 4],
    ]);
    // the second read starts again: its start() counts the 33 objects below its position, then finds the next
    const start2 = m.calls.find((c) => c.kind === 'start' && c.read === 1)!;
    expect([start2.lookups, start2.first]).toEqual([34, 0]);
  });

  test('an operation that reads no /proc/sysvipc file gives no reads', () => {
    const [op] = tracedOps('q = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)');
    const m = extract_seqfile(op!.after, op!.events, { ipc: 'shm' });
    expect(m.objects).toBe(1);
    expect(m.reads_total).toBe(0);
    expect(m.calls).toEqual([]);
  });
});
