import { describe, expect, test } from 'vitest';
import { extract_seqfile, type SeqfileModel } from '../../../engine/view/seqfile';
import { tracedOps } from '../../../engine/view/trace_ops.test-helper';
import type { ViewFrame } from '../types';
import { seq_at } from './seq_at';

function catFrame(n: number): ViewFrame<SeqfileModel> {
  const [op] = tracedOps(`repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\ncat /proc/sysvipc/msg`, {}, 1);
  return { step: n + 1, events: op!.events, dropped: 0, before: extract_seqfile(op!.before, [], {}), after: extract_seqfile(op!.after, op!.events, {}) };
}

describe('seq_at', () => {
  test('the pages fill record by record and end as the extractor counted them', () => {
    const f = catFrame(40);
    expect(seq_at(f, 0)).toEqual({ done: 0, pages: [], current: null, complete: false });
    const firstStop = f.events.findIndex((e) => e.kind === 'seq_stop');
    const mid = seq_at(f, firstStop + 1);
    expect(mid.pages).toEqual([{ records: 34, bytes: 4080, discarded: 1 }]);
    expect(mid.current?.kind).toBe('stop');
    const end = seq_at(f, f.events.length);
    expect(end.pages.map((p) => p.records)).toEqual([34, 7, 0]);
    expect(end.done).toBe(f.after.calls_total);
  });
});
