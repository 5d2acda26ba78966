/**
 * Phase 1 of the workload language: cutting the text into pieces, words and
 * expression tokens. Accepts exactly what the reference replayer
 * (linux-oracle/kernel_replay.py) accepts, including its rules for
 * whitespace (Python's: also \x1c-\x1f, \x85, \xa0 and the Unicode spaces)
 * and for parentheses.
 *
 * Pieces: a statement ends at a line break, or at `;` outside parentheses;
 * `{` and `}` outside parentheses are pieces of their own; `#` starts a
 * comment that runs to the end of the line; a string literal inside
 * parentheses is copied whole; `${...}` is copied whole (up
 * to the next `}`, even across lines). The parenthesis depth is counted over
 * the whole text, as the reference does: after an unbalanced `(` (possible
 * in an echo value) `;`, `{` and `}` no longer separate, but a piece that is
 * just `{` or `}` still counts as a brace.
 */
import type { Span } from './ast';
import { isDigit, isHexDigit, isIdentChar, isIdentStart, isLineBreak, isSpace } from './chars';
import { expression_too_long, invalid_octal_literal, unexpected_character, unterminated_interpolation, unterminated_string } from './errors';

export interface Piece extends Span {
  type: 'text' | '{' | '}';
}

export type ExprToken =
  { type: 'number'; value: bigint; start: number; end: number } | { type: 'name'; name: string; start: number; end: number } | { type: 'op'; op: ExprOp; start: number; end: number };
export type ExprOp = '|' | '+' | '-' | '*' | '(' | ')';

/** An expression may hold at most this many tokens (bounds the parser's and evaluator's recursion). */
export const MAX_EXPRESSION_TOKENS = 1000;

/**
 * Where a scan of a text stands: the offset of the next character to look
 * at, and the parenthesis depth of everything before it. Plain data; a
 * fresh one is `{ pos: 0, depth: 0 }`.
 */
export interface ScanCursor {
  pos: number;
  depth: number;
}

/**
 * The next statement piece or brace of `source` from `cursor` on, moving
 * the cursor past it; null at the end of the text. Pieces come in text
 * order and one at a time, so a large workload is cut without an array of
 * all its pieces. A text piece's span excludes surrounding whitespace and a
 * trailing comment.
 * Throws unterminated_interpolation for a `${` with no `}` after it.
 */
export function nextPiece(source: string, cursor: ScanCursor): Piece | null {
  const n = source.length;
  let depth = cursor.depth;
  let first = -1;
  let last = -1;
  let i = cursor.pos;
  // (no closure here: variables a closure captures live on the heap, and this loop runs per character)
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 35 /* # */) {
      while (i < n && !isLineBreak(source.charCodeAt(i))) i++;
      continue;
    }
    if (c === 36 /* $ */ && source.charCodeAt(i + 1) === 123 /* { */) {
      const close = source.indexOf('}', i);
      if (close < 0) unterminated_interpolation({ start: i, end: i + 2 });
      if (first < 0) first = i;
      last = close + 1;
      i = close + 1;
      continue;
    }
    if (isLineBreak(c) || (c === 59 /* ; */ && depth === 0)) {
      i++;
      if (first < 0) continue;
      cursor.pos = i;
      cursor.depth = depth;
      return textPiece(source, first, last);
    }
    if ((c === 123 || c === 125) && depth === 0) {
      // a piece before the brace comes first; the brace is the next call's
      if (first >= 0) {
        cursor.pos = i;
        cursor.depth = depth;
        return textPiece(source, first, last);
      }
      cursor.pos = i + 1;
      cursor.depth = depth;
      return { type: c === 123 ? '{' : '}', start: i, end: i + 1 };
    }
    if (c === 34 /* " */ && depth > 0) {
      // a string literal inside parentheses is one run of text: `#`, `;` and braces in it are bytes
      const close = stringEnd(source, i);
      if (first < 0) first = i;
      last = close;
      i = close;
      continue;
    }
    if (c === 40 /* ( */) depth++;
    else if (c === 41 /* ) */) depth--;
    if (!isSpace(c)) {
      if (first < 0) first = i;
      last = i + 1;
    }
    i++;
  }
  cursor.pos = n;
  cursor.depth = depth;
  return first < 0 ? null : textPiece(source, first, last);
}

/**
 * The offset just after the string literal that opens at source[at] (`"`):
 * a backslash takes the next character with it; the literal must end on its
 * line. Throws unterminated_string.
 */
