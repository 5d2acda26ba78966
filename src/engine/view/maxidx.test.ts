import { describe, expect, it } from 'vitest';
import { extract_maxidx, maxidx_search } from './maxidx';
import { machineAt, SET_0_3_9, traceNext } from './view.test-helper';

describe('extract_maxidx', () => {
  it('lists the used indices as runs, with the cached max_idx and the limit', () => {
    const m = machineAt(SET_0_3_9, 5);
    expect(extract_maxidx(m.kernel, [], {})).toEqual({
      ipc: 'msg',
      variant: 'bsearch',
      limit: 32767,
      max_idx: 9,
      in_use: 3,
      highest: 9,
      runs: [
        [0, 0],
        [3, 3],
        [9, 9],
      ],
      truncated: false,
      counted: null,
    });
  });

  it('merges consecutive indices into one run', () => {
    const m = machineAt('repeat 100 { msgget(IPC_PRIVATE, 0600) }', 100);
    expect(extract_maxidx(m.kernel, [], {}).runs).toEqual([[0, 99]]);
  });
});

describe('maxidx_search', () => {
  it('removing idx 9 of {0, 3, 9} searches below 9 with the probes 7, 3, 5, 4 and finds 3 (5.14+)', () => {
    const m = machineAt(SET_0_3_9, 5);
    const events = traceNext(m);
    const s = maxidx_search(events, 'msg');
    expect(s.looks.map((l) => l.at)).toEqual([7, 3, 5, 4]);
    expect(s.looks.map((l) => l.hit)).toEqual([null, 3, null, null]);
    expect(s.looks.every((l) => l.kind === 'probe')).toBe(true);
    expect(s.result).toBe(3);
    expect(extract_maxidx(m.kernel, events, {}).max_idx).toBe(3);
  });

  it('the linear step-down of 4.17-5.13 looks at 8, 7, 6, 5, 4, 3', () => {
    const m = machineAt(SET_0_3_9, 5, { ipc_maxidx: 'linear' });
    const s = maxidx_search(traceNext(m), 'msg');
    expect(s.looks.map((l) => l.at)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(s.looks.map((l) => l.hit)).toEqual([null, null, null, null, null, 3]);
    expect(s.result).toBe(3);
  });

  it('an operation without a search has no looks and no result', () => {
    const m = machineAt(SET_0_3_9, 0);
    expect(maxidx_search(traceNext(m), 'msg')).toEqual({ looks: [], result: null, result_event: -1 });
  });
});
