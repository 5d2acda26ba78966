import { describe, expect, test } from 'vitest';
import { createSessionHost, type Progress } from './host';

const LONG = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nrepeat 2000000 { msgsnd(q, 1, 0, IPC_NOWAIT) }\n';
const TWO = 'msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(7, IPC_RMID)\n';

describe('the session host', () => {
  test('opens a workload at the requested step', async () => {
    const host = createSessionHost();
    const reply = await host.open(TWO, {}, { kind: 'end' });
    expect(reply.kind).toBe('snapshot');
    if (reply.kind !== 'snapshot') return;
    expect(reply.cancelled).toBe(false);
    expect(reply.snapshot).toMatchObject({ step: 2, total: 2, finished: true, errorLines: [2] });
    expect(reply.snapshot.records.map((r) => r.lines[0])).toEqual(['msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0', 'msgctl(7, IPC_RMID) = -1 EINVAL (Invalid argument)']);
  });

  test('opens a workload explored to the end, at the requested step', async () => {
    const host = createSessionHost();
    const reply = await host.open(TWO, {}, { kind: 'step', step: 1 });
    if (reply.kind !== 'snapshot') return expect.unreachable(reply.kind);
    expect(reply.snapshot).toMatchObject({ step: 1, total: 2, finished: true, errorLines: [] });
    const stepped = await host.open(TWO, {}, { kind: 'delta', by: 1 });
    expect(stepped.kind === 'snapshot' && stepped.snapshot.step).toBe(1);
    const toLine = await host.open(TWO, {}, { kind: 'line', line: 2 });
    expect(toLine.kind === 'snapshot' && toLine.snapshot.step).toBe(2);
  });

  test('moves by a delta, to a step and to the next operation on a line', async () => {
    const host = createSessionHost();
    await host.open('repeat 5 {\n msgget(IPC_PRIVATE, 0)\n msgget(IPC_PRIVATE, 0)\n}\n', {}, { kind: 'step', step: 0 });
    const at = async (p: ReturnType<typeof host.navigate>) => {
      const r = await p;
      return r.kind === 'snapshot' ? [r.snapshot.step, r.snapshot.current?.line] : r.kind;
    };
    expect(await at(host.navigate({ kind: 'delta', by: 1 }))).toEqual([1, 2]);
    expect(await at(host.navigate({ kind: 'line', line: 3 }))).toEqual([2, 3]);
    expect(await at(host.navigate({ kind: 'line', line: 3 }))).toEqual([4, 3]);
    expect(await at(host.navigate({ kind: 'delta', by: -3 }))).toEqual([1, 2]);
    expect(await at(host.navigate({ kind: 'step', step: 7 }))).toEqual([7, 2]);
    expect(await at(host.navigate({ kind: 'end' }))).toEqual([10, 3]);
  });

  test('answers a parse error, and no_session until a workload opens', async () => {
    const host = createSessionHost();
    expect(await host.navigate({ kind: 'end' })).toEqual({ kind: 'no_session', job: 1 });
    const reply = await host.open('msgget(\n', {}, { kind: 'end' });
    expect(reply).toMatchObject({ kind: 'parse_error', job: 2, error: { code: 'unknown_statement', line: 1, column: 1 } });
  });

  test('a newer request supersedes a long one, which stops', async () => {
    const host = createSessionHost({ sliceMs: 5 });
    const first = host.open(LONG, {}, { kind: 'end' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = host.navigate({ kind: 'step', step: 3 });
    expect(await first).toEqual({ kind: 'superseded', job: 1 });
    const r = await second;
    expect(r.kind).toBe('snapshot');
    if (r.kind === 'snapshot') expect(r.snapshot).toMatchObject({ step: 3, finished: false });
    expect(r.kind === 'snapshot' && r.snapshot.total).toBeGreaterThan(3);
  });

  test('cancel stops a long run where it is and reports progress on the way', async () => {
    const seen: Progress[] = [];
    const host = createSessionHost({ sliceMs: 5, progressMs: 0 });
    host.setProgressListener((p) => seen.push(p));
    const run = host.open(LONG, {}, { kind: 'end' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    host.cancel();
    const r = await run;
    expect(r.kind).toBe('snapshot');
    if (r.kind !== 'snapshot') return;
    expect(r.cancelled).toBe(true);
    expect(r.snapshot.finished).toBe(false);
    expect(r.snapshot.step).toBe(r.snapshot.total);
    expect(r.snapshot.total).toBeGreaterThan(0);
    expect(r.snapshot.total).toBeLessThan(2_000_001);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.job === 1 && p.explored <= r.snapshot.total)).toBe(true);
    // the partly explored run goes on from where it stopped
    const next = await host.navigate({ kind: 'delta', by: 1 });
    if (next.kind === 'snapshot') expect(next.snapshot.step).toBe(r.snapshot.step + 1);
    else expect.unreachable(next.kind);
  });
});
