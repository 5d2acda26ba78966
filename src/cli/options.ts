/**
 * The one option parser of the command line and the scripts: `node:util`
 * `parseArgs`, run in its token mode so that every caller rejects the same
 * things with the same words. `--opt=value` and `--opt value` are one thing;
 * `--` ends the options; `-` is a positional (standard input). An option
 * that takes a value never takes the next option as it (`--kernel --costs f`
 * is "--kernel needs a value", not the kernel "--costs"); a value that starts
 * with a dash can be given inline (`--var=-x`).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

/** The values of a spec: a string option is a string (or a list when `multiple`), a boolean a boolean. */
export type OptionValues<S extends OptionSpec> = {
  [K in keyof S]?: S[K]['type'] extends 'boolean' ? boolean : S[K]['multiple'] extends true ? string[] : string;
};

export type ParsedOptions<S extends OptionSpec> = { ok: true; values: OptionValues<S>; positionals: string[] } | { ok: false; message: string };

/**
 * Parses `argv` against `spec`. Errors (the first one wins): `unknown option
 * --x`, `--x takes no value` (a boolean given `=v`), `--x needs a value`
 * (missing, or the next word is an option; for a negative number, with the
 * hint to give it inline).
 */
export function parseOptions<S extends OptionSpec>(argv: readonly string[], spec: S): ParsedOptions<S> {
  const config: ParseArgsConfig = { args: [...argv], options: spec, strict: false, allowPositionals: true, tokens: true };
  const { tokens = [], positionals } = parseArgs(config);
  const values: Record<string, string | boolean | string[]> = {};
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const def = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
    if (def === undefined) return { ok: false, message: `unknown option ${token.rawName}` };
    if (def.type === 'boolean') {
      if (token.value !== undefined) return { ok: false, message: `${token.rawName} takes no value` };
      values[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.length > 1 && value.startsWith('-'))) {
      // `--max-steps -1`: the -1 is read as an option; say how to pass it rather than only that a value is missing
      const number = value !== undefined && /^-[0-9]/.test(value);
      return { ok: false, message: `${token.rawName} needs a value${number ? ` (a value that starts with - goes inline: ${token.rawName}=${value})` : ''}` };
    }
    if (def.multiple === true) {
      const list = values[token.name];
      values[token.name] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      values[token.name] = value;
    }
  }
  return { ok: true, values: values as OptionValues<S>, positionals };
}
