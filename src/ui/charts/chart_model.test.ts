import { describe, expect, test } from 'vitest';
import { newProbe } from '../../engine/probe';
import { DEFAULT_CONFIG } from '../../engine/config';
import { fittedSlope, type SweepResult } from '../../engine/sweep';
import { chartModel, formatNs, formatSlope, PALETTE } from './chart_model';

const pt = (value: number, ns: number) => ({ value, costs: newProbe().costs, ns, exitCode: 0 as const, error: null });
const points = [pt(1024, 4.28e6), pt(2048, 15.1e6), pt(4096, 56.5e6)];
const linear = [pt(1024, 1e6), pt(2048, 2e6), pt(4096, 4e6)];
const RESULT: SweepResult = {
  variable: 'N', values: [1024, 2048, 4096], constants: {}, measureLine: 17,
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

  test('draws published times in their kernel\'s colour and leaves throughput tables out', () => {
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
    variable: 'CPUS', values: [1, 2, 4], constants: {}, measureLine: 0,
    series: [{ label: '2.6.25', config: DEFAULT_CONFIG, points: rwsem, slopes: [null, 0, 0], slope: 0, counterSlopes: {} }],
  };
  const m = chartModel(result, [
    { label: 'published', kernel: '2.6.25', metric: 'throughput', points: [{ value: 4, y: 404553 }] },
    { label: 'a time', kernel: '2.6.25', metric: 'time', points: [{ value: 4, y: 1e9 }] },
  ]);

  test('plots throughput, with the slope fitted to it, and the published throughput beside it', () => {
    expect(m.metric).toBe('throughput');
    expect(m.yTitle).toBe('throughput (log)');
    expect(m.series[0]!.slope).toBe(fittedSlope(rwsem.map((p) => ({ value: p.value, ns: p.throughput }))));
    expect(m.series[0]!.points.map((p) => p.label)).toEqual(['2.6.25: CPUS = 1, 693k msgs/s', '2.6.25: CPUS = 2, 722k msgs/s', '2.6.25: CPUS = 4, 1.46M msgs/s']);
    expect(m.published.map((p) => p.label)).toEqual(['published']);
  });
});
