import { describe, expect, test } from 'vitest';
import { sparkline } from './sparkline';

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
});
