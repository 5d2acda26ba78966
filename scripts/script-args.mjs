// node:util parseArgs for the plain-JavaScript scripts (the TypeScript ones
// and the CLI use src/cli/options.ts): strict, so an unknown option, a
// missing value or an option where a value was expected is an error; that
// error and the script's usage go to stderr and the script exits 2.
import { parseArgs } from 'node:util';

/**
 * @template {import('node:util').ParseArgsConfig} T
 * @param {string} name the script's name, for the message
 * @param {string} usage its usage line
 * @param {T} config parseArgs options (args default to the command line)
 * @returns {ReturnType<typeof parseArgs<T>>}
 */
export function scriptArgs(name, usage, config) {
  try {
    return parseArgs(config);
  } catch (e) {
    console.error(`${name}: ${e instanceof Error ? e.message : String(e)}\n${usage}`);
    process.exit(2);
  }
}
