/**
 * Test support for the view extractors: a workload run operation by
 * operation with a tracer, giving for each operation the kernel before it
 * (a copy), the kernel after it and its trace events, the same three things
 * the worker hands an extractor.
 */
import { bootMachine } from '../api';
import type { KernelConfig } from '../config';
import type { Kernel } from '../kernel';
import { COST_NAMES, type Costs } from '../probe';
import type { TraceEvent } from '../trace';

export interface TracedOp {
  /** the operation's output line(s) */
  output: string;
  before: Kernel;
  after: Kernel;
  events: TraceEvent[];
  /** what the operation cost */
  costs: Costs;
}

function frozen(k: Kernel): Kernel {
  return { ...k, state: structuredClone(k.state) };
}

function countOps(text: string, config: Partial<KernelConfig>): number {
  const booted = bootMachine(text, config);
  if (!booted.ok) return 0;
  let n = 0;
  while (booted.machine.run.step().kind === 'op') n++;
  return n;
}

/** Every operation of `text`, in order; only the last `keepLast` when given (copies of a large kernel add up). */
export function tracedOps(text: string, config: Partial<KernelConfig> = {}, keepLast = Infinity): TracedOp[] {
  const booted = bootMachine(text, config);
  if (!booted.ok) throw new Error(booted.error.message);
  const m = booted.machine;
  let events: TraceEvent[] = [];
  m.kernel.probe.trace = (e) => events.push(e);
  const ops: TracedOp[] = [];
  const total = keepLast === Infinity ? 0 : countOps(text, config);
  for (let i = 0; ; i++) {
    const keep = i >= total - keepLast;
    const before = keep ? frozen(m.kernel) : m.kernel;
    const c0 = { ...m.kernel.probe.costs };
    events = [];
    const r = m.run.step();
    if (r.kind !== 'op') {
      if (r.kind === 'error') throw new Error(r.error.message);
      return ops;
    }
    const costs = { ...c0 };
    for (const n of COST_NAMES) costs[n] = m.kernel.probe.costs[n] - c0[n];
    if (keep) ops.push({ output: r.output, before, after: frozen(m.kernel), events, costs });
  }
}
