/**
 * The strip between the compare panes: what the current operation cost on
 * each side, the running totals, and the counters that differ most. Times
 * are the cost model's (cost_model.ts), as the sweeps use.
 */
import { COST_NS, modeledNs } from '../../engine/cost_model';
import { COST_NAMES, type CostName, type Costs } from '../../engine/probe';

export interface CounterDiff {
  name: CostName;
  left: number;
  right: number;
}

export interface CostStrip {
  stepLeftNs: number;
  stepRightNs: number;
  totalLeftNs: number;
  totalRightNs: number;
  /** counters of the current operation that differ, by modeled weight of the difference, at most `max` */
  counters: CounterDiff[];
}

export function costStrip(delta: [Costs, Costs], total: [Costs, Costs], max = 4): CostStrip {
  const [dl, dr] = delta;
  const counters = COST_NAMES.filter((n) => dl[n] !== dr[n])
    .sort((a, b) => Math.abs(dl[b] - dr[b]) * COST_NS[b] - Math.abs(dl[a] - dr[a]) * COST_NS[a])
    .slice(0, max)
    .map((name) => ({ name, left: dl[name], right: dr[name] }));
  return { stepLeftNs: modeledNs(dl), stepRightNs: modeledNs(dr), totalLeftNs: modeledNs(total[0]), totalRightNs: modeledNs(total[1]), counters };
}

/** `1.8×`, `=`, or `0.25×`: right over left. */
export function ratio(left: number, right: number): string {
  if (left === right) return '=';
  if (left === 0) return 'new';
  const r = right / left;
  return `${r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(2) : r.toPrecision(2)}×`;
}
