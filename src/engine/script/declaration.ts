/**
 * Phase 2c: the multi-CPU declarations, an extension beside the contract
 * language (docs/WORKLOAD-LANGUAGE.md, "Multi-CPU workloads"):
 *
 *     cpus 2 x 40 x 2 [machine icelake]     (or `cpus 8`: 1 socket, 8 cores, 1 thread)
 *     duration 2 ms                          (ns, us, ms or s: the measured time)
 *     warmup 1 ms                            (run before the measurement starts)
 *     task NAME [x COUNT] [on CPU] {         (a block, like a loop's)
 *     forever {                              (inside a task: loop until the duration ends)
 *
 * A piece is a declaration only when its first word is one of these
 * keywords and it is not an assignment (`cpus = msgget(...)` stays a
 * call), so every program of the contract language parses as before.
 */
import type { CpusDeclaration, DurationDeclaration, DurationUnit, Expression, RepeatStatement, Span, TaskDeclaration } from './ast';
import { isIdentifier } from './chars';
import { bad_cpus_form, bad_duration_form, bad_task_form, forever_with_arguments, misplaced_machine, missing_declaration_value, missing_task_name } from './errors';
import { parseExpression } from './expression';
import { Reader } from './reader';

export type Declaration = CpusDeclaration | DurationDeclaration | TaskDeclaration | RepeatStatement;

export const DECLARATION_KEYWORDS = ['cpus', 'duration', 'warmup', 'task', 'forever'] as const;

/** The iteration count `forever` stands for: more than any simulated run executes. */
export const FOREVER = 1n << 50n;

const UNITS: readonly DurationUnit[] = ['ns', 'us', 'ms', 's'];

/** The declaration keyword `piece` starts with, or null (also for `cpus = ...`). */
export function declarationKeyword(source: string, piece: Span): (typeof DECLARATION_KEYWORDS)[number] | null {
  const r = Reader.of(source, piece);
  const id = r.ident();
  const w = id === null ? '' : r.text(id);
  if (!(DECLARATION_KEYWORDS as readonly string[]).includes(w)) return null;
  const after = r.pos;
  if (!r.skipSpace().done && r.pos === after) return null;
  if (r.eat('=')) return null;
  return w as (typeof DECLARATION_KEYWORDS)[number];
}

/** The words of source[start, end). */
const wordsOf = (source: string, start: number, end: number): Span[] => new Reader(source, start, end).words();

/** Splits source[start, end) at the standalone word `sep`; spans of the parts (trimmed). */
function splitAtWord(source: string, start: number, end: number, sep: string): Span[] {
  const words = wordsOf(source, start, end);
  const parts: Span[] = [];
  let from: Span | null = null;
  let last: Span | null = null;
  for (const w of words) {
    if (source.slice(w.start, w.end) === sep) {
      parts.push(from === null ? { start: w.start, end: w.start } : { start: from.start, end: last!.end });
      from = null;
      continue;
    }
    from ??= w;
    last = w;
  }
  parts.push(from === null ? { start: end, end } : { start: from.start, end: last!.end });
  return parts;
}

function expr(source: string, span: Span, what: string, at: Span): Expression {
  if (span.end <= span.start) missing_declaration_value(at, what);
  return parseExpression(source, span);
}

