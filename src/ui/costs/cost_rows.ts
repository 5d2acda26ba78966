/** The rows of the costs panel: counters that are non-zero first, each with what the current step added. */
import { COST_NAMES, type Costs } from '../../engine/probe';

export interface CostRow {
  name: string;
  value: number;
  delta: number;
}

export function costRows(costs: Costs, delta: Costs): { active: CostRow[]; zero: string[] } {
  const active: CostRow[] = [];
  const zero: string[] = [];
  for (const name of COST_NAMES) {
    if (costs[name] !== 0) active.push({ name, value: costs[name], delta: delta[name] });
    else zero.push(name);
  }
  return { active, zero };
}
