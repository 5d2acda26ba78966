/**
 * The output a run prints, made as UTF-8 bytes in a buffer: an operation's
 * line is written piece by piece (its canonical text, ` = `, the result's
 * digits, the newline) instead of being built as a string, kept in an array
 * and joined, then encoded once more to be written out.
 *
 * A run to the end spills the buffer when it is full, so that it stays
 * small: to its sink (the command line writes the bytes as they are), or,
 * when its output is returned as text, into `texts` as decoded strings.
 * A long string (a `cat` of a large /proc file) is not copied into the
 * buffer: it goes to `texts` as it is, or to the sink encoded on its own.
 * Without either, the buffer grows.
 *
 * One step (the page asks for each operation's line) wants a string: while
 * `stepping`, putText appends to `text` instead, and so does the caller that
 * writes a line in pieces (operations.ts's putLine builds the line as one
 * string), so that no line is encoded only to be decoded back. putBytes,
 * putByte and putNumber are for bytes alone: a check in each costs the run
 * to the end, which writes most of its lines with them, 1.5% of its
 * instructions.
 */
import { decodeUtf8, encodeUtf8 } from './bytes';

export interface Output {
  bytes: Uint8Array;
  /** the bytes written in `bytes` */
  length: number;
  /** a run that returns its output as text: what was spilled, in order */
  texts: string[] | null;
  /** a run that hands its output out: where full buffers go (each chunk the sink's to keep) */
  sink: ((chunk: Uint8Array) => void) | null;
  /** one step runs: the output is made as text, in `text`, and `bytes` is not touched */
  stepping: boolean;
  /** while stepping: what the step printed */
  text: string;
}

/** The buffer's size, and so the largest chunk a sink receives. */
export const OUTPUT_CHUNK = 1 << 16;
/** Above this many UTF-16 units a string is encoded by TextEncoder rather than unit by unit. */
const NATIVE_ENCODE = 128;
/** Above this many UTF-16 units a string is spilled whole rather than copied into the buffer. */
const LONG_TEXT = 8192;
/** Above this many bytes putBytes copies with TypedArray set (a native copy) rather than byte by byte. */
const SHORT_COPY = 12;

interface Encoder {
  encode(s: string): Uint8Array;
  encodeInto(s: string, into: Uint8Array): { written: number };
}

/**
 * The host's TextEncoder and TextDecoder (Node, the page and a worker all
 * have them; the engine's lib is plain ES2022, hence the cast), or the
 * byte strings of bytes.ts without them.
 */
const host = globalThis as unknown as { TextEncoder?: new () => Encoder; TextDecoder?: new () => { decode(bytes: Uint8Array): string } };
const encoder: Encoder =
  host.TextEncoder === undefined
    ? {
        encode: (s) => Uint8Array.from(encodeUtf8(s), (c) => c.charCodeAt(0)),
        encodeInto(s, into) {
          const b = this.encode(s);
          into.set(b);
          return { written: b.length };
        },
      }
    : new host.TextEncoder();
const decoder = host.TextDecoder === undefined ? { decode: (b: Uint8Array) => decodeUtf8(Array.from(b, (c) => String.fromCharCode(c)).join('')) } : new host.TextDecoder();

export function newOutput(): Output {
  // each field is stored twice: V8 then treats it as mutable from the start, instead of
  // deoptimizing every function that took it for a constant at its first change
  const o: Output = { bytes: NO_BYTES, length: -1, texts: [], sink: null, stepping: true, text: '-' };
  o.bytes = new Uint8Array(OUTPUT_CHUNK);
  o.length = 0;
  o.texts = null;
  o.sink = (): void => {};
  o.sink = null;
  o.stepping = false;
  o.text = '';
  return o;
}

const NO_BYTES = new Uint8Array(0);

/** Hands the buffer's bytes to `texts` or the sink; false when the run has neither. */
function spill(o: Output): boolean {
  if (o.texts !== null) {
    if (o.length > 0) o.texts.push(decoder.decode(o.bytes.subarray(0, o.length)));
  } else if (o.sink !== null) {
    if (o.length > 0) o.sink(o.bytes.slice(0, o.length));
  } else return false;
  o.length = 0;
  return true;
}

/** Room for `n` more bytes: the buffer is spilled when full, or grows. */
function reserve(o: Output, n: number): void {
  if (o.length + n <= o.bytes.length) return;
  if (spill(o) && n <= o.bytes.length) return;
  let size = o.bytes.length * 2;
  while (size < o.length + n) size *= 2;
  const bytes = new Uint8Array(size);
  bytes.set(o.bytes.subarray(0, o.length));
  o.bytes = bytes;
}

/** A long text, spilled whole after what the buffer holds; false when the run spills nowhere. */
function putLong(o: Output, s: string): boolean {
  if (o.texts === null && o.sink === null) return false;
  spill(o);
  if (o.texts !== null) o.texts.push(s);
  else o.sink!(encoder.encode(s));
  return true;
}

/** Starts one step: what it prints is made as text (takeStepText reads it). */
export function startStep(o: Output): void {
  o.stepping = true;
  o.text = '';
  o.length = 0;
}

