/**
 * Text-level directives: comment lines starting `#@` that tools read and
 * the language ignores (a workload with them still runs anywhere, and on
 * the reference kernel_replay.py). This module reads `#@default`:
 *
 *   #@default N=1000            one or more NAME=INT, separated by blanks
 *   #@default N=1024 GAPS=0
 *
 * gives variables a value before the first statement, so a seed scenario
 * written for `ipcscope sweep --var N=...` also runs alone; a --var of the
 * same name overrides it. `#@measure` is sweep.ts's and is not read here.
 *
 * INT is a decimal integer, optionally negative, within ±(2^63 − 1) (the
 * language's variables are signed 64-bit). A name given twice, in one line
 * or two, is an error, as is a name of a constant (IPC_CREAT, ...: the
 * value would hide the constant from the workload), or anything else after
 * `#@default`.
 */
import { isConstantName } from './calls';
import type { ErrorCode, WorkloadError } from './errors';
import { lineColumn, lineStarts } from './source_map';

const DIRECTIVE = /^([ \t]*#[ \t]*@default)(?=[ \t]|$)/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)$/;
const INT64_MAX = (1n << 63n) - 1n;

export type DefaultsResult = { ok: true; defaults: Map<string, bigint> } | { ok: false; error: WorkloadError };

/**
 * The `#@default` values of `text`, in order of appearance.
 * Return: the map (empty without directives), or the first malformed
 * directive as an error at its offending word (1-based line and column).
 */
export function parse_defaults(text: string): DefaultsResult {
  const defaults = new Map<string, bigint>();
  if (!text.includes('@default')) return { ok: true, defaults };
  const starts = lineStarts(text);
  for (let i = 0; i < starts.length; i++) {
    const lineStart = starts[i]!;
    const lineEnd = i + 1 < starts.length ? starts[i + 1]! : text.length;
    const line = text.slice(lineStart, lineEnd).replace(/(\r\n|\n|\r)$/, '');
    const head = DIRECTIVE.exec(line);
    if (head === null) continue;
    let pos = head[1]!.length;
    let words = 0;
    for (;;) {
      while (pos < line.length && (line[pos] === ' ' || line[pos] === '\t')) pos++;
      if (pos >= line.length) break;
      let end = pos;
      while (end < line.length && line[end] !== ' ' && line[end] !== '\t') end++;
      const word = line.slice(pos, end);
      const fail = (code: ErrorCode, message: string): DefaultsResult => {
        const start = lineStart + pos;
        const { line: l, column } = lineColumn(starts, start);
        return { ok: false, error: { code, message, line: l, column, start, end: lineStart + end } };
      };
      const m = ASSIGNMENT.exec(word);
      if (m === null) return fail('bad_default', `#@default needs NAME=INTEGER, got ${JSON.stringify(word)}`);
      const value = BigInt(m[2]!);
      if (value > INT64_MAX || value < -INT64_MAX) return fail('default_out_of_range', `#@default ${m[1]}: ${m[2]} does not fit in 64 bits`);
      if (defaults.has(m[1]!)) return fail('duplicate_default', `#@default ${m[1]} is given twice`);
      if (isConstantName(m[1]!)) return fail('constant_as_variable', `\`${m[1]}\` is a constant and cannot be used as a variable`);
      defaults.set(m[1]!, value);
      words++;
      pos = end;
    }
    if (words === 0) {
      const start = lineStart + head[1]!.length;
      const { line: l, column } = lineColumn(starts, start);
      return { ok: false, error: { code: 'empty_default', message: '#@default needs at least one NAME=INTEGER', line: l, column, start, end: start } };
    }
  }
  return { ok: true, defaults };
}

/** The variables a run starts with: the directive defaults of `text`, then `overrides` (the CLI's --var) over them. */
export function initial_vars(defaults: ReadonlyMap<string, bigint>, overrides?: ReadonlyMap<string, bigint>): Map<string, bigint> {
  const vars = new Map(defaults);
  for (const [name, v] of overrides ?? []) vars.set(name, v);
  return vars;
}
