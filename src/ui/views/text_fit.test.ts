import { describe, expect, it } from 'vitest';
import { abbreviate, charsIn, fitText, MIN_FONT_PX, textWidth, wrapText } from './text_fit';

describe('text_fit', () => {
  it('measures monospace text by its length', () => {
    expect(textWidth('abcd', 10)).toBeCloseTo(24.8);
    expect(charsIn(textWidth('x'.repeat(12)) + 0.1)).toBe(12);
    expect(charsIn(-5)).toBe(0);
  });

  it('picks the longest wording that fits, or none', () => {
    const v = ['node 12 · idx 0–63 · 5 used', 'node 12 · 5 used', '12'];
    expect(fitText(v, 1000)).toBe(v[0]);
    expect(fitText(v, textWidth(v[1]!))).toBe(v[1]);
    expect(fitText(v, textWidth('12'))).toBe('12');
    expect(fitText(v, 5)).toBe('');
  });

  it('abbreviates around an ellipsis, keeping a trailing number', () => {
    expect(abbreviate('dev25', 5)).toBe('dev25');
    expect(abbreviate('ifb125', 5)).toBe('if…25');
    expect(abbreviate('dev_snmp6', 6)).toBe('dev_…6');
    expect(abbreviate('abcdefgh', 5)).toBe('ab…gh');
    expect(abbreviate('abcdefgh', 2)).toBe('');
    for (let max = 3; max < 10; max++) expect(abbreviate('netdevice12345', max).length).toBeLessThanOrEqual(max);
  });

  it('folds text into lines that fit and read back as the text', () => {
    const t = '12 read() calls · start 3 · next 40 · show 40 · stop 3 · IDR lookups 1,234';
    const w = textWidth('x'.repeat(30));
    const lines = wrapText(t, w);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(t);
    for (const l of lines) expect(textWidth(l.trimEnd(), MIN_FONT_PX)).toBeLessThanOrEqual(w);
    expect(wrapText('short', 1000)).toEqual(['short']);
    expect(wrapText('', 100)).toEqual(['']);
    // a word longer than a line is cut
    expect(wrapText('a'.repeat(25), textWidth('x'.repeat(10)))).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(5)]);
  });
});
