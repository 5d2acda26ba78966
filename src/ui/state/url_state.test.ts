import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import {
  decodeState,
  encodedFromHash,
  encodeState,
  hashForState,
  linkedCompare,
  linkHashFor,
  MAX_DECODED_CHARS,
  MAX_FOCUS,
  type ChartsState,
  type CompareState,
  type Migration,
  type UrlState,
} from './url_state';

const STATE: UrlState = {
  v: 3,
  workload: 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 10, IPC_NOWAIT)\n',
  step: 2,
  event: 5,
  views: ['idr'],
  kernel: { preset: 'v6.18', switches: { ipcmni_extend: 'on' } },
  mode: 'compare',
  compare: { left: { preset: '5.13' }, right: { preset: '5.13', switches: { sysvipc_find_ipc: 'get_next' } }, step: 7, views: [['idr'], ['seqfile', 'maxidx']] },
};
const CHARTS: ChartsState = {
  file: '003-procfs-rbtree.ipc',
  full: true,
  form: { variable: 'N', values: '1000, 30000', kernels: '5.13 6.18', sets: 'proc_dir=list,rbtree', constants: 'M=3' },
};
const V2_DEFAULTS = { views: [], kernel: {}, mode: 'play', compare: null };
const raw = (value: unknown) => compressToEncodedURIComponent(JSON.stringify(value));

