// The multi-CPU model's speed: how many simulated events (smp_run.ts's
// event loop: one micro-op of one task each) it executes per wall second,
// on the two seed workloads that use it, and the whole seed 001 sweep of
// docs/REPRODUCTIONS.md §4 through the built CLI (start-up, parallel points
// and all) as a user runs it.
//
// In-process runs go through runSmpProgram directly (parse excluded), with
// one unmeasured warm-up run for the JIT; the figure is the median.
//
//   npx tsx scripts/bench/smp.ts [--runs N]   prints the rows without the rest of the bench
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from '../../src/engine/presets';
import { initial_vars, parse_defaults } from '../../src/engine/script/directives';
import { parse } from '../../src/engine/script/parser';
import { isSmpProgram, runSmpProgram } from '../../src/engine/smp/smp_run';
import { readExample } from './engine';
import type { Row } from './report';

/** Budget of the seed 001 sweep (issue 14: ≤ 5 s on a 2-core machine, goal 2 s). */
export const SWEEP_BUDGET_S = 5;

export const SMP_RATE_WORKLOADS = [
  { file: 'public/examples/001-msg-percpu-counters.ipc', kernel: '6.1', vars: { PAIRS: 40n } },
  { file: 'public/examples/001-msg-percpu-counters.ipc', kernel: '6.0', vars: { PAIRS: 80n } },
  { file: 'public/examples/004-rcu-idr.ipc', kernel: '2.6.25', vars: { CPUS: 8n } },
] as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** One in-process run: wall ms and the simulated events it executed. Throws if the workload fails. */
export function smpRun(file: string, kernel: string, vars: Readonly<Record<string, bigint>>): { ms: number; cpuMs: number; events: number } {
  const text = readExample(file);
  const parsed = parse(text);
  const defaults = parse_defaults(text);
  if (!parsed.ok || !isSmpProgram(parsed.program)) throw new Error(`${file} is not a multi-CPU workload`);
  const config = resolveConfig(kernel, []);
  if (!config.ok) throw new Error(config.message);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = runSmpProgram(parsed.program, { config: config.config, vars: initial_vars(defaults.ok ? defaults.defaults : new Map(), new Map(Object.entries(vars))), timelineLimit: 0 });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (r.result === null) throw new Error(`${file} failed on the SMP model: ${r.error?.message ?? ''}`);
  return { ms, cpuMs: (c.user + c.system) / 1000, events: r.result.events };
}

export function smpRows(opts: { runs: number; log: (s: string) => void }): Row[] {
  const rows: Row[] = [];
  for (const w of SMP_RATE_WORKLOADS) {
    const what = `${w.file.split('/').pop()} --kernel ${w.kernel} ${Object.entries(w.vars)
      .map(([k, v]) => `--var ${k}=${v}`)
      .join(' ')}`;
    opts.log(`SMP event rate: ${what}`);
    const rates: number[] = [];
    let events = 0;
    let ms: number[] = [];
    for (let r = -1; r < opts.runs; r++) {
      const x = smpRun(w.file, w.kernel, w.vars);
      if (r < 0) continue;
      events = x.events;
      ms.push(x.ms);
      rates.push(x.events / (x.ms / 1000));
    }
    ms = ms.sort((a, b) => a - b);
    rows.push({
      measurement: `SMP model event rate: ${what}`,
      value: median(rates) / 1e6,
      unit: 'M events/s',
      budget: '',
      status: 'n/a',
      notes: `${events.toLocaleString('en')} events, median ${median(ms).toFixed(0)} ms of ${opts.runs} runs in process`,
    });
  }
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const args = ['bin/ipcscope.mjs', 'sweep', 'public/examples/001-msg-percpu-counters.ipc', '--var', 'PAIRS=10,20,40,80', '--kernel', '6.0', '--kernel', '6.1'];
  opts.log(`seed 001 sweep: node ${args.join(' ')}`);
  const secs: number[] = [];
  for (let r = 0; r < Math.min(opts.runs, 3); r++) {
    const t0 = performance.now();
    const p = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    if (p.status !== 0) throw new Error(`the seed 001 sweep failed (exit ${p.status}): ${p.stderr.slice(-500)}`);
    secs.push((performance.now() - t0) / 1000);
  }
  const s = median(secs);
  rows.push({
    measurement: 'seed 001 sweep, whole CLI process (8 points)',
    value: s,
    unit: 's',
    budget: `≤ ${SWEEP_BUDGET_S} s`,
    status: s <= SWEEP_BUDGET_S ? 'pass' : 'fail',
    notes: `median of ${secs.length}: ${secs.map((x) => x.toFixed(1)).join(', ')} s; ipcscope sweep … --var PAIRS=10,20,40,80 --kernel 6.0 --kernel 6.1`,
  });
  return rows;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 3;
  const onlyRate = process.argv.includes('--rate-only');
  const log = (s: string) => console.error(`[bench] ${s}`);
  if (onlyRate) {
    for (const w of SMP_RATE_WORKLOADS) {
      const xs = Array.from({ length: runs + 1 }, () => smpRun(w.file, w.kernel, w.vars)).slice(1);
      console.log(
        `${w.file.split('/').pop()} ${w.kernel} ${JSON.stringify(Object.fromEntries(Object.entries(w.vars).map(([k, v]) => [k, Number(v)])))}: ${xs[0]!.events} events, ms ${xs.map((x) => x.ms.toFixed(0)).join(' ')}, median ${(median(xs.map((x) => x.events / x.ms)) / 1000).toFixed(2)} M events/s`,
      );
    }
  } else {
    const { textTable } = await import('./report');
    console.log(textTable(smpRows({ runs, log })));
  }
}
