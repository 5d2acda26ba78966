/**
 * Running a workload end to end: parse it, boot a fresh simulated kernel
 * (fresh IPC and network namespaces, as kernel_replay.py's `unshare -i -n`
 * gives), execute it, and return the contract output with the exit status
 * the reference would give (0 ran to the end, 2 parse or run-time error,
 * 3 internal failure). A program with multi-CPU declarations runs on the
 * SMP model (smp/smp_run.ts): the setup's lines, then its summary.
 */
import type { KernelConfig } from './config';
import { createKernel, type Kernel } from './kernel';
import { newProbe, type Costs, type Probe } from './probe';
import type { Program } from './script/ast';
import { errorExitCode, makeError, type WorkloadError } from './script/errors';
import { initial_vars } from './script/directives';
import { createRun, initialState, type Run, type RunOptions } from './script/interpreter';
import { KERNEL_SYSCALLS } from './script/kernel_syscalls';
import { parse } from './script/parser';
import type { SmpConstants } from './smp/constants';
import type { LockConfig } from './smp/lock_config';
import { formatSmpSummary } from './smp/smp_format';
import { isSmpProgram, runSmpProgram } from './smp/smp_run';
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

/** Parses and runs `text` on a fresh kernel. Never throws. */
export function runWorkload(text: string, opts: RunWorkloadOptions = {}): RunResult {
  const probe = opts.probe ?? newProbe();
  const parsed = parse(text);
  if (!parsed.ok) return { output: '', exitCode: 2, error: parsed.error, costs: probe.costs, steps: 0 };
  let kernel: Kernel;
  try {
    kernel = createKernel(opts.config, probe);
  } catch (e) {
    const message = `internal error: cannot boot the kernel: ${e instanceof Error ? e.message : String(e)}`;
    const error = makeError(text, 'internal_error', message, { start: 0, end: 0 });
    return { output: '', exitCode: 3, error, costs: probe.costs, steps: 0 };
  }
  const options: Partial<RunOptions<Kernel>> = opts.maxSteps === undefined ? {} : { maxSteps: opts.maxSteps };
  const defaults = parsed.program.defaults ?? new Map<string, bigint>();
  if (isSmpProgram(parsed.program)) {
    const r = runSmpProgram(parsed.program, {
      ...(opts.config === undefined ? {} : { config: opts.config }),
      vars: initial_vars(defaults, opts.vars),
      ...(opts.smpConstants === undefined ? {} : { overrides: opts.smpConstants }),
      ...(opts.smpLocks === undefined ? {} : { locks: opts.smpLocks }),
      ...(opts.maxSteps === undefined ? {} : { maxSteps: opts.maxSteps }),
      ...(probe.trace === null ? {} : { trace: probe.trace }),
    });
    const output = r.result === null ? r.output : r.output + formatSmpSummary(r.result);
    return { output, exitCode: r.exitCode, error: r.error, costs: r.costs, steps: 0, ...(r.result === null ? {} : { smp: r.result }) };
  }
  if (opts.vars !== undefined || defaults.size > 0) {
    options.state = initialState();
    options.state.vars = initial_vars(defaults, opts.vars);
  }
  const run = createKernelRun(parsed.program, kernel, options);
  const { output, error } = run.runToEnd();
  return { output, exitCode: error === null ? 0 : errorExitCode(error), error, costs: probe.costs, steps: run.state.steps };
}

/**
 * A resumable run of `program` on the simulated `kernel` (the interpreter's
 * createRun with the real system calls and the kernel's tracer as defaults).
 */
export function createKernelRun(program: Program, kernel: Kernel, options: Partial<RunOptions<Kernel>> = {}): Run {
  return createRun(program, kernel, { syscalls: KERNEL_SYSCALLS, trace: kernel.probe.trace, ...options });
}
