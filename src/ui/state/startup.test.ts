import { describe, expect, test } from 'vitest';
import { chooseStartup } from './startup';
import { hashForState, type ViewOptionsMap } from './url_state';

const TOUR = '# the tour\n';
const DRAFT = { v: 1 as const, workload: 'msgget(IPC_PRIVATE, 0)\n' };
const NO_SMP = { compareWith: '', constants: '' };

describe('the startup choice', () => {
  test('a first visit opens the tour', () => {
    expect(chooseStartup('', null, TOUR)).toEqual({
      workload: TOUR,
      step: 0,
      event: null,
      views: [],
      kernel: {},
      mode: 'play',
      compare: null,
      viewOptions: {},
      charts: null,
      smp: NO_SMP,
      source: 'tour',
      problem: null,
    });
  });

  test('a visit without a link opens the draft', () => {
    expect(chooseStartup('', DRAFT, TOUR)).toMatchObject({ workload: DRAFT.workload, source: 'draft', problem: null });
  });

  test('a link opens its workload and step, whatever the draft', () => {
    const hash = hashForState({ v: 3, event: 4, workload: 'semget(IPC_PRIVATE, 1, 0)\n', step: 1, views: ['idr'], kernel: {}, mode: 'play', compare: null });
    expect(chooseStartup(hash, DRAFT, TOUR)).toEqual({
      workload: 'semget(IPC_PRIVATE, 1, 0)\n',
      step: 1,
      event: 4,
      views: ['idr'],
      kernel: {},
      mode: 'play',
      compare: null,
      viewOptions: {},
      charts: null,
      smp: NO_SMP,
      source: 'link',
      problem: null,
    });
  });

  test('a link whose fragment holds no state (#w=…, #garbage) opens the tour and says it was not understood', () => {
    for (const hash of ['#w=N4Igbi', '#garbage', 'garbage']) {
      const start = chooseStartup(hash, DRAFT, TOUR);
      expect(start).toMatchObject({ workload: TOUR, source: 'tour' });
      expect(start.problem).toMatch(/^The link was not understood: its part after # \("(w=N4Igbi|garbage)"\) holds no ipcscope state \(#s=…\)\. The tour opened instead\.$/);
    }
    expect(chooseStartup('#' + 'x'.repeat(100), null, TOUR).problem).toContain(`("${'x'.repeat(40)}…")`);
    // an empty fragment is no link at all
    expect(chooseStartup('#', DRAFT, TOUR)).toMatchObject({ source: 'draft', problem: null });
  });

  test('a damaged link opens the tour and says what was wrong', () => {
    expect(chooseStartup('#s=N4Igbi', DRAFT, TOUR)).toEqual({
      workload: TOUR,
      step: 0,
      event: null,
      views: [],
      kernel: {},
      mode: 'play',
      compare: null,
      viewOptions: {},
      charts: null,
      smp: NO_SMP,
      source: 'tour',
      problem: 'The link is cut short: part of it is missing (was it copied whole?). The tour opened instead.',
    });
  });

  test('kernel names a link has but this version lacks are dropped and named', () => {
    const hash = hashForState({
      v: 3,
      event: null,
      workload: 'x',
      step: 0,
      views: [],
      kernel: { preset: '9.9' },
      mode: 'compare',
      compare: { left: { preset: '5.13' }, right: { switches: { idr: 'btree', proc_dir: 'list' } }, step: 2, views: [[], []] },
    });
    expect(chooseStartup(hash, null, TOUR)).toEqual({
      workload: 'x',
      step: 0,
      event: null,
      views: [],
      kernel: {},
      mode: 'compare',
      compare: { left: { preset: '5.13' }, right: { switches: { proc_dir: 'list' } }, step: 2, views: [[], []] },
      viewOptions: {},
      charts: null,
      smp: NO_SMP,
      source: 'link',
      problem:
        'The link names kernel settings this ipcscope does not know; they were ignored: unknown kernel "9.9", 6.18 used instead; idr cannot be "btree"; one of: layer, layer256, radix (ignored).',
    });
  });

  test('a link opens its view options and charts choices', () => {
    const charts = { file: '001-msg-percpu-counters.ipc', full: false, form: { variable: 'N', values: '1, 2', kernels: '6.18', sets: '', constants: '' } };
    const hash = hashForState({ v: 3, event: null, workload: 'x', step: 0, views: ['idr'], kernel: {}, mode: 'charts', compare: null, viewOptions: { idr: { ipc: 'shm', focus: 3 } }, charts });
    expect(chooseStartup(hash, null, TOUR)).toEqual({
      workload: 'x',
      step: 0,
      event: null,
      views: ['idr'],
      kernel: {},
      mode: 'charts',
      compare: null,
      viewOptions: { idr: { ipc: 'shm', focus: 3 } },
      charts,
      smp: NO_SMP,
      source: 'link',
      problem: null,
    });
  });

  test('bad view options and an unknown charts scenario are dropped and named, the rest of the link opens', () => {
    const charts = { file: '999-no-such.ipc', full: false, form: { variable: 'N', values: '1', kernels: '6.18', sets: '', constants: '' } };
    const hash = hashForState({
      v: 3,
      event: null,
      workload: 'x',
      step: 1,
      views: ['idr'],
      kernel: { preset: '9.9' },
      mode: 'charts',
      compare: null,
      viewOptions: { idr: { ipc: 'pipe' }, bogus: {} } as unknown as ViewOptionsMap,
      charts,
    });
    expect(chooseStartup(hash, null, TOUR)).toEqual({
      workload: 'x',
      step: 1,
      event: null,
      views: ['idr'],
      kernel: {},
      mode: 'charts',
      compare: null,
      viewOptions: { idr: {} },
      charts: null,
      smp: NO_SMP,
      source: 'link',
      problem:
        'The link names kernel settings this ipcscope does not know; they were ignored: unknown kernel "9.9", 6.18 used instead. ' +
        'Parts of the link could not be used and were ignored: the idr view\'s ipc "pipe"; the options of an unknown view "bogus"; the charts scenario "999-no-such.ipc" (not one this ipcscope has).',
    });
  });

  test("a compare link opens each pane's view options; a bad one is dropped and named with its pane, the rest opens", () => {
    const compare = { left: { preset: '5.13' }, right: {}, step: 2, views: [['idr'], ['idr']] as [string[], string[]] };
    const viewOptions = [{ idr: { ipc: 'shm', focus: 3 } }, { idr: { ipc: 'pipe' }, maxidx: { ipc: 'sem' } }] as unknown as [ViewOptionsMap, ViewOptionsMap];
    const hash = hashForState({ v: 3, event: null, workload: 'x', step: 0, views: [], kernel: {}, mode: 'compare', compare: { ...compare, viewOptions } });
    expect(chooseStartup(hash, null, TOUR)).toEqual({
      workload: 'x',
      step: 0,
      event: null,
      views: [],
      kernel: {},
      mode: 'compare',
      compare: { ...compare, viewOptions: [{ idr: { ipc: 'shm', focus: 3 } }, { idr: {}, maxidx: { ipc: 'sem' } }] },
      viewOptions: {},
      charts: null,
      smp: NO_SMP,
      source: 'link',
      problem: 'Parts of the link could not be used and were ignored: the idr view\'s ipc "pipe" in the right compare pane.',
    });
  });

  test('a link opens its multi-CPU run settings', () => {
    const smp = { compareWith: '2.6.27', constants: 'ipc_ns_offset=32, wake_latency=5000' };
    const hash = hashForState({ v: 3, event: null, workload: 'cpus 2\n', step: 0, views: [], kernel: { preset: '2.6.25' }, mode: 'play', compare: null, smp });
    expect(chooseStartup(hash, DRAFT, TOUR)).toEqual({
      workload: 'cpus 2\n',
      step: 0,
      event: null,
      views: [],
      kernel: { preset: '2.6.25' },
      mode: 'play',
      compare: null,
      viewOptions: {},
      charts: null,
      smp,
      source: 'link',
      problem: null,
    });
  });

  test('an unknown kernel to compare with is dropped and named, the machine constants and the rest of the link open', () => {
    const hash = hashForState({ v: 3, event: null, workload: 'x', step: 0, views: ['idr'], kernel: {}, mode: 'play', compare: null, smp: { compareWith: '9.9', constants: 'syscall=1' } });
    expect(chooseStartup(hash, null, TOUR)).toEqual({
      workload: 'x',
      step: 0,
      event: null,
      views: ['idr'],
      kernel: {},
      mode: 'play',
      compare: null,
      viewOptions: {},
      charts: null,
      smp: { compareWith: '', constants: 'syscall=1' },
      source: 'link',
      problem: 'Parts of the link could not be used and were ignored: the kernel to compare the multi-CPU run with "9.9" (not one this ipcscope has).',
    });
  });

  test('malformed machine constants drop the multi-CPU settings, and the rest of the link opens', () => {
    const hash = hashForState({
      v: 3,
      event: null,
      workload: 'x',
      step: 2,
      views: ['idr'],
      kernel: { preset: '5.13' },
      mode: 'play',
      compare: null,
      smp: { compareWith: '2.6.27', constants: 'syscall=-1' },
    });
    expect(chooseStartup(hash, DRAFT, TOUR)).toEqual({
      workload: 'x',
      step: 2,
      event: null,
      views: ['idr'],
      kernel: { preset: '5.13' },
      mode: 'play',
      compare: null,
      viewOptions: {},
      charts: null,
      smp: NO_SMP,
      source: 'link',
      problem: 'Parts of the link could not be used and were ignored: the multi-CPU run settings (the machine constants "syscall=-1" are not NAME=VALUE overrides this ipcscope knows).',
    });
  });
});
