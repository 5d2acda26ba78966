import { describe, expect, test } from 'vitest';
import { newProbe } from '../../engine/probe';
import { DEFAULT_CONFIG } from '../../engine/config';
import { fittedSlope, type SweepResult } from '../../engine/sweep';
import { REPRODUCTIONS } from '../../engine/reproductions';
import { chartModel, DASHES, formatNs, formatSlope, MARKERS, PALETTE, ratioLabel, spreadLabels, textWidth, type ChartModel, type RatioLabel } from './chart_model';

const pt = (value: number, ns: number) => ({ value, costs: newProbe().costs, ns, exitCode: 0 as const, error: null });
const points = [pt(1024, 4.28e6), pt(2048, 15.1e6), pt(4096, 56.5e6)];
const linear = [pt(1024, 1e6), pt(2048, 2e6), pt(4096, 4e6)];
const RESULT: SweepResult = {
  variable: 'N',
  values: [1024, 2048, 4096],
  constants: {},
  measureLine: 17,
  series: [
    { label: '5.13', config: DEFAULT_CONFIG, points, slopes: [null, 1.8, 1.9], slope: fittedSlope(points), counterSlopes: {} },
    { label: '6.18 ipcmni_extend=on', config: DEFAULT_CONFIG, points: linear, slopes: [null, 1, 1], slope: 1, counterSlopes: {} },
  ],
};

describe('the sweep chart model', () => {
  const m = chartModel(RESULT, [
    { label: 'published after', kernel: '6.18', metric: 'time', points: [{ value: 1024, y: 2e6 }] },
    { label: 'throughput', kernel: '5.13', metric: 'throughput', points: [{ value: 1, y: 5 }] },
  ]);

  test('has one line per configuration with the fitted slope of the sweep', () => {
    expect(m.series.map((s) => [s.label, formatSlope(s.slope), s.color])).toEqual([
      ['5.13', formatSlope(fittedSlope(points)), PALETTE[0]],
      ['6.18 ipcmni_extend=on', '1.00', PALETTE[1]],
    ]);
    expect(m.series[0]!.path.startsWith('M')).toBe(true);
  });

  test('places larger values right and longer times higher', () => {
    const [a, b, c] = m.series[0]!.points;
    expect(a!.px < b!.px && b!.px < c!.px).toBe(true);
    expect(a!.py > b!.py && b!.py > c!.py).toBe(true);
    expect(a!.label).toBe('5.13: N = 1024, 4.28 ms');
  });

  test("draws published times in their kernel's colour and leaves throughput tables out", () => {
    expect(m.published).toHaveLength(1);
    expect(m.published[0]!.color).toBe(PALETTE[1]);
    expect(m.published[0]!.points[0]!.px).toBe(m.series[1]!.points[0]!.px);
  });

  test('labels the axes at powers of ten when the range spans decades', () => {
    expect(m.yTicks.map((t) => t.text)).toEqual(['1 ms', '10 ms', '100 ms']);
    expect(m.xTicks.map((t) => t.text)).toEqual(['1,000', '10,000']);
  });

  test('formats times with three significant digits', () => {
    expect([formatNs(999), formatNs(1500), formatNs(4.28e6), formatNs(67.4e9)]).toEqual(['999 ns', '1.5 µs', '4.28 ms', '67.4 s']);
  });
});

describe('the chart of a multi-CPU sweep', () => {
  const smp = (value: number, throughput: number) => ({ ...pt(value, 5), throughput });
  const rwsem = [smp(1, 693000), smp(2, 722000), smp(4, 1463500)];
  const result: SweepResult = {
    variable: 'CPUS',
    values: [1, 2, 4],
    constants: {},
    measureLine: 0,
    series: [{ label: '2.6.25', config: DEFAULT_CONFIG, points: rwsem, slopes: [null, 0, 0], slope: 0, counterSlopes: {} }],
  };
  const m = chartModel(result, [
    { label: 'published', kernel: '2.6.25', metric: 'throughput', points: [{ value: 4, y: 404553 }] },
    { label: 'a time', kernel: '2.6.25', metric: 'time', points: [{ value: 4, y: 1e9 }] },
  ]);

  test('plots throughput, with the slope fitted to it, and the published throughput beside it', () => {
    expect(m.metric).toBe('throughput');
    expect(m.yTitle).toBe('throughput, msgs/s (log)');
    expect(m.series[0]!.slope).toBe(fittedSlope(rwsem.map((p) => ({ value: p.value, ns: p.throughput }))));
    expect(m.series[0]!.points.map((p) => p.label)).toEqual(['2.6.25: CPUS = 1, 693k msgs/s', '2.6.25: CPUS = 2, 722k msgs/s', '2.6.25: CPUS = 4, 1.46M msgs/s']);
    expect(m.published.map((p) => p.label)).toEqual(['published']);
  });
});

