/**
 * The seq_printf conversions of fs/seq_file.c and lib/vsprintf.c (Linux
 * 6.18) that the /proc/sysvipc and /proc/net shows use: right-aligned
 * `%<width>d/u/lu/llu/o` after a literal separator, written straight into a
 * seq_file's buffer, and a whole row of them compiled once (seq_row) and
 * printed as a copy of its zero row with the digits put in (seq_put_row).
 * seq_file.ts holds the read model these print into.
 *
 * Simplified: only those conversions; widths up to 31; no flags, no
 * precision, no left alignment.
 *
 * Glossary: sep, the literal text before a conversion; width, its minimum
 * field width; the zero row, a row's text with every value 0; fits, the
 * largest value whose digits fit a field's width.
 */
import { seq_puts, type SeqFile } from './seq_file';

/**
 * Prints `v` right-aligned in `width` (≤ 31) in base 10 or 8, after the
 * literal `sep`: one conversion of a seq_printf format, written straight
 * into the buffer. A row printed as such pieces fits or overflows exactly
 * as the one seq_printf of the kernel does (each piece must fit strictly,
 * like the whole). Return: 0, or -1 on overflow.
 */
function seq_put_num<V>(m: SeqFile<V>, sep: string, v: number, base: number, width: number): number {
  const neg = v < 0;
  let a = neg ? -v : v;
  // below 2^31 (ids, pids, times until 2038) in int32 arithmetic, which the JIT divides by a constant base without a float division
  const small = a <= 0x7fffffff;
  let digits = 1;
  if (small) for (let t = a; t >= base; t = (t / base) | 0) digits++;
  else for (let t = a; t >= base; t = Math.floor(t / base)) digits++;
  const len = neg ? digits + 1 : digits;
  const field = len > width ? len : width;
  const seplen = sep.length;
  let count = m.count;
  if (!(count < m.size && count + seplen + field < m.size)) {
    m.count = m.size;
    return -1;
  }
  const buf = m.buf;
  for (let i = 0; i < seplen; i++) buf[count++] = sep.charCodeAt(i);
  for (let i = len; i < field; i++) buf[count++] = 32;
  if (neg) buf[count++] = 45;
  const end = count + digits;
  for (let i = end - 1; i >= count; i--) {
    const q = small ? (a / base) | 0 : Math.floor(a / base);
    // the digit before the 48 is added: 48 + a rounds above 2^53 - 48
    buf[i] = 48 + (a - q * base);
    a = q;
  }
  m.count = end;
  return 0;
}

/** The number of decimal digits of 0 ≤ a < 2^31 (compares, no divisions). */
function dec_digits(a: number): number {
  if (a < 100000) return a < 100 ? (a < 10 ? 1 : 2) : a < 10000 ? (a < 1000 ? 3 : 4) : 5;
  return a < 10000000 ? (a < 1000000 ? 6 : 7) : a < 1000000000 ? (a < 100000000 ? 8 : 9) : 10;
}

/**
 * The part of a conversion before its digits: checks that `sep` and a field
 * of max(digits, width) fit (strictly, as seq_put_num), writes `sep` and the
 * padding spaces. Return: where the `digits` digits go (m.count is then set
 * past them), or -1 on overflow (the buffer is marked overflowed).
 */
function seq_put_field<V>(m: SeqFile<V>, sep: string, digits: number, width: number): number {
  const field = digits > width ? digits : width;
  const seplen = sep.length;
  let count = m.count;
  const size = m.size;
  if (!(count < size && count + seplen + field < size)) {
    m.count = size;
    return -1;
  }
  const buf = m.buf;
  for (let i = 0; i < seplen; i++) buf[count++] = sep.charCodeAt(i);
  for (let i = digits; i < field; i++) buf[count++] = 32;
  m.count = count + digits;
  return count;
}

/** `sep` then `%<width>d` / `%<width>u` / `%<width>lu` (|v| < 2^53) into the buffer: 0 or -1 on overflow. */
export function seq_put_dec<V>(m: SeqFile<V>, sep: string, v: number, width: number): number {
  // the rows' values (ids, keys ≥ 0, pids, uids, times, mostly 0): int32
  // arithmetic with the base a constant, so the JIT divides by multiplying
  if (!(v >= 0 && v <= 0x7fffffff)) return seq_put_num(m, sep, v, 10, width);
  const digits = dec_digits(v);
  const at = seq_put_field(m, sep, digits, width);
  if (at < 0) return -1;
  const buf = m.buf;
  let a = v | 0;
  for (let i = at + digits - 1; i > at; i--) {
    const q = (a / 10) | 0;
    buf[i] = 48 + a - q * 10;
    a = q;
  }
  buf[at] = 48 + a;
  return 0;
}

/** `sep` then `%<width>o` of a non-negative value into the buffer: 0 or -1 on overflow. */
export function seq_put_oct<V>(m: SeqFile<V>, sep: string, v: number, width: number): number {
  if (!(v >= 0 && v <= 0x7fffffff)) return seq_put_num(m, sep, v, 8, width);
  let digits = 1;
  for (let t = v >>> 3; t !== 0; t >>>= 3) digits++;
  const at = seq_put_field(m, sep, digits, width);
  if (at < 0) return -1;
  const buf = m.buf;
  let a = v;
  for (let i = at + digits - 1; i >= at; i--) {
    buf[i] = 48 + (a & 7);
    a >>>= 3;
  }
  return 0;
}

