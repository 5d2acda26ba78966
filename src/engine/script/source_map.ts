/**
 * Offsets to 1-based lines and columns. A line ends at `\n`, `\r\n` or a
 * lone `\r` (a lone carriage return ends a line, as when Python reads a
 * workload file with universal newlines). Columns count UTF-16 code units
 * from 1, a tab counting as one.
 */

export interface LineColumn {
  line: number;
  column: number;
}

/** The offset at which each line starts: [0, ...]. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (source.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The line and column of `offset` (0 <= offset <= source length). */
export function lineColumn(starts: readonly number[], offset: number): LineColumn {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}
