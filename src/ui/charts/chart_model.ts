/**
 * A sweep as a log-log chart: modeled time (ns) against the swept variable,
 * or, for a multi-CPU workload, its throughput (messages per simulated
 * second); one line per configuration with its fitted slope (sweep.ts
 * fittedSlope, as the CLI computes it), and a thread's published figures
 * of the same metric as points beside the series of the kernel they
 * correspond to, and its published ratios between two kernels at their
 * value. Series that coincide stay visible: each has its own dash pattern
 * and marker shape besides its colour (Okabe–Ito, safe for colour-blind
 * readers) and a label at its end, moved apart from the others. The
 * margins are sized for the longest tick text and end label, so no axis
 * text is clipped. Pure: d3 computes the scales and paths, the component
 * draws them.
 */
import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import type { SweepPoint, SweepResult } from '../../engine/api';
import { fittedSlope } from '../../engine/sweep';
import type { PublishedRatio, PublishedSeries } from '../../engine/reproductions';

export interface ChartPoint {
  x: number;
  y: number;
  /** pixel position */
  px: number;
  py: number;
  label: string;
}

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond';

export interface ChartSeries {
  label: string;
  /** the least-squares log-log slope, or null */
  slope: number | null;
  path: string;
  points: ChartPoint[];
  color: string;
  /** SVG stroke-dasharray of the line ('' = solid) and the points' shape */
  dash: string;
  marker: MarkerShape;
  /** the label at the line's end (after the last point), null before the first point */
  end: { x: number; y: number } | null;
}

/** A published ratio drawn at its value: where the numerator's series would be at the published ratio, and ours. */
export interface ChartRatio {
  px: number;
  /** the denominator's point and the published position of the numerator */
  pyBase: number;
  pyPublished: number;
  color: string;
  published: number;
  /** our ratio at that value, null until both points have run */
  ours: number | null;
  text: string;
  /** the label beside the diamond ("published 1.0609×"), kept inside the plot area (ratioLabel) */
  label: RatioLabel;
}

/** A text's baseline start or end (`anchor`) at (x, y). */
export interface RatioLabel {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end';
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
  ratios: ChartRatio[];
  xTicks: Tick[];
  yTicks: Tick[];
}

/**
 * Colours by series index (the published points take their kernel's
 * colour): Okabe and Ito's palette for colour-blind readers (blue, orange,
 * bluish green, vermillion, reddish purple, sky blue; its yellow and black
 * are left out, unreadable on a light or a dark page).
 */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9'];
/** Dash patterns and marker shapes by series index, so that colour is never the only difference. */
export const DASHES = ['', '7 4', '2 3', '10 3 2 3'];
export const MARKERS: readonly MarkerShape[] = ['circle', 'square', 'triangle', 'diamond'];

/** Rough width of `text` at the chart's 11 px font (digits and letters ~6.2 px): enough to size margins. */
export const textWidth = (text: string) => text.length * 6.2;

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

/** Ticks at powers of ten when the range spans two or more, else at 1, 2 and 5 times them. */
function tickValues(scale: ReturnType<typeof scaleLog<number>>): number[] {
  const all = scale.ticks();
  const decades = all.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  return decades.length >= 2 ? decades : all.filter((v) => [1, 2, 5].includes(Number(v.toExponential(0)[0])));
}

/** The preset of a series label (`5.13 ipcmni_extend=on` → `5.13`). */
const presetOfLabel = (label: string) => label.split(' ')[0]!;

/** Ends of labels at `ys` (pixel rows, in series order) moved apart to at least `gap` px, in the same order. */
export function spreadLabels(ys: readonly number[], gap = 13): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const out = [...ys];
  let last = -Infinity;
  for (const o of order) {
    const y = Math.max(o.y, last + gap);
    out[o.i] = y;
    last = y;
  }
  return out;
}

/** The plot area, inside the axes: what a label beside a mark stays within (the axis titles and tick texts are outside). */
export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where the label of a mark at (px, py) goes: above it to the left, as a
 * ratio's diamond is labelled, or to the right where the left would leave
 * the plot area (a ratio at the first swept value sits on the y axis, whose
 * tick texts and title are there), shifted to stay inside it either way.
 * Widths are textWidth's estimate; `pad` px stays free at each edge.
 */
export function ratioLabel(text: string, px: number, py: number, plot: PlotArea, pad = 4): RatioLabel {
  const w = textWidth(text);
  const y = Math.min(Math.max(py - 8, plot.top + 11), plot.bottom - pad);
  if (px - 8 - w >= plot.left + pad) return { text, x: Math.min(px - 8, plot.right - pad), y, anchor: 'end' };
  return { text, x: Math.max(plot.left + pad, Math.min(px + 8, plot.right - pad - w)), y, anchor: 'start' };
}

