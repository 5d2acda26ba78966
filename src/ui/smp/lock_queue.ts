/**
 * A lock's queue over time, from its smp_lock events: in each column the
 * most tasks waiting at once and the acquisitions. A task waits from its
 * 'wait' event to its 'acquire'; an acquire without a wait did not queue.
 * Columns after the end of the recorded events are unknown (null).
 */
import type { SmpLockEvent } from '../../engine/smp/smp_api';

export interface LockColumn {
  t0: number;
  t1: number;
  /** most tasks waiting at once in the column */
  depth: number;
  acquisitions: number;
}

/** The columns between `edges` for `lock`; events are taken in time order (ties: as given). */
export function lockColumns(events: readonly SmpLockEvent[], lock: string, edges: readonly number[], detailEnd: number): (LockColumn | null)[] {
  const n = edges.length - 1;
  const cols: (LockColumn | null)[] = Array.from({ length: n }, (_, i) => (edges[i + 1]! <= detailEnd ? { t0: edges[i]!, t1: edges[i + 1]!, depth: 0, acquisitions: 0 } : null));
  const mine = events
    .filter((e) => e.lock === lock)
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.t - b.e.t || a.i - b.i);
  const waiting = new Set<number>();
  let col = 0;
  const carry = (upTo: number) => {
    // the columns up to upTo start with the queue as it is (so quiet columns keep its depth)
    for (; col <= upTo && col < n; col++) {
      const c = cols[col];
      if (c) c.depth = Math.max(c.depth, waiting.size);
    }
  };
  for (const { e } of mine) {
    if (e.t >= edges[n]!) break;
    const at = e.t < edges[0]! ? -1 : Math.min(n - 1, upperIndex(edges, e.t));
    if (at >= 0) carry(at);
    if (e.op === 'wait') waiting.add(e.task);
    else if (e.op === 'acquire') waiting.delete(e.task);
    if (at < 0) continue;
    const c = cols[at];
    if (!c) continue;
    c.depth = Math.max(c.depth, waiting.size);
    if (e.op === 'acquire') c.acquisitions++;
  }
  carry(n);
  return cols;
}

/** The column holding `t`: the last i with edges[i] <= t. */
function upperIndex(edges: readonly number[], t: number): number {
  let lo = 0;
  let hi = edges.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (edges[mid]! <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}
