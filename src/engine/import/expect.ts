/**
 * `# expect: RESULT` annotations (written by strace.ts, or by hand) checked
 * against a run's output: which calls the model answered differently from
 * the recording. Pure, kernel-free: it reads the workload text and the
 * contract output of docs/WORKLOAD-LANGUAGE.md.
 *
 * A workload with expectations is flat: one statement per line, no blocks
 * and no `;` (what the importer writes), so the k-th statement line prints
 * the k-th operation line; a call that sleeps (`<unfinished ...>`) gets its
 * result from its process's later `<... NAME resumed>` line.
 *
 * Compared: the return value, or `-1` and the errno name; what follows it
 * (strerror's text, GETALL's values, received bytes) is not. The volatile
 * values are symbolic on both sides: `ADDR(k)` for attach addresses,
 * `pid(NAME)` for pids. `<unfinished ...>` expects a call that never
 * returned: still asleep when its process was killed, or interrupted at the
 * end of the workload (EINTR).
 */

export interface Expectation {
  /** 1-based workload line */
  line: number;
  proc: string;
  /** `= 0`, `= -1 EINVAL`, `<unfinished ...>`; null: the statement has none */
  expect: string | null;
}

export interface Difference {
  line: number;
  expected: string;
  /** what the model printed (normalised), or `not run` when the run stopped before it */
  actual: string;
}

export interface ExpectReport {
  /** statements with an expectation */
  checked: number;
  differences: Difference[];
  /** statements with an expectation the run never reached (it stopped at an error) */
  notRun: number;
}

const EXPECT = /#\s*expect:\s*(= -?[^\s#]+(?: E[A-Z0-9]+)?|<unfinished \.\.\.>)/;
const PROC = /^\s*@([a-z][a-z0-9_]*)\s/;

/** The statements of a flat workload (lines ending as the language's do: LF, CRLF or a lone CR) with their expectations, or where (1-based line and column) the first one that is not flat has its block or `;`. */
export function readExpectations(workload: string): { ok: true; statements: Expectation[] } | { ok: false; line: number; column: number; message: string } {
  const statements: Expectation[] = [];
  const lines = workload.split(/\r\n?|\n/);
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    const hash = commentStart(text);
    const code = (hash < 0 ? text : text.slice(0, hash)).trim();
    if (code === '') continue;
    const top = topLevelAt(hash < 0 ? text : text.slice(0, hash));
    if (top >= 0) return { ok: false, line: i + 1, column: top + 1, message: '--expect needs one statement per line, without blocks or `;`' };
    const m = hash < 0 ? null : EXPECT.exec(text.slice(hash));
    statements.push({ line: i + 1, proc: PROC.exec(code)?.[1] ?? 'main', expect: m === null ? null : m[1]! });
  }
  return { ok: true, statements };
}

/** Where `code` has a `{`, `}` or `;` outside parentheses and strings (a block or several statements; sembufs are inside a call), or -1. */
function topLevelAt(code: string): number {
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"') for (i++; i < code.length && code[i] !== '"'; i++) if (code[i] === '\\') i++;
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && (c === '{' || c === '}' || c === ';')) return i;
  }
  return -1;
}

/** Where the comment of a line starts (a `#` outside a string), or -1. */
function commentStart(text: string): number {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '#') return i;
  }
  return -1;
}

const RESUMED = /^(?:\[([a-z][a-z0-9_]*)\] )?<\.\.\. [a-z_]+ resumed> (.*)$/;
const OWNER = /^\[([a-z][a-z0-9_]*)\] /;

/** `= 4 "abc"` → `= 4`, `= -1 EINVAL (Invalid argument)` → `= -1 EINVAL`. */
export function normaliseResult(text: string): string {
  const m = /^= (-1 E[A-Z0-9]+|\S+?)(?=$|\s)/.exec(text.trim());
  return m === null ? text.trim() : `= ${m[1]}`;
}

/** The result part of an operation line: after the call's closing parenthesis (strings skipped). */
function resultOf(line: string): string {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return line.slice(i + 1).trim();
  }
  const eq = line.lastIndexOf(' = ');
  return eq < 0 ? line : line.slice(eq + 1);
}

/**
 * The statements of `workload` whose result in `output` (a run of it)
 * differs from their expectation. `stopped`: the run ended at an error, so
 * statements it did not reach count as not run, not as differences.
 */
export function compareExpectations(workload: string, output: string, stopped: boolean): ExpectReport | { error: string; line: number } {
  const read = readExpectations(workload);
  if (!read.ok) return { error: read.message, line: read.line };
  const actual: (string | null)[] = read.statements.map(() => null);
  const asleep = new Map<string, number>();
  let next = 0;
  let end = output.length;
  if (end > 0 && output[end - 1] === '\n') end--;
  const lines = end === 0 ? [] : output.slice(0, end).split('\n');
  for (const line of lines) {
    const resumed = RESUMED.exec(line);
    if (resumed !== null) {
      const who = resumed[1] ?? 'main';
      const k = asleep.get(who);
      if (k !== undefined) {
        asleep.delete(who);
        actual[k] = normaliseResult(resumed[2]!);
      }
      continue;
    }
    if (next >= read.statements.length) continue;
    const st = read.statements[next]!;
    const owner = OWNER.exec(line)?.[1] ?? 'main';
    if (owner !== st.proc && !(st.proc === 'main' && owner === 'main')) continue; // e.g. content lines of cat
    next++;
    const result = resultOf(line.slice(owner === 'main' ? 0 : owner.length + 3));
    if (result.endsWith('<unfinished ...>')) {
      asleep.set(owner, next - 1);
      actual[next - 1] = '<unfinished ...>';
    } else actual[next - 1] = normaliseResult(result);
  }
  const differences: Difference[] = [];
  let checked = 0;
  let notRun = 0;
  read.statements.forEach((st, k) => {
    if (st.expect === null) return;
    checked++;
    const got = actual[k];
    if (got === null || got === undefined) {
      if (stopped) notRun++;
      else differences.push({ line: st.line, expected: st.expect, actual: 'not run' });
      return;
    }
    if (!matches(st.expect, got)) differences.push({ line: st.line, expected: st.expect, actual: got });
  });
  return { checked, differences, notRun };
}

function matches(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  // a call the program never saw return: asleep at its kill, or interrupted when the workload ended
  return expected === '<unfinished ...>' && actual === '= -1 EINTR';
}

/** The report as text: one `!!` line per difference, then the count. */
export function formatExpectReport(r: ExpectReport, where: (line: number) => string = (l) => `line ${l}`): string {
  let s = '';
  for (const d of r.differences) s += `!! ${where(d.line)}: strace ${d.expected}, model ${d.actual}\n`;
  const n = r.differences.length;
  s += `== ${n} of ${r.checked} call${r.checked === 1 ? '' : 's'} differ${n === 1 ? 's' : ''} from the recorded result${r.notRun > 0 ? `; ${r.notRun} not run (the run stopped at an error)` : ''}\n`;
  return s;
}
