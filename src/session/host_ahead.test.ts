import { describe, expect, test, vi } from 'vitest';
import * as frames from './frames';
import { createSessionHost, type Reply } from './host';

// buildFrames, counted: whether a reply ran the engine or came from what the host made ahead
vi.mock('./frames', async (importOriginal) => {
  const actual = await importOriginal<typeof frames>();
  return { ...actual, buildFrames: vi.fn(actual.buildFrames) };
});
const built = vi.mocked(frames.buildFrames);

const FIVE = 'repeat 5 {\n msgget(IPC_PRIVATE, IPC_CREAT|0600)\n msgctl(0, IPC_STAT)\n}\n';
const VIEWS = { views: ['idr' as const], options: {} };
/** two turns of the worker's timers: the reply ahead is made in the first task after a reply */
const idle = () => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 5), 5));
/** a host that makes the next reply ahead however long the last one took (a cold engine's first steps are slow) */
const newHost = () => createSessionHost({ aheadMaxMs: Number.POSITIVE_INFINITY });
const snap = (r: Reply) => (r.kind === 'snapshot' ? { ...r, job: 0 } : expect.unreachable(r.kind));

describe('the reply of the next step, made ahead', () => {
  test('answers the next step over without running it, equal to a fresh host at that step', async () => {
    const host = newHost();
    host.setViews(VIEWS);
    await host.open(FIVE, {}, { kind: 'step', step: 3 });
    await idle();
    for (let step = 4; step <= 7; step++) {
      const calls = built.mock.calls.length;
      const r = snap(await host.navigate({ kind: 'delta', by: 1 }));
      expect(built.mock.calls.length).toBe(calls);
      expect(r.snapshot.step).toBe(step);
      const fresh = createSessionHost();
      fresh.setViews(VIEWS);
      expect(r).toEqual(snap(await fresh.open(FIVE, {}, { kind: 'step', step })));
      await idle();
    }
  });

  test('a step back after it is the step before the one shown, not before the one made ahead', async () => {
    const host = newHost();
    host.setViews(VIEWS);
    await host.open(FIVE, {}, { kind: 'step', step: 6 });
    await idle();
    const back = snap(await host.navigate({ kind: 'delta', by: -1 }));
    expect(back.snapshot.step).toBe(5);
    expect(back.frames.idr?.step).toBe(5);
  });

  test('nothing is made ahead at the end of the run, nor when a newer request came first', async () => {
    const host = newHost();
    host.setViews(VIEWS);
    await host.open(FIVE, {}, { kind: 'end' });
    const calls = built.mock.calls.length;
    await idle();
    expect(built.mock.calls.length).toBe(calls);
    await host.navigate({ kind: 'step', step: 2 });
    // a second request before the worker is idle: only its own reply (step 3) and the one after it
    const r = snap(await host.navigate({ kind: 'step', step: 3 }));
    expect(r.snapshot.step).toBe(3);
    const before = built.mock.calls.length;
    await idle();
    expect(built.mock.calls.length).toBe(before + 1);
    expect(built.mock.calls.at(-1)![1]).toBe(4);
  });
});

describe('the reply ahead, taken by the page (ahead) and shown without a move (shown)', () => {
  test('ahead answers what a move there answers, without running the engine or moving; shown moves the position there', async () => {
    const host = newHost();
    host.setViews(VIEWS);
    await host.open(FIVE, {}, { kind: 'step', step: 3 });
    for (let step = 4; step <= 8; step++) {
      await idle();
      const calls = built.mock.calls.length;
      const taken = await host.ahead(step);
      expect(built.mock.calls.length).toBe(calls);
      expect(taken).not.toBeNull();
      const fresh = createSessionHost();
      fresh.setViews(VIEWS);
      expect(snap(taken!)).toEqual(snap(await fresh.open(FIVE, {}, { kind: 'step', step })));
      host.shown(step);
    }
    // the position is the last one shown: a step back is its previous step, a step over the one after
    expect(snap(await host.navigate({ kind: 'delta', by: -1 })).snapshot.step).toBe(7);
    await idle();
    expect(snap(await host.navigate({ kind: 'delta', by: 1 })).snapshot.step).toBe(8);
  });

  test('ahead has nothing for a step not kept, nor before the run is explored; taking it moves nothing', async () => {
    const host = newHost();
    host.setViews(VIEWS);
    expect(await host.ahead(1)).toBeNull();
    await host.open(FIVE, {}, { kind: 'step', step: 2 });
    await idle();
    expect(await host.ahead(9)).toBeNull();
    expect(snap((await host.ahead(3))!).snapshot.step).toBe(3);
    // not shown: a step over still goes from 2
    expect(snap(await host.navigate({ kind: 'delta', by: 1 })).snapshot.step).toBe(3);
  });

  test('shown moves the position even when the reply is no longer kept', async () => {
    const host = newHost();
    host.setViews(VIEWS);
    await host.open(FIVE, {}, { kind: 'step', step: 2 });
    // the views change: the replies kept are dropped
    host.setViews({ views: [], options: {} });
    host.shown(6);
    expect(snap(await host.navigate({ kind: 'delta', by: 1 })).snapshot.step).toBe(7);
  });
});

describe('shown(), told while a request is on its way', () => {
  test('does not stop it: the request still answers with its snapshot', async () => {
    // slices of no time: the host looks at its messages after every chunk, as a long move in a loaded worker does
    const host = createSessionHost({ aheadMaxMs: Number.POSITIVE_INFINITY, sliceMs: 0 });
    await host.open(FIVE, {}, { kind: 'end' });
    await idle();
    // a step back far from the end restores a checkpoint and replays: it takes several slices
    const back = host.navigate({ kind: 'step', step: 1 });
    host.shown(9);
    const r = await back;
    expect(r.kind).toBe('snapshot');
    expect(snap(r).snapshot.step).toBe(1);
    // and the position is where the request ended, not where shown() said
    expect(snap(await host.navigate({ kind: 'delta', by: 1 })).snapshot.step).toBe(2);
  });
});