describe('series that coincide stay apart, and nothing is clipped', () => {
  const same = [pt(1, 1e6), pt(10, 1e7)];
  const result: SweepResult = {
    variable: 'N',
    values: [1, 10, 100],
    constants: {},
    measureLine: 0,
    series: ['5.15', '6.18', '6.18 ipcmni_extend=on'].map((label) => ({ label, config: DEFAULT_CONFIG, points: same, slopes: [null, 1], slope: 1, counterSlopes: {} })),
  };
  const m = chartModel(result);

  test('each series has its own colour, dash pattern and marker shape (colour is never the only difference)', () => {
    expect(m.series.map((s) => [s.color, s.dash, s.marker])).toEqual([0, 1, 2].map((i) => [PALETTE[i], DASHES[i], MARKERS[i]]));
  });

  test('end labels of lines ending at one point are moved apart, in series order', () => {
    const ys = m.series.map((s) => s.end!.y);
    expect(ys[1]! - ys[0]!).toBeGreaterThanOrEqual(13);
    expect(ys[2]! - ys[1]!).toBeGreaterThanOrEqual(13);
    expect(spreadLabels([50, 50, 10])).toEqual([50, 63, 10]);
  });

  test('the x axis spans every swept value before their points have run, and the margins hold the longest texts', () => {
    expect(m.xTicks.map((t) => t.text)).toEqual(['1', '10', '100']);
    expect(m.margin.right).toBeGreaterThanOrEqual('6.18 ipcmni_extend=on'.length * 6);
    const longestTick = Math.max(...m.yTicks.map((t) => t.text.length));
    expect(m.margin.left).toBeGreaterThanOrEqual(longestTick * 6 + 20);
  });
});

describe('a published ratio', () => {
  const smp = (value: number, throughput: number) => ({ ...pt(value, 5), throughput });
  const result = (top: number | null): SweepResult => ({
    variable: 'PAIRS',
    values: [10, 80],
    constants: {},
    measureLine: 0,
    series: [
      { label: '6.0', config: DEFAULT_CONFIG, points: [smp(10, 1e7), smp(80, 6.256e6)], slopes: [], slope: null, counterSlopes: {} },
      { label: '6.1', config: DEFAULT_CONFIG, points: top === null ? [smp(10, 1.5e7)] : [smp(10, 1.5e7), smp(80, top)], slopes: [], slope: null, counterSlopes: {} },
    ],
  });
  const ratio = { value: 80, numerator: '6.1', denominator: '6.0', ratio: 3.38, label: '3.38×' };

  test('is drawn at its value, as far above the denominator as published, with ours beside it once both have run', () => {
    const m = chartModel(result(27.0534e6), [], 640, 380, [ratio]);
    expect(m.ratios).toHaveLength(1);
    const r = m.ratios[0]!;
    expect(r.px).toBe(m.series[0]!.points[1]!.px);
    expect(r.pyBase).toBe(m.series[0]!.points[1]!.py);
    expect(r.pyPublished).toBeLessThan(r.pyBase);
    expect(r.color).toBe(PALETTE[1]);
    expect(r.text).toBe('6.1 / 6.0 at PAIRS = 80: published 3.38×, here 4.32×');
    expect(chartModel(result(null), [], 640, 380, [ratio]).ratios[0]!.ours).toBe(null);
  });
});

describe("a published ratio's label", () => {
  const plot = { left: 60, right: 500, top: 12, bottom: 336 };
  /** The label's estimated box, [left, right] × [top, baseline]. */
  const box = (l: RatioLabel) => {
    const w = textWidth(l.text);
    return { left: l.anchor === 'end' ? l.x - w : l.x, right: l.anchor === 'end' ? l.x : l.x + w, top: l.y - 11, bottom: l.y };
  };

  test('sits above and left of its diamond where the plot area has room', () => {
    expect(ratioLabel('published 3.38×', 400, 100, plot)).toEqual({ text: 'published 3.38×', x: 392, y: 92, anchor: 'end' });
  });

  test('goes to the right of a diamond on the y axis, clear of the tick texts and the axis title', () => {
    const l = ratioLabel('published 1.0609×', plot.left, 100, plot);
    expect(l).toEqual({ text: 'published 1.0609×', x: plot.left + 8, y: 92, anchor: 'start' });
    expect(box(l).left).toBeGreaterThan(plot.left);
  });

  test('stays inside the plot area at its corners', () => {
    for (const [px, py] of [
      [plot.left + 20, plot.top],
      [plot.right, plot.top - 30],
      [plot.left, plot.bottom + 5],
      [plot.right - 60, plot.bottom],
    ] as const) {
      const b = box(ratioLabel('published 10.47×', px, py, plot));
      expect(b.left).toBeGreaterThanOrEqual(plot.left);
      expect(b.right).toBeLessThanOrEqual(plot.right);
      expect(b.top).toBeGreaterThanOrEqual(plot.top);
      expect(b.bottom).toBeLessThanOrEqual(plot.bottom);
    }
  });

  // every reproduction chart that draws ratios, with made-up rates at its values and its published series
  for (const repro of REPRODUCTIONS.filter((r) => (r.ratios ?? []).length > 0)) {
    test(`stays inside the plot area on the ${repro.file} chart`, () => {
      const ratios = repro.ratios!;
      const smp = (value: number, throughput: number) => ({ ...pt(value, 5), throughput });
      const result: SweepResult = {
        variable: repro.variable,
        values: [...repro.values],
        constants: {},
        measureLine: 0,
        series: repro.kernels.map((k, i) => ({
          label: k,
          config: DEFAULT_CONFIG,
          points: repro.values.map((v) => smp(v, 1e6 * (1 + i * (ratios[0]!.ratio - 1)))),
          slopes: [],
          slope: null,
          counterSlopes: {},
        })),
      };
      const m: ChartModel = chartModel(result, repro.published, 640, 380, ratios);
      expect(m.ratios).toHaveLength(ratios.length);
      for (const r of m.ratios) {
        const b = box(r.label);
        expect(b.left).toBeGreaterThanOrEqual(m.margin.left);
        expect(b.right).toBeLessThanOrEqual(m.width - m.margin.right);
        expect(b.top).toBeGreaterThanOrEqual(m.margin.top);
        expect(b.bottom).toBeLessThanOrEqual(m.height - m.margin.bottom);
      }
    });
  }
});
