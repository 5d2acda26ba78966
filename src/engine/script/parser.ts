/**
 * Phase 2: the workload text to a Program. Statements come from
 * statement.ts; this file only nests them: a `repeat`/`for` header must be
 * followed by a `{` piece (at the end of its line or on the next one), and
 * the block runs to the matching `}`. Nesting is handled with an explicit
 * stack, so any depth parses without recursion.
 */
import type { LoopStatement, Program, Statement } from './ast';
import {
  missing_block, missing_close_brace, toWorkloadError, unexpected_open_brace, unmatched_close_brace,
  WorkloadAbort, type WorkloadError,
} from './errors';
import { scan } from './lexer';
import { parseStatement } from './statement';

export type ParseResult = { ok: true; program: Program } | { ok: false; error: WorkloadError };

const keyword = (loop: LoopStatement) => (loop.type === 'RepeatStatement' ? 'repeat' : 'for');

/**
 * Parses a whole workload. Never throws a WorkloadAbort: the first error in
 * source order comes back as `{ ok: false, error }`.
 */
export function parse(source: string): ParseResult {
  try {
    return { ok: true, program: parseProgram(source) };
  } catch (e) {
    if (e instanceof WorkloadAbort) return { ok: false, error: toWorkloadError(source, e) };
    throw e;
  }
}

/** Like parse(), but throws the WorkloadAbort. */
export function parseProgram(source: string): Program {
  const pieces = scan(source);
  const program: Program = { type: 'Program', source, body: [], start: 0, end: source.length };
  const open: LoopStatement[] = [];
  let body: Statement[] = program.body;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.type === '}') {
      const loop = open.pop();
      if (loop === undefined) unmatched_close_brace(piece);
      loop.end = piece.end;
      body = open.length === 0 ? program.body : open[open.length - 1]!.body;
      continue;
    }
    if (piece.type === '{') unexpected_open_brace(piece);
    const st = parseStatement(source, piece);
    body.push(st);
    if (st.type === 'RepeatStatement' || st.type === 'ForStatement') {
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