describe('the URL state', () => {
  test('round-trips through the hash', () => {
    const hash = hashForState(STATE);
    expect(hash.startsWith('#s=')).toBe(true);
    expect(decodeState(encodedFromHash(hash)!)).toEqual({ ok: true, state: STATE });
  });

  test('is found among other hash parameters, and absent from an empty hash', () => {
    expect(encodedFromHash('#x=1&s=abc')).toBe('abc');
    expect(encodedFromHash('')).toBe(null);
    expect(encodedFromHash('#intro')).toBe(null);
  });

  test('fills in the optional fields of a minimal version 2 state', () => {
    expect(decodeState(raw({ v: 2, workload: 'x', step: 0 }))).toEqual({
      ok: true,
      state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS },
    });
  });

  test('opens a version 1 link as the playground, its on/off switches as value names', () => {
    const v1 = { v: 1, workload: 'msgget(0, 0)\n', step: 3, views: ['idr'], kernel: { preset: '5.13', switches: { ipcmni_extend: true, idr: false } } };
    expect(decodeState(raw(v1))).toEqual({
      ok: true,
      state: { v: 3, event: null, workload: 'msgget(0, 0)\n', step: 3, views: ['idr'], kernel: { preset: '5.13', switches: { ipcmni_extend: 'on', idr: 'off' } }, mode: 'play', compare: null },
    });
    expect(decodeState(raw({ v: 1, workload: 'x', step: 0 }))).toEqual({ ok: true, state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS } });
  });

  test('a version 1 link that was malformed stays refused after its migration', () => {
    expect(decodeState(raw({ v: 1, workload: 'x', step: 0, kernel: { switches: 'on' } }))).toMatchObject({
      ok: false,
      message: "The link's state is malformed: the kernel switches are not a short list.",
    });
  });

  test('runs the migrations in order up to the current version', () => {
    const migrations: Migration[] = [
      { from: -1, up: (s) => ({ ...s, v: 0, text: String(s.text).trim() }) },
      { from: 0, up: (s) => ({ v: 1, workload: s.text, step: s.at ?? 0 }) },
      { from: 1, up: (s) => ({ ...s, v: 2, mode: 'charts' }) },
      { from: 2, up: (s) => ({ ...s, v: 3, event: null }) },
    ];
    expect(decodeState(raw({ v: -1, text: ' msgget(0, 0) ', at: 1 }), migrations)).toEqual({
      ok: true,
      state: { v: 3, event: null, workload: 'msgget(0, 0)', step: 1, ...V2_DEFAULTS, mode: 'charts' },
    });
  });

  test("takes a version 2 link to version 3 at the end of its operation, and keeps a version 3 link's event", () => {
    expect(decodeState(raw({ v: 2, workload: 'x', step: 3 }))).toEqual({ ok: true, state: { v: 3, event: null, workload: 'x', step: 3, ...V2_DEFAULTS } });
    expect(decodeState(raw({ v: 3, workload: 'x', step: 3, event: 5 }))).toEqual({ ok: true, state: { v: 3, event: 5, workload: 'x', step: 3, ...V2_DEFAULTS } });
  });

  test('refuses a version 3 link whose event is not null or a whole number', () => {
    for (const event of [-1, 1.5, '5', undefined]) {
      expect(decodeState(raw({ v: 3, workload: 'x', step: 3, event }))).toMatchObject({
        ok: false,
        message: "The link's state is malformed: the event is neither null nor a whole number from 0 to 1000000000.",
      });
    }
  });

  test('refuses a version it cannot migrate', () => {
    expect(decodeState(raw({ ...STATE, v: 4 }))).toEqual({
      ok: false,
      problem: 'unknown_version',
      message: 'The link has state version 4; this ipcscope reads versions up to 3.',
    });
    expect(decodeState(raw({ ...STATE, v: 0 }))).toMatchObject({ ok: false, problem: 'unknown_version' });
  });

  test('refuses a truncated or corrupted link', () => {
    const encoded = encodeState(STATE);
    expect(decodeState(encoded.slice(0, 20))).toMatchObject({ ok: false, problem: 'truncated' });
    expect(decodeState('%%%not-lz')).toMatchObject({ ok: false, problem: 'corrupted' });
    expect(decodeState(compressToEncodedURIComponent('{"v":1,'))).toMatchObject({
      ok: false,
      problem: 'corrupted',
      message: 'The link is damaged: its state is not valid JSON.',
    });
  });

  test('refuses a state larger than 200 KB once decompressed', () => {
    const big = { ...STATE, workload: '#'.repeat(MAX_DECODED_CHARS) };
    expect(decodeState(encodeState(big))).toMatchObject({ ok: false, problem: 'oversized' });
    const fits = { ...STATE, workload: '#'.repeat(MAX_DECODED_CHARS - 500) };
    expect(decodeState(encodeState(fits))).toMatchObject({ ok: true });
  });

  test('the page makes no link to a state it would refuse as too large', () => {
    const fits = { ...STATE, workload: '#'.repeat(MAX_DECODED_CHARS - 500) };
    expect(linkHashFor(fits)).toBe(hashForState(fits));
    expect(linkHashFor({ ...STATE, workload: '#'.repeat(MAX_DECODED_CHARS) })).toBe(null);
  });

  test('refuses a state of the wrong shape, saying what is wrong', () => {
    expect(decodeState(raw([1, 2]))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: 3, step: 0 }))).toMatchObject({
      message: "The link's state is malformed: the workload is not text.",
    });
    expect(decodeState(raw({ v: 1, workload: '', step: -1 }))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: '', step: 1.5 }))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: '', step: 0, views: [{}] }))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 2, workload: '', step: 0, kernel: { switches: { a: true } } }))).toMatchObject({
      message: "The link's state is malformed: the kernel switches are not names with values.",
    });
    expect(decodeState(raw({ v: 2, workload: '', step: 0, mode: 'edit' }))).toMatchObject({
      message: "The link's state is malformed: the page mode is unknown.",
    });
    expect(decodeState(raw({ v: 2, workload: '', step: 0, compare: { left: {}, right: 5, step: 0 } }))).toMatchObject({
      message: "The link's state is malformed: the kernel choice is not an object.",
    });
    expect(decodeState(raw({ v: 2, workload: '', step: 0, compare: { left: {}, right: {}, step: -2 } }))).toMatchObject({
      message: "The link's state is malformed: the compare state is not two kernels and a step.",
    });
  });

  test('round-trips the view options and the charts choices', () => {
    const state: UrlState = { ...STATE, mode: 'charts', viewOptions: { idr: { ipc: 'shm', focus: 12 }, proc: { dir: 'net/dev_snmp6' } }, charts: CHARTS };
    expect(decodeState(encodeState(state))).toEqual({ ok: true, state });
  });

  test('a version 2 link without view options or charts choices opens without them, and nothing is said dropped', () => {
    const decoded = decodeState(raw({ v: 2, workload: 'x', step: 0, views: ['idr'] }));
    expect(decoded).toEqual({ ok: true, state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS, views: ['idr'] } });
    expect(decoded.ok && 'viewOptions' in decoded.state).toBe(false);
    expect(decoded.ok && 'dropped' in decoded).toBe(false);
  });

  test('drops bad view options one by one and says which, keeping the good ones and the rest of the link', () => {
    const decoded = decodeState(
      raw({
        v: 2,
        workload: 'x',
        step: 4,
        views: ['idr'],
        viewOptions: {
          idr: { ipc: 'pipe', focus: 7 },
          maxidx: { ipc: 'sem', focus: -1 },
          proc: { dir: 42 },
          seqfile: { dir: 'a\nb', colour: 'red' },
          percpu: 'all',
          '<img src=x onerror=alert(1)>': { ipc: 'msg' },
        },
      }),
    );
    expect(decoded).toEqual({
      ok: true,
      state: { v: 3, event: null, workload: 'x', step: 4, ...V2_DEFAULTS, views: ['idr'], viewOptions: { idr: { focus: 7 }, maxidx: { ipc: 'sem' }, proc: {}, seqfile: {} } },
      dropped: [
        'the idr view\'s ipc "pipe"',
        "the maxidx view's focus value",
        "the proc view's dir value",
        'the seqfile view\'s dir "a\\nb"',
        'the seqfile view\'s unknown option "colour"',
        "the percpu view's options (not an object)",
        'the options of an unknown view "<img src=x onerror=alert(1)>"',
      ],
    });
  });

  test('drops absurd zoom numbers and view options that are not a short list', () => {
    for (const focus of [MAX_FOCUS + 1, 1.5, 1e308, '3', null]) {
      expect(decodeState(raw({ v: 2, workload: 'x', step: 0, viewOptions: { idr: { focus } } }))).toMatchObject({
        ok: true,
        state: { viewOptions: { idr: {} } },
        dropped: ["the idr view's focus " + (typeof focus === 'string' ? '"3"' : 'value')],
      });
    }
    expect(decodeState(raw({ v: 2, workload: 'x', step: 0, viewOptions: { idr: { focus: MAX_FOCUS } } }))).toMatchObject({ state: { viewOptions: { idr: { focus: MAX_FOCUS } } } });
    const many = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`v${i}`, {}]));
    for (const viewOptions of [many, ['idr'], 'idr']) {
      const decoded = decodeState(raw({ v: 2, workload: 'x', step: 0, viewOptions }));
      expect(decoded).toEqual({ ok: true, state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS }, dropped: ['the view options (not a short list of views)'] });
    }
  });

  test('drops a charts state that is not a scenario and a form of text fields', () => {
    const bad = [
      { ...CHARTS, file: 3 },
      { ...CHARTS, full: 'yes' },
      { ...CHARTS, form: { ...CHARTS.form, values: [1, 2] } },
      { ...CHARTS, form: { ...CHARTS.form, kernels: undefined } },
      { ...CHARTS, form: { ...CHARTS.form, values: '1,'.repeat(600) } },
      'charts',
    ];
    for (const charts of bad) {
      expect(decodeState(raw({ v: 2, workload: 'x', step: 0, mode: 'charts', charts }))).toEqual({
        ok: true,
        state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS, mode: 'charts' },
        dropped: ['the charts page state (not a scenario and a form)'],
      });
    }
    const { full: _, ...noFull } = CHARTS;
    expect(decodeState(raw({ v: 2, workload: 'x', step: 0, charts: { ...noFull, form: { ...CHARTS.form, extra: 1 } } }))).toEqual({
      ok: true,
      state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS, charts: { ...CHARTS, full: false } },
    });
  });

  test('round-trips the view options of each compare pane', () => {
    const compare: CompareState = { ...STATE.compare!, viewOptions: [{ idr: { ipc: 'shm', focus: 12 } }, { proc: { dir: 'net/dev_snmp6' }, seqfile: { ipc: 'sem' } }] };
    const state: UrlState = { ...STATE, compare, viewOptions: { idr: { ipc: 'msg' } } };
    expect(decodeState(encodeState(state))).toEqual({ ok: true, state });
  });

  test("a compare link carries only the panes' options that are set, and none when neither pane has any", () => {
    const unset = { ipc: undefined, focus: undefined };
    const compare = (viewOptions: CompareState['viewOptions']): CompareState => ({ ...STATE.compare!, viewOptions });
    const written = linkedCompare(compare([{ idr: unset, maxidx: {} }, { idr: { ...unset, ipc: 'shm' } }]), 'compare');
    expect(written).toEqual(compare([{}, { idr: { ipc: 'shm' } }]));
    expect(decodeState(encodeState({ ...STATE, compare: written }))).toEqual({ ok: true, state: { ...STATE, compare: compare([{}, { idr: { ipc: 'shm' } }]) } });
    const none = linkedCompare(compare([{ idr: unset }, {}]), 'compare');
    expect(none).toEqual(STATE.compare);
    expect(none !== null && 'viewOptions' in none).toBe(false);
    expect(linkedCompare(null, 'compare')).toBe(null);
  });

  test("the compare panes' options travel in compare mode only (as the charts choices in charts mode), the kernels, step and views in every mode", () => {
    const compare: CompareState = { ...STATE.compare!, viewOptions: [{ idr: { ipc: 'shm' } }, { proc: { dir: 'sysvipc' } }] };
    expect(linkedCompare(compare, 'compare')).toEqual(compare);
    for (const mode of ['play', 'charts'] as const) {
      const written = linkedCompare(compare, mode);
      expect(written).toEqual(STATE.compare);
      expect(written !== null && 'viewOptions' in written).toBe(false);
    }
  });

  test("drops bad view options of a compare pane and says which pane, keeping the other pane's and the rest of the link", () => {
    const base = { v: 3, event: 2, workload: 'x', step: 4, views: ['idr'], mode: 'compare' };
    const compare = { left: { preset: '5.13' }, right: {}, step: 3, views: [['idr'], ['idr', 'proc']] };
    const decoded = decodeState(
      raw({
        ...base,
        viewOptions: { idr: { ipc: 'pipe' } },
        compare: { ...compare, viewOptions: [{ idr: { ipc: 'sem', focus: -1 } }, { idr: { ipc: 'shm' }, proc: { dir: 7 }, '<b>x</b>': {} }] },
      }),
    );
    expect(decoded).toEqual({
      ok: true,
      state: { ...base, kernel: {}, viewOptions: { idr: {} }, compare: { ...compare, viewOptions: [{ idr: { ipc: 'sem' } }, { idr: { ipc: 'shm' }, proc: {} }] } },
      dropped: [
        "the idr view's focus value in the left compare pane",
        "the proc view's dir value in the right compare pane",
        'the options of an unknown view "<b>x</b>" in the right compare pane',
        'the idr view\'s ipc "pipe"',
      ],
    });
    expect(decodeState(raw({ ...base, compare: { ...compare, viewOptions: [null, { idr: { ipc: 'shm' } }] } }))).toEqual({
      ok: true,
      state: { ...base, kernel: {}, compare: { ...compare, viewOptions: [{}, { idr: { ipc: 'shm' } }] } },
      dropped: ['the view options (not a short list of views) in the left compare pane'],
    });
    for (const viewOptions of [{ idr: { ipc: 'shm' } }, [{}], [{}, {}, {}], 'idr']) {
      expect(decodeState(raw({ ...base, compare: { ...compare, viewOptions } }))).toEqual({
        ok: true,
        state: { ...base, kernel: {}, compare },
        dropped: ["compare mode's view options (not one list per pane)"],
      });
    }
  });

  test('round-trips the multi-CPU run settings', () => {
    const state: UrlState = { ...STATE, mode: 'play', smp: { compareWith: '2.6.27', constants: 'ipc_ns_offset=32 wake_latency=5000' } };
    expect(decodeState(encodeState(state))).toEqual({ ok: true, state });
  });

  test('drops multi-CPU run settings that are malformed or whose machine constants do not parse, the rest of the link opens', () => {
    const shape = 'the multi-CPU run settings (not a kernel and machine constants)';
    const cases: [unknown, string][] = [
      ['2.6.27', shape],
      [{ compareWith: '2.6.27' }, shape],
      [{ compareWith: 3, constants: '' }, shape],
      [{ compareWith: 'x'.repeat(65), constants: '' }, shape],
      [{ compareWith: '', constants: 'syscall=1 '.repeat(101) }, shape],
      [{ compareWith: '', constants: 'syscall=fast' }, 'the multi-CPU run settings (the machine constants "syscall=fast" are not NAME=VALUE overrides this ipcscope knows)'],
      [{ compareWith: '2.6.27', constants: 'ipc_ns_offset=12' }, 'the multi-CPU run settings (the machine constants "ipc_ns_offset=12" are not NAME=VALUE overrides this ipcscope knows)'],
      [{ compareWith: '', constants: '<b>bold</b>=1' }, 'the multi-CPU run settings (the machine constants "<b>bold</b>=1" are not NAME=VALUE overrides this ipcscope knows)'],
    ];
    for (const [smp, dropped] of cases) {
      expect(decodeState(raw({ v: 2, workload: 'x', step: 3, views: ['idr'], smp }))).toEqual({
        ok: true,
        state: { v: 3, event: null, workload: 'x', step: 3, ...V2_DEFAULTS, views: ['idr'] },
        dropped: [dropped],
      });
    }
    // commas and runs of spaces separate the overrides; the field is kept as typed
    expect(decodeState(raw({ v: 2, workload: 'x', step: 0, smp: { compareWith: '', constants: ' syscall=1,,  smt_speedup=1.5 ' } }))).toEqual({
      ok: true,
      state: { v: 3, event: null, workload: 'x', step: 0, ...V2_DEFAULTS, smp: { compareWith: '', constants: ' syscall=1,,  smt_speedup=1.5 ' } },
    });
  });

  test('a version 1 link migrates to a version 2 state without view options or charts choices', () => {
    expect(decodeState(raw({ v: 1, workload: 'x', step: 2, views: ['proc'] }))).toEqual({ ok: true, state: { v: 3, event: null, workload: 'x', step: 2, ...V2_DEFAULTS, views: ['proc'] } });
  });

  test('keeps markup in a workload as plain text', () => {
    const evil = { ...STATE, workload: '<img src=x onerror=alert(1)>' };
    expect(decodeState(encodeState(evil))).toMatchObject({ ok: true, state: { workload: '<img src=x onerror=alert(1)>' } });
  });
});

