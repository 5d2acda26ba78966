/**
 * Reading lz-string's `compressToEncodedURIComponent` format with a bound
 * on the output. The library's own decompressor cannot be stopped early,
 * and this format can expand a few kilobytes into gigabytes (each code may
 * repeat a dictionary entry one character longer than the last), so a
 * crafted link could freeze the page before its size is ever checked.
 *
 * The format: 6-bit characters from URI_ALPHABET, read from the high bit
 * down; values are assembled low bit first. An LZW stream follows: code 0
 * or 1 brings a new 8- or 16-bit character into the dictionary, code 2 ends
 * the stream, any other code names a dictionary entry (or the entry being
 * built, when it equals the dictionary size). Codes start 3 bits wide and
 * widen by one each time the dictionary doubles.
 */

const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < URI_ALPHABET.length; i++) VALUE_OF[URI_ALPHABET.charCodeAt(i)] = i;

export type Inflated = { ok: true; text: string } | { ok: false; reason: 'corrupted' | 'truncated' | 'oversized' };

class StreamEnd extends Error {
  constructor(readonly reason: 'corrupted' | 'truncated' | 'oversized') {
    super(reason);
  }
}

/** The text `input` encodes, or why it cannot be read; never more than `maxChars` characters. */
export function decompressUriBounded(input: string, maxChars: number): Inflated {
  let index = 0;
  let value = 0;
  let mask = 0;
  const bits = (n: number): number => {
    let out = 0;
    for (let i = 0; i < n; i++) {
      if (mask === 0) {
        if (index >= input.length) throw new StreamEnd('truncated');
        let c = input.charCodeAt(index++);
        if (c === 32) c = 43; // a '+' that went through form decoding
        value = c < 128 ? VALUE_OF[c]! : -1;
        if (value < 0) throw new StreamEnd('corrupted');
        mask = 32;
      }
      if (value & mask) out |= 1 << i;
      mask >>= 1;
    }
    return out;
  };
  try {
    const dict: string[] = [];
    let dictSize = 4;
    let width = 3;
    let enlargeIn = 4;
    const first = bits(2);
    if (first === 2) return { ok: true, text: '' };
    if (first === 3) throw new StreamEnd('corrupted');
    let w = String.fromCharCode(bits(first === 0 ? 8 : 16));
    dict[3] = w;
    const out = [w];
    let total = 1;
    for (;;) {
      let code = bits(width);
      if (code === 2) return { ok: true, text: out.join('') };
      if (code < 2) {
        dict[dictSize++] = String.fromCharCode(bits(code === 0 ? 8 : 16));
        code = dictSize - 1;
        if (--enlargeIn === 0) enlargeIn = 1 << width++;
      }
      let entry: string;
      if (code < dictSize && dict[code] !== undefined) entry = dict[code]!;
      else if (code === dictSize) entry = w + w.charAt(0);
      else throw new StreamEnd('corrupted');
      total += entry.length;
      if (total > maxChars) throw new StreamEnd('oversized');
      out.push(entry);
      dict[dictSize++] = w + entry.charAt(0);
      w = entry;
      if (--enlargeIn === 0) enlargeIn = 1 << width++;
    }
  } catch (e) {
    if (e instanceof StreamEnd) return { ok: false, reason: e.reason };
    throw e;
  }
}