/**
 * A seq_printf format made of right-aligned number conversions (`%<width>d`,
 * `u`, `lu`, `llu` or `o`), each after a literal separator, then a literal
 * tail: what the /proc/sysvipc rows print. Compiled once into the row it
 * prints when every value is 0 and the index where each field ends in it,
 * so that a row of fitting values is that copy with the digits put in.
 * `values` is where a show puts the row's arguments (values[i] for the i-th
 * conversion) before seq_put_row.
 */
export interface SeqRow {
  /** the separators, one per conversion */
  seps: readonly string[];
  widths: readonly number[];
  /** 8 for `%o`, else 10 */
  bases: readonly number[];
  /** per conversion: the largest value whose digits fit its width (at most 2^31 - 1) */
  fits: readonly number[];
  /** per conversion: the index in `zero` just past its digits */
  ends: readonly number[];
  tail: string;
  /** the row of all zeros, one byte per char */
  zero: Uint8Array;
  values: Float64Array;
}

/** Compiles `format` (conversions as SeqRow says, any other text literal). Throws on any other conversion. */
export function seq_row(format: string): SeqRow {
  const seps: string[] = [];
  const widths: number[] = [];
  const bases: number[] = [];
  const conv = /%(\d+)(d|u|lu|llu|o)/g;
  let at = 0;
  for (let c = conv.exec(format); c !== null; c = conv.exec(format)) {
    seps.push(format.slice(at, c.index));
    widths.push(Number(c[1]));
    bases.push(c[2] === 'o' ? 8 : 10);
    at = c.index + c[0].length;
  }
  const tail = format.slice(at);
  if (format.replace(conv, '').includes('%')) throw new Error(`seq_row: a conversion other than %<width>d/u/lu/llu/o in ${JSON.stringify(format)}`);
  let text = '';
  const ends: number[] = [];
  for (let i = 0; i < seps.length; i++) {
    text += seps[i]! + fmt_dec(0, widths[i]!);
    ends.push(text.length);
  }
  text += tail;
  const fits = widths.map((w, i) => Math.min(bases[i]! ** w - 1, 0x7fffffff));
  const zero = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) zero[i] = text.charCodeAt(i);
  return { seps, widths, bases, fits, ends, tail, zero, values: new Float64Array(seps.length) };
}

/**
 * seq_printf(m, row's format, row.values...): 0, or -1 on overflow. When
 * every value is an integer in [0, fits] the row is the zero row with the
 * digits of the non-zero values written in (one copy, no padding loop);
 * otherwise (a negative key, a uid past its width, …) it is printed
 * conversion by conversion, which gives the same bytes. Either way it fits
 * or overflows as the one seq_printf of the kernel: a row is at least as long
 * as the zero row, so when that does not fit, neither does the last piece.
 */
export function seq_put_row<V>(m: SeqFile<V>, row: SeqRow): number {
  const values = row.values;
  const fits = row.fits;
  const n = values.length;
  const zero = row.zero;
  const count = m.count;
  const size = m.size;
  if (!(count < size && count + zero.length < size)) {
    m.count = size;
    return -1;
  }
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!(v >= 0 && v <= fits[i]! && Math.floor(v) === v)) return seq_put_row_pieces(m, row);
  }
  const buf = m.buf;
  buf.set(zero, count);
  const ends = row.ends;
  const bases = row.bases;
  for (let i = 0; i < n; i++) {
    let a = values[i]! | 0;
    if (a === 0) continue;
    let at = count + ends[i]!;
    if (bases[i] === 8) {
      for (; a !== 0; a >>>= 3) buf[--at] = 48 + (a & 7);
    } else {
      while (a !== 0) {
        const q = (a / 10) | 0;
        buf[--at] = 48 + a - q * 10;
        a = q;
      }
    }
  }
  m.count = count + zero.length;
  return 0;
}

/** seq_put_row one conversion at a time (values that do not fit the zero row's fields). */
function seq_put_row_pieces<V>(m: SeqFile<V>, row: SeqRow): number {
  const values = row.values;
  for (let i = 0; i < values.length; i++) {
    if (row.bases[i] === 8) seq_put_oct(m, row.seps[i]!, values[i]!, row.widths[i]!);
    else seq_put_dec(m, row.seps[i]!, values[i]!, row.widths[i]!);
  }
  return seq_puts(m, row.tail);
}

/** 2^53 - 1 as a bigint: below it a u64 converts to a number exactly. */
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** `sep` then `%<width>llu` of a 64-bit value held as a bigint into the buffer: 0 or -1 on overflow. */
export function seq_put_u64<V>(m: SeqFile<V>, sep: string, v: bigint, width: number): number {
  // most values (segment sizes) are small: digits written straight in, no string made
  if (v <= MAX_EXACT) return seq_put_num(m, sep, Number(v), 10, width);
  return seq_puts(m, sep + fmt_u64(v, width));
}

/** PAD[n]: n spaces (field widths here are at most 21) */
const PAD: readonly string[] = Array.from({ length: 32 }, (_, n) => ' '.repeat(n));

function pad_left(s: string, width: number): string {
  const n = width - s.length;
  return n > 0 ? PAD[n]! + s : s;
}

/** vsnprintf `%<width>d` / `%<width>u` / `%<width>lu`: right-aligned decimal (width ≤ 31). */
export function fmt_dec(v: number, width: number): string {
  return pad_left('' + v, width);
}

/** vsnprintf `%<width>llu` of a 64-bit value held as a bigint (width ≤ 31). */
export function fmt_u64(v: bigint, width: number): string {
  return pad_left(v.toString(), width);
}

/** vsnprintf `%<width>o`: right-aligned octal of a non-negative value (width ≤ 31). */
export function fmt_oct(v: number, width: number): string {
  return pad_left(v.toString(8), width);
}
