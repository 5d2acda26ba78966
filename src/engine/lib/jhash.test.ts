import { describe, expect, it } from 'vitest';
import { JHASH_INITVAL, jhash2, jhash_1word } from './jhash';

/**
 * Values printed by include/linux/jhash.h of 4.14.177 itself, compiled
 * with gcc on the host (u32 keys and seeds as the kernel takes them).
 */
const KERNEL_VALUES: [number, number, number][] = [
  [0, 0, 76781240],
  [0, 1, 3651735687],
  [0, 0xdeadbeef, 4195302278],
  [0, 123456789, 2417662297],
  [1, 0, 1923623579],
  [1, 0xdeadbeef, 3281235730],
  [0x424242, 0, 2300125617],
  [0x424242, 1, 3819077020],
  [0x424242, 123456789, 1338054811],
  [0x424243, 0, 980741747],
  [0x424243, 0xdeadbeef, 3574183486],
  [0xffffffff, 0, 2601633627],
  [0xffffffff, 123456789, 2639007105],
  [12345, 1, 1334897772],
];

describe('jhash2', () => {
  it('hashes one word as the kernel does, for keys and seeds across the u32 range', () => {
    for (const [k, seed, h] of KERNEL_VALUES) expect([k, seed, jhash_1word(k, seed)]).toEqual([k, seed, h]);
  });

  it('hashes two and three words as the kernel does', () => {
    expect(jhash2([1, 2], 7)).toBe(2045805855);
    expect(jhash2([1, 2, 3], 7)).toBe(4225110701);
  });

  it('takes a negative key_t as its unsigned bit pattern', () => {
    expect(jhash_1word(-1, 0)).toBe(jhash_1word(0xffffffff, 0));
  });

  it('returns the starting value for an empty key and refuses keys it does not model', () => {
    expect(jhash2([], 0)).toBe(JHASH_INITVAL);
    expect(() => jhash2([1, 2, 3, 4], 0)).toThrow(/at most 3/);
  });
});
