/**
 * Running a plain workload, one process on one CPU, streamed: what
 * run.ts's streamWorkload does for every workload that has no multi-CPU
 * declarations and no second process, and what booting a run takes (a fresh
 * kernel, the step budget, the #@default and --var variables). It imports
 * nothing of the multi-CPU model (smp/), so that the command line, which
 * streams almost every workload it runs, loads that model only for the
 * workloads that need it (run.ts has it).
 */
import type { KernelConfig } from './config';
import { createKernel, type Kernel } from './kernel';
import { newProbe, type Costs, type Probe } from './probe';
import type { Program, Statement } from './script/ast';
import { errorExitCode, makeError, type WorkloadError } from './script/errors';
import { initial_vars, parse_defaults } from './script/directives';
import { continuedState, createRun, initialState, type Run, type RunOptions } from './script/interpreter';
import { newOutput } from './script/output';
import { KERNEL_SYSCALLS } from './script/kernel_syscalls';
import { check, programReader } from './script/parser';
import type { SmpConstants } from './smp/constants';
import type { LockConfig } from './smp/lock_config';
import type { SmpResult } from './smp/types';

export interface RunWorkloadOptions {
  config?: Partial<KernelConfig>;
  /** receives the costs (and the trace, when it has a tracer); a fresh one by default */
  probe?: Probe;
  /** step budget: operations plus loop iterations (default 10,000,000) */
  maxSteps?: number;
  /** variables defined before the first statement (the CLI's --var), over the workload's `#@default` lines */
  vars?: ReadonlyMap<string, bigint>;
  /** multi-CPU programs: constants replacing the machine's (smp/constants.ts) */
  smpConstants?: Partial<SmpConstants>;
  /** multi-CPU programs: spinlock / rwsem implementations replacing the config's (smp/lock_config.ts) */
  smpLocks?: Partial<LockConfig>;
}

export interface RunResult {
  /** everything printed, exactly as the contract prints it (also what ran before an error) */
  output: string;
  exitCode: 0 | 2 | 3;
  error: WorkloadError | null;
  costs: Costs;
  /** steps used: operations plus loop iterations */
  steps: number;
  /** multi-CPU programs: the run's results (the summary is also appended to `output`) */
  smp?: SmpResult;
}

/**
 * How many top-level statements a streamed run reads and runs as one part:
 * each part is one interpreter run and one flush of its output, so a part
 * of a few hundred lines keeps both costs small per line while the trees
 * held stay few (a repeated text's tree is shared).
 */
export const STREAM_PART = 512;

/**
 * run.ts's streamWorkload for a plain workload: the text is checked first,
 * so a parse error anywhere still prints nothing; then its top-level
 * statements are read and run STREAM_PART at a time on one kernel and one
 * interpreter state (a statement repeating an earlier one's text reuses its
 * tree), the output going to `write` as it is made.
 * Return: runWorkload's result with `output` '', or null, having run
 * nothing, for a text that must run whole: a multi-CPU or multi-process
 * workload (whose processes live across all its statements), or any with a
 * probe that has a tracer (whose events carry lines). Never throws; a
 * `write` that throws ends the run with an internal error.
 */
export function streamPlainWorkload(text: string, write: (chunk: Uint8Array) => void, opts: RunWorkloadOptions = {}): RunResult | null {
  const parts = streamPlainParts(text, write, opts);
  for (;;) {
    const r = parts.next();
    if (r.done === true) return r.value;
  }
}

/**
 * streamPlainWorkload one part at a time: the generator yields after each
 * part's output went to `write`, so that a caller can let its writes drain
 * (the command line waits for a full pipe) before the next; its return
 * value is streamPlainWorkload's. Run it to the end, or not at all.
 */
export function* streamPlainParts(text: string, write: (chunk: Uint8Array) => void, opts: RunWorkloadOptions = {}): Generator<void, RunResult | null, void> {
  const probe = opts.probe ?? newProbe();
  const checked = check(text);
  if (!checked.ok) return { output: '', exitCode: 2, error: checked.error, costs: probe.costs, steps: 0 };
  if (checked.multiCpu || checked.multiProcess || probe.trace !== null) return null;
  const booted = boot(text, opts, probe);
  if ('exitCode' in booted) return booted;
  const state = booted.options.state ?? initialState();
  // a top-level operation whose text came before is not parsed again; its
  // tree is the earlier one's, so an error in it is moved to where it is
  const reader = programReader(text, { texts: new Map(), nested: false });
  const starts: number[] = [];
  // one output buffer for all the parts' runs
  const output = newOutput();
  let error: WorkloadError | null = null;
  for (;;) {
    const body: Statement[] = [];
    starts.length = 0;
    for (let st = reader.next(); st !== null; st = reader.next()) {
      starts.push(reader.start);
      if (body.push(st) === STREAM_PART) break;
    }
    if (body.length === 0) break;
    const part: Program = { type: 'Program', source: text, body, start: 0, end: text.length };
    const run = createKernelRun(part, booted.kernel, { ...booted.options, state: continuedState(state), output });
    error = run.runToEnd(write).error;
    if (error !== null) {
      // a top-level statement's error leaves the run in block 0, just past it
      const k = state.frames.length === 1 ? state.frames[0]!.next - 1 : -1;
      const moved = k >= 0 ? starts[k]! - body[k]!.start : 0;
      if (moved !== 0) error = makeError(text, error.code, error.message, { start: error.start + moved, end: error.end + moved });
      break;
    }
    yield;
  }
  return { output: '', exitCode: error === null ? 0 : errorExitCode(error), error, costs: probe.costs, steps: state.steps };
}

/** A fresh kernel and the interpreter options for `text` (step budget, #@default and --var variables), or the error result. */
export function boot(text: string, opts: RunWorkloadOptions, probe: Probe): RunResult | { kernel: Kernel; options: Partial<RunOptions<Kernel>>; vars: Map<string, bigint> } {
  let kernel: Kernel;
  try {
    kernel = createKernel(opts.config, probe);
  } catch (e) {
    const message = `internal error: cannot boot the kernel: ${e instanceof Error ? e.message : String(e)}`;
    const error = makeError(text, 'internal_error', message, { start: 0, end: 0 });
    return { output: '', exitCode: 3, error, costs: probe.costs, steps: 0 };
  }
  const options: Partial<RunOptions<Kernel>> = opts.maxSteps === undefined ? {} : { maxSteps: opts.maxSteps };
  const defaults = parse_defaults(text);
  if (!defaults.ok) return { output: '', exitCode: 2, error: defaults.error, costs: probe.costs, steps: 0 };
  const vars = initial_vars(defaults.defaults, opts.vars);
  if (opts.vars !== undefined || defaults.defaults.size > 0) {
    options.state = initialState();
    options.state.vars = vars;
  }
  return { kernel, options, vars };
}

/**
 * A resumable run of `program` on the simulated `kernel` (the interpreter's
 * createRun with the real system calls and the kernel's tracer as defaults).
 */
export function createKernelRun(program: Program, kernel: Kernel, options: Partial<RunOptions<Kernel>> = {}): Run {
  return createRun(program, kernel, { syscalls: KERNEL_SYSCALLS, trace: kernel.probe.trace, ...options });
}
