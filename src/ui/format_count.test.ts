import { describe, expect, it } from 'vitest';
import { formatCount } from './format_count';

describe('formatCount', () => {
  it("writes what toLocaleString('en') writes", () => {
    for (const n of [0, 7, 999, 1000, 32768, 1_000_000, -4096, 2 ** 31 - 1, 1.5, 1234.5678]) expect(formatCount(n)).toBe(n.toLocaleString('en'));
    expect(formatCount(12345678901234567890n)).toBe(12345678901234567890n.toLocaleString('en'));
    expect(formatCount(32768)).toBe('32,768');
  });
});
