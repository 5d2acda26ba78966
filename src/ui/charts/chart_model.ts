/**
 * A sweep as a log-log chart: modeled time (ns) against the swept variable,
 * or, for a multi-CPU workload, its throughput (messages per simulated
 * second); one line per configuration with its fitted slope (sweep.ts
 * fittedSlope, as the CLI computes it), and a thread's published figures
 * of the same metric as points beside the series of the kernel they
 * correspond to. Pure: d3 computes the scales and paths, the component
 * draws them.
 */
import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { SweepPoint, SweepResult } from '../../engine/api';
import { fittedSlope } from '../../engine/sweep';
import type { PublishedSeries } from '../../engine/reproductions';

export interface ChartPoint {
  x: number;
  y: number;
  /** pixel position */
  px: number;
  py: number;
  label: string;
}

export interface ChartSeries {
  label: string;
  /** the least-squares log-log slope, or null */
  slope: number | null;
  path: string;
  points: ChartPoint[];
  color: string;
}

export interface ChartPublished {
  label: string;
  color: string;
  points: ChartPoint[];
}

export interface Tick {
  value: number;
  pos: number;
  text: string;
}

export type Metric = 'time' | 'throughput';

export interface ChartModel {
  metric: Metric;
  /** the y axis' title */
  yTitle: string;
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  variable: string;
  series: ChartSeries[];
  published: ChartPublished[];
  xTicks: Tick[];
  yTicks: Tick[];
}

/** Colours by series index (the published points take their kernel's colour). */
export const PALETTE = ['#2563eb', '#d97706', '#059669', '#dc2626', '#7c3aed', '#0891b2', '#65a30d', '#db2777'];

// the page's one number format (src/ui/format.ts); re-exported for the charts' components
export { formatNs, formatRate, formatSlope } from '../format';
import { formatNs, formatRate } from '../format';

/** Throughput for a multi-CPU sweep (its points carry it), else modeled time. */
export function metricOf(result: SweepResult): Metric {
  return result.series.some((s) => s.points.some((p) => p.throughput !== undefined)) ? 'throughput' : 'time';
}

/** A point's value on the chart's y axis (0: nothing to draw). */
export function pointY(p: SweepPoint, metric: Metric): number {
  return metric === 'throughput' ? (p.throughput ?? 0) : p.ns;
}

export const formatY = (metric: Metric, y: number): string => (metric === 'throughput' ? formatRate(y) : formatNs(y));


/** The preset of a series label (`5.13 ipcmni_extend=on` → `5.13`). */
const presetOfLabel = (label: string) => label.split(' ')[0]!;

export function chartModel(result: SweepResult, published: readonly PublishedSeries[] = [], width = 640, height = 380): ChartModel {
  const margin = { top: 12, right: 16, bottom: 44, left: 84 };
  const metric = metricOf(result);
  const times = published.filter((p) => p.metric === metric);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of result.series) {
    for (const p of s.points) {
      const y = pointY(p, metric);
      if (y > 0 && p.value > 0) (xs.push(p.value), ys.push(y));
    }
  }
  for (const s of times) for (const p of s.points) (xs.push(p.value), ys.push(p.y));
  const xDomain: [number, number] = xs.length > 0 ? [Math.min(...xs), Math.max(...xs)] : [1, 10];
  const yDomain: [number, number] = ys.length > 0 ? [Math.min(...ys), Math.max(...ys)] : [1, 10];
  if (xDomain[0] === xDomain[1]) xDomain[1] = xDomain[0] * 10;
  if (yDomain[0] === yDomain[1]) yDomain[1] = yDomain[0] * 10;
  const x = scaleLog().domain(xDomain).range([margin.left, width - margin.right]).nice();
  const yScale = scaleLog().domain(yDomain).range([height - margin.bottom, margin.top]).nice();
  const colorOf = new Map<string, string>();
  const series: ChartSeries[] = result.series.map((s, i) => {
    const color = PALETTE[i % PALETTE.length]!;
    if (!colorOf.has(presetOfLabel(s.label))) colorOf.set(presetOfLabel(s.label), color);
    const points = s.points
      .filter((p) => pointY(p, metric) > 0 && p.value > 0)
      .map((p) => {
        const y = pointY(p, metric);
        return { x: p.value, y, px: x(p.value), py: yScale(y), label: `${s.label}: ${result.variable} = ${p.value}, ${formatY(metric, y)}` };
      });
    const path = line<ChartPoint>((p) => p.px, (p) => p.py)(points) ?? '';
    const slope = metric === 'time' ? s.slope : fittedSlope(points.map((p) => ({ value: p.x, ns: p.y })));
    return { label: s.label, slope, path, points, color };
  });
  const pub: ChartPublished[] = times.map((s) => ({
    label: s.label,
    color: colorOf.get(s.kernel) ?? 'currentColor',
    points: s.points.map((p) => ({ x: p.value, y: p.y, px: x(p.value), py: yScale(p.y), label: `${s.label}: ${result.variable} = ${p.value}, ${formatY(metric, p.y)}` })),
  }));
  const tick = (scale: typeof x, fmt: (v: number) => string): Tick[] => {
    const all = scale.ticks();
    const decades = all.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
    const chosen = decades.length >= 2 ? decades : all.filter((v) => [1, 2, 5].includes(Number(v.toExponential(0)[0])));
    return chosen.map((v) => ({ value: v, pos: scale(v), text: fmt(v) }));
  };
  return {
    metric, yTitle: metric === 'time' ? 'modeled time (log)' : 'throughput (log)',
    width, height, margin, variable: result.variable, series, published: pub,
    xTicks: tick(x, (v) => v.toLocaleString('en')),
    yTicks: tick(yScale, (v) => formatY(metric, v)),
  };
}
