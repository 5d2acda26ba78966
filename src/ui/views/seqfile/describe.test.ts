import { describe, expect, test } from 'vitest';
import { extract_seqfile, type SeqfileModel } from '../../../engine/view/seqfile';
import { tracedOps } from '../../../engine/view/trace_ops.test-helper';
import type { ViewFrame } from '../types';
import { describe_seqfile } from './describe';

describe('describe_seqfile', () => {
  test('gives the reads, the lookups, the records per page and the call in progress', () => {
    const [op] = tracedOps('repeat 3 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\ncat /proc/sysvipc/msg', { sysvipc_find_ipc: 'count' }, 1);
    const f: ViewFrame<SeqfileModel> = { step: 4, events: op!.events, dropped: 0, before: extract_seqfile(op!.before, [], {}), after: extract_seqfile(op!.after, op!.events, {}) };
    expect(describe_seqfile(f, f.events.length)).toBe(
      '/proc/sysvipc/msg: 2 read() calls, 12 IDR lookups in all (up to 5.14: every call counts the objects from index 0). Records per page so far: 4, 0.',
    );
    const third = f.events.map((e, i) => [e, i] as const).filter(([e]) => e.kind === 'seq_next')[2]![1];
    expect(describe_seqfile(f, third + 1)).toBe(
      '/proc/sysvipc/msg: 2 read() calls, 12 IDR lookups in all (up to 5.14: every call counts the objects from index 0). Records per page so far: 3. Now next() at position 3, 3 lookups from index 0.',
    );
  });
});
