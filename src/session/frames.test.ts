import { describe, expect, test } from 'vitest';
import type { IdrModel } from '../engine/view/idr';
import type { MaxidxModel } from '../engine/view/maxidx';
import type { ViewId } from '../engine/view/types';
import { createSessionHost } from './host';
import { buildFrames, cappedTracer, MAX_COUNTED_EVENTS } from './frames';
import { newProbe } from '../engine/probe';
import { MAX_FRAME_EVENTS } from '../engine/view/types';
import { createSession } from './session';

const THREE = 'a = msgget(IPC_PRIVATE, 0600)\nb = msgget(IPC_PRIVATE, 0600)\nmsgctl(b, IPC_RMID)\n';

function session(text: string) {
  const s = createSession(text);
  if (!s.ok) throw new Error(s.error.message);
  s.session.seek(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  return s.session;
}

describe('frames', () => {
  test('a capped tracer keeps the first events and counts the rest', () => {
    const t = cappedTracer(2);
    for (let i = 0; i < 5; i++) t.trace!({ kind: 'seq_start', pos: i });
    expect(t.events).toEqual([
      { kind: 'seq_start', pos: 0 },
      { kind: 'seq_start', pos: 1 },
    ]);
    expect(t.dropped()).toBe(3);
    expect(t.detached()).toBe(false);
  });

  test('past the count cap the tracer leaves the probe, so the rest runs untraced', () => {
    const t = cappedTracer(2, 3);
    const probe = newProbe(t.trace);
    t.attach(probe);
    for (let i = 0; i < 5; i++) probe.trace?.({ kind: 'seq_start', pos: i });
    expect(probe.trace).toBe(null);
    expect(t.dropped()).toBe(3);
    expect(t.detached()).toBe(true);
  });

  test('a cat under the old counting loop sends the first events, counts a million more and stops tracing', () => {
    const s = createSession('repeat 3000 { msgget(IPC_PRIVATE, 0600) }\ncat /proc/sysvipc/msg\n', { preset: '5.13' });
    if (!s.ok) throw new Error(s.error.message);
    s.session.seek(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    const f = buildFrames(s.session, 3001, { views: ['idr'], options: {} }).idr!;
    expect(f.events).toHaveLength(MAX_FRAME_EVENTS);
    expect(f.dropped).toBe(MAX_COUNTED_EVENTS);
    expect(f.dropped_more).toBe(true);
  });

  test('the frame of step 2 has the IDR before and after the second msgget and its events', () => {
    const s = session(THREE);
    const frames = buildFrames(s, 2, { views: ['idr', 'maxidx'], options: {} });
    expect(s.position()).toBe(2);
    const idr = frames.idr!;
    expect(idr.step).toBe(2);
    expect(idr.dropped).toBe(0);
    expect((idr.before as IdrModel).strips[0]!.slots.slice(0, 3)).toBe('e..');
    expect((idr.after as IdrModel).strips[0]!.slots.slice(0, 3)).toBe('ee.');
    expect(idr.events.some((e) => e.kind === 'idr_store' && e.offset === 1 && e.entry === 'null')).toBe(true);
    expect((frames.maxidx!.after as MaxidxModel).max_idx).toBe(1);
  });

  test('step 0 has no events and no model before', () => {
    const s = session(THREE);
    const f = buildFrames(s, 0, { views: ['idr'], options: {} }).idr!;
    expect(f).toMatchObject({ step: 0, events: [], dropped: 0, before: null });
    expect((f.after as IdrModel).height).toBe(0);
  });

  test('a frame past the end is the frame of the last step', () => {
    const s = session(THREE);
    const f = buildFrames(s, 99, { views: ['maxidx'], options: {} }).maxidx!;
    expect(f.step).toBe(3);
    expect((f.after as MaxidxModel).max_idx).toBe(0);
    expect(f.events.filter((e) => e.kind === 'maxidx_probe')).toHaveLength(1);
  });

  test('an operation of more events than the cap sends the cap and counts the rest', () => {
    const s = session('repeat 300 { msgget(IPC_PRIVATE, 0600) }\ncat /proc/sysvipc/msg\n');
    const f = buildFrames(s, 301, { views: ['idr'], options: {} }, 100).idr!;
    expect(f.events).toHaveLength(100);
    expect(f.dropped).toBeGreaterThan(300);
  });

  test('the host sends the frames of the selected views it knows with every snapshot', async () => {
    const host = createSessionHost();
    // an id this version does not know (an old link's) is left out
    host.setViews({ views: ['idr', 'bogus' as ViewId], options: {} });
    const r = await host.open(THREE, {}, { kind: 'step', step: 1 });
    if (r.kind !== 'snapshot') return expect.unreachable(r.kind);
    expect(Object.keys(r.frames)).toEqual(['idr']);
    expect(r.frames.idr!.step).toBe(1);
    const back = await host.navigate({ kind: 'delta', by: 2 });
    if (back.kind !== 'snapshot') return expect.unreachable(back.kind);
    expect(back.snapshot.step).toBe(3);
    expect(back.frames.idr!.step).toBe(3);
    expect(back.snapshot.records.map((x) => x.op)).toEqual([1, 2, 3]);
    expect(back.snapshot.delta.ipc_rmid).toBe(1);
    host.setViews({ views: [], options: {} });
    const none = await host.navigate({ kind: 'delta', by: -1 });
    expect(none.kind === 'snapshot' && none.frames).toEqual({});
  });
});
