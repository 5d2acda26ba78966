/** The cost counters as an aligned two-column table (name, value right-aligned). */
import type { Costs } from '../engine/probe';

export function formatCostsTable(costs: Costs): string {
  const names = Object.keys(costs) as (keyof Costs)[];
  const width = Math.max(...names.map((n) => n.length));
  const values = names.map((n) => String(costs[n]));
  const vwidth = Math.max(...values.map((v) => v.length));
  let s = 'costs:\n';
  names.forEach((n, i) => (s += `  ${n.padEnd(width)}  ${values[i]!.padStart(vwidth)}\n`));
  return s;
}
