import { describe, expect, test } from 'vitest';
import { extract_percpu } from './percpu';
import { tracedOps } from './trace_ops.test-helper';

const SENDS = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 100, IPC_NOWAIT)\nmsgsnd(q, 2, 28, IPC_NOWAIT)\nmsgrcv(q, 1, 100, IPC_NOWAIT)\nmsgctl(q, MSG_INFO)';

describe('extract_percpu', () => {
  test('sends and receives change CPU 0 cells only and MSG_INFO sums both counters', () => {
    const ops = tracedOps(SENDS, { nr_cpus: 4 });
    const after = ops.map((o) => extract_percpu(o.after, o.events, {}));
    expect(after[0]!.impl).toBe('percpu');
    expect(after[0]!.nr_cpus).toBe(4);
    expect(after[0]!.batch).toBe(2147483647);
    expect(after[2]!.counters).toEqual([
      { name: 'msg_bytes', count: 0, locals: [128, 0, 0, 0], sum: 128 },
      { name: 'msg_hdrs', count: 0, locals: [2, 0, 0, 0], sum: 2 },
    ]);
    expect(after[3]!.counters.map((c) => c.locals[0])).toEqual([28, 1]);
    expect(after[1]!.op).toEqual({ adds: 2, folds: 0, sums: 0, atomics: 0, reads: 0, cpus: [0] });
    expect(after[4]!.op).toEqual({ adds: 0, folds: 0, sums: 2, atomics: 0, reads: 0, cpus: [] });
    expect(after[4]!.owner).toBeNull();
  });

  test('the atomic_t of kernels before 6.1 has no cells and its line goes to the writing CPU', () => {
    const ops = tracedOps(SENDS, { msg_counters: 'atomic' });
    const m = ops.map((o) => extract_percpu(o.after, o.events, {}));
    expect(m[1]!.impl).toBe('atomic');
    expect(m[1]!.counters).toEqual([
      { name: 'msg_bytes', count: 100, locals: [], sum: 100 },
      { name: 'msg_hdrs', count: 1, locals: [], sum: 1 },
    ]);
    expect(m[1]!.owner).toBe(0);
    expect(m[1]!.op.atomics).toBe(2);
    expect(m[4]!.owner).toBeNull();
    expect(m[4]!.op.reads).toBe(2);
  });
});
