import { describe, expect, test } from 'vitest';
import { configForChoice } from '../api';
import type { TraceEvent } from '../trace';
import { beginAggregate, moved } from './aggregate';
import { extract_seqfile } from './seqfile';
import { machineAt } from './view.test-helper';

const CAT = (n: number, ipc: 'msg' | 'shm') => `repeat ${n} { ${ipc === 'msg' ? 'msgget(IPC_PRIVATE, IPC_CREAT|0600)' : 'shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)'} }\ncat /proc/sysvipc/${ipc}`;

/** Runs the last operation of `text` (after `ops` others) with a full tracer and an aggregate. */
function tracedWithAggregate(text: string, ops: number, preset: string, keep = Infinity) {
  const m = machineAt(text, ops, configForChoice({ preset }));
  const events: TraceEvent[] = [];
  let seen = 0;
  m.kernel.probe.trace = (e) => {
    seen++;
    if (events.length < keep) events.push(e);
  };
  const sink = beginAggregate(m.kernel.probe, () => seen);
  const before = { ...m.kernel.probe.costs };
  const r = m.run.step();
  m.kernel.probe.trace = null;
  if (r.kind !== 'op') throw new Error('no operation');
  return { kernel: m.kernel, events, aggregate: sink.finish(), before, after: m.kernel.probe.costs };
}

describe('operation aggregates', () => {
  test('the operation delta is what the cost counters moved, and the marker leaves the probe', () => {
    const { kernel, aggregate, before, after } = tracedWithAggregate(CAT(40, 'msg'), 40, '6.18');
    expect(kernel.probe.mark).toBe(null);
    expect(moved(aggregate.costs, 'idr_get_next')).toBe(after.idr_get_next - before.idr_get_next);
    expect(moved(aggregate.costs, 'vfs_read_calls')).toBe(3);
    expect(aggregate.segments.map((s) => [s.path, s.pos, s.ret])).toEqual([
      ['/proc/sysvipc/msg', 0, 4080],
      ['/proc/sysvipc/msg', 4080, 840],
      ['/proc/sysvipc/msg', 4920, 0],
    ]);
    // the reads' own deltas add up to the operation's (open and close cost only syscalls)
    expect(aggregate.segments.reduce((a, s) => a + moved(s.costs, 'seq_show'), 0)).toBe(moved(aggregate.costs, 'seq_show'));
  });

  for (const preset of ['2.6.25', '3.18', '5.13', '5.15', '6.18']) {
    test(`on ${preset} a read drawn from its counters says what the same read drawn from its events says`, () => {
      const ipc = 'shm';
      const { kernel, events, aggregate } = tracedWithAggregate(CAT(300, ipc), 300, preset);
      const byEvents = extract_seqfile(kernel, events, { ipc });
      // the same operation as if the trace had stopped at once: every read from the counters
      const byCounters = extract_seqfile(kernel, [], { ipc }, aggregate);
      expect(byCounters.reads_traced).toBe(0);
      expect(byCounters.reads.every((r) => r.source === 'counters')).toBe(true);
      const strip = (r: (typeof byEvents.reads)[number]) => [r.pos, r.size, r.records, r.discarded, r.lookups, r.calls];
      expect(byCounters.reads.map(strip)).toEqual(byEvents.reads.map(strip));
      expect(byCounters.totals).toEqual(byEvents.totals);
      expect(byCounters.reads_total).toBe(byEvents.reads_total);
      // with all its events, the aggregate changes nothing
      const both = extract_seqfile(kernel, events, { ipc }, aggregate);
      expect(both.reads_traced).toBe(both.reads_total);
      expect(both.reads).toEqual(byEvents.reads);
    });
  }

  test('seed 000 on 5.13 traced to 20,000 events: 44 reads, the first drawn from events, every lookup counted', () => {
    const { kernel, events, aggregate } = tracedWithAggregate(CAT(1024, 'shm'), 1024, '5.13', 20000);
    const m = extract_seqfile(kernel, events, { ipc: 'shm' }, aggregate);
    expect(m.reads_total).toBe(44);
    expect(m.reads).toHaveLength(44);
    expect(m.reads_traced).toBeGreaterThan(0);
    expect(m.reads_traced).toBeLessThan(44);
    expect(m.reads.slice(m.reads_traced).every((r) => r.source === 'counters')).toBe(true);
    expect(m.totals.lookups).toBe(moved(aggregate.costs, 'idr_find'));
    // the counting find: each full read's lookups grow with its position (the N²/2 of the thread)
    const lookups = m.reads.slice(0, 42).map((r) => r.lookups);
    expect(lookups.every((n, i) => i === 0 || n > lookups[i - 1]!)).toBe(true);
  });
});
