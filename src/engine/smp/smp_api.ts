/**
 * The playground's multi-CPU run (the worker's `runSmp`): a multi-CPU
 * workload runs to its end at once (its tasks run concurrently in
 * simulated time, so there is no single sequence of steps to walk), and
 * the page receives plain data to draw: the SmpResult, the CPU states
 * binned over the whole measured window, and the first cache-line moves
 * and lock events of the measured window, capped.
 *
 * Simplified: the bins split each smp_cpu interval evenly over the bins it
 * overlaps (exact totals, time resolution of one bin); the capped events
 * are complete up to `detail_end` and absent after it.
 *
 * Glossary: *window* is the measured time [warmup, warmup + duration) in
 * simulated ns; *bin* one of `count` equal slices of it.
 */
import type { KernelConfig } from '../config';
import { configForChoice, type KernelChoice } from '../kernel_choice';
import type { Tracer } from '../probe';
import type { Program } from '../script/ast';
import { initial_vars, parse_defaults } from '../script/directives';
import { makeError, type WorkloadError } from '../script/errors';
import { parse } from '../script/parser';
import type { SmpCpuState, SmpEvent } from '../trace';
import { parseSmpOverrides } from './constants';
import { declared, DEFAULT_DURATION_NS, type Declared } from './declarations';
import { isSmpProgram, runSmpProgram } from './smp_run';
import { nr_cpu_ids } from './topology';
import { formatSmpSummary } from './smp_format';
import type { SmpResult } from './types';

export type SmpLineMove = Extract<SmpEvent, { kind: 'smp_line' }>;
export type SmpLockEvent = Extract<SmpEvent, { kind: 'smp_lock' }>;
export type BusyState = Exclude<SmpCpuState, 'idle'>;
export const BUSY_STATES: readonly BusyState[] = ['running', 'spinning', 'stalled'];

/** CPU time per state, per CPU and bin (index cpu * count + bin), in ns; idle is the rest of each bin. */
export interface SmpBins {
  t0: number;
  /** ns per bin */
  width: number;
  count: number;
  cpus: number;
  running: number[];
  spinning: number[];
  stalled: number[];
}

export interface SmpRunRequestOptions {
  /** smp_line and smp_lock events kept, each (default 20000) */
  eventLimit?: number;
  /** upper bound on cpus × bins (default 120000); bins are at most 2000 */
  binBudget?: number;
  /** variables over the workload's `#@default` lines */
  vars?: Readonly<Record<string, string>>;
  /** overrides of the machine's constants, `NAME=VALUE` each (the CLI's `--smp`) */
  constants?: readonly string[];
}

export interface SmpRunData {
  result: SmpResult;
  /** what the setup printed (contract lines) */
  output: string;
  /** formatSmpSummary of the result */
  summary: string;
  bins: SmpBins;
  lineMoves: SmpLineMove[];
  lockEvents: SmpLockEvent[];
  /** the capped events are complete for t < detail_end (the window's end when nothing was dropped) */
  detail_end: number;
  config: KernelConfig;
}

export type SmpRunReply = { ok: true; data: SmpRunData } | { ok: false; error: WorkloadError; output: string };

/** Called with the simulated time reached and the end of the run (ns). */
export type SmpProgress = (t: number, end: number) => void;

/** CPU intervals between two progress reports at most. */
const PROGRESS_EVENTS = 20000;
function binCount(cpus: number, budget: number): number {
  return Math.max(1, Math.min(2000, Math.floor(budget / Math.max(1, cpus))));
}

/** Adds [a, b) of `state` on `cpu` to the bins, split over the bins it overlaps. */
export function bin_add(bins: SmpBins, cpu: number, state: BusyState, a: number, b: number): void {
  const arr = bins[state];
  const lo = Math.max(a, bins.t0);
  const hi = Math.min(b, bins.t0 + bins.width * bins.count);
  if (!(hi > lo) || cpu < 0 || cpu >= bins.cpus) return;
  let i = Math.min(bins.count - 1, Math.floor((lo - bins.t0) / bins.width));
  for (let t = lo; t < hi && i < bins.count; i++) {
    const edge = i === bins.count - 1 ? hi : Math.min(hi, bins.t0 + (i + 1) * bins.width);
    if (edge > t) arr[cpu * bins.count + i]! += edge - t;
    t = Math.max(t, edge);
  }
}

export function emptyBins(t0: number, span: number, cpus: number, count: number): SmpBins {
  const n = cpus * count;
  return { t0, width: span / count, count, cpus, running: new Array<number>(n).fill(0), spinning: new Array<number>(n).fill(0), stalled: new Array<number>(n).fill(0) };
}