describe('links to the seed scenarios', () => {
  const dir = new URL('../../../public/examples/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ipc'));

  test('there are the tour and at least the seven seed workloads', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    test(`a compare link to ${file} with kernels, views, view options and charts choices stays under 2,000 characters`, () => {
      const workload = readFileSync(new URL(file, dir), 'utf8');
      const state: UrlState = {
        v: 3,
        workload,
        step: 123456,
        event: 19999,
        views: ['idr', 'maxidx', 'proc', 'percpu', 'seqfile'],
        kernel: { preset: '2.6.25', switches: { ipcmni_extend: 'on', sysvipc_find_ipc: 'get_next' } },
        mode: 'compare',
        compare: {
          left: { preset: '2.6.25' },
          right: { preset: '2.6.27', switches: { ipcmni_extend: 'on' } },
          step: 123456,
          views: [
            ['idr', 'seqfile'],
            ['idr', 'seqfile'],
          ],
        },
        viewOptions: { idr: { ipc: 'shm', focus: 123456 }, maxidx: { ipc: 'sem' }, seqfile: { ipc: 'msg' }, proc: { dir: 'sysvipc' } },
        charts: { file, full: true, form: { variable: 'N', values: '1024, 2048, 4096, 8192, 16384, 32768', kernels: '2.6.25 5.13 5.15 6.18', sets: 'ipcmni_extend=off,on', constants: 'CPUS=4' } },
      };
      const link = 'https://ipcscope.example.org/ipcscope/' + hashForState(state);
      expect(link.length).toBeLessThan(2000);
      expect(decodeState(encodedFromHash(hashForState(state))!)).toEqual({ ok: true, state });
    });

    test(`a compare-mode link to ${file} with kernels, views and the view options of the playground and of both panes stays under 2,000 characters`, () => {
      const workload = readFileSync(new URL(file, dir), 'utf8');
      const compare: CompareState = {
        left: { preset: '2.6.25' },
        right: { preset: '2.6.27', switches: { ipcmni_extend: 'on' } },
        step: 123456,
        views: [
          ['idr', 'seqfile', 'proc'],
          ['idr', 'seqfile', 'proc'],
        ],
        viewOptions: [
          { idr: { ipc: 'sem', focus: 654321 }, seqfile: { ipc: 'shm' } },
          { idr: { ipc: 'shm', focus: 123456 }, seqfile: { ipc: 'sem' }, proc: { dir: 'net/dev_snmp6' } },
        ],
      };
      const state: UrlState = {
        v: 3,
        workload,
        step: 123456,
        event: 19999,
        views: ['idr', 'maxidx', 'proc', 'percpu', 'seqfile'],
        kernel: { preset: '2.6.25', switches: { ipcmni_extend: 'on', sysvipc_find_ipc: 'get_next' } },
        mode: 'compare',
        compare: linkedCompare(compare, 'compare'),
        viewOptions: { idr: { ipc: 'shm', focus: 123456 }, maxidx: { ipc: 'sem' }, seqfile: { ipc: 'msg' }, proc: { dir: 'sysvipc' } },
      };
      const link = 'https://ipcscope.example.org/ipcscope/' + hashForState(state);
      expect(link.length).toBeLessThan(2000);
      expect(decodeState(encodedFromHash(hashForState(state))!)).toEqual({ ok: true, state: { ...state, compare } });
    });

    test(`a link to ${file} with a kernel and multi-CPU settings stays under 2,000 characters`, () => {
      const workload = readFileSync(new URL(file, dir), 'utf8');
      const state: UrlState = {
        v: 3,
        workload,
        step: 0,
        event: null,
        views: [],
        kernel: { preset: '2.6.25', switches: { ipcmni_extend: 'on' } },
        mode: 'play',
        compare: null,
        smp: { compareWith: '2.6.27', constants: 'ipc_ns_offset=32 wake_latency=5000 syscall=200 smt_speedup=1.5' },
      };
      const link = 'https://ipcscope.example.org/ipcscope/' + hashForState(state);
      expect(link.length).toBeLessThan(2000);
      expect(decodeState(encodedFromHash(hashForState(state))!)).toEqual({ ok: true, state });
    });
  }
});
