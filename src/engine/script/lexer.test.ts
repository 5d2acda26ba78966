import { describe, expect, it } from 'vitest';
import { isSpace } from './chars';
import { scan, tokenizeExpression } from './lexer';
import { Reader } from './reader';

const pieces = (src: string) => scan(src).map((p) => (p.type === 'text' ? src.slice(p.start, p.end) : p.type));

describe('scan', () => {
  it('cuts at newlines, ; and braces outside parentheses, dropping comments', () => {
    expect(pieces('a; b # c\n  repeat 2 {x}\n')).toEqual(['a', 'b', 'repeat 2', '{', 'x', '}']);
    expect(pieces('f(1; 2)\ng(a{b)')).toEqual(['f(1; 2)', 'g(a{b)']);
  });

  it('copies ${...} whole, up to the next }', () => {
    expect(pieces('echo ${a;b}c # d;\n')).toEqual(['echo ${a;b}c']);
    expect(() => scan('echo ${a')).toThrow('`${` is never closed by `}`');
  });

  it('counts parentheses over the whole text, as the reference does', () => {
    expect(pieces('echo (\na; b\n}\n')).toEqual(['echo (', 'a; b', '}']);
    expect(scan('echo (\n}\n').map((p) => p.type)).toEqual(['text', '}']);
  });
});

describe('words and expression tokens', () => {
  it("whitespace is Python's: also \\x1c-\\x1f, \\x85, no-break and ideographic spaces, but not U+FEFF", () => {
    for (const c of [0x09, 0x0b, 0x0c, 0x1c, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x2028, 0x202f, 0x3000]) {
      expect(isSpace(c)).toBe(true);
    }
    for (const c of [0x08, 0x0e, 0x1b, 0x21, 0x84, 0x180e, 0x200b, 0xfeff]) expect(isSpace(c)).toBe(false);
    expect(new Reader(' a\x1cb\u3000 c ', 0, 8).words()).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 4 },
      { start: 6, end: 7 },
    ]);
  });

  it('numbers are 0x hex, leading-zero octal or decimal; 0x without digits is 0 then x', () => {
    const values = (s: string) => tokenizeExpression(s, 0, s.length).map((t) => (t.type === 'number' ? t.value : t.type === 'name' ? t.name : t.op));
    expect(values('0x1F 0777 0 00 42')).toEqual([31n, 511n, 0n, 0n, 42n]);
    expect(values('0x')).toEqual([0n, 'x']);
    expect(values('$q ${q} q IPC_CREAT|(-1*2)')).toEqual(['q', 'q', 'q', 'IPC_CREAT', '|', '(', '-', 1n, '*', 2n, ')']);
    expect(values('123456789012345678901234567890')).toEqual([123456789012345678901234567890n]);
  });

  it('tokens carry their spans', () => {
    expect(tokenizeExpression(' ${ab} +7', 0, 9)).toEqual([
      { type: 'name', name: 'ab', start: 1, end: 6 },
      { type: 'op', op: '+', start: 7, end: 8 },
      { type: 'number', value: 7n, start: 8, end: 9 },
    ]);
  });

  it('rejects characters outside the expression alphabet', () => {
    expect(() => tokenizeExpression('1 & 2', 0, 5)).toThrow('unexpected character `&` in an expression');
    expect(() => tokenizeExpression('${q', 0, 3)).toThrow('unexpected character `$` in an expression');
    expect(() => tokenizeExpression('09', 0, 2)).toThrow('`09` starts with 0');
  });
});
