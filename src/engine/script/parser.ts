/**
 * Phase 2: the workload text to a Program. Statements come from
 * statement.ts; this file only nests them: a `repeat`/`for` header must be
 * followed by a `{` piece (at the end of its line or on the next one), and
 * the block runs to the matching `}`. Nesting is handled with an explicit
 * stack, so any depth parses without recursion. The multi-CPU declarations
 * (declaration.ts) go to `program.smp`; a task's block is its own body.
 */
import type { LoopStatement, Program, SmpDeclarations, Statement, TaskDeclaration } from './ast';
import { declarationKeyword, parseDeclaration } from './declaration';
import {
  duplicate_declaration, misplaced_declaration, missing_block, missing_close_brace, toWorkloadError, unexpected_open_brace,
  unmatched_close_brace,
  WorkloadAbort, type WorkloadError,
} from './errors';
import { parse_defaults } from './directives';
import { scan } from './lexer';
import { parseStatement } from './statement';

export type ParseResult = { ok: true; program: Program } | { ok: false; error: WorkloadError };

/**
 * Parses a whole workload, its `#@default` lines (directives.ts) included:
 * they become `program.defaults`. Never throws a WorkloadAbort: the first
 * statement error in source order comes back as `{ ok: false, error }`,
 * else the first malformed directive.
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

/** A statement that opens a block. */
type BlockOwner = LoopStatement | TaskDeclaration;

const keyword = (owner: BlockOwner) => (owner.type === 'RepeatStatement' ? 'repeat' : owner.type === 'ForStatement' ? 'for' : 'task');

/** Like parse(), but throws the WorkloadAbort. */
export function parseProgram(source: string): Program {
  const pieces = scan(source);
  const program: Program = { type: 'Program', source, body: [], start: 0, end: source.length };
  const open: BlockOwner[] = [];
  let body: Statement[] = program.body;
  let smp: SmpDeclarations | null = null;
  const inTask = () => open.length > 0 && open[0]!.type === 'TaskDeclaration';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.type === '}') {
      const owner = open.pop();
      if (owner === undefined) unmatched_close_brace(piece);
      owner.end = piece.end;
      body = open.length === 0 ? program.body : open[open.length - 1]!.body;
      continue;
    }
    if (piece.type === '{') unexpected_open_brace(piece);
    const kw = declarationKeyword(source, piece);
    let st: Statement | TaskDeclaration;
    if (kw === null) {
      st = parseStatement(source, piece);
      if (st.proc !== undefined) program.multiProcess = true;
    } else {
      const decl = parseDeclaration(source, piece, kw);
      if (decl.type === 'RepeatStatement') {
        if (!inTask()) misplaced_declaration(piece, 'forever', 'runs only inside a task block');
        st = decl;
      } else {
        if (open.length > 0) misplaced_declaration(piece, kw, 'must be at the top level, outside any block');
        smp ??= { cpus: null, duration: null, warmup: null, tasks: [] };
        program.smp = smp;
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
    if (st.type !== 'TaskDeclaration') body.push(st);
    if (st.type === 'RepeatStatement' || st.type === 'ForStatement' || st.type === 'TaskDeclaration') {
      const next = pieces[i + 1];
      if (next === undefined || next.type !== '{') missing_block({ start: st.start, end: st.headerEnd }, keyword(st));
      i++;
      open.push(st);
      body = st.body;
    }
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined) missing_close_brace({ start: unclosed.start, end: unclosed.headerEnd }, keyword(unclosed));
  return program;
}
