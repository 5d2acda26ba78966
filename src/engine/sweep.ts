/**
 * Sweeps: run one workload for each value of a variable (`$N`) on each of
 * several kernel configurations, and report the cost counters, the modeled
 * time (cost_model.ts) and the log-log slope of every series. Pure engine
 * code (no Node APIs), so the CLI and the browser worker both use it.
 *
 * A line `#@measure` (a comment, so the workload still runs anywhere) splits
 * the workload into setup and measurement: only what runs on lines after it
 * is counted, as the published benchmarks time only the read, not the
 * creation of the N objects. Without it, everything after boot is counted.
 *
 * A multi-CPU workload (smp/) is run on the SMP model instead; its points
 * carry `throughput` (messages per simulated second) and `smp` figures.
 *
 * Slopes: between consecutive points, ln(t₂/t₁) / ln(N₂/N₁); overall, the
 * least-squares slope of ln t over ln N through all points (null when a
 * time is 0 or fewer than two points ran).
 */
import type { KernelConfig } from './config';
import { COST_NS, modeledNs } from './cost_model';
import { createKernel } from './kernel';
import { COST_NAMES, newProbe, type CostName, type Costs } from './probe';
import { resolveConfig } from './presets';
import { createKernelRun } from './run';
import { initialState } from './script/interpreter';
import { parse } from './script/parser';
import type { Program, SmpDeclarations } from './script/ast';
import { isConstantName } from './script/calls';
import { initial_vars } from './script/directives';
import type { SmpConstants } from './smp/constants';
import { isSmpProgram, runSmpProgram } from './smp/smp_run';

export interface SweepConfig {
  /** what the table calls it, e.g. `5.13` or `6.18 sysvipc_find_ipc=count` */
  label: string;
  config: KernelConfig;
}

export interface SweepSpec {
  text: string;
  /** the variable the values are bound to (without `$`) */
  variable: string;
  values: readonly number[];
  configs: readonly SweepConfig[];
  /** further variables with a fixed value in every run */
  constants?: Readonly<Record<string, number>>;
  /** step budget per point (default: unbounded) */
  maxSteps?: number;
  /** multi-CPU workloads: constants replacing the machine's (the CLI's --smp) */
  smpConstants?: Readonly<Partial<SmpConstants>>;
}

export interface SweepPoint {
  value: number;
  /** multi-CPU workloads: messages (successful msgsnd) and successful semops per simulated second */
  throughput?: number;
  /** multi-CPU workloads: the run's summary figures */
  smp?: SweepSmpFigures;
  /** the measured counters (after `#@measure`, or everything after boot) */
  costs: Costs;
  /** modeled time of the measured part, nanoseconds */
  ns: number;
  exitCode: 0 | 2 | 3;
  error: string | null;
}

/** What a sweep keeps of a multi-CPU run (smp/types.ts has the whole result). */
export interface SweepSmpFigures {
  ops_per_sec: number;
  cpus: number;
  tasks: number;
  /** shares of all CPUs' time, 0..1 */
  running: number;
  spinning: number;
  stalled: number;
  idle: number;
  /** the line the CPUs stalled on most, null when none */
  hottest_line: string | null;
  /** workloads that make semop calls: smp/types.ts's sem_locks (sem_perm.lock vs per-semaphore, the sweeps) */
  sem_locks?: { global: number; per_sem: number; sweeps: number; sweep_ns: number };
}

export interface SweepSeries {
  label: string;
  config: KernelConfig;
  points: SweepPoint[];
  /** slopes[i]: between points i-1 and i (slopes[0] is null) */
  slopes: (number | null)[];
  /** least-squares slope over all points */
  slope: number | null;
  /** least-squares slope of each counter that is non-zero at every point (how each mechanism grows) */
  counterSlopes: Partial<Record<CostName, number>>;
}

export interface SweepResult {
  variable: string;
  values: number[];
  constants: Record<string, number>;
  /** line of the `#@measure` marker (1-based), 0 when there is none */
  measureLine: number;
  series: SweepSeries[];
}

