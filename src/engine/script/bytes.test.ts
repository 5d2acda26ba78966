import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeUtf8 } from './bytes';

describe('byte strings', () => {
  it('ASCII passes through unchanged both ways', () => {
    expect(encodeUtf8('ifb0 /proc/net')).toBe('ifb0 /proc/net');
    expect(decodeUtf8('32000\n')).toBe('32000\n');
  });

  it('encodeUtf8 gives one char per UTF-8 byte', () => {
    expect(encodeUtf8('é')).toBe('\xc3\xa9');
    expect(encodeUtf8('€')).toBe('\xe2\x82\xac');
    expect(encodeUtf8('😀')).toBe('\xf0\x9f\x98\x80');
    expect(encodeUtf8('a\ud800b')).toBe('a\xef\xbf\xbdb');
  });

  it('decodeUtf8 reverses encodeUtf8', () => {
    for (const s of ['é', '€uro', 'x😀y', 'ifb\u0100']) expect(decodeUtf8(encodeUtf8(s))).toBe(s);
  });

  it('decodeUtf8 writes every byte outside a valid sequence as \\xNN, like Python backslashreplace', () => {
    expect(decodeUtf8('\xff')).toBe('\\xff');
    expect(decodeUtf8('a\x80b')).toBe('a\\x80b');
    expect(decodeUtf8('\xc3')).toBe('\\xc3');
    expect(decodeUtf8('\xe2\x82')).toBe('\\xe2\\x82');
    expect(decodeUtf8('\xc0\xaf')).toBe('\\xc0\\xaf'); // overlong
    expect(decodeUtf8('\xed\xa0\x80')).toBe('\\xed\\xa0\\x80'); // surrogate
    expect(decodeUtf8('\xf4\x90\x80\x80')).toBe('\\xf4\\x90\\x80\\x80'); // above U+10FFFF
    expect(decodeUtf8('\xe0\xa0\x80')).toBe('\u0800');
  });
});
