/**
 * The points of a sparkline: a counter's sampled values scaled into a w × h box, and where the current step falls.
 *
 * The arithmetic is d3's, written out (a linear scale maps x through
 * t = (x - d0) / (d1 - d0) to r0 * (1 - t) + r1 * t, and d3-shape's line
 * writes each coordinate rounded to 3 decimals, as JavaScript prints the
 * result), so the path is byte for byte what
 * d3's line() of the same scales makes (sparkline.test.ts compares them):
 * without the scale and line objects and their accessor calls per point,
 * it costs a fraction, which counts when a run arrives and the costs panel
 * draws all its lines in one task.
 */

export interface SparkPath {
  d: string;
  /** x of the current step (null: outside the sampled range) */
  marker: number | null;
  /** the counter's value at the last sample */
  last: number;
}

/** a coordinate as d3-shape's line() writes it (its default digits(3), d3-path's appendRound) */
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** d3's linear scale from [d0, d1] to [r0, r1], no clamping (every domain here has d1 > d0) */
function linear(d0: number, d1: number, r0: number, r1: number): (x: number) => number {
  const span = d1 - d0;
  return (x) => {
    const t = (x - d0) / span;
    return r0 * (1 - t) + r1 * t;
  };
}

/** x of `step` on a sparkline of `steps` `w` wide (null: outside the sampled range); the same as sparkline's marker, without drawing the line. */
export function sparkMarker(steps: readonly number[], step: number, w: number): number | null {
  const n = steps.length;
  if (n === 0) return null;
  const first = steps[0]!;
  const end = steps[n - 1]!;
  if (step < first || step > end) return null;
  return linear(first, Math.max(end, first + 1), 1, w - 1)(step);
}

export function sparkline(steps: readonly number[], values: readonly number[], step: number, w: number, h: number): SparkPath {
  const n = Math.min(steps.length, values.length);
  const first = n > 0 ? steps[0]! : 0;
  const end = n > 0 ? steps[n - 1]! : 0;
  let max = 0;
  for (let i = 0; i < n; i++) max = Math.max(max, values[i]!);
  const x = linear(first, Math.max(end, first + 1), 1, w - 1);
  const y = linear(0, Math.max(max, 1), h - 1, 1);
  let d = '';
  for (let i = 0; i < n; i++) d += `${i === 0 ? 'M' : 'L'}${round3(x(steps[i]!))},${round3(y(values[i]!))}`;
  // d3's linear curve closes a path of one point
  if (n === 1) d += 'Z';
  return { d, marker: n > 0 && step >= first && step <= end ? x(step) : null, last: n > 0 ? values[n - 1]! : 0 };
}