export type SweepProgress = (done: number, total: number, label: string, value: number) => void;

const MEASURE = /^[ \t]*#[ \t]*@measure\b/;

/** The 1-based line (LF, CRLF and lone CR end lines, as in the language) of the first `#@measure` marker, 0 if none. */
export function measureLineOf(text: string): number {
  const lines = text.split(/\r\n?|\n/);
  for (let i = 0; i < lines.length; i++) if (MEASURE.test(lines[i]!)) return i + 1;
  return 0;
}

function diff(a: Costs, b: Costs): Costs {
  const out = { ...a };
  for (const n of COST_NAMES) out[n] = a[n] - b[n];
  return out;
}

/** The variables a point starts with: the workload's #@default values, the constants and `variable` = `value` over them (as `ipcscope run --var` gives them). */
function pointVars(program: Program, variable: string, value: number, constants: Readonly<Record<string, number>>): Map<string, bigint> {
  const overrides = new Map<string, bigint>(Object.entries(constants).map(([k, v]) => [k, BigInt(v)]));
  overrides.set(variable, BigInt(value));
  return initial_vars(program.defaults ?? new Map(), overrides);
}

/** Runs the workload once with `variable` = `value`; never throws. */
export function runSweepPoint(
  text: string,
  config: KernelConfig,
  variable: string,
  value: number,
  maxSteps = Infinity,
  constants: Readonly<Record<string, number>> = {},
  smpConstants: Readonly<Partial<SmpConstants>> = {},
): SweepPoint {
  const parsed = parse(text);
  if (!parsed.ok) return { value, costs: newProbe().costs, ns: 0, exitCode: 2, error: parsed.error.message };
  if (isSmpProgram(parsed.program)) return runSmpSweepPoint(parsed.program, config, variable, value, maxSteps, constants, smpConstants);
  const probe = newProbe();
  const kernel = createKernel(config, probe);
  const state = initialState();
  state.vars = pointVars(parsed.program, variable, value, constants);
  const run = createKernelRun(parsed.program, kernel, { state, maxSteps });
  const marker = measureLineOf(text);
  let prev: Costs = { ...probe.costs };
  let base: Costs | null = null;
  let error: string | null = null;
  let code: 0 | 2 | 3 = 0;
  if (marker > 0) {
    for (;;) {
      const r = run.step();
      if (r.kind === 'done') break;
      if (r.kind === 'error') {
        error = r.error.message;
        code = 2;
        break;
      }
      if (r.line > marker) {
        base = prev;
        break;
      }
      prev = { ...probe.costs };
    }
  } else {
    base = prev;
  }
  if (base !== null && error === null) {
    const rest = run.runToEnd();
    if (rest.error !== null) {
      error = rest.error.message;
      code = rest.error.code === 'internal_error' ? 3 : 2;
    }
  }
  const costs = base === null ? diff(probe.costs, probe.costs) : diff(probe.costs, base);
  return { value, costs, ns: modeledNs(costs), exitCode: code, error };
}

/** A point of a multi-CPU workload: the SMP run's throughput and where the CPU time went. */
function runSmpSweepPoint(
  program: Program & { smp: SmpDeclarations },
  config: KernelConfig,
  variable: string,
  value: number,
  maxSteps: number,
  constants: Readonly<Record<string, number>>,
  smpConstants: Readonly<Partial<SmpConstants>>,
): SweepPoint {
  const vars = pointVars(program, variable, value, constants);
  const r = runSmpProgram(program, { config, vars, overrides: smpConstants, ...(Number.isFinite(maxSteps) ? { maxSteps } : {}), timelineLimit: 0 });
  if (r.result === null) return { value, costs: r.costs, ns: 0, exitCode: r.exitCode, error: r.error?.message ?? null };
  const res = r.result;
  const all = res.duration * res.cpus.length;
  const sum = (k: 'running' | 'spinning' | 'stalled' | 'idle') => res.cpus.reduce((a, c) => a + c[k], 0) / all;
  const smp: SweepSmpFigures = {
    ops_per_sec: res.ops_per_sec,
    cpus: res.cpus.length,
    tasks: res.tasks.length,
    running: sum('running'),
    spinning: sum('spinning'),
    stalled: sum('stalled'),
    idle: sum('idle'),
    hottest_line: res.lines.find((l) => l.stall_ns > 0)?.line ?? null,
    ...(res.sem_locks === undefined ? {} : { sem_locks: res.sem_locks }),
  };
  return { value, throughput: res.throughput, smp, costs: r.costs, ns: modeledNs(r.costs), exitCode: 0, error: null };
}

