import { describe, expect, test } from 'vitest';
import { chooseStartup } from './startup';
import { hashForState } from './url_state';

const TOUR = '# the tour\n';
const DRAFT = { v: 1 as const, workload: 'msgget(IPC_PRIVATE, 0)\n' };

describe('the startup choice', () => {
  test('a first visit opens the tour', () => {
    expect(chooseStartup('', null, TOUR)).toEqual({ workload: TOUR, step: 0, views: [], kernel: {}, mode: 'play', compare: null, source: 'tour', problem: null });
  });

  test('a visit without a link opens the draft', () => {
    expect(chooseStartup('', DRAFT, TOUR)).toMatchObject({ workload: DRAFT.workload, source: 'draft', problem: null });
  });

  test('a link opens its workload and step, whatever the draft', () => {
    const hash = hashForState({ v: 2, workload: 'semget(IPC_PRIVATE, 1, 0)\n', step: 1, views: ['idr'], kernel: {}, mode: 'play', compare: null });
    expect(chooseStartup(hash, DRAFT, TOUR)).toEqual({
      workload: 'semget(IPC_PRIVATE, 1, 0)\n', step: 1, views: ['idr'], kernel: {}, mode: 'play', compare: null, source: 'link', problem: null,
    });
  });

  test('a damaged link opens the tour and says what was wrong', () => {
    expect(chooseStartup('#s=N4Igbi', DRAFT, TOUR)).toEqual({
      workload: TOUR, step: 0, views: [], kernel: {}, mode: 'play', compare: null, source: 'tour',
      problem: 'The link is cut short: part of it is missing (was it copied whole?). The tour opened instead.',
    });
  });

  test('kernel names a link has but this version lacks are dropped and named', () => {
    const hash = hashForState({
      v: 2, workload: 'x', step: 0, views: [], kernel: { preset: '9.9' }, mode: 'compare',
      compare: { left: { preset: '5.13' }, right: { switches: { idr: 'btree', proc_dir: 'list' } }, step: 2, views: [[], []] },
    });
    expect(chooseStartup(hash, null, TOUR)).toEqual({
      workload: 'x', step: 0, views: [], kernel: {}, mode: 'compare',
      compare: { left: { preset: '5.13' }, right: { switches: { proc_dir: 'list' } }, step: 2, views: [[], []] },
      source: 'link',
      problem: 'The link names kernel settings this ipcscope does not know; they were ignored: unknown kernel "9.9", 6.18 used instead; idr cannot be "btree"; one of: layer, radix (ignored).',
    });
  });
});
