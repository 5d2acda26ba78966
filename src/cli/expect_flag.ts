/** `run --expect`'s flag, taken out of the arguments before they are parsed (import.ts does the rest). */

/** Removes `--expect` from run's arguments (main.ts's hook, so args.ts needs no new option); true when it was there. */
export function takeExpectFlag(argv: string[]): boolean {
  if (argv[0] !== 'run') return false;
  const i = argv.indexOf('--expect');
  if (i < 0) return false;
  argv.splice(i, 1);
  return true;
}