/** d ln t / d ln n between two points; null when a time is not positive. */
export function logLogSlope(n1: number, t1: number, n2: number, t2: number): number | null {
  if (!(t1 > 0 && t2 > 0 && n1 > 0 && n2 > 0 && n1 !== n2)) return null;
  return Math.log(t2 / t1) / Math.log(n2 / n1);
}

/** Least-squares slope of ln t over ln n; null with fewer than two usable points. */
export function fittedSlope(points: readonly { value: number; ns: number }[]): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of points) {
    if (p.ns > 0 && p.value > 0) {
      xs.push(Math.log(p.value));
      ys.push(Math.log(p.ns));
    }
  }
  if (xs.length < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}

/** One point of a sweep: the value at `index` of `spec.values` on configuration `series`. */
export interface SweepJob {
  series: number;
  index: number;
}

/** Every point of a sweep, configurations outer and values inner (the order of the table). */
export function sweepJobs(spec: Pick<SweepSpec, 'values' | 'configs'>): SweepJob[] {
  return spec.configs.flatMap((_, series) => spec.values.map((_, index) => ({ series, index })));
}

/** Runs one point of `spec`; never throws. */
export function runSweepJob(spec: SweepSpec, job: SweepJob): SweepPoint {
  return runSweepPoint(spec.text, spec.configs[job.series]!.config, spec.variable, spec.values[job.index]!, spec.maxSteps, spec.constants, spec.smpConstants);
}

/** The series of configuration `series` from its points (in value order): the slopes and counter slopes. */
export function sweepSeries(spec: SweepSpec, series: number, points: SweepPoint[]): SweepSeries {
  const { label, config } = spec.configs[series]!;
  const slopes = points.map((p, i) => (i === 0 ? null : logLogSlope(points[i - 1]!.value, points[i - 1]!.ns, p.value, p.ns)));
  const counterSlopes: Partial<Record<CostName, number>> = {};
  for (const n of COST_NAMES) {
    if (!points.every((p) => p.costs[n] > 0)) continue;
    const s = fittedSlope(points.map((p) => ({ value: p.value, ns: p.costs[n] })));
    if (s !== null) counterSlopes[n] = s;
  }
  return { label, config, points, slopes, slope: fittedSlope(points), counterSlopes };
}

/**
 * The result of a sweep from its points, `points[series][index]`, however
 * they were run (one after the other, or in parallel workers: each point is
 * a pure function of the spec and the job, so the result is the same).
 */
export function assembleSweep(spec: SweepSpec, points: readonly (readonly SweepPoint[])[]): SweepResult {
  return {
    variable: spec.variable,
    values: [...spec.values],
    constants: { ...spec.constants },
    measureLine: measureLineOf(spec.text),
    series: spec.configs.map((_, i) => sweepSeries(spec, i, [...points[i]!])),
  };
}

/** Runs every value on every configuration, one after the other (configurations outer, values inner). */
export function runSweep(spec: SweepSpec, onProgress?: SweepProgress): SweepResult {
  const jobs = sweepJobs(spec);
  const points: SweepPoint[][] = spec.configs.map(() => []);
  jobs.forEach((job, done) => {
    onProgress?.(done, jobs.length, spec.configs[job.series]!.label, spec.values[job.index]!);
    points[job.series]![job.index] = runSweepJob(spec, job);
  });
  onProgress?.(jobs.length, jobs.length, '', 0);
  return assembleSweep(spec, points);
}

