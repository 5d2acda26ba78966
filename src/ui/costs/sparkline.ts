/** The points of a sparkline: a counter's sampled values scaled into a w × h box, and where the current step falls. */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

export interface SparkPath {
  d: string;
  /** x of the current step (null: outside the sampled range) */
  marker: number | null;
  /** the counter's value at the last sample */
  last: number;
}

/** x of `step` on a sparkline of `steps` `w` wide (null: outside the sampled range); the same as sparkline's marker, without drawing the line. */
export function sparkMarker(steps: readonly number[], step: number, w: number): number | null {
  const n = steps.length;
  if (n === 0) return null;
  const first = steps[0]!;
  const end = steps[n - 1]!;
  if (step < first || step > end) return null;
  return scaleLinear()
    .domain([first, Math.max(end, first + 1)])
    .range([1, w - 1])(step);
}

export function sparkline(steps: readonly number[], values: readonly number[], step: number, w: number, h: number): SparkPath {
  const n = Math.min(steps.length, values.length);
  const first = n > 0 ? steps[0]! : 0;
  const end = n > 0 ? steps[n - 1]! : 0;
  let max = 0;
  for (let i = 0; i < n; i++) max = Math.max(max, values[i]!);
  const x = scaleLinear()
    .domain([first, Math.max(end, first + 1)])
    .range([1, w - 1]);
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .range([h - 1, 1]);
  const idx = Array.from({ length: n }, (_, i) => i);
  const d =
    line<number>()
      .x((i) => x(steps[i]!))
      .y((i) => y(values[i]!))(idx) ?? '';
  return { d, marker: n > 0 && step >= first && step <= end ? x(step) : null, last: n > 0 ? values[n - 1]! : 0 };
}
