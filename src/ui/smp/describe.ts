/**
 * The words for the multi-CPU pictures (their aria descriptions): where
 * the CPU time went in the window shown, the busiest lock and the line
 * followed.
 */
import type { SmpRunData } from '../../engine/smp/smp_api';
import { CPU_STATES, type StateTimes } from './lanes';
import type { Domain } from './timeline_layout';

// the page's one time format (src/ui/format.ts), as the charts show it; re-exported for the multi-CPU components
export { formatNs } from '../format';
import { formatNs } from '../format';

const pct = (part: number, whole: number) => `${whole > 0 ? Math.round((100 * part) / whole) : 0}%`;

/** One paragraph describing the timeline of `data` between `domain`, given the lanes' summed columns. */
export function describeTimeline(data: SmpRunData, laneCount: number, laneWord: string, totals: StateTimes, domain: Domain, line: string | null, lineMoves: number): string {
  const all = CPU_STATES.reduce((a, s) => a + totals[s], 0);
  const parts = [
    `Timeline of ${data.result.cpus.length} CPUs in ${laneCount} ${laneWord}${laneCount === 1 ? '' : 's'}, from ${formatNs(domain[0] - data.result.warmup)} to ${formatNs(domain[1] - data.result.warmup)} of the measured ${formatNs(data.result.duration)}.`,
    `CPU time shown: running ${pct(totals.running, all)}, spinning ${pct(totals.spinning, all)}, stalled on cache lines ${pct(totals.stalled, all)}, idle ${pct(totals.idle, all)}.`,
  ];
  const lock = data.result.locks.find((l) => l.acquisitions > 0);
  if (lock !== undefined) parts.push(`Lock ${lock.lock} (${lock.kind}): ${lock.acquisitions} acquisitions, ${lock.contended} contended, ${formatNs(lock.wait_ns)} waited in the whole run.`);
  if (line !== null)
    parts.push(`Cache line ${line}: ${lineMoves} moves between CPUs in the window${domain[1] > data.detail_end ? ` (recorded up to ${formatNs(data.detail_end - data.result.warmup)})` : ''}.`);
  return parts.join(' ');
}
