import { describe, expect, it } from 'vitest';
import { fmtInt } from './smp_format';

describe('fmtInt', () => {
  it('writes what toLocaleString("en-US") writes for rounded integers, without loading ICU', () => {
    const values = [0, -0, -0.4, 0.5, 1, 9, 999, 1000, 1001, 99999, 100000, 123456, 1234567, 43369400, -1234, -999, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 1e21, NaN, Infinity, -Infinity];
    for (let i = 0; i < 200; i++) values.push(Math.floor(i ** 4.7) + i / 7);
    for (const v of values) expect(fmtInt(v), String(v)).toBe(Math.round(v).toLocaleString('en-US'));
  });
});
