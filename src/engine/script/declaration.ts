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
import { bad_declaration } from './errors';
import { parseExpression } from './expression';
import { isIdentChar, isIdentStart, isSpace, splitWords } from './lexer';

export type Declaration = CpusDeclaration | DurationDeclaration | TaskDeclaration | RepeatStatement;

export const DECLARATION_KEYWORDS = ['cpus', 'duration', 'warmup', 'task', 'forever'] as const;

/** The iteration count `forever` stands for: more than any simulated run executes. */
export const FOREVER = 1n << 50n;

const UNITS: readonly DurationUnit[] = ['ns', 'us', 'ms', 's'];

/** The declaration keyword `piece` starts with, or null (also for `cpus = ...`). */
export function declarationKeyword(source: string, piece: Span): (typeof DECLARATION_KEYWORDS)[number] | null {
  let e = piece.start;
  while (e < piece.end && isIdentChar(source.charCodeAt(e))) e++;
  const w = source.slice(piece.start, e);
  if (!(DECLARATION_KEYWORDS as readonly string[]).includes(w)) return null;
  if (e < piece.end && !isSpace(source.charCodeAt(e))) return null;
  let k = e;
  while (k < piece.end && isSpace(source.charCodeAt(k))) k++;
  if (k < piece.end && source.charCodeAt(k) === 61 /* = */) return null;
  return w as (typeof DECLARATION_KEYWORDS)[number];
}

/** Splits source[start, end) at the standalone word `sep`; spans of the parts (trimmed). */
function splitAtWord(source: string, start: number, end: number, sep: string): Span[] {
  const words = splitWords(source, start, end);
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

function isName(s: string): boolean {
  if (s.length === 0 || !isIdentStart(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) if (!isIdentChar(s.charCodeAt(i))) return false;
  return true;
}

function expr(source: string, span: Span, what: string, at: Span): Expression {
  if (span.end <= span.start) bad_declaration(at, `${what} is missing`);
  return parseExpression(source, span);
}

function parseCpus(source: string, piece: Span, rest: number): CpusDeclaration {
  let end = piece.end;
  let machine: string | null = null;
  let machineSpan: Span | null = null;
  const words = splitWords(source, rest, piece.end);
  const mi = words.findIndex((w) => source.slice(w.start, w.end) === 'machine');
  if (mi >= 0) {
    if (mi !== words.length - 2) bad_declaration(words[mi]!, '`machine` must be followed by one machine name at the end of the `cpus` line');
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
  if (parts.length !== 3) bad_declaration(piece, `expected ${form}`);
  const [s, c, t] = parts.map((p) => expr(source, p, `a number of ${form}`, piece)) as [Expression, Expression, Expression];
  return { type: 'CpusDeclaration', sockets: s, cores: c, threads: t, machine, machineSpan, start: piece.start, end: piece.end };
}

function parseDuration(source: string, piece: Span, rest: number, keyword: string): DurationDeclaration {
  const words = splitWords(source, rest, piece.end);
  const last = words[words.length - 1];
  const unit = last === undefined ? '' : source.slice(last.start, last.end);
  if (last === undefined || words.length < 2 || !(UNITS as readonly string[]).includes(unit)) {
    bad_declaration(piece, `expected \`${keyword} AMOUNT UNIT\` with UNIT one of ns, us, ms, s`);
  }
  return { type: 'DurationDeclaration', amount: parseExpression(source, { start: rest, end: words[words.length - 2]!.end }), unit: unit as DurationUnit, start: piece.start, end: piece.end };
}

function parseTask(source: string, piece: Span, rest: number): TaskDeclaration {
  const words = splitWords(source, rest, piece.end);
  const form = '`task NAME [x COUNT] [on CPU]`';
  const nameSpan = words[0];
  const name = nameSpan === undefined ? '' : source.slice(nameSpan.start, nameSpan.end);
  if (nameSpan === undefined || !isName(name)) bad_declaration(nameSpan ?? piece, `expected ${form}: a task needs a name`);
  const text = (w: Span) => source.slice(w.start, w.end);
  const xi = words.findIndex((w, i) => i > 0 && text(w) === 'x');
  const oi = words.findIndex((w, i) => i > 0 && text(w) === 'on');
  if ((xi < 0 && oi < 0 && words.length > 1) || (xi > 0 && xi !== 1) || (xi < 0 && oi > 0 && oi !== 1) || (xi > 0 && oi > 0 && oi < xi)) {
    bad_declaration(words[1] ?? piece, `expected ${form}`);
  }
  /** the expression in words [from, to), which must not be empty */
  const exprOf = (from: number, to: number, what: string, at: Span): Expression => {
    if (from >= to) bad_declaration(at, `${what} is missing`);
    return parseExpression(source, { start: words[from]!.start, end: words[to - 1]!.end });
  };
  const count = xi > 0 ? exprOf(xi + 1, oi > 0 ? oi : words.length, 'the COUNT after `x`', words[xi]!) : null;
  const cpu = oi > 0 ? exprOf(oi + 1, words.length, 'the CPU after `on`', words[oi]!) : null;
  return { type: 'TaskDeclaration', name, count, cpu, body: [], start: piece.start, end: piece.end, headerEnd: piece.end };
}

/** Parses a piece that declarationKeyword() recognised. Throws bad_declaration and expression errors. */
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
      if (splitWords(source, rest, piece.end).length > 0) bad_declaration(piece, 'expected `forever` alone, followed by a block');
      const count: Expression = { type: 'NumberLiteral', value: FOREVER, start: piece.start, end: piece.end };
      return { type: 'RepeatStatement', count, body: [], start: piece.start, end: piece.end, headerEnd: piece.end };
    }
  }
}
