import { describe, expect, it } from 'vitest';
import { formatReceived, parseStringLiteral, quoteBytes } from './string_literal';
import { parse } from './parser';

const lit = (text: string) => parseStringLiteral(text, { start: 0, end: text.length });

describe('string literals (msgsnd messages)', () => {
  it('reads the C escapes, \\x with one or two hex digits and octal with one to three digits', () => {
    expect(lit('"a\\tb\\n\\"\\\\"')).toBe('a\tb\n"\\');
    expect(lit('"\\x1\\x41g"')).toBe('\x01Ag');
    expect(lit('"\\0\\0019\\377"')).toBe('\x00\x019\xff');
    expect(lit('"é"')).toBe('\xc3\xa9');
  });

  it('refuses unknown escapes, octal above \\377 and text after the closing quote, with the statement line', () => {
    for (const bad of ['"\\q"', '"\\400"', '"\\xg"']) expect(() => lit(bad)).toThrow(/bad string literal/);
    const r = parse('q = msgget(IPC_PRIVATE, 0)\nmsgsnd(q, 1, "a" "b", 0)');
    expect(r.ok ? null : [r.error.code, r.error.line]).toEqual(['bad_string_literal', 2]);
    const u = parse('msgsnd(0, 1, "abc, 0)');
    expect(u.ok ? null : [u.error.code, u.error.line, u.error.column]).toEqual(['unterminated_string', 1, 14]);
    const m = parse('msgrcv(0, 1, "abc", 0)');
    expect(m.ok ? null : m.error.code).toBe('misplaced_string');
  });

  it('keeps `#`, `;` and braces inside a string as bytes', () => {
    const r = parse('msgsnd(0, 1, "a;b#c{d}", 0)');
    const st = r.ok && r.program.body.length === 1 ? r.program.body[0]! : null;
    expect(st !== null && st.type === 'CallStatement' ? st.payload : null).toBe('a;b#c{d}');
  });

  it('quotes bytes as strace does: three octal digits only before an octal digit', () => {
    expect(quoteBytes('\x01\x02\x00\x019\x07\f\r\v\x1b[0m\xff\x017x\x7f0')).toBe('\\1\\2\\0\\19\\7\\f\\r\\v\\33[0m\\377\\0017x\\1770');
    expect(formatReceived('\0\0\0', 3)).toBe('');
    expect(formatReceived('0123456789abcdef0123456789ABCDEF!', 33)).toBe(' "0123456789abcdef0123456789ABCDEF"...');
  });
});