function parseCpus(source: string, piece: Span, rest: number): CpusDeclaration {
  let end = piece.end;
  let machine: string | null = null;
  let machineSpan: Span | null = null;
  const words = wordsOf(source, rest, piece.end);
  const mi = words.findIndex((w) => source.slice(w.start, w.end) === 'machine');
  if (mi >= 0) {
    if (mi !== words.length - 2) misplaced_machine(words[mi]!);
    machineSpan = words[mi + 1]!;
    machine = source.slice(machineSpan.start, machineSpan.end);
    end = words[mi]!.start;
  }
  const parts = splitAtWord(source, rest, end, 'x');
  const form = '`cpus N` or `cpus SOCKETS x CORES x THREADS`';
  if (parts.length === 1) {
    const one: Expression = { type: 'NumberLiteral', value: 1n, start: piece.start, end: piece.start };
    return { type: 'CpusDeclaration', sockets: one, cores: expr(source, parts[0]!, `the CPU count of ${form}`, piece), threads: one, machine, machineSpan, start: piece.start, end: piece.end };
  }
  if (parts.length !== 3) bad_cpus_form(piece, form);
  const [s, c, t] = parts.map((p) => expr(source, p, `a number of ${form}`, piece)) as [Expression, Expression, Expression];
  return { type: 'CpusDeclaration', sockets: s, cores: c, threads: t, machine, machineSpan, start: piece.start, end: piece.end };
}

function parseDuration(source: string, piece: Span, rest: number, keyword: string): DurationDeclaration {
  const words = wordsOf(source, rest, piece.end);
  const last = words[words.length - 1];
  const unit = last === undefined ? '' : source.slice(last.start, last.end);
  if (last === undefined || words.length < 2 || !(UNITS as readonly string[]).includes(unit)) {
    bad_duration_form(piece, keyword);
  }
  return { type: 'DurationDeclaration', amount: parseExpression(source, { start: rest, end: words[words.length - 2]!.end }), unit: unit as DurationUnit, start: piece.start, end: piece.end };
}

function parseTask(source: string, piece: Span, rest: number): TaskDeclaration {
  const words = wordsOf(source, rest, piece.end);
  const form = '`task NAME [x COUNT] [on CPU]`';
  const nameSpan = words[0];
  const name = nameSpan === undefined ? '' : source.slice(nameSpan.start, nameSpan.end);
  if (nameSpan === undefined || !isIdentifier(name)) missing_task_name(nameSpan ?? piece, form);
  const text = (w: Span) => source.slice(w.start, w.end);
  const xi = words.findIndex((w, i) => i > 0 && text(w) === 'x');
  const oi = words.findIndex((w, i) => i > 0 && text(w) === 'on');
  if ((xi < 0 && oi < 0 && words.length > 1) || (xi > 0 && xi !== 1) || (xi < 0 && oi > 0 && oi !== 1) || (xi > 0 && oi > 0 && oi < xi)) {
    bad_task_form(words[1] ?? piece, form);
  }
  /** the expression in words [from, to), which must not be empty */
  const exprOf = (from: number, to: number, what: string, at: Span): Expression => {
    if (from >= to) missing_declaration_value(at, what);
    return parseExpression(source, { start: words[from]!.start, end: words[to - 1]!.end });
  };
  const count = xi > 0 ? exprOf(xi + 1, oi > 0 ? oi : words.length, 'the COUNT after `x`', words[xi]!) : null;
  const cpu = oi > 0 ? exprOf(oi + 1, words.length, 'the CPU after `on`', words[oi]!) : null;
  return { type: 'TaskDeclaration', name, count, cpu, body: [], start: piece.start, end: piece.end, headerEnd: piece.end };
}

/** Parses a piece that declarationKeyword() recognised. Throws the declaration errors of errors.ts and expression errors. */
export function parseDeclaration(source: string, piece: Span, keyword: (typeof DECLARATION_KEYWORDS)[number]): Declaration {
  const rest = piece.start + keyword.length;
  switch (keyword) {
    case 'cpus':
      return parseCpus(source, piece, rest);
    case 'duration':
    case 'warmup':
      return parseDuration(source, piece, rest, keyword);
    case 'task':
      return parseTask(source, piece, rest);
    case 'forever': {
      if (wordsOf(source, rest, piece.end).length > 0) forever_with_arguments(piece);
      const count: Expression = { type: 'NumberLiteral', value: FOREVER, start: piece.start, end: piece.end };
      return { type: 'RepeatStatement', count, body: [], start: piece.start, end: piece.end, headerEnd: piece.end };
    }
  }
}
