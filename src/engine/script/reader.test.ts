import { describe, expect, it } from 'vitest';
import { Reader, trim } from './reader';

describe('Reader, the statement cursor', () => {
  it('reads words and identifiers as spans of the whole source, moving past them', () => {
    const src = 'xx  q = msgget(1)\u3000 y';
    const r = new Reader(src, 2, src.length);
    expect(r.word()).toBe(null);
    expect(r.skipSpace().ident()).toEqual({ start: 4, end: 5 });
    expect(r.skipSpace().eat('=')).toBe(true);
    expect(r.skipSpace().ident()).toEqual({ start: 8, end: 14 });
    expect(r.eat(')')).toBe(false);
    expect(r.word()).toEqual({ start: 14, end: 17 });
    expect(r.words()).toEqual([{ start: 19, end: 20 }]);
    expect(r.done).toBe(true);
  });

  it('ident refuses a leading digit and leaves the cursor where it was', () => {
    const r = new Reader('9cpus', 0, 5);
    expect(r.ident()).toBe(null);
    expect(r.pos).toBe(0);
  });

  it('until stops at the next occurrence inside the piece only', () => {
    const src = 'a$b$ | $c';
    const r = new Reader(src, 0, 5);
    expect(r.until('$')).toEqual({ start: 0, end: 1 });
    r.pos++;
    expect(r.until('$')).toEqual({ start: 2, end: 3 });
    r.pos++;
    expect(r.until('$')).toBe(null);
    expect(r.pos).toBe(4);
  });

  it('item splits at a separator outside parentheses only, trimmed, and counts depth across items', () => {
    const src = ' a , f(b, c) ,) , d';
    const r = new Reader(src, 0, src.length);
    const items = [r.item(',')];
    while (r.eat(',')) items.push(r.item(','));
    expect(items.map((s) => src.slice(s.start, s.end))).toEqual(['a', 'f(b, c)', ') , d']);
  });

  it('rest and trim drop blanks on both sides; an all-blank text is an empty span at its end', () => {
    expect(new Reader(' \t ab c \x1c', 0, 9).rest()).toEqual({ start: 3, end: 7 });
    expect(trim('x   ', 1, 4)).toEqual({ start: 4, end: 4 });
  });
});
