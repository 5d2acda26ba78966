import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { fittedSlope, logLogSlope, measureLineOf, parseSweepVars, runSweep, runSweepPoint, sweepConfigs } from './sweep';
import { formatSweepCsv, formatSweepTable } from './sweep_format';

const example = (name: string) => readFileSync(`public/examples/${name}`, 'utf8');

function configs(kernels: string[], sets: string[] = []) {
  const c = sweepConfigs(kernels, sets);
  if (!c.ok) throw new Error(c.message);
  return c.configs;
}

describe('sweep helpers', () => {
  it('computes log-log slopes between points and by least squares', () => {
    expect(logLogSlope(1000, 5, 2000, 20)).toBeCloseTo(2, 10);
    expect(logLogSlope(1000, 0, 2000, 20)).toBe(null);
    expect(
      fittedSlope([
        { value: 1, ns: 3 },
        { value: 2, ns: 6 },
        { value: 4, ns: 12 },
      ]),
    ).toBeCloseTo(1, 10);
    expect(fittedSlope([{ value: 1, ns: 3 }])).toBe(null);
  });

  it('parses --var lists: one swept, the others constants', () => {
    expect(parseSweepVars(['N=1,2,4', 'GAPS=30'])).toEqual({ ok: true, variable: 'N', values: [1, 2, 4], constants: { GAPS: 30 } });
    expect(parseSweepVars(['N=1,2', 'M=3,4'])).toEqual({ ok: false, message: 'only one --var may list several values (N, M do)' });
    expect(parseSweepVars(['N=x'])).toEqual({ ok: false, message: '--var needs NAME=V1,V2,... with integers, got "N=x"' });
    expect(parseSweepVars(['N=1,1,10'])).toEqual({ ok: false, message: '--var N lists 1 twice' });
    // a --var would hide the constant of that name from the workload
    expect(parseSweepVars(['N=1,2', 'IPC_CREAT=0'])).toEqual({ ok: false, message: '--var IPC_CREAT: `IPC_CREAT` is a constant and cannot be used as a variable' });
  });

  it('a point starts from the #@default values, the swept variable and the constants over them, as ipcscope run does', () => {
    const text = '#@default N=100 G=3 K=5\nfor i in 0..N { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nrepeat G { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nrepeat K { msgget(0x1234, 0) }\n';
    const p = runSweepPoint(text, DEFAULT_CONFIG, 'N', 4, Infinity, { K: 1 });
    expect([p.error, p.costs.ipc_addid, p.costs.syscalls]).toEqual([null, 4 + 3, 4 + 3 + 1]);
  });

  it('expands kernels × every value of every --set into labelled configurations', () => {
    const c = configs(['5.13', '6.18'], ['ipc_maxidx=linear,bsearch']);
    expect(c.map((x) => x.label)).toEqual(['5.13 ipc_maxidx=linear', '5.13 ipc_maxidx=bsearch', '6.18 ipc_maxidx=linear', '6.18 ipc_maxidx=bsearch']);
    expect(sweepConfigs(['9.9'], [])).toMatchObject({ ok: false });
    expect(sweepConfigs(['6.18', '6.18'], [])).toEqual({ ok: false, message: 'the configuration 6.18 is given twice' });
    expect(sweepConfigs([], ['ipc_maxidx=bsearch,bsearch'])).toEqual({ ok: false, message: 'the configuration 6.18 ipc_maxidx=bsearch is given twice' });
  });

  it('finds the #@measure marker line', () => {
    expect(measureLineOf('a\n  #@measure\nb')).toBe(2);
    expect(measureLineOf('a # @measure')).toBe(0);
    // line ends as the language reads them: the interpreter's line numbers count lone CRs too
    expect(measureLineOf('a\r\n\r#@measure\rb')).toBe(3);
  });
});

describe('reproduction 1 (seed 000) at reduced N', () => {
  const r = runSweep({ text: example('000-sysvipc-find-ipc.ipc'), variable: 'N', values: [1024, 2048, 4096], configs: configs(['5.13', '5.15', '6.18']) });
  const [before, maxidx, get_next] = r.series;

  it('the counting loop is quadratic, both fixes linear', () => {
    expect(before!.slopes[2]).toBeGreaterThan(1.85);
    expect(before!.slopes[2]).toBeLessThan(2.15);
    expect(before!.counterSlopes.idr_find).toBeCloseTo(2, 1);
    for (const s of [maxidx!, get_next!]) {
      expect(s.slopes[2]).toBeGreaterThan(0.9);
      expect(s.slopes[2]).toBeLessThan(1.15);
    }
  });

  it('makes N(N-1)/2 + lookups of the counting loop for N dense segments, and N for the fix', () => {
    // 1024 objects, 44 read() calls: the counting loop alone is Σ min(pos, N) over every find
    expect(before!.points[0]!.costs.idr_find).toBe(548520);
    expect(maxidx!.points[0]!.costs.idr_find).toBe(1066);
    expect(get_next!.points[0]!.costs.idr_get_next).toBe(1068);
  });

  it('prints a table and a CSV with one line per point', () => {
    expect(formatSweepTable(r)).toContain('kernel 5.13\n');
    expect(formatSweepCsv(r).trim().split('\n')).toHaveLength(1 + 9);
  });
});

