import { describe, expect, test } from 'vitest';
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