/**
 * The configurations of a sweep: each kernel preset (null = the default)
 * combined with every value of every `name=a,b,c` setting (a cartesian
 * product). Return: the configurations, or the first error of resolveConfig,
 * or that a configuration is given twice (`--kernel 6.18 --kernel 6.18`).
 */
export function sweepConfigs(kernels: readonly (string | null)[], sets: readonly string[]): { ok: true; configs: SweepConfig[] } | { ok: false; message: string } {
  let combos: [string, string][][] = [[]];
  for (const set of sets) {
    const eq = set.indexOf('=');
    if (eq <= 0) return { ok: false, message: `--set needs name=value[,value...], got ${JSON.stringify(set)}` };
    const name = set.slice(0, eq);
    const values = set.slice(eq + 1).split(',');
    combos = combos.flatMap((c) => values.map((v) => [...c, [name, v] as [string, string]]));
  }
  const configs: SweepConfig[] = [];
  for (const kernel of kernels.length > 0 ? kernels : [null]) {
    for (const combo of combos) {
      const r = resolveConfig(kernel, combo);
      if (!r.ok) return r;
      const label = [kernel ?? '6.18', ...combo.map(([n, v]) => `${n}=${v}`)].join(' ');
      // two series of one name would be one line drawn twice (and one key twice in the page's lists)
      if (configs.some((c) => c.label === label)) return { ok: false, message: `the configuration ${label} is given twice` };
      configs.push({ label, config: r.config });
    }
  }
  return { ok: true, configs };
}

/**
 * The `--var NAME=V1,V2,...` options of a sweep: the one with several
 * values (or else the first) is swept, the others are constants. Values are
 * integers (a leading `-` allowed). Errors: malformed, a name given twice,
 * a name of a constant (IPC_CREAT, ...), a value listed twice, or more
 * than one list.
 */
export function parseSweepVars(specs: readonly string[]): { ok: true; variable: string; values: number[]; constants: Record<string, number> } | { ok: false; message: string } {
  const vars: { name: string; values: number[] }[] = [];
  for (const spec of specs) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+(?:,-?[0-9]+)*)$/.exec(spec);
    if (m === null) return { ok: false, message: `--var needs NAME=V1,V2,... with integers, got ${JSON.stringify(spec)}` };
    const values = m[2]!.split(',').map(Number);
    if (values.some((v) => !Number.isSafeInteger(v))) return { ok: false, message: `--var values must be integers below 2^53, got ${JSON.stringify(spec)}` };
    if (vars.some((v) => v.name === m[1])) return { ok: false, message: `--var ${m[1]} given twice` };
    if (isConstantName(m[1]!)) return { ok: false, message: `--var ${m[1]}: \`${m[1]}\` is a constant and cannot be used as a variable` };
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) return { ok: false, message: `--var ${m[1]} lists ${twice} twice` };
    vars.push({ name: m[1]!, values });
  }
  if (vars.length === 0) return { ok: false, message: 'sweep needs --var NAME=V1,V2,...' };
  const lists = vars.filter((v) => v.values.length > 1);
  if (lists.length > 1) return { ok: false, message: `only one --var may list several values (${lists.map((v) => v.name).join(', ')} do)` };
  const swept = lists[0] ?? vars[0]!;
  const constants: Record<string, number> = {};
  for (const v of vars) if (v !== swept) constants[v.name] = v.values[0]!;
  return { ok: true, variable: swept.name, values: swept.values, constants };
}

/** The counters worth a column: those carrying at least 1% of some point's modeled time, by weight. */
export function mainCounters(result: SweepResult, max = 6): CostName[] {
  const weight = new Map<CostName, number>();
  for (const s of result.series) {
    for (const p of s.points) {
      if (p.ns <= 0) continue;
      for (const n of COST_NAMES) {
        const share = (p.costs[n] * COST_NS[n]) / p.ns;
        if (share >= 0.01) weight.set(n, Math.max(weight.get(n) ?? 0, share));
      }
    }
  }
  return [...weight.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([n]) => n);
}
