/**
 * The two panes' consoles as one diff: the records of both windows lined
 * up by operation number, each row marked same or different. Pure.
 */
import type { OpRecord } from '../../session/op_record';

export interface DiffRow {
  op: number;
  /** the record's lines on each side (null: that pane's window does not hold the operation) */
  left: string[] | null;
  right: string[] | null;
  same: boolean;
}

const linesOf = (r: OpRecord | undefined) => (r === undefined ? null : r.omitted > 0 ? [...r.lines, `… ${r.omitted.toLocaleString('en')} more lines`] : r.lines);

/** One row per operation in either window, in order. */
export function diffRecords(left: readonly OpRecord[], right: readonly OpRecord[]): DiffRow[] {
  const l = new Map(left.map((r) => [r.op, r]));
  const r = new Map(right.map((x) => [x.op, x]));
  const ops = [...new Set([...l.keys(), ...r.keys()])].sort((a, b) => a - b);
  return ops.map((op) => {
    const a = linesOf(l.get(op));
    const b = linesOf(r.get(op));
    return { op, left: a, right: b, same: a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]) };
  });
}
