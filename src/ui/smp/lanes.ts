/**
 * The rows of the multi-CPU pictures: one per CPU, or with many CPUs one
 * per socket (the CPUs of a socket added up), and where each CPU's time
 * went, per row.
 */
import type { SmpCpuState } from '../../engine/trace';
import type { SmpResult } from '../../engine/smp/types';

export type LaneMode = 'cpu' | 'socket';
export const CPU_STATES: readonly SmpCpuState[] = ['running', 'spinning', 'stalled', 'idle'];
/** Each state as the legends name it. */
export const CPU_STATE_NAMES: readonly [SmpCpuState, string][] = CPU_STATES.map((s) => [s, s === 'stalled' ? 'stalled on cache lines' : s]);

export interface Lane {
  key: string;
  label: string;
  /** the CPUs added up in this row, ascending */
  cpus: number[];
}

/** With more CPUs than this, the pictures start with one row per socket. */
export const MAX_CPU_LANES = 32;

export function defaultLaneMode(nrCpus: number, sockets: number): LaneMode {
  return nrCpus > MAX_CPU_LANES && sockets < nrCpus ? 'socket' : 'cpu';
}

/** The rows for `mode`: CPUs 0..n-1, or sockets 0..s-1 each with its CPUs (result.cpus[i].socket). */
export function lanes(result: Pick<SmpResult, 'cpus' | 'topology'>, mode: LaneMode): Lane[] {
  if (mode === 'cpu') return result.cpus.map((c) => ({ key: `cpu${c.cpu}`, label: `CPU ${c.cpu}`, cpus: [c.cpu] }));
  const out: Lane[] = [];
  for (let s = 0; s < result.topology.sockets; s++) {
    const cpus = result.cpus.filter((c) => c.socket === s).map((c) => c.cpu);
    out.push({ key: `socket${s}`, label: `socket ${s} (${cpus.length} CPUs)`, cpus });
  }
  return out;
}

export type StateTimes = Record<SmpCpuState, number>;

/** The CPU time of each state in `lane`, ns, summed over its CPUs. */
export function laneTimes(result: Pick<SmpResult, 'cpus'>, lane: Lane): StateTimes {
  const t: StateTimes = { running: 0, spinning: 0, stalled: 0, idle: 0 };
  for (const cpu of lane.cpus) {
    const c = result.cpus[cpu]!;
    for (const s of CPU_STATES) t[s] += c[s];
  }
  return t;
}

export interface BarSegment {
  state: SmpCpuState;
  /** fractions of the lane's capacity (its CPUs × the duration), x0 < x1 within [0, 1] */
  x0: number;
  x1: number;
  ns: number;
}

/** The stacked bar of `times` over `capacity` ns: running, spinning, stalled, idle, empty states left out. */
export function stackedBar(times: StateTimes, capacity: number): BarSegment[] {
  const out: BarSegment[] = [];
  let x = 0;
  for (const state of CPU_STATES) {
    const ns = times[state];
    if (!(ns > 0) || !(capacity > 0)) continue;
    const w = ns / capacity;
    out.push({ state, x0: x, x1: x + w, ns });
    x += w;
  }
  return out;
}
