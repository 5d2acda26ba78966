import { describe, expect, test } from 'vitest';
import { extract_maxidx, type MaxidxModel } from '../../../engine/view/maxidx';
import { machineAt, SET_0_3_9, traceNext } from '../../../engine/view/view.test-helper';
import type { ViewFrame } from '../types';
import { createSession } from '../../../session/session';
import { buildFrames } from '../../../session/frames';
import { configForChoice } from '../../../engine/api';
import { runWorkload } from '../../../engine/run';
import { describeMaxidx, maxidx_at, otherSearch, searchCount } from './maxidx_at';

function removal(): ViewFrame<MaxidxModel> {
  const m = machineAt(SET_0_3_9, 5);
  const before = extract_maxidx(m.kernel, [], {});
  const events = traceNext(m);
  return { step: 6, events, dropped: 0, before, after: extract_maxidx(m.kernel, events, {}) };
}

describe('maxidx_at', () => {
  test('the cached max_idx stays 9 until the search result, then is 3', () => {
    const f = removal();
    const s = maxidx_at(f, 0);
    expect(s).toMatchObject({ max_idx: 9, done: 0, result: 3, resultShown: false });
    const secondProbe = s.looks[1]!.event;
    expect(maxidx_at(f, secondProbe + 1)).toMatchObject({ max_idx: 9, done: 2 });
    expect(maxidx_at(f, f.events.length)).toMatchObject({ max_idx: 3, done: 4, resultShown: true });
  });

  test('the count names the search and its probes', () => {
    const f = removal();
    expect(searchCount(maxidx_at(f, f.events.length))).toBe('binary search: 4 probes');
    expect(describeMaxidx(f, f.events.length)).toBe('msg ids: 2 in use, max_idx 3, limit 32767. binary search: 4 probes. Probe 4: bit 0, idr_get_next from 4 finds nothing.');
  });

  test('the other refresh is costed for the same removal: 6 looks of the step-down against 4 probes', () => {
    const f = removal();
    expect(otherSearch(maxidx_at(f, f.events.length), 9)).toBe('the linear step-down of 4.17–5.13 would look at 6 indices');
    const m = machineAt(SET_0_3_9, 5, { ipc_maxidx: 'linear' });
    const before = extract_maxidx(m.kernel, [], {});
    const events = traceNext(m);
    const linear = { step: 6, events, dropped: 0, before, after: extract_maxidx(m.kernel, events, {}) };
    expect(otherSearch(maxidx_at(linear, events.length), 9)).toBe('the binary search of 5.14+ would make 4 probes');
  });
});

describe('maxidx_at past the trace cap', () => {
  test('a step-down (idx 50000 & 0x7fff = 17232) cut after 1000 events counts all its looks from the counters and still finds the result', () => {
    const text = 'a = msgget(IPC_PRIVATE, 0600)\necho 50000 > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)\nmsgctl(q, IPC_RMID)\n';
    const created = createSession(text, { preset: '5.13' });
    if (!created.ok) throw new Error(created.error.message);
    created.session.seek(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    const f = buildFrames(created.session, 4, { views: ['maxidx'], options: {} }, 1000).maxidx as ViewFrame<MaxidxModel>;
    expect(f.dropped).toBeGreaterThan(0);
    const at = maxidx_at(f, f.events.length);
    // the whole run's steps are this removal's: the other operations make none
    const steps = runWorkload(text, { config: configForChoice({ preset: '5.13' }) }).costs.ipc_maxidx_steps;
    expect(steps).toBeGreaterThan(17000);
    expect(at.total).toBe(steps);
    expect(at.looks.length).toBeLessThan(1000);
    expect(at).toMatchObject({ result: 0, resultShown: true, max_idx: 0 });
    expect(searchCount(at)).toBe(`linear step-down: ${steps.toLocaleString('en')} idr_find (the engine's exact counters; the first ${at.looks.length} drawn event by event, the trace stopped there)`);
  });
});
