/**
 * Byte strings (one char per byte, as the engine's files and names are) to
 * and from text. Decoding is strict UTF-8 and writes each byte that is not
 * part of a valid sequence as `\xNN`, like Python's "backslashreplace",
 * which is how the reference prints file contents.
 */

const ASCII = /^[\x00-\x7f]*$/;

/** The UTF-8 bytes of `text`; a lone surrogate becomes U+FFFD. */
export function encodeUtf8(text: string): string {
  if (ASCII.test(text)) return text;
  let out = '';
  for (const ch of text) {
    let cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out += ch;
    else if (cp < 0x800) out += String.fromCharCode(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out += String.fromCharCode(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else {
      out += String.fromCharCode(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    }
  }
  return out;
}

const cont = (b: number) => b >= 0x80 && b <= 0xbf;

/** The text of a byte string. */
export function decodeUtf8(bytes: string): string {
  if (ASCII.test(bytes)) return bytes;
  const parts: string[] = [];
  const n = bytes.length;
  let from = 0;
  let i = 0;
  while (i < n) {
    const b = bytes.charCodeAt(i) & 0xff;
    if (b < 0x80) {
      i++;
      continue;
    }
    const b1 = bytes.charCodeAt(i + 1) & 0xff;
    const b2 = bytes.charCodeAt(i + 2) & 0xff;
    const b3 = bytes.charCodeAt(i + 3) & 0xff;
    let len = 0;
    let cp = 0;
    if (b >= 0xc2 && b <= 0xdf && i + 1 < n && cont(b1)) {
      len = 2;
      cp = ((b & 0x1f) << 6) | (b1 & 63);
    } else if (b >= 0xe0 && b <= 0xef && i + 2 < n && cont(b1) && cont(b2) && !(b === 0xe0 && b1 < 0xa0) && !(b === 0xed && b1 > 0x9f)) {
      len = 3;
      cp = ((b & 0x0f) << 12) | ((b1 & 63) << 6) | (b2 & 63);
    } else if (b >= 0xf0 && b <= 0xf4 && i + 3 < n && cont(b1) && cont(b2) && cont(b3) && !(b === 0xf0 && b1 < 0x90) && !(b === 0xf4 && b1 > 0x8f)) {
      len = 4;
      cp = ((b & 0x07) << 18) | ((b1 & 63) << 12) | ((b2 & 63) << 6) | (b3 & 63);
    }
    if (i > from) parts.push(bytes.slice(from, i));
    parts.push(len === 0 ? '\\x' + b.toString(16).padStart(2, '0') : String.fromCodePoint(cp));
    i += len === 0 ? 1 : len;
    from = i;
  }
  if (from < n) parts.push(bytes.slice(from));
  return parts.join('');
}