export function stringEnd(source: string, at: number): number {
  for (let j = at + 1; j < source.length; j++) {
    const c = source.charCodeAt(j);
    if (isLineBreak(c)) break;
    if (c === 92 /* \\ */) j++;
    else if (c === 34 /* " */) return j + 1;
  }
  return unterminated_string({ start: at, end: at + 1 });
}

/** The piece source[first, last): a brace alone (possible inside parentheses) still counts as one. */
function textPiece(source: string, first: number, last: number): Piece {
  const one = last - first === 1 ? source.charCodeAt(first) : 0;
  return { type: one === 123 ? '{' : one === 125 ? '}' : 'text', start: first, end: last };
}

/**
 * Cuts `source` into statement pieces and braces, in order (nextPiece to
 * the end). Throws unterminated_interpolation.
 */
export function scan(source: string): Piece[] {
  const pieces: Piece[] = [];
  const cursor: ScanCursor = { pos: 0, depth: 0 };
  for (let p = nextPiece(source, cursor); p !== null; p = nextPiece(source, cursor)) pieces.push(p);
  return pieces;
}

/**
 * The tokens of the integer expression source[start, end): numbers
 * (decimal, 0x hex, leading-0 octal), names (`q`, `$q`, `${q}`) and the
 * operators `| + - * ( )`.
 * Throws unexpected_character, invalid_octal_literal, expression_too_long.
 */
export function tokenizeExpression(source: string, start: number, end: number): ExprToken[] {
  const tokens: ExprToken[] = [];
  let i = start;
  for (;;) {
    while (i < end && isSpace(source.charCodeAt(i))) i++;
    if (i >= end) return tokens;
    if (tokens.length === MAX_EXPRESSION_TOKENS) expression_too_long({ start, end }, MAX_EXPRESSION_TOKENS);
    const s = i;
    const c = source.charCodeAt(i);
    if (isDigit(c)) {
      const x = source.charCodeAt(i + 1);
      if (c === 48 && (x === 120 || x === 88) && i + 2 < end && isHexDigit(source.charCodeAt(i + 2))) {
        i += 2;
        while (i < end && isHexDigit(source.charCodeAt(i))) i++;
        tokens.push({ type: 'number', value: BigInt(source.slice(s, i)), start: s, end: i });
        continue;
      }
      // decimal, or octal after a leading 0; the value is summed as a double
      // while it is exact (below 2^53), so a short literal needs no string
      let octal = c === 48;
      let bad = false;
      let v = 0;
      while (i < end && isDigit(source.charCodeAt(i))) {
        const d = source.charCodeAt(i) - 48;
        if (d > 7) bad = true;
        v = v * (octal ? 8 : 10) + d;
        i++;
      }
      if (i - s === 1) octal = false;
      if (octal && bad) invalid_octal_literal({ start: s, end: i }, source.slice(s, i));
      let value: bigint;
      if (v <= Number.MAX_SAFE_INTEGER) value = BigInt(v);
      else value = octal ? BigInt('0o' + source.slice(s + 1, i)) : BigInt(source.slice(s, i));
      tokens.push({ type: 'number', value, start: s, end: i });
      continue;
    }
    if (c === 36 /* $ */) {
      const braced = source.charCodeAt(i + 1) === 123;
      let j = i + (braced ? 2 : 1);
      if (j < end && isIdentStart(source.charCodeAt(j))) {
        const nameStart = j;
        while (j < end && isIdentChar(source.charCodeAt(j))) j++;
        const nameEnd = j;
        if (!braced || (j < end && source.charCodeAt(j) === 125)) {
          i = braced ? j + 1 : j;
          tokens.push({ type: 'name', name: source.slice(nameStart, nameEnd), start: s, end: i });
          continue;
        }
      }
      unexpected_character({ start: s, end: s + 1 }, '$');
    }
    if (isIdentStart(c)) {
      while (i < end && isIdentChar(source.charCodeAt(i))) i++;
      tokens.push({ type: 'name', name: source.slice(s, i), start: s, end: i });
      continue;
    }
    const ch = source[i]!;
    if (ch === '|' || ch === '+' || ch === '-' || ch === '*' || ch === '(' || ch === ')') {
      i++;
      tokens.push({ type: 'op', op: ch, start: s, end: i });
      continue;
    }
    const cp = source.codePointAt(i)!;
    unexpected_character({ start: s, end: s + (cp > 0xffff ? 2 : 1) }, String.fromCodePoint(cp));
  }
}
