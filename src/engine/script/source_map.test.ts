import { describe, expect, it } from 'vitest';
import { lineColumn, lineStarts } from './source_map';

describe('source positions', () => {
  it('lines end at \\n, \\r\\n and a lone \\r', () => {
    expect(lineStarts('a\nb\r\nc\rd')).toEqual([0, 2, 5, 7]);
    expect(lineStarts('')).toEqual([0]);
  });

  it('lineColumn is 1-based, columns counting characters from the line start', () => {
    const starts = lineStarts('ab\n\tcd\r\nef');
    expect(lineColumn(starts, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(starts, 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumn(starts, 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn(starts, 5)).toEqual({ line: 2, column: 3 });
    expect(lineColumn(starts, 8)).toEqual({ line: 3, column: 1 });
    expect(lineColumn(starts, 10)).toEqual({ line: 3, column: 3 });
  });
});
