/**
 * String literals of part 2 (msgsnd's message): the C escapes `\n \t \r \v
 * \f \a \\ \"`, `\xHH` (one or two hex digits) and octal `\0` … `\377` (one
 * to three digits), as the reference replayer reads them; every other
 * character stands for its UTF-8 bytes. And the way strace quotes bytes back,
 * which is how msgsnd's message and msgrcv's received bytes print.
 */
import type { Span } from './ast';
import { bad_string_literal } from './errors';
import { encodeUtf8 } from './bytes';

const ESCAPES: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, v: 11, f: 12, a: 7, '\\': 92, '"': 34 };
const HEX = /^[0-9A-Fa-f]{1,2}/;
const OCT = /^[0-7]{1,3}/;

/**
 * The bytes (a byte string, one char per byte) of the literal source[span]
 * (quotes included). Throws bad_string_literal for an unknown escape, a `\x`
 * without a hex digit, an octal escape above \377, or text after the closing quote.
 */
export function parseStringLiteral(source: string, span: Span): string {
  const text = source.slice(span.start, span.end);
  const body = text.slice(1, -1);
  if (text.length < 2 || text.charCodeAt(text.length - 1) !== 34 || closesEarly(body)) bad_string_literal(span, `${text} is not one string`);
  let out = '';
  let i = 0;
  while (i < body.length) {
    const at = body.indexOf('\\', i);
    if (at < 0) {
      out += encodeUtf8(body.slice(i));
      break;
    }
    out += encodeUtf8(body.slice(i, at));
    const e = body[at + 1]!;
    if (Object.hasOwn(ESCAPES, e)) {
      out += String.fromCharCode(ESCAPES[e]!);
      i = at + 2;
    } else if (e === 'x') {
      const m = HEX.exec(body.slice(at + 2));
      if (m === null) bad_string_literal(span, `\\x without a hex digit in ${text}`);
      out += String.fromCharCode(parseInt(m[0], 16));
      i = at + 2 + m[0].length;
    } else if (e >= '0' && e <= '7') {
      const m = OCT.exec(body.slice(at + 1))!;
      const v = parseInt(m[0], 8);
      if (v > 255) bad_string_literal(span, `octal escape \\${m[0]} above \\377 in ${text}`);
      out += String.fromCharCode(v);
      i = at + 1 + m[0].length;
    } else {
      bad_string_literal(span, `unknown escape \\${e} in ${text}`);
    }
  }
  return out;
}

/** Whether an unescaped `"` ends the literal before its last character. */
function closesEarly(body: string): boolean {
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return true;
  }
  return body.length > 0 && trailingBackslashes(body) % 2 === 1;
}

function trailingBackslashes(s: string): number {
  let n = 0;
  while (n < s.length && s.charCodeAt(s.length - 1 - n) === 92) n++;
  return n;
}

const NAMED: Readonly<Record<number, string>> = { 0x22: '\\"', 0x5c: '\\\\', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v' };

/**
 * strace's quoting of a byte string (without the quotes): `\"` `\\` `\f`
 * `\n` `\r` `\t` `\v`, printable ASCII as is, every other byte in octal,
 * with three digits when the next byte is an octal digit, else as few as needed.
 */
export function quoteBytes(bytes: string): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i) & 0xff;
    const named = NAMED[c];
    if (named !== undefined) out += named;
    else if (c >= 0x20 && c < 0x7f) out += bytes[i];
    else {
      const next = i + 1 < bytes.length ? bytes.charCodeAt(i + 1) : -1;
      out += '\\' + (next >= 0x30 && next <= 0x37 ? c.toString(8).padStart(3, '0') : c.toString(8));
    }
  }
  return out;
}

/** How many bytes of a received message msgrcv prints (then `...` when it returned more). */
export const RECEIVED_SHOWN = 32;

/** msgrcv's received bytes as they print after the result: nothing when every byte is zero, else the first 32 quoted, `...` when there were more. */
export function formatReceived(bytes: string | null, n: number): string {
  if (bytes === null || n <= 0 || !/[^\0]/.test(bytes)) return '';
  return ` "${quoteBytes(bytes.slice(0, RECEIVED_SHOWN))}"${n > RECEIVED_SHOWN ? '...' : ''}`;
}
