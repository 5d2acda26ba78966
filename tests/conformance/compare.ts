/**
 * Comparator for workload outputs (the contract in tests/conformance/README.md,
 * "Columns that differ from run to run").
 *
 * An output is a list of operations: one `OP = RESULT` line each, except that
 * `cat PATH = N` and `ls -U PATH = N` own the N content lines that follow.
 * Operation lines are compared exactly.  In /proc/sysvipc/{msg,shm,sem}
 * contents the header line is compared exactly and every row token by token,
 * the volatile columns (pids and times) only as zero / non-zero.  All other
 * content is compared byte for byte.
 */

/** One executed operation of an output. */
export interface Operation {
  /** 1-based position among the operations of the output */
  number: number;
  /** the `OP = RESULT` line */
  line: string;
  /** content lines owned by a successful cat / ls -U (empty otherwise) */
  content: string[];
}

/** One disagreement between an expected and an actual output. */
export interface Difference {
  /** operation number (1-based) in the expected output; 0 for the workload as a whole (exit status) */
  operation: number;
  /** content line (1-based) inside that operation, absent for the operation line */
  contentLine?: number;
  /** what differs, e.g. "column lspid: zero vs non-zero" */
  what: string;
  expected: string;
  actual: string;
}

/** A cat / ls -U line, with the `[NAME] ` prefix of a multi-process workload's other processes. */
const OWNER = /^(?:\[[a-z][a-z0-9_]*\] )?(?:cat|ls -U) .* = (\d+)$/;

/** Columns that may differ between runs; compared as zero / non-zero only. */
const VOLATILE: Record<string, ReadonlySet<string>> = {
  msg: new Set(['lspid', 'lrpid', 'stime', 'rtime', 'ctime']),
  shm: new Set(['cpid', 'lpid', 'atime', 'dtime', 'ctime']),
  sem: new Set(['otime', 'ctime']),
};

const SYSVIPC_CAT = /^(?:\[[a-z][a-z0-9_]*\] )?cat \S*\/sysvipc\/(msg|shm|sem) = /;

/** Splits an output into operations; a short final block keeps what is there. */
export function parseOutput(text: string): Operation[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const ops: Operation[] = [];
  for (let i = 0; i < lines.length;) {
    const line = lines[i++]!;
    const owner = OWNER.exec(line);
    const n = owner ? Number(owner[1]) : 0;
    ops.push({ number: ops.length + 1, line, content: lines.slice(i, i + n) });
    i += n;
  }
  return ops;
}

function isZero(token: string): boolean {
  return /^0+$/.test(token);
}

function compareSysvipcRow(columns: string[], volatile: ReadonlySet<string>, expected: string, actual: string): string | null {
  const e = expected.trim().split(/\s+/);
  const a = actual.trim().split(/\s+/);
  if (e.length !== a.length) return `${a.length} columns instead of ${e.length}`;
  for (let k = 0; k < e.length; k++) {
    const name = columns[k] ?? `#${k + 1}`;
    if (volatile.has(name)) {
      if (isZero(e[k]!) !== isZero(a[k]!)) {
        return `column ${name}: ${isZero(e[k]!) ? 'zero' : 'non-zero'} vs ${isZero(a[k]!) ? 'zero' : 'non-zero'}`;
      }
    } else if (e[k] !== a[k]) {
      return `column ${name}: ${e[k]} vs ${a[k]}`;
    }
  }
  return null;
}

function compareContent(exp: Operation, act: Operation, out: Difference[]): void {
  const kind = SYSVIPC_CAT.exec(exp.line)?.[1];
  const columns = kind ? (exp.content[0] ?? '').trim().split(/\s+/) : [];
  const n = Math.max(exp.content.length, act.content.length);
  for (let j = 0; j < n; j++) {
    const e = exp.content[j];
    const a = act.content[j];
    const at = { operation: exp.number, contentLine: j + 1 };
    if (e === undefined || a === undefined) {
      out.push({ ...at, what: e === undefined ? 'extra line' : 'missing line', expected: e ?? '', actual: a ?? '' });
      continue;
    }
    if (e === a) continue;
    if (!kind || j === 0) {
      out.push({ ...at, what: j === 0 && kind ? 'header' : 'content', expected: e, actual: a });
      continue;
    }
    const why = compareSysvipcRow(columns, VOLATILE[kind]!, e, a);
    if (why) out.push({ ...at, what: why, expected: e, actual: a });
  }
}

/**
 * Compares two outputs.  Returns every difference found (empty when they
 * agree), in operation order; a missing or extra operation is reported once
 * and the remaining operations are still compared position by position.
 */
export function compareOutputs(expected: string, actual: string): Difference[] {
  const exp = parseOutput(expected);
  const act = parseOutput(actual);
  const out: Difference[] = [];
  for (let i = 0; i < Math.max(exp.length, act.length); i++) {
    const e = exp[i];
    const a = act[i];
    if (!e || !a) {
      out.push({
        operation: i + 1,
        what: e ? 'missing operation' : 'extra operation',
        expected: e?.line ?? '',
        actual: a?.line ?? '',
      });
      continue;
    }
    if (e.line !== a.line) out.push({ operation: e.number, what: 'operation', expected: e.line, actual: a.line });
    if (e.content.length || a.content.length) compareContent(e, a, out);
  }
  return out;
}

/** Human-readable report of differences, at most `limit` of them. */
export function formatDifferences(diffs: readonly Difference[], limit = 20): string {
  const lines: string[] = [];
  for (const d of diffs.slice(0, limit)) {
    const op = d.operation === 0 ? 'workload' : `op ${d.operation}`;
    const where = d.contentLine === undefined ? op : `${op} line ${d.contentLine}`;
    lines.push(`${where}: ${d.what}`, `  expected: ${d.expected}`, `  actual:   ${d.actual}`);
  }
  if (diffs.length > limit) lines.push(`... and ${diffs.length - limit} more differences`);
  return lines.join('\n');
}
