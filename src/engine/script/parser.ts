/**
 * Phase 2: the workload text to a Program. Statements come from
 * statement.ts; this file only nests them: a `repeat`/`for` header must be
 * followed by a `{` piece (at the end of its line or on the next one), and
 * the block runs to the matching `}`. The multi-CPU declarations
 * (declaration.ts) go to `program.smp`; a task's block is its own body.
 * programReader hands the top-level statements out one by one, for
 * workloads too large to hold as one tree (run.ts's streamWorkload).
 */
import type { LoopStatement, Program, SmpDeclarations, Statement, TaskDeclaration } from './ast';
import { declarationKeyword, parseDeclaration } from './declaration';
import {
  duplicate_declaration,
  misplaced_declaration,
  missing_block,
  missing_close_brace,
  toWorkloadError,
  unexpected_open_brace,
  unmatched_close_brace,
  WorkloadAbort,
  type WorkloadError,
} from './errors';
import { parse_defaults } from './directives';
import { isLineBreak } from './chars';
import { nextPiece, type ScanCursor } from './lexer';
import { parseStatement } from './statement';

export type ParseResult = { ok: true; program: Program } | { ok: false; error: WorkloadError };

/**
 * Parses a whole workload, its `#@default` lines (directives.ts) included:
 * they become `program.defaults`. Never throws a WorkloadAbort: the first
 * error in source order comes back as `{ ok: false, error }` (an error of
 * the lexer anywhere in the text first, as the reference cuts the whole
 * text before it parses), else the first malformed directive.
 */
export function parse(source: string): ParseResult {
  let program: Program;
  try {
    program = parseProgram(source);
  } catch (e) {
    if (e instanceof WorkloadAbort) return { ok: false, error: toWorkloadError(source, e) };
    throw e;
  }
  const d = parse_defaults(source);
  if (!d.ok) return d;
  program.defaults = d.defaults;
  return { ok: true, program };
}

export type CheckResult = { ok: true; multiCpu: boolean; multiProcess: boolean } | { ok: false; error: WorkloadError };

/**
 * What parse() would say about `source`, without keeping the tree: each
 * top-level statement is read and dropped, so a workload of a million
 * lines is checked in memory that does not grow with it. `multiCpu`: the
 * text declares CPUs, a duration or tasks; `multiProcess`: a statement has an `@NAME` prefix.
 */
export function check(source: string): CheckResult {
  const c = checker(source);
  for (;;) {
    const r = c.advance(Infinity);
    if (r !== null) return r;
  }
}

/**
 * check() a part at a time, for a page that must not block: each
 * advance(n) reads up to n more top-level statements (a block counts as
 * one, whatever it holds) and returns the verdict once the text is read,
 * null before.
 */
export function checker(source: string): { advance(statements: number): CheckResult | null } {
  const reader = programReader(source, { texts: new Map(), nested: true });
  let verdict: CheckResult | null = null;
  return {
    advance(statements) {
      if (verdict !== null) return verdict;
      try {
        for (let n = 0; n < statements; n++) {
          if (reader.next() === null) {
            const d = parse_defaults(source);
            return (verdict = d.ok ? { ok: true, multiCpu: reader.smp !== null, multiProcess: reader.multiProcess } : d);
          }
        }
        return null;
      } catch (e) {
        if (e instanceof WorkloadAbort) return (verdict = { ok: false, error: toWorkloadError(source, reader.firstError(e)) });
        throw e;
      }
    },
  };
}

/** A statement that opens a block. */
type BlockOwner = LoopStatement | TaskDeclaration;

const keyword = (owner: BlockOwner) => (owner.type === 'RepeatStatement' ? 'repeat' : owner.type === 'ForStatement' ? 'for' : 'task');

/** Like parse(), but throws the WorkloadAbort. */
export function parseProgram(source: string): Program {
  const program: Program = { type: 'Program', source, body: [], start: 0, end: source.length };
  const reader = programReader(source);
  try {
    for (let st = reader.next(); st !== null; st = reader.next()) program.body.push(st);
  } catch (e) {
    throw e instanceof WorkloadAbort ? reader.firstError(e) : e;
  }
  if (reader.smp !== null) program.smp = reader.smp;
  if (reader.multiProcess) program.multiProcess = true;
  return program;
}

/** A workload read one top-level statement at a time (parser.ts's own cursor over the text). */
export interface ProgramReader {
  /**
   * The next top-level statement, its block complete; null at the end of
   * the text. The multi-CPU declarations go to `smp` instead (a task with
   * its block). Throws the WorkloadAbort of the first error.
   */
  next(): Statement | null;
  /** the multi-CPU declarations read so far; null while there are none */
  readonly smp: SmpDeclarations | null;
  /** where the statement next() returned last starts in the text (not that statement's `start` when it was a remembered one) */
  readonly start: number;
  /** whether a statement read so far has an `@NAME` prefix */
  readonly multiProcess: boolean;
  /**
   * The error to report for `abort`, thrown by next(): a lexer error later
   * in the text comes first (the rest is cut to find one), else `abort`.
   */
  firstError(abort: WorkloadAbort): WorkloadAbort;
}

/**
 * Whether nextPiece, at the start of a line that begins with `text` and
 * ends right after it, would cut exactly `text` whatever the parenthesis
 * depth: no character that starts a comment, an interpolation or a string,
 * or that separates (`;`, braces), and parentheses that balance, so the
 * depth after it is the depth before. (`text` is a piece: it neither starts
 * nor ends with a space.)
 */
