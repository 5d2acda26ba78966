/**
 * Words with interpolations: `$NAME` and `${NAME}` (NAME = [A-Za-z_][A-Za-z0-9_]*)
 * become Interpolation parts; every other character, including a `$` that
 * starts neither form, is literal text.
 */
import type { Interpolation, Span, Word } from './ast';
import { Reader } from './reader';

/** The word source[span.start, span.end). Never fails. */
export function parseWord(source: string, span: Span): Word {
  const parts: (string | Interpolation)[] = [];
  const r = Reader.of(source, span);
  let lit = span.start;
  while (r.until('$') !== null) {
    const dollar = r.pos++;
    const braced = r.eat('{');
    const name = r.ident();
    if (name === null || (braced && !r.eat('}'))) {
      r.pos = dollar + 1;
      continue;
    }
    if (dollar > lit) parts.push(source.slice(lit, dollar));
    parts.push({ type: 'Interpolation', name: r.text(name), start: dollar, end: r.pos });
    lit = r.pos;
  }
  if (lit < span.end || parts.length === 0) parts.push(source.slice(lit, span.end));
  return { type: 'Word', parts, start: span.start, end: span.end };
}