/**
 * Runs the multi-CPU workload `text` on the kernel `choice` (as
 * runWorkload does with configForChoice's config), with `opts.constants`
 * over the machine's constants, collecting what the timeline view draws.
 * Never throws.
 * Return: the data, or the parse, declaration or run-time error with what
 * the setup printed before it; a one-CPU workload is an error
 * (`not_multi_cpu`), and so is a bad constant override (`bad_declaration`,
 * at no place in the workload).
 */
export function runSmpWorkload(text: string, choice: KernelChoice, opts: SmpRunRequestOptions = {}, onProgress?: SmpProgress): SmpRunReply {
  const parsed = parse(text);
  if (!parsed.ok) return { ok: false, error: parsed.error, output: '' };
  const defaults = parse_defaults(text);
  if (!defaults.ok) return { ok: false, error: defaults.error, output: '' };
  const program: Program = parsed.program;
  if (!isSmpProgram(program)) {
    const error = makeError(text, 'internal_error', 'not a multi-CPU workload (no cpus, duration, warmup or task declaration)', { start: 0, end: 0 });
    return { ok: false, error, output: '' };
  }
  const overrides = parseSmpOverrides(opts.constants ?? [], { all: 'Machine constants: each', one: 'Machine constants: ' });
  if (!overrides.ok) return { ok: false, error: makeError(text, 'bad_declaration', overrides.message, { start: 0, end: 0 }), output: '' };
  const given = new Map<string, bigint>();
  for (const [k, v] of Object.entries(opts.vars ?? {})) if (/^-?[0-9]+$/.test(v)) given.set(k, BigInt(v));
  const vars = initial_vars(defaults.defaults, given);
  // read ahead as the run will read them; a declaration error is the run's to report
  let decl: Declared | null = null;
  try {
    decl = declared(program.smp, vars);
  } catch {
    decl = null;
  }
  const warmup = decl?.warmup ?? 0;
  const duration = decl?.duration ?? DEFAULT_DURATION_NS;
  const end = warmup + duration;
  const limit = opts.eventLimit ?? 20000;
  const budget = opts.binBudget ?? 120000;
  const nrGuess = decl === null ? 1 : nr_cpu_ids(decl.topology);
  const bins = emptyBins(warmup, duration, nrGuess, binCount(nrGuess, budget));
  const lineMoves: SmpLineMove[] = [];
  const lockEvents: SmpLockEvent[] = [];
  let droppedFrom = Infinity;
  let reached = 0;
  let reported = 0;
  let sinceReport = 0;
  const trace: Tracer = (ev) => {
    if (ev.kind === 'smp_cpu') {
      if (ev.state !== 'idle') bin_add(bins, ev.cpu, ev.state, ev.t0, ev.t1);
      if (ev.t0 > reached) reached = ev.t0;
      // every 1% of the run, or every PROGRESS_EVENTS intervals on a big machine that crawls through it
      if (onProgress !== undefined && (reached - reported >= end / 100 || ++sinceReport >= PROGRESS_EVENTS)) {
        reported = reached;
        sinceReport = 0;
        onProgress(reached, end);
      }
    } else if (ev.kind === 'smp_line' || ev.kind === 'smp_lock') {
      if (ev.t < warmup) return;
      const list: SmpEvent[] = ev.kind === 'smp_line' ? lineMoves : lockEvents;
      if (list.length < limit) list.push(ev);
      else droppedFrom = Math.min(droppedFrom, ev.t);
    }
  };
  const config = configForChoice(choice);
  const r = runSmpProgram(program, { config, vars, trace, timelineLimit: 5000, overrides: overrides.overrides });
  if (r.result === null) {
    return { ok: false, error: r.error ?? makeError(text, 'internal_error', 'internal error: no result', { start: 0, end: 0 }), output: r.output };
  }
  const result = r.result;
  const sameWindow = bins.cpus === result.cpus.length && bins.t0 === result.warmup && bins.width * bins.count === result.duration;
  return {
    ok: true,
    data: {
      result,
      output: r.output,
      summary: formatSmpSummary(result),
      bins: sameWindow ? bins : rebinned(result, budget),
      lineMoves: lineMoves.filter((e) => e.t >= result.warmup),
      lockEvents: lockEvents.filter((e) => e.t >= result.warmup),
      detail_end: Math.min(droppedFrom, result.warmup + result.duration),
      config,
    },
  };
}

/** Bins from the result's own (bounded) timeline, for when the declaration could not be read ahead. */
function rebinned(result: SmpResult, budget: number): SmpBins {
  const nr = result.cpus.length;
  const bins = emptyBins(result.warmup, result.duration, nr, binCount(nr, budget));
  for (const iv of result.timeline) if (iv.state !== 'idle') bin_add(bins, iv.cpu, iv.state, iv.t0, iv.t1);
  return bins;
}
