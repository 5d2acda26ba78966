import { describe, expect, test } from 'vitest';
import { extract_maxidx, type MaxidxModel } from '../../../engine/view/maxidx';
import { machineAt, SET_0_3_9, traceNext } from '../../../engine/view/view.test-helper';
import type { ViewFrame } from '../types';
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
