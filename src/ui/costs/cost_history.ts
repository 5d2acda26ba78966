/**
 * The history of the cost counters over a run, for the sparklines of the
 * costs panel: a bounded sample of (step, counters) taken while the session
 * explores the run (in the worker), every `stride` steps, the stride
 * doubling (and every other sample dropped) whenever more than `max` are
 * kept; the run's last step is always added at the end. So a run of any
 * length gives at most max + 1 points, evenly spaced, exact at those steps.
 */
import { COST_NAMES, type CostName, type Costs } from '../../engine/probe';

export interface CostHistoryLog {
  max: number;
  stride: number;
  steps: number[];
  /** the counters at each kept step, COST_NAMES order */
  values: number[][];
  /** the last step explored and its counters (added to the series when not a multiple of the stride) */
  last: { step: number; values: number[] } | null;
}

/** What a snapshot carries: the sampled steps and, per counter that is not zero at the end, its values there. */
export interface CostSeries {
  steps: number[];
  series: Partial<Record<CostName, number[]>>;
}

export const DEFAULT_HISTORY_POINTS = 200;

export function createCostHistory(max: number = DEFAULT_HISTORY_POINTS): CostHistoryLog {
  return { max: Math.max(2, max), stride: 1, steps: [], values: [], last: null };
}

function row(costs: Costs): number[] {
  return COST_NAMES.map((n) => costs[n]);
}

/**
 * Records the counters after `step`; steps must come in increasing order
 * (the session calls it once per newly explored operation, and for step 0).
 * Cheap when `step` is not a sample: one modulo.
 */
export function recordCosts(log: CostHistoryLog, step: number, costs: Costs, isLast = false): void {
  const kept = log.steps.length > 0 && log.steps[log.steps.length - 1] === step;
  if (step % log.stride === 0 && !kept) {
    log.steps.push(step);
    log.values.push(row(costs));
    if (log.steps.length > log.max) {
      log.stride *= 2;
      let w = 0;
      for (let i = 0; i < log.steps.length; i++) {
        if (log.steps[i]! % log.stride !== 0) continue;
        log.steps[w] = log.steps[i]!;
        log.values[w] = log.values[i]!;
        w++;
      }
      log.steps.length = w;
      log.values.length = w;
    }
  }
  if (isLast) log.last = { step, values: row(costs) };
}

/** The series to send to the page (counters that are zero at the last point are left out). */
export function costSeries(log: CostHistoryLog): CostSeries {
  const steps = log.steps.slice();
  const values = log.values.slice();
  if (log.last !== null && (steps.length === 0 || steps[steps.length - 1]! < log.last.step)) {
    steps.push(log.last.step);
    values.push(log.last.values);
  }
  const series: Partial<Record<CostName, number[]>> = {};
  const end = values[values.length - 1];
  COST_NAMES.forEach((name, j) => {
    if (end === undefined || end[j] === 0) return;
    series[name] = values.map((v) => v[j]!);
  });
  return { steps, series };
}
