/**
 * The CPU lanes of the timeline as pure math: a visible time window cut
 * into columns, each lane's CPU time per state in each column (from the
 * binned smp_cpu intervals), and the rectangles that draw them: the
 * state that fills most of a column (one row per CPU, runs of equal
 * columns merged) or the states stacked by share (one row per socket).
 * Zooming and panning keep the window inside the run.
 */
import type { SmpBins } from '../../engine/smp/smp_api';
import { CPU_STATES, type Lane, type StateTimes } from './lanes';
import type { SmpCpuState } from '../../engine/trace';

export type Domain = readonly [number, number];

/** The column edges: `columns` + 1 times from domain[0] to domain[1]. */
export function columnEdges(domain: Domain, columns: number): number[] {
  const [a, b] = domain;
  return Array.from({ length: columns + 1 }, (_, i) => (i === columns ? b : a + ((b - a) * i) / columns));
}

/**
 * The CPU time of each state of `lane` in each column between `edges`, ns;
 * a bin partly inside a column counts in proportion. Idle is the rest of
 * the lane's capacity (its CPUs × the column's width), never below 0.
 */
export function laneColumns(bins: SmpBins, lane: Lane, edges: readonly number[]): StateTimes[] {
  const n = edges.length - 1;
  const out: StateTimes[] = Array.from({ length: n }, () => ({ running: 0, spinning: 0, stalled: 0, idle: 0 }));
  if (n <= 0 || bins.count === 0) return out;
  const first = Math.max(0, Math.floor((edges[0]! - bins.t0) / bins.width));
  const last = Math.min(bins.count - 1, Math.ceil((edges[n]! - bins.t0) / bins.width));
  let col = 0;
  for (let b = first; b <= last; b++) {
    const b0 = bins.t0 + b * bins.width;
    const b1 = b0 + bins.width;
    while (col < n && edges[col + 1]! <= b0) col++;
    for (let c = col; c < n && edges[c]! < b1; c++) {
      const overlap = Math.min(b1, edges[c + 1]!) - Math.max(b0, edges[c]!);
      if (!(overlap > 0)) continue;
      const f = overlap / bins.width;
      for (const cpu of lane.cpus) {
        const i = cpu * bins.count + b;
        out[c]!.running += bins.running[i]! * f;
        out[c]!.spinning += bins.spinning[i]! * f;
        out[c]!.stalled += bins.stalled[i]! * f;
      }
    }
  }
  for (let c = 0; c < n; c++) {
    const o = out[c]!;
    o.idle = Math.max(0, lane.cpus.length * (edges[c + 1]! - edges[c]!) - o.running - o.spinning - o.stalled);
  }
  return out;
}

export interface StateRect {
  state: SmpCpuState;
  t0: number;
  t1: number;
  /** vertical extent within the lane, fractions from its top */
  y0: number;
  y1: number;
}

/** The state with the most time in `t` (ties: the first of running, spinning, stalled, idle). */
export function dominantState(t: StateTimes): SmpCpuState {
  let best: SmpCpuState = 'running';
  for (const s of CPU_STATES) if (t[s] > t[best]) best = s;
  return best;
}

/** One full-height rectangle per run of columns with the same dominant state. */
export function dominantRuns(cols: readonly StateTimes[], edges: readonly number[]): StateRect[] {
  const out: StateRect[] = [];
  cols.forEach((t, i) => {
    const state = dominantState(t);
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.state === state) prev.t1 = edges[i + 1]!;
    else out.push({ state, t0: edges[i]!, t1: edges[i + 1]!, y0: 0, y1: 1 });
  });
  return out;
}

/** Per column, the states stacked from the bottom by their share of the column's time (idle left empty). */
export function stackedColumns(cols: readonly StateTimes[], edges: readonly number[]): StateRect[] {
  const out: StateRect[] = [];
  cols.forEach((t, i) => {
    const total = CPU_STATES.reduce((a, s) => a + t[s], 0);
    if (!(total > 0)) return;
    let y = 1;
    for (const state of CPU_STATES) {
      if (state === 'idle' || !(t[state] > 0)) continue;
      const h = t[state] / total;
      out.push({ state, t0: edges[i]!, t1: edges[i + 1]!, y0: y - h, y1: y });
      y -= h;
    }
  });
  return out;
}

/** The window `factor` times as wide (< 1 zooms in) around `center`, kept inside `full` and at least `minWidth` wide. */
export function zoomDomain(d: Domain, full: Domain, factor: number, center = (d[0] + d[1]) / 2, minWidth = 0): Domain {
  const span = Math.min(full[1] - full[0], Math.max(minWidth, (d[1] - d[0]) * factor));
  let a = center - ((center - d[0]) / (d[1] - d[0])) * span;
  a = Math.max(full[0], Math.min(a, full[1] - span));
  return [a, a + span];
}

/** Wheel pixels that halve (or double) the window: one notch of a mouse wheel, deltaY ±100. */
export const WHEEL_PX_PER_HALVING = 100;
const WHEEL_LINE_PX = 16;
const WHEEL_PAGE_PX = 800;

/**
 * The zoom factor of one wheel event: the window scales with the wheel's
 * travel, 2^(deltaY / 100) (a mouse notch halves or doubles it, a
 * trackpad pinch's small deltas zoom smoothly), at most 4× either way per
 * event. `deltaMode` as WheelEvent's: 0 pixels, 1 lines, 2 pages.
 */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const px = deltaY * (deltaMode === 1 ? WHEEL_LINE_PX : deltaMode === 2 ? WHEEL_PAGE_PX : 1);
  return 2 ** Math.max(-2, Math.min(2, px / WHEEL_PX_PER_HALVING));
}

/** The window moved by `fraction` of its width (negative: earlier), kept inside `full`. */
export function panDomain(d: Domain, full: Domain, fraction: number): Domain {
  const span = d[1] - d[0];
  const a = Math.max(full[0], Math.min(d[0] + span * fraction, full[1] - span));
  return [a, a + span];
}
