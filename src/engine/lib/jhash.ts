/**
 * include/linux/jhash.h of Linux 4.14 … 6.18 (unchanged between them): Bob
 * Jenkins' lookup3 hash as the kernel has it, only the word-array form
 * `jhash2` that rhashtable uses for keys whose length is a multiple of 4
 * (the ipc key, a 4-byte key_t, is one word).
 *
 * Simplified: only keys of at most three words (the mixing loop for longer
 * keys, `__jhash_mix`, is not needed by any caller and not written).
 *
 * Glossary: initval = the caller's seed (rhashtable's per-table hash_rnd),
 * a, b, c = the three 32-bit state words, rol32 = rotate left.
 */

/** JHASH_INITVAL: the arbitrary starting value of the state words */
export const JHASH_INITVAL = 0xdeadbeef;

/** rotate left, on int32 values (V8 keeps them unboxed; the result is the same bits as the u32 rol32) */
function rol32(x: number, s: number): number {
  return (x << s) | (x >>> (32 - s));
}

/**
 * __jhash_final(a, b, c): seven xor/subtract/rotate rounds; the state is
 * kept as int32 (`| 0`), which has the bits of the kernel's u32 arithmetic.
 * Return: c as an unsigned number.
 */
function jhash_final(a: number, b: number, c: number): number {
  c = ((c ^ b) - rol32(b, 14)) | 0;
  a = ((a ^ c) - rol32(c, 11)) | 0;
  b = ((b ^ a) - rol32(a, 25)) | 0;
  c = ((c ^ b) - rol32(b, 16)) | 0;
  a = ((a ^ c) - rol32(c, 4)) | 0;
  b = ((b ^ a) - rol32(a, 14)) | 0;
  c = ((c ^ b) - rol32(b, 24)) | 0;
  return c >>> 0;
}

/**
 * jhash2 of `k` (1 to 3 u32 words) with seed `initval`: the state words start
 * at JHASH_INITVAL + 4·length + initval, the last words are added and
 * __jhash_final mixes them.
 * Return: the 32-bit hash as an unsigned number; an empty key returns the
 * starting value (the kernel's `case 0`).
 */
export function jhash2(k: readonly number[], initval: number): number {
  if (k.length > 3) throw new RangeError(`jhash2: keys of ${k.length} words are not modelled (at most 3)`);
  const init = (JHASH_INITVAL + (k.length << 2) + initval) | 0;
  if (k.length === 0) return init >>> 0;
  const c = k.length === 3 ? (init + k[2]!) | 0 : init;
  const b = k.length >= 2 ? (init + k[1]!) | 0 : init;
  return jhash_final((init + k[0]!) | 0, b, c);
}

/** jhash2 of one u32 word (a key_t taken as unsigned), the case rhashtable meets for ipc keys: jhash2([word], initval) without the array. */
export function jhash_1word(word: number, initval: number): number {
  const init = (JHASH_INITVAL + 4 + initval) | 0;
  return jhash_final((init + word) | 0, init, init);
}