/** What the step started by startStep printed; the text is forgotten. */
export function takeStepText(o: Output): string {
  const t = o.text;
  o.text = '';
  return t;
}

/**
 * Starts a run to the end: its output spills to `sink`, or (without one)
 * into texts that `finish` joins. Forgets what the buffer held.
 */
export function startSpilling(o: Output, sink: ((chunk: Uint8Array) => void) | undefined): void {
  o.length = 0;
  o.stepping = false;
  o.text = '';
  o.sink = sink ?? null;
  o.texts = sink === undefined ? [] : null;
}

/** Ends what startSpilling started: the rest goes to the sink (and '' is returned), or the whole output is returned as text. */
export function finishSpilling(o: Output): string {
  spill(o);
  const texts = o.texts;
  o.texts = null;
  o.sink = null;
  if (o.bytes.length > OUTPUT_CHUNK) o.bytes = new Uint8Array(OUTPUT_CHUNK);
  return texts === null ? '' : texts.length === 1 ? texts[0]! : texts.join('');
}

/** Appends the UTF-8 encoding of `s` (a lone surrogate becomes U+FFFD, as Node's and the browser's encoders write it). */
export function putText(o: Output, s: string): void {
  if (o.stepping) {
    o.text += s;
    return;
  }
  const n = s.length;
  if (n > LONG_TEXT && putLong(o, s)) return;
  // at most 3 bytes per UTF-16 unit
  reserve(o, 3 * n);
  const b = o.bytes;
  let p = o.length;
  if (n > NATIVE_ENCODE) {
    o.length = p + encoder.encodeInto(s, b.subarray(p)).written;
    return;
  }
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      o.length = p + encoder.encodeInto(s.slice(i), b.subarray(p)).written;
      return;
    }
    b[p++] = c;
  }
  o.length = p;
}

/**
 * Appends ASCII bytes (a file's, which the caller checked): copied into the
 * buffer, or when long spilled whole after what it holds (decoded to
 * `texts`, or given to the sink as they are); while stepping, decoded to
 * `text`. Return: whether the sink was given them (now the sink's to keep).
 */
export function putAsciiBytes(o: Output, bytes: Uint8Array): boolean {
  if (o.stepping) o.text += decoder.decode(bytes);
  else if (bytes.length > LONG_TEXT && o.texts !== null) {
    spill(o);
    o.texts.push(decoder.decode(bytes));
  } else if (bytes.length > LONG_TEXT && o.sink !== null) {
    spill(o);
    o.sink(bytes);
    return true;
  } else putBytes(o, bytes);
  return false;
}

/** Appends bytes made by encodeText (not while stepping: see putText). */
export function putBytes(o: Output, bytes: Uint8Array): void {
  const n = bytes.length;
  reserve(o, n);
  const b = o.bytes;
  const p = o.length;
  if (n > SHORT_COPY) b.set(bytes, p);
  else for (let i = 0; i < n; i++) b[p + i] = bytes[i]!;
  o.length = p + n;
}

/** Appends one byte (ASCII: `\n`, a digit; not while stepping: see putText). */
export function putByte(o: Output, byte: number): void {
  reserve(o, 1);
  o.bytes[o.length++] = byte;
}

/** Appends the decimal digits of a whole number in [0, 2^53) (not while stepping: see putText). */
export function putNumber(o: Output, v: number): void {
  if (v < 10) return putByte(o, 48 + v);
  reserve(o, 16);
  const b = o.bytes;
  let p = o.length + digitCount(v);
  o.length = p;
  let t = v;
  // floating division while above int32
  for (; t > 0x7fffffff; t = Math.floor(t / 10)) b[--p] = 48 + (t % 10);
  // then a value typed int32 (t | 0), so that % and / are integer operations: on a value that may
  // be a double they are a call of the C library's fmod per digit (three times a line's cost)
  let u = t | 0;
  do {
    b[--p] = 48 + (u % 10);
    u = (u / 10) | 0;
  } while (u > 0);
}

/** How many decimal digits a whole number in [10, 2^53) has: compares, no division. */
function digitCount(v: number): number {
  if (v < 1e5) return v < 100 ? 2 : v < 1e3 ? 3 : v < 1e4 ? 4 : 5;
  if (v < 1e10) return v < 1e6 ? 6 : v < 1e7 ? 7 : v < 1e8 ? 8 : v < 1e9 ? 9 : 10;
  // powers of ten are exact doubles up to 1e22, and 2^53 < 1e16
  let d = 11;
  for (let t = 1e11; t <= v; t *= 10) d++;
  return d;
}

/** The UTF-8 bytes of `s`, for text written many times (a call's constant text). */
export function encodeText(s: string): Uint8Array {
  return encoder.encode(s);
}

/** The text of the bytes written since `mark` (not while stepping: a step's text is takeStepText's). */
export function textSince(o: Output, mark: number): string {
  return o.length === mark ? '' : decoder.decode(o.bytes.subarray(mark, o.length));
}
