import { describe, expect, test } from 'vitest';
import { scan_cells, scan_paths } from './name_scan';

const scan = (bits: number[], alloc: number | null) => ({ pattern: 'ifb%d', scanned: bits.length + 1, claimed: bits.length, bits, alloc, name: null });

describe('the name-scan bitmap', () => {
  test('covers whole rows of 64 up to the highest number, at most 1024', () => {
    expect(scan_cells(scan([0, 1], 2))).toBe(64);
    expect(scan_cells(scan([0, 63], 64))).toBe(128);
    expect(scan_cells(scan([5000], 0))).toBe(1024);
  });

  test('draws used and free numbers as two paths, leaving out the allocated one', () => {
    const p = scan_paths(scan([0, 2], 1), 4, 8);
    expect(p.used).toBe('M0 0h7v7h-7zM16 0h7v7h-7z');
    expect(p.free).toBe('M24 0h7v7h-7z');
  });
});
