/**
 * The character classes of the workload language, defined once for the
 * lexer and the statement cursor (reader.ts). Whitespace is Python's
 * str.isspace(), which is what the reference replayer
 * (linux-oracle/kernel_replay.py) splits on: also \x1c-\x1f, \x85, \xa0 and
 * the Unicode spaces. All take a UTF-16 code unit.
 */

/** Python's str.isspace(), which is also what `\s` and str.split() use in the reference. */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

export function isLineBreak(c: number): boolean {
  return c === 10 || c === 13;
}

export const isDigit = (c: number) => c >= 48 && c <= 57;
export const isHexDigit = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** `[A-Za-z_]` */
export const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** `[A-Za-z0-9_]` */
export const isIdentChar = (c: number) => isIdentStart(c) || isDigit(c);

/** Whether all of `s` is one identifier, `[A-Za-z_][A-Za-z0-9_]*`. */
export function isIdentifier(s: string): boolean {
  if (s.length === 0 || !isIdentStart(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) if (!isIdentChar(s.charCodeAt(i))) return false;
  return true;
}
