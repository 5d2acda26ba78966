/**
 * The statement-level cursor: one Reader walks one piece (the text of a
 * statement as the lexer cut it) for statement.ts, declaration.ts and
 * word.ts, so that none of them loops over characters by hand. The
 * character classes are chars.ts's.
 *
 * Glossary: a *word* is a maximal run of non-blank characters (blank =
 * Python's whitespace, as the reference splits); an *ident* is
 * `[A-Za-z_][A-Za-z0-9_]*`. Every method that reads something returns its
 * span and moves past it, or returns null and leaves the cursor where it
 * was. Spans are offsets into the whole source, never into the piece.
 */
import type { Span } from './ast';
import { isIdentChar, isIdentStart, isSpace } from './chars';
import { stringEnd } from './lexer';

export class Reader {
  /** the next offset to read; start <= pos <= end */
  pos: number;

  /** A cursor over source[start, end), at start. */
  constructor(
    readonly source: string,
    readonly start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  /** A cursor over the piece `span` of `source`. */
  static of(source: string, span: Span): Reader {
    return new Reader(source, span.start, span.end);
  }

  /** Whether nothing (not even blanks) is left. */
  get done(): boolean {
    return this.pos >= this.end;
  }

  /** The code unit at pos, or -1 at the end. */
  peek(): number {
    return this.pos < this.end ? this.source.charCodeAt(this.pos) : -1;
  }

  /** Moves past blanks; returns this, to chain. */
  skipSpace(): this {
    let i = this.pos;
    while (i < this.end && isSpace(this.source.charCodeAt(i))) i++;
    this.pos = i;
    return this;
  }

  /** The non-blank run at pos (no blanks skipped first), or null when pos is blank or at the end. */
  word(): Span | null {
    const s = this.pos;
    let i = s;
    while (i < this.end && !isSpace(this.source.charCodeAt(i))) i++;
    if (i === s) return null;
    this.pos = i;
    return { start: s, end: i };
  }

  /** Every word left, in order (blanks between them skipped). */
  words(): Span[] {
    const out: Span[] = [];
    for (let w = this.skipSpace().word(); w !== null; w = this.skipSpace().word()) out.push(w);
    return out;
  }

  /** The identifier at pos, or null. */
  ident(): Span | null {
    const s = this.pos;
    if (s >= this.end || !isIdentStart(this.source.charCodeAt(s))) return null;
    let i = s + 1;
    while (i < this.end && isIdentChar(this.source.charCodeAt(i))) i++;
    this.pos = i;
    return { start: s, end: i };
  }

  /** Moves past `ch` (one character) if it is at pos. */
  eat(ch: string): boolean {
    if (this.pos < this.end && this.source.charCodeAt(this.pos) === ch.charCodeAt(0)) {
      this.pos++;
      return true;
    }
    return false;
  }

  /**
   * The text from pos up to the next `text` (not included), moving to that
   * occurrence; null when `text` does not occur before the end (cursor kept).
   */
  until(text: string): Span | null {
    const at = this.source.indexOf(text, this.pos);
    if (at < 0 || at + text.length > this.end) return null;
    const s = this.pos;
    this.pos = at;
    return { start: s, end: at };
  }

  /**
   * The text from pos up to the next `sep` outside parentheses and braces,
   * or to the end, trimmed; stops at the `sep` (not eaten). `(` and `{`
   * open, `)` and `}` close, counted together from pos as the reference's
   * split_args does; an unbalanced closer makes the depth negative, and then
   * `sep` does not separate either. A string literal is skipped whole.
   */
  item(sep: string): Span {
    const c = sep.charCodeAt(0);
    const s = this.pos;
    let depth = 0;
    let i = s;
    for (; i < this.end; i++) {
      const x = this.source.charCodeAt(i);
      if (x === 34 /* " */) i = stringEnd(this.source, i) - 1;
      else if (x === 40 /* ( */ || x === 123 /* { */) depth++;
      else if (x === 41 /* ) */ || x === 125 /* } */) depth--;
      else if (x === c && depth === 0) break;
    }
    this.pos = i;
    return trim(this.source, s, i);
  }

  /** The rest of the piece with blanks trimmed on both sides (empty span at the end when blank); moves to the end. */
  rest(): Span {
    this.skipSpace();
    const s = this.pos;
    this.pos = this.end;
    return trim(this.source, s, this.end);
  }

  /** The text of `span`. */
  text(span: Span): string {
    return this.source.slice(span.start, span.end);
  }

  /** The span from `from` to pos. */
  span(from: number): Span {
    return { start: from, end: this.pos };
  }
}

/** source[start, end) without leading and trailing blanks (an empty span at `end` when all blank). */
export function trim(source: string, start: number, end: number): Span {
  let s = start;
  let e = end;
  while (s < e && isSpace(source.charCodeAt(s))) s++;
  while (e > s && isSpace(source.charCodeAt(e - 1))) e--;
  return { start: s, end: e };
}
