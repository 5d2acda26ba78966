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

  describe('replies of steps shown lately', () => {
    const FIVE = 'repeat 5 {\n msgget(IPC_PRIVATE, IPC_CREAT|0600)\n msgctl(0, IPC_STAT)\n}\n';
    const VIEWS = { views: ['idr' as const], options: {} };
    /** the reply a new host gives at `step` (the job number left out) */
    const fresh = async (step: number) => {
      const h = createSessionHost();
      h.setViews(VIEWS);
      const r = await h.open(FIVE, {}, { kind: 'step', step });
      if (r.kind !== 'snapshot') return expect.unreachable(r.kind);
      return { ...r, job: 0 };
    };
    const snap = async (p: ReturnType<ReturnType<typeof createSessionHost>['navigate']>) => {
      const r = await p;
      if (r.kind !== 'snapshot') return expect.unreachable(r.kind);
      return r;
    };

    test('a step back over them is answered from their replies, equal to a fresh host at that step', async () => {
      const host = createSessionHost();
      host.setViews(VIEWS);
      await host.open(FIVE, {}, { kind: 'step', step: 3 });
      const forward = [];
      for (let i = 0; i < 4; i++) forward.push(await snap(host.navigate({ kind: 'delta', by: 1 })));
      expect(forward.map((r) => r.snapshot.step)).toEqual([4, 5, 6, 7]);
      for (let step = 6; step >= 4; step--) {
        const back = await snap(host.navigate({ kind: 'delta', by: -1 }));
        expect(back.snapshot.step).toBe(step);
        // the very snapshot and frames of the step forward: nothing was run again
        expect(back.snapshot).toBe(forward[step - 4]!.snapshot);
        expect(back.frames).toBe(forward[step - 4]!.frames);
        expect({ ...back, job: 0 }).toEqual(await fresh(step));
      }
      // a step not shown yet is made as before, and counts from the step shown (4), not from the live machine (7)
      const two = await snap(host.navigate({ kind: 'delta', by: -2 }));
      expect({ ...two, job: 0 }).toEqual(await fresh(2));
      expect(two.frames.idr?.step).toBe(2);
    });

    test('the next operation on a line counts from the step shown', async () => {
      const host = createSessionHost();
      host.setViews(VIEWS);
      await host.open(FIVE, {}, { kind: 'step', step: 8 });
      await host.navigate({ kind: 'step', step: 3 });
      await host.navigate({ kind: 'step', step: 8 });
      // 3 again from its reply, while the live machine stays at 8
      expect((await snap(host.navigate({ kind: 'step', step: 3 }))).snapshot.step).toBe(3);
      const next = await snap(host.navigate({ kind: 'line', line: 3 }));
      expect(next.snapshot).toMatchObject({ step: 4, current: { line: 3 } });
      expect({ ...next, job: 0 }).toEqual(await fresh(4));
    });

    test('other views, a new session or an unfinished run are not answered from them', async () => {
      const host = createSessionHost();
      host.setViews(VIEWS);
      await host.open(FIVE, {}, { kind: 'step', step: 2 });
      const three = await snap(host.navigate({ kind: 'delta', by: 1 }));
      await host.navigate({ kind: 'delta', by: -1 });
      host.setViews({ views: ['maxidx'], options: {} });
      const again = await snap(host.navigate({ kind: 'delta', by: 1 }));
      expect(again.snapshot).not.toBe(three.snapshot);
      expect(Object.keys(again.frames)).toEqual(['maxidx']);
      host.setViews(VIEWS);
      await host.open(FIVE, {}, { kind: 'step', step: 2 });
      expect((await snap(host.navigate({ kind: 'delta', by: 1 }))).snapshot).not.toBe(three.snapshot);
      // a run cancelled part way is not finished: its frontier still moves, nothing is kept
      const long = createSessionHost({ sliceMs: 5 });
      const run = long.open(LONG, {}, { kind: 'end' });
      await new Promise((resolve) => setTimeout(resolve, 30));
      long.cancel();
      await run;
      const a = await snap(long.navigate({ kind: 'step', step: 2 }));
      await long.navigate({ kind: 'step', step: 1 });
      const b = await snap(long.navigate({ kind: 'step', step: 2 }));
      expect(b.snapshot).not.toBe(a.snapshot);
      expect(b.snapshot).toEqual(a.snapshot);
    });
  });
});
