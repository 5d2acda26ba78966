/**
 * A cache line's owner over time, from its smp_line moves: the CPU that
 * took it last (a move's `to`) until the next move. Before the first
 * recorded move the owner is unknown, as it is after the recorded events
 * end.
 */
import type { SmpLineMove } from '../../engine/smp/smp_api';
import type { Domain } from './timeline_layout';

export interface OwnerSegment {
  cpu: number;
  t0: number;
  t1: number;
}

/** The owner segments of `line` clipped to `domain` and to `detailEnd`; moves are taken in time order. */
export function ownerSegments(moves: readonly SmpLineMove[], line: string, domain: Domain, detailEnd: number): OwnerSegment[] {
  const end = Math.min(domain[1], detailEnd);
  const mine = moves
    .filter((m) => m.line === line)
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.t - b.m.t || a.i - b.i);
  const out: OwnerSegment[] = [];
  for (let k = 0; k < mine.length; k++) {
    const m = mine[k]!.m;
    const t0 = Math.max(m.t, domain[0]);
    const t1 = Math.min(k + 1 < mine.length ? mine[k + 1]!.m.t : end, end);
    if (t1 > t0) out.push({ cpu: m.to, t0, t1 });
  }
  return out;
}

/** Moves of `line` inside `domain` by where they came from (smt, socket, remote, memory). */
export function movesIn(moves: readonly SmpLineMove[], line: string, domain: Domain): Record<SmpLineMove['how'], number> {
  const out = { smt: 0, socket: 0, remote: 0, memory: 0 };
  for (const m of moves) if (m.line === line && m.t >= domain[0] && m.t < domain[1]) out[m.how]++;
  return out;
}

/**
 * The SVG path of the segments: a horizontal run on the owner's row, a
 * vertical jump at each move. `x` maps time, `y` a CPU to its row's middle.
 */
export function ownerPath(segs: readonly OwnerSegment[], x: (t: number) => number, y: (cpu: number) => number): string {
  let d = '';
  let prevEnd = NaN;
  for (const s of segs) {
    const x0 = x(s.t0).toFixed(1);
    const yy = y(s.cpu).toFixed(1);
    d += s.t0 === prevEnd ? `V${yy}H${x(s.t1).toFixed(1)}` : `M${x0},${yy}H${x(s.t1).toFixed(1)}`;
    prevEnd = s.t1;
  }
  return d;
}
