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
import { DEFAULT_CONFIG, type KernelConfig } from './config';
import { createKernel, type Kernel, type KernelState } from './kernel';
import { COST_NAMES, newProbe, type Costs } from './probe';
import { createKernelRun } from './run';
import type { Program } from './script/ast';
import type { WorkloadError } from './script/errors';
import type { Run, RunState } from './script/interpreter';
import { parse } from './script/parser';
import { ENGINE_VERSION, MODELLED_KERNEL } from './version';

export type { Costs, CostName } from './probe';
export type { WorkloadError } from './script/errors';
export type { Program } from './script/ast';
export { COST_NAMES } from './probe';

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

/**
 * The kernel a playground link asks for. `switches` name boolean fields of
 * KernelConfig (e.g. `ipcmni_extend`); presets arrive with the
 * kernel-history work and are carried through unchanged until then.
 */
export interface KernelChoice {
  preset?: string;
  switches?: Record<string, boolean>;
}

/** The configuration for a choice: known boolean switches applied, anything else ignored. */
export function configForChoice(choice: KernelChoice): Partial<KernelConfig> {
  const config: Partial<KernelConfig> = {};
  const defaults = DEFAULT_CONFIG as unknown as Record<string, unknown>;
  for (const [name, on] of Object.entries(choice.switches ?? {})) {
    if (typeof defaults[name] === 'boolean' && typeof on === 'boolean') {
      (config as Record<string, unknown>)[name] = on;
    }
  }
  return config;
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

/** Parses `text` and boots a fresh kernel for it; the parse error when it does not parse. */
export function bootMachine(
  text: string,
  config: Partial<KernelConfig> = {},
): { ok: true; machine: Machine } | { ok: false; error: WorkloadError } {
  const parsed = parse(text);
  if (!parsed.ok) return parsed;
  const kernel = createKernel(config, newProbe());
  return { ok: true, machine: { program: parsed.program, config, kernel, run: createKernelRun(parsed.program, kernel) } };
}

/** A deep copy of everything in `m` that changes while it runs. */
export function checkpointMachine(m: Machine): MachineCheckpoint {
  return {
    kernel: structuredClone(m.kernel.state),
    nextFd: m.kernel.nextFd,
    run: structuredClone(m.run.state),
    costs: { ...m.kernel.probe.costs },
  };
}

/** A new machine for `program` in the state of `cp` (which is copied, so it can be restored again). */
export function restoreMachine(program: Program, config: Partial<KernelConfig>, cp: MachineCheckpoint): Machine {
  const probe = newProbe();
  const kernel = createKernel(config, probe);
  // booting counts costs of its own; the checkpoint's counters replace them
  for (const name of COST_NAMES) probe.costs[name] = cp.costs[name];
  kernel.state = structuredClone(cp.kernel);
  kernel.nextFd = cp.nextFd;
  const run = createKernelRun(program, kernel, { state: structuredClone(cp.run) });
  return { program, config, kernel, run };
}
