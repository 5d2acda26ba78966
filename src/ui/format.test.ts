import { describe, expect, it } from 'vitest';
import { formatNs, formatRate, formatSlope } from './format';
import { formatNs as chartsNs, formatSlope as chartsSlope } from './charts/chart_model';
import { formatNs as smpNs } from './smp/describe';
import { formatSlope as cliSlope } from '../engine/sweep_format';

describe('the page number format', () => {
  it('shows times with three significant digits and the unit that fits, from ns to s', () => {
    expect([0, 0.5, 999, 1000, 1234.5, 999_499, 999_999, 4.28e6, 67.4e9, 5000e9, -2500].map(formatNs)).toEqual([
      '0 ns',
      '0.5 ns',
      '999 ns',
      '1 µs',
      '1.23 µs',
      '999 µs',
      '1 ms',
      '4.28 ms',
      '67.4 s',
      '5000 s',
      '-2.5 µs',
    ]);
  });

  it('shows rates with an SI prefix', () => {
    expect([0.25, 12, 876_400, 1_456_000, 2.5e9].map(formatRate)).toEqual(['0.25 msgs/s', '12 msgs/s', '876k msgs/s', '1.46M msgs/s', '2.5G msgs/s']);
  });

  it('is the one formatter of the charts, the multi-CPU pictures and the CLI slope', () => {
    // these rounded differently before: 1.235 ms in the multi-CPU pictures, 1.23 ms in the charts
    expect(smpNs(1_234_567)).toBe(chartsNs(1_234_567));
    expect(chartsNs).toBe(formatNs);
    expect(chartsSlope).toBe(cliSlope);
    expect([formatSlope(null), formatSlope(1.005), formatSlope(2)]).toEqual(['-', cliSlope(1.005), '2.00']);
  });
});
