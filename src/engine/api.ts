/**
 * The engine's public surface, the same for the Web Worker (workers/) and
 * the command-line tool (src/cli/). Plain data in, plain data out.
 *
 * A *machine* is one workload running on one simulated kernel: the parsed
 * program, the kernel and the resumable interpreter run. A *machine
 * checkpoint* is everything that changes while it runs, as plain data (the
 * kernel state, the interpreter state, the cost counters), so a machine
 * restored from it continues exactly as the original would have.
 */
import { plainCopier, plainCopy } from './plain_copy';
import type { KernelConfig } from './config';
import { createKernel, type Kernel, type KernelState } from './kernel';
import { COST_NAMES, newProbe, type Costs } from './probe';
import { createKernelRun } from './run';
import { initial_vars } from './script/directives';
import { initialState } from './script/interpreter';
import type { Program, Span } from './script/ast';
import { multi_cpu_not_steppable, toWorkloadError, WorkloadAbort, type WorkloadError } from './script/errors';
import type { Run, RunState } from './script/interpreter';
import { parse } from './script/parser';
import { sweepConfigs, type SweepSpec } from './sweep';
import { ENGINE_VERSION, MODELLED_KERNEL } from './version';

export type { Costs, CostName } from './probe';
export type { WorkloadError } from './script/errors';
export type { Program } from './script/ast';
export { COST_NAMES } from './probe';
export type { SweepResult, SweepSeries, SweepPoint, SweepSpec, SweepJob } from './sweep';
export { configForChoice, resolveChoice, type KernelChoice, type ResolvedChoice } from './kernel_choice';

export interface EngineInfo {
  version: string;
  kernel: string;
}

export function engineInfo(): EngineInfo {
  return { version: ENGINE_VERSION, kernel: MODELLED_KERNEL };
}

/** The first parse error of a workload (1-based line and column), or null when it parses. Never throws. */
export function checkWorkload(text: string): WorkloadError | null {
  const parsed = parse(text);
  return parsed.ok ? null : parsed.error;
}

export interface Machine {
  readonly program: Program;
  readonly config: Partial<KernelConfig>;
  kernel: Kernel;
  run: Run;
}

export interface MachineCheckpoint {
  kernel: KernelState;
  nextFd: number;
  run: RunState;
  costs: Costs;
}

/**
 * Parses `text` and boots a fresh kernel for it, with the variables of its
 * `#@default` lines (script/directives.ts) set, `vars` over them.
 * Return: the machine, or the parse error (or malformed directive).
 */
export function bootMachine(text: string, config: Partial<KernelConfig> = {}, vars?: ReadonlyMap<string, bigint>): { ok: true; machine: Machine } | { ok: false; error: WorkloadError } {
  const parsed = parse(text);
  if (!parsed.ok) return parsed;
  const smp = parsed.program.smp;
  if (smp !== undefined) {
    const first = [smp.cpus, smp.duration, smp.warmup, ...smp.tasks].filter((d) => d !== null).sort((a, b) => a.start - b.start)[0]!;
    return { ok: false, error: multiCpuError(text, first) };
  }
  const kernel = createKernel(config, newProbe());
  const state = initialState();
  state.vars = initial_vars(parsed.program.defaults ?? new Map(), vars);
  const run = createKernelRun(parsed.program, kernel, { state });
  return { ok: true, machine: { program: parsed.program, config, kernel, run } };
}

/** The error bootMachine gives for a multi-CPU workload, at its first declaration. */
function multiCpuError(text: string, at: Span): WorkloadError {
  try {
    return multi_cpu_not_steppable(at);
  } catch (e) {
    if (e instanceof WorkloadAbort) return toWorkloadError(text, e);
    throw e;
  }
}

/** A deep copy of everything in `m` that changes while it runs. */
export function checkpointMachine(m: Machine): MachineCheckpoint {
  return {
    kernel: plainCopy(m.kernel.state),
    nextFd: m.kernel.nextFd,
    run: plainCopy(m.run.state),
    costs: { ...m.kernel.probe.costs },
  };
}

/**
 * A copy of `cp` that restoreMachine may take over (`owned`), so that
 * restoring it later copies nothing, made a slice at a time: `step(budget)`
 * copies about `budget` more fields, true once `result` is complete.
 */
export function checkpointCopier(cp: MachineCheckpoint): { step(budget: number): boolean; readonly result: MachineCheckpoint } {
  const kernel = plainCopier(cp.kernel);
  const run = plainCopier(cp.run);
  const result: MachineCheckpoint = { kernel: kernel.result, nextFd: cp.nextFd, run: run.result, costs: { ...cp.costs } };
  return { result, step: (budget) => kernel.step(budget) && run.step(budget) };
}

/**
 * A new machine for `program` in the state of `cp`, which is copied so it
 * can be restored again — unless `owned`: then the machine takes `cp`'s
 * state over (a checkpointCopier's result made for this).
 */
export function restoreMachine(program: Program, config: Partial<KernelConfig>, cp: MachineCheckpoint, owned = false): Machine {
  const probe = newProbe();
  const kernel = createKernel(config, probe);
  // booting counts costs of its own; the checkpoint's counters replace them
  for (const name of COST_NAMES) probe.costs[name] = cp.costs[name];
  kernel.state = owned ? cp.kernel : plainCopy(cp.kernel);
  kernel.nextFd = cp.nextFd;
  const run = createKernelRun(program, kernel, { state: owned ? cp.run : plainCopy(cp.run) });
  return { program, config, kernel, run };
}

/** A sweep as the charts page states it, the CLI's options as data (sweep.ts builds the configurations). */
export interface SweepRequest {
  text: string;
  variable: string;
  values: readonly number[];
  constants?: Readonly<Record<string, number>>;
  /** presets (--kernel); empty: the default */
  kernels: readonly string[];
  /** `name=v1,v2` settings applied to each preset (--set) */
  sets: readonly string[];
  maxSteps?: number;
}

/** The sweep `req` asks for, or the message of a preset or setting that does not resolve. */
export function sweepSpecOf(req: SweepRequest): { ok: true; spec: SweepSpec } | { ok: false; message: string } {
  const configs = sweepConfigs(req.kernels, req.sets);
  if (!configs.ok) return configs;
  const spec: SweepSpec = { text: req.text, variable: req.variable, values: req.values, configs: configs.configs };
  if (req.constants !== undefined) spec.constants = req.constants;
  if (req.maxSteps !== undefined) spec.maxSteps = req.maxSteps;
  return { ok: true, spec };
}
