/**
 * Conversion of the language's unbounded integers to the C types of system
 * call parameters, by two's complement wrapping (as a C cast does on x86_64).
 */

/** C `int` (and key_t): the value modulo 2^32, as a signed number in [-2^31, 2^31). */
export function to_int(v: bigint): number {
  if (v >= -0x80000000n && v <= 0x7fffffffn) return Number(v);
  return Number(BigInt.asIntN(32, v));
}

/** C `long`: the value modulo 2^64, signed, in [-2^63, 2^63). */
export function to_long(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

/** C `size_t`: the value modulo 2^64, unsigned, in [0, 2^64). */
export function to_size_t(v: bigint): bigint {
  return BigInt.asUintN(64, v);
}
