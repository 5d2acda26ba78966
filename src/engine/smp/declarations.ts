/**
 * The declarations of a multi-CPU workload (WORKLOAD-LANGUAGE.md, "Extension:
 * multi-CPU workloads"): `cpus N` or `cpus S x C x T` (`machine NAME`),
 * `duration` and `warmup`, evaluated with the setup's variables and
 * checked, giving the machine and the measured window a run simulates
 * (smp_run.ts, which also checks `task`'s COUNT and CPU with intIn); the
 * playground reads them too (smp_api.ts). Models no kernel file: the CPUs
 * are numbered as topology.ts says Linux numbers them.
 *
 * Errors: every bound (1–64 sockets, 1–MAX_CPUS cores per socket, 1–8
 * threads per core, at most MAX_CPUS CPUs, a known machine, a duration
 * from 1 ns and a warm-up from 0 ns to 10 s) fails with bad_declaration at
 * the declaration's span.
 *
 * Glossary: *duration* = the measured window in simulated ns; *warm-up* =
 * the simulated time before it, whose statistics are dropped.
 */
import type { DurationDeclaration, Expression, SmpDeclarations, Span } from '../script/ast';
import type { RunContext } from '../script/context';
import { bad_declaration } from '../script/errors';
import { evaluate } from '../script/evaluate';
import { isMachineName, MACHINES, type MachineName } from './constants';
import { MAX_CPUS, nr_cpu_ids, type Topology } from './topology';

/** Simulated time when a program gives no `duration`: 1 ms. */
export const DEFAULT_DURATION_NS = 1_000_000;
const UNIT_NS = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 } as const;

function evalIn(vars: Map<string, bigint>, e: Expression): bigint {
  return evaluate({ state: { vars } } as unknown as RunContext<unknown>, e);
}

export function intIn(vars: Map<string, bigint>, e: Expression, lo: number, hi: number, what: string, at: Span): number {
  const v = evalIn(vars, e);
  if (v < BigInt(lo) || v > BigInt(hi)) bad_declaration(at, `${what} must be from ${lo} to ${hi}, got ${v}`);
  return Number(v);
}

export interface Declared {
  topology: Topology;
  machine: MachineName;
  duration: number;
  warmup: number;
}

/** The machine, the measured window and the warm-up the declarations give with `vars`; throws the declaration's error. */
export function declared(smp: SmpDeclarations, vars: Map<string, bigint>): Declared {
  const c = smp.cpus;
  let topology: Topology = { sockets: 1, cores: 1, threads: 1 };
  let machine: MachineName = 'icelake';
  if (c !== null) {
    topology = {
      sockets: intIn(vars, c.sockets, 1, 64, 'the number of sockets', c),
      cores: intIn(vars, c.cores, 1, MAX_CPUS, 'the number of cores per socket', c),
      threads: intIn(vars, c.threads, 1, 8, 'the number of threads per core', c),
    };
    if (nr_cpu_ids(topology) > MAX_CPUS) bad_declaration(c, `at most ${MAX_CPUS} CPUs, got ${nr_cpu_ids(topology)}`);
    if (c.machine !== null) {
      if (!isMachineName(c.machine)) bad_declaration(c.machineSpan!, `unknown machine ${JSON.stringify(c.machine)}; known: ${Object.keys(MACHINES).join(', ')}`);
      machine = c.machine;
    }
  }
  const time = (d: DurationDeclaration | null, dflt: number, what: string, lo: number) => {
    if (d === null) return dflt;
    const amount = evalIn(vars, d.amount);
    const ns = Number(amount) * UNIT_NS[d.unit];
    if (!(ns >= lo && ns <= 10e9)) bad_declaration(d, `the ${what} must be from ${lo} ns to 10 s, got ${amount} ${d.unit}`);
    return ns;
  };
  return { topology, machine, duration: time(smp.duration, DEFAULT_DURATION_NS, 'duration', 1), warmup: time(smp.warmup, 0, 'warm-up', 0) };
}
