import { describe, expect, test } from 'vitest';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { sparkline, sparkMarker } from './sparkline';

describe('sparkline', () => {
  test('scales steps to the width and values to the height, y growing downwards', () => {
    const s = sparkline([0, 5, 10], [0, 5, 20], 5, 62, 22);
    expect(s.d).toBe('M1,21L31,16L61,1');
    expect(s.marker).toBe(31);
    expect(s.last).toBe(20);
  });

  test('an empty series draws nothing and marks nothing', () => {
    expect(sparkline([], [], 0, 60, 20)).toEqual({ d: '', marker: null, last: 0 });
  });

  test('sparkMarker puts the step where sparkline puts its marker', () => {
    const steps = [0, 64, 128, 200];
    for (const step of [-1, 0, 1, 63, 100, 199, 200, 201]) expect(sparkMarker(steps, step, 64)).toBe(sparkline(steps, [1, 2, 3, 4], step, 64, 16).marker);
    expect(sparkMarker([], 0, 64)).toBeNull();
    expect(sparkMarker([7], 7, 64)).toBe(sparkline([7], [1], 7, 64, 16).marker);
  });
});

describe('sparkline against d3', () => {
  /** what sparkline drew with d3's scaleLinear and line() (before it wrote the arithmetic out) */
  function withD3(steps: readonly number[], values: readonly number[], step: number, w: number, h: number) {
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

  test('the same path, marker and last value, byte for byte, on awkward series', () => {
    // a deterministic generator: uneven strides, huge and tiny values, plateaus, one-sample and two-equal-step series
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const cases: [number[], number[]][] = [
      [[7], [3]],
      [
        [5, 5],
        [0, 9],
      ],
      [
        [0, 1, 2],
        [0, 0, 0],
      ],
      [
        [0, 3, 1000001],
        [1, 2 ** 40, 7],
      ],
    ];
    for (let c = 0; c < 40; c++) {
      const n = 1 + Math.floor(rnd() * 200);
      const steps: number[] = [];
      let s = Math.floor(rnd() * 1000);
      for (let i = 0; i < n; i++) steps.push((s += 1 + Math.floor(rnd() * (c % 3 === 0 ? 7919 : 13))));
      const values = steps.map((_, i) => (c % 4 === 0 ? Math.floor(rnd() * 3) : Math.floor(rnd() * 10 ** (1 + (i % 9)))));
      cases.push([steps, values]);
    }
    let checked = 0;
    for (const [steps, values] of cases) {
      const probes = [steps[0]! - 1, steps[0]!, steps[Math.floor(steps.length / 2)]! + 1, steps.at(-1)!, steps.at(-1)! + 1];
      for (const [w, h] of [
        [64, 16],
        [62, 22],
        [3, 2],
      ] as const)
        for (const step of probes) {
          expect(sparkline(steps, values, step, w, h)).toEqual(withD3(steps, values, step, w, h));
          expect(sparkMarker(steps, step, w)).toBe(withD3(steps, values, step, w, h).marker);
          checked++;
        }
    }
    expect(checked).toBe(cases.length * 15);
  });
});