export function chartModel(result: SweepResult, published: readonly PublishedSeries[] = [], width = 640, height = 380, ratios: readonly PublishedRatio[] = []): ChartModel {
  const metric = metricOf(result);
  const tickText = (v: number) => (metric === 'throughput' ? formatRate(v).replace(' msgs/s', '') : formatNs(v));
  const margin = {
    top: 12,
    right: 12 + Math.min(180, Math.max(0, ...result.series.map((s) => textWidth(s.label))) + 8),
    bottom: 44,
    // set below from the longest y tick text, with room for the axis title
    left: 0,
  };
  const times = published.filter((p) => p.metric === metric);
  // every swept value from the start, so the x axis stays put while points arrive
  const xs: number[] = result.values.filter((v) => v > 0);
  const ys: number[] = [];
  for (const s of result.series) {
    for (const p of s.points) {
      const y = pointY(p, metric);
      if (y > 0 && p.value > 0) {
        xs.push(p.value);
        ys.push(y);
      }
    }
  }
  for (const s of times) {
    for (const p of s.points) {
      xs.push(p.value);
      ys.push(p.y);
    }
  }
  const xDomain: [number, number] = xs.length > 0 ? [Math.min(...xs), Math.max(...xs)] : [1, 10];
  const yDomain: [number, number] = ys.length > 0 ? [Math.min(...ys), Math.max(...ys)] : [1, 10];
  if (xDomain[0] === xDomain[1]) xDomain[1] = xDomain[0] * 10;
  if (yDomain[0] === yDomain[1]) yDomain[1] = yDomain[0] * 10;
  const x = scaleLog()
    .domain(xDomain)
    .range([margin.left, width - margin.right])
    .nice();
  const yScale = scaleLog()
    .domain(yDomain)
    .range([height - margin.bottom, margin.top])
    .nice();
  const yTickValues = tickValues(yScale);
  margin.left = 30 + Math.max(...yTickValues.map((v) => textWidth(tickText(v))));
  x.range([margin.left, width - margin.right]);
  const colorOf = new Map<string, string>();
  const series: ChartSeries[] = result.series.map((s, i) => {
    const color = PALETTE[i % PALETTE.length]!;
    const dash = DASHES[i % DASHES.length]!;
    const marker = MARKERS[i % MARKERS.length]!;
    if (!colorOf.has(presetOfLabel(s.label))) colorOf.set(presetOfLabel(s.label), color);
    const points = s.points
      .filter((p) => pointY(p, metric) > 0 && p.value > 0)
      .map((p) => {
        const y = pointY(p, metric);
        return { x: p.value, y, px: x(p.value), py: yScale(y), label: `${s.label}: ${result.variable} = ${p.value}, ${formatY(metric, y)}` };
      });
    const path =
      line<ChartPoint>(
        (p) => p.px,
        (p) => p.py,
      )(points) ?? '';
    const slope = metric === 'time' ? s.slope : fittedSlope(points.map((p) => ({ value: p.x, ns: p.y })));
    const last = points[points.length - 1];
    return { label: s.label, slope, path, points, color, dash, marker, end: last === undefined ? null : { x: width - margin.right + 8, y: last.py } };
  });
  // end labels in the right margin, at their line's last point, moved apart where lines meet
  const ends = spreadLabels(series.map((s) => s.end?.y ?? 0));
  series.forEach((s, i) => {
    if (s.end !== null) s.end.y = ends[i]! + 4;
  });
  const chartRatios: ChartRatio[] = [];
  for (const r of ratios) {
    const num = result.series.find((s) => presetOfLabel(s.label) === r.numerator);
    const den = result.series.find((s) => presetOfLabel(s.label) === r.denominator);
    const base = den?.points.find((p) => p.value === r.value);
    if (num === undefined || base === undefined || !(pointY(base, metric) > 0)) continue;
    const top = num.points.find((p) => p.value === r.value);
    const ours = top === undefined || !(pointY(top, metric) > 0) ? null : pointY(top, metric) / pointY(base, metric);
    const y0 = pointY(base, metric);
    const px = x(r.value);
    const pyPublished = yScale(y0 * r.ratio);
    chartRatios.push({
      px,
      pyBase: yScale(y0),
      pyPublished,
      color: colorOf.get(r.numerator) ?? 'currentColor',
      published: r.ratio,
      ours,
      text: `${r.numerator} / ${r.denominator} at ${result.variable} = ${r.value}: published ${r.label}${ours === null ? '' : `, here ${ours.toFixed(2)}×`}`,
      label: ratioLabel(`published ${r.ratio}×`, px, pyPublished, { left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom }),
    });
  }
  const pub: ChartPublished[] = times.map((s) => ({
    label: s.label,
    color: colorOf.get(s.kernel) ?? 'currentColor',
    points: s.points.map((p) => ({ x: p.value, y: p.y, px: x(p.value), py: yScale(p.y), label: `${s.label}: ${result.variable} = ${p.value}, ${formatY(metric, p.y)}` })),
  }));
  return {
    metric,
    yTitle: metric === 'time' ? 'modeled time (log)' : 'throughput, msgs/s (log)',
    width,
    height,
    margin,
    variable: result.variable,
    series,
    published: pub,
    ratios: chartRatios,
    xTicks: tickValues(x).map((v) => ({ value: v, pos: x(v), text: v.toLocaleString('en') })),
    yTicks: yTickValues.map((v) => ({ value: v, pos: yScale(v), text: tickText(v) })),
  };
}