function plainText(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 35 /* # */ || c === 36 /* $ */ || c === 34 /* " */ || c === 59 /* ; */ || c === 123 || c === 125 || isLineBreak(c)) return false;
    if (c === 40 /* ( */) depth++;
    else if (c === 41 /* ) */) depth--;
  }
  return depth === 0;
}

/** How many statement texts a reader with `seen` remembers as parsing, and how long each may be. */
const SEEN_TEXTS = 4096;
const SEEN_TEXT_LENGTH = 256;

/**
 * Remembered statement texts: whether a statement parses, and its tree up
 * to the offsets, depend on its text alone. `nested`: also inside blocks
 * (check(), which only wants the verdict, then skips them).
 */
export interface SeenTexts {
  texts: Map<string, Statement>;
  nested: boolean;
}

/**
 * Reads `source` statement by statement. Nesting is handled with an
 * explicit stack, so any depth reads without recursion; a top-level
 * statement is handed out when its block closes and nothing keeps it.
 *
 * With `seen`, an operation statement whose text was read before is not
 * parsed again: it comes back as the first statement of that text, with
 * that one's offsets (`start` says where this one starts). Loop headers
 * are always parsed.
 */
export function programReader(source: string, seen: SeenTexts | null = null): ProgramReader {
  const cursor: ScanCursor = { pos: 0, depth: 0 };
  const open: BlockOwner[] = [];
  let smp: SmpDeclarations | null = null;
  let multiProcess = false;
  const inTask = () => open.length > 0 && open[0]!.type === 'TaskDeclaration';
  let start = 0;
  // the last remembered text when it is plain (see plainText), and its tree:
  // a line that repeats it is known by one comparison, without cutting it again
  let lastText: string | null = null;
  let lastSt: Statement | null = null;
  const next = (): Statement | null => {
    for (;;) {
      if (lastText !== null && (open.length === 0 || seen!.nested)) {
        const at = cursor.pos;
        const end = at + lastText.length;
        // (slice and ===, not startsWith: V8's startsWith at an offset is 2-4x slower on a long source)
        if (source.slice(at, end) === lastText && (end === source.length || isLineBreak(source.charCodeAt(end)))) {
          // what nextPiece would make of it: the same piece, the cursor past its line break, the depth unchanged
          cursor.pos = end === source.length ? end : end + 1;
          if (open.length > 0) continue;
          start = at;
          return lastSt;
        }
      }
      const piece = nextPiece(source, cursor);
      if (piece === null) {
        const unclosed = open[open.length - 1];
        if (unclosed !== undefined) missing_close_brace({ start: unclosed.start, end: unclosed.headerEnd }, keyword(unclosed));
        return null;
      }
      if (piece.type === '}') {
        const owner = open.pop();
        if (owner === undefined) unmatched_close_brace(piece);
        owner.end = piece.end;
        if (open.length === 0 && owner.type !== 'TaskDeclaration') {
          start = owner.start;
          return owner;
        }
        continue;
      }
      if (piece.type === '{') unexpected_open_brace(piece);
      const kw = declarationKeyword(source, piece);
      let st: Statement | TaskDeclaration;
      if (kw === null && seen !== null && (open.length === 0 || seen.nested) && piece.end - piece.start <= SEEN_TEXT_LENGTH) {
        const text = source.slice(piece.start, piece.end);
        const before = seen.texts.get(text);
        if (before !== undefined) {
          if (plainText(text)) {
            lastText = text;
            lastSt = before;
          }
          if (open.length > 0) continue;
          start = piece.start;
          return before;
        }
        st = parseStatement(source, piece);
        if (st.proc !== undefined) multiProcess = true;
        if (st.type !== 'RepeatStatement' && st.type !== 'ForStatement' && seen.texts.size < SEEN_TEXTS) seen.texts.set(text, st);
      } else if (kw === null) {
        st = parseStatement(source, piece);
        if (st.proc !== undefined) multiProcess = true;
      } else {
        const decl = parseDeclaration(source, piece, kw);
        if (decl.type === 'RepeatStatement') {
          if (!inTask()) misplaced_declaration(piece, 'forever', 'runs only inside a task block');
          st = decl;
        } else {
          if (open.length > 0) misplaced_declaration(piece, kw, 'must be at the top level, outside any block');
          smp ??= { cpus: null, duration: null, warmup: null, tasks: [] };
          if (decl.type === 'CpusDeclaration') {
            if (smp.cpus !== null) duplicate_declaration(piece, 'cpus');
            smp.cpus = decl;
            continue;
          }
          if (decl.type === 'DurationDeclaration') {
            const which = kw === 'warmup' ? 'warmup' : 'duration';
            if (smp[which] !== null) duplicate_declaration(piece, which);
            smp[which] = decl;
            continue;
          }
          smp.tasks.push(decl);
          st = decl;
        }
      }
      const owner = open[open.length - 1];
      if (owner !== undefined && st.type !== 'TaskDeclaration') owner.body.push(st);
      if (st.type === 'RepeatStatement' || st.type === 'ForStatement' || st.type === 'TaskDeclaration') {
        const brace = nextPiece(source, cursor);
        if (brace === null || brace.type !== '{') missing_block({ start: st.start, end: st.headerEnd }, keyword(st));
        open.push(st);
        continue;
      }
      if (owner === undefined) {
        start = st.start;
        return st;
      }
    }
  };
  return {
    next,
    get smp() {
      return smp;
    },
    get start() {
      return start;
    },
    get multiProcess() {
      return multiProcess;
    },
    firstError(abort) {
      if (abort.code === 'unterminated_interpolation') return abort;
      try {
        while (nextPiece(source, cursor) !== null);
      } catch (e) {
        if (e instanceof WorkloadAbort) return e;
        throw e;
      }
      return abort;
    },
  };
}
