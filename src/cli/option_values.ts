/** Checks of option values shared by the subcommands' argument parsers. */

/** `--max-steps` and the like: a positive safe integer, or the usage message. */
export function parsePositiveInteger(name: string, v: string | null): number | string {
  if (v === null || !/^[0-9]+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) {
    return `${name} needs a positive integer, got ${v === null ? 'nothing' : JSON.stringify(v)}`;
  }
  return Number(v);
}
