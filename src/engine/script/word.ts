/**
 * Words with interpolations: `$NAME` and `${NAME}` (NAME = [A-Za-z_][A-Za-z0-9_]*)
 * become Interpolation parts; every other character, including a `$` that
 * starts neither form, is literal text.
 */
import type { Interpolation, Span, Word } from './ast';
import { isIdentChar, isIdentStart } from './lexer';

/** The word source[span.start, span.end). Never fails. */
export function parseWord(source: string, span: Span): Word {
  const parts: (string | Interpolation)[] = [];
  let lit = span.start;
  let i = span.start;
  while (i < span.end) {
    if (source.charCodeAt(i) !== 36 /* $ */) {
      i++;
      continue;
    }
    const braced = source.charCodeAt(i + 1) === 123;
    let j = i + (braced ? 2 : 1);
    if (j >= span.end || !isIdentStart(source.charCodeAt(j))) {
      i++;
      continue;
    }
    const nameStart = j;
    while (j < span.end && isIdentChar(source.charCodeAt(j))) j++;
    const nameEnd = j;
    if (braced) {
      if (j >= span.end || source.charCodeAt(j) !== 125) {
        i++;
        continue;
      }
      j++;
    }
    if (i > lit) parts.push(source.slice(lit, i));
    parts.push({ type: 'Interpolation', name: source.slice(nameStart, nameEnd), start: i, end: j });
    i = lit = j;
  }
  if (lit < span.end || parts.length === 0) parts.push(source.slice(lit, span.end));
  return { type: 'Word', parts, start: span.start, end: span.end };
}
