import { describe, expect, test } from 'vitest';
import { extract_percpu, type PercpuModel } from '../../../engine/view/percpu';
import { tracedOps } from '../../../engine/view/trace_ops.test-helper';
import type { KernelConfig } from '../../../engine/config';
import type { ViewFrame } from '../types';
import { percpu_at } from './percpu_at';

function frames(text: string, config: Partial<KernelConfig>): ViewFrame<PercpuModel>[] {
  return tracedOps(text, config).map((op, i) => ({
    step: i + 1,
    events: op.events,
    dropped: 0,
    before: extract_percpu(op.before, [], {}),
    after: extract_percpu(op.after, op.events, {}),
  }));
}

const W = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 100, IPC_NOWAIT)\nmsgsnd(q, 1, 50, IPC_NOWAIT)\nmsgrcv(q, 0, 100, IPC_NOWAIT)\nmsgctl(q, IPC_RMID)';

describe('percpu_at', () => {
  test('replaying every event of an operation gives the counters after it', () => {
    for (const config of [{ nr_cpus: 3 }, { msg_counters: 'atomic' as const }]) {
      for (const f of frames(W, config)) {
        const all = f.events.length;
        const at = percpu_at({ ...f, events: [...f.events, { kind: 'stmt_end', line: 0, result: 0 }] }, all);
        expect(at.model.counters).toEqual(f.after.counters);
      }
    }
  });

  test('half way through a send the bytes cell has moved and the headers cell has not', () => {
    const f = frames(W, { nr_cpus: 2 })[2]!;
    const first = f.events.findIndex((e) => e.kind === 'percpu_add');
    const at = percpu_at(f, first + 1);
    expect(at.event).toEqual({ kind: 'percpu_add', counter: 'msg_bytes', cpu: 0, amount: 50, local: 150 });
    expect(at.model.counters.map((c) => c.locals)).toEqual([
      [150, 0],
      [1, 0],
    ]);
  });
});