describe('reproduction 2 (seed 002)', () => {
  it('the linear step-down is over 1000 times slower than the binary search with msg_next_id = 16000000', () => {
    const r = runSweep({ text: example('002-ipc-search-maxidx.ipc'), variable: 'N', values: [1, 2], configs: configs(['5.13', '5.15'], ['ipcmni_extend=on']) });
    const [linear, bsearch] = r.series;
    expect(linear!.points[0]!.costs.idr_find).toBe(16000001);
    expect(bsearch!.points[0]!.costs.ipc_search_maxidx_probes).toBe(24);
    expect(linear!.points[1]!.ns / bsearch!.points[1]!.ns).toBeGreaterThan(1000);
  });

  it('without the cache every SEM_INFO searches: more probes with ipcmni_extend and with gaps', () => {
    const run = (gaps: number, extend: string) =>
      runSweep({
        text: example('002-ipc-maxidx-no-cache.ipc'),
        variable: 'N',
        values: [100],
        constants: { GAPS: gaps },
        configs: configs(['6.18'], ['ipc_maxidx=bsearch,search', `ipcmni_extend=${extend}`]),
      });
    const slowdown = (gaps: number, extend: string) => {
      const [cached, searched] = run(gaps, extend).series;
      return searched!.points[0]!.ns / cached!.points[0]!.ns;
    };
    const a = slowdown(0, 'off');
    const b = slowdown(0, 'on');
    const c = slowdown(30, 'off');
    expect(a).toBeGreaterThan(1);
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
  });
});

describe('reproduction 3 (seed 003) at reduced N', () => {
  it('list insertion and the unnamed-name scan grow as N², the rb-tree as N log N', () => {
    const r = runSweep({ text: example('003-procfs-rbtree.ipc'), variable: 'N', values: [250, 500, 1000], configs: configs(['3.18', '3.19']) });
    const [list, rbtree] = r.series;
    expect(list!.counterSlopes.list_steps).toBeCloseTo(2, 1);
    expect(list!.counterSlopes.dev_name_sscanf).toBeCloseTo(2, 1);
    expect(rbtree!.counterSlopes.list_steps).toBeUndefined();
    // N log N has the local log-log slope 1 + 1/ln N: about 1.15 to 1.2 here
    expect(rbtree!.counterSlopes.rb_compares).toBeGreaterThan(1);
    expect(rbtree!.counterSlopes.rb_compares).toBeLessThan(1.3);
  });
});

describe('a CPU-count sweep of a multi-CPU workload', () => {
  const text = `#@default CPUS=1
cpus CPUS
warmup 50 us
duration 100 us
for i in 0..CPUS { msgget(i + 1, IPC_CREAT|0600); msgget(i + 101, IPC_CREAT|0600) }
task ping x CPUS on TASK { a = msgget(TASK + 1, 0); b = msgget(TASK + 101, 0); forever { msgsnd(a, 1, 8); msgrcv(b, 0, 8) } }
task pong x CPUS on TASK { a = msgget(TASK + 1, 0); b = msgget(TASK + 101, 0); forever { msgrcv(a, 0, 8); msgsnd(b, 1, 8) } }
`;

  it('gives each point a throughput that grows with the CPUs when pairs share nothing', () => {
    const r = runSweep({ text, variable: 'CPUS', values: [1, 2, 4], configs: configs(['2.6.27']) });
    const points = r.series[0]!.points;
    expect(points.map((p) => p.error)).toEqual([null, null, null]);
    const t = points.map((p) => p.throughput!);
    // each CPU carries one pair (both tasks on it): the machine scales with the CPUs, up to a message of phase
    // (about 3.2 us per message on icelake: the host-measured path and context switch, smp/constants.ts)
    expect(t).toEqual([310000, 630000, 1250000]);
    expect(points.map((p) => [p.smp!.cpus, p.smp!.tasks])).toEqual([
      [1, 2],
      [2, 4],
      [4, 8],
    ]);
    const table = formatSweepTable(r);
    expect(table.split('\n')[0]).toBe('measured: messages (successful msgsnd) per simulated second, multi-CPU model');
    expect(table).toContain('x first');
    expect(formatSweepCsv(r).split('\n')[0]!.endsWith(',throughput,ops_per_sec')).toBe(true);
  });
});
