/**
 * Command-line arguments of `ipcscope`, parsed into a plain description of
 * what to do. Subcommands are looked up in a table, so later ones (sweep,
 * --kernel, --set, --list-kernels) slot in beside `run`.
 */

export interface RunCommand {
  command: 'run';
  /** a path, or '-' for standard input */
  file: string;
  costs: boolean;
  json: boolean;
  maxSteps: number | null;
  /** accepted for compatibility with kernel_replay.py; the engine reports EINTR for any blocking call */
  blockTimeout: number | null;
  ipcmniExtend: boolean;
}

export type Command = { command: 'help' } | { command: 'version' } | RunCommand;

export type ParsedArgs = { ok: true; value: Command } | { ok: false; message: string };

export const USAGE = `Usage:
  ipcscope run [options] FILE|-   run a workload on the simulated Linux 6.18 kernel
  ipcscope --help                 this text
  ipcscope --version              the engine version

Options of run:
  --costs               print the cost counters after the output (on stderr)
  --json                print {"output": ..., "costs": {...}} on stdout instead
  --max-steps N         stop after N steps (operations plus loop iterations; default 10000000)
  --block-timeout SEC   accepted for compatibility; a blocking call always reports EINTR
  --ipcmni-extend       boot with ipcmni_extend (24 index bits instead of 15)

Exit status: 0 the workload ran to the end, 2 usage, parse or run-time error, 3 internal failure.
`;

const fail = (message: string): ParsedArgs => ({ ok: false, message });

function parseRun(args: string[]): ParsedArgs {
  const cmd: RunCommand = {
    command: 'run', file: '', costs: false, json: false, maxSteps: null, blockTimeout: null, ipcmniExtend: false,
  };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const value = (): string | null => (eq >= 0 ? arg.slice(eq + 1) : (args[++i] ?? null));
    switch (name) {
      case '--costs':
      case '--json':
      case '--ipcmni-extend':
        if (eq >= 0) return fail(`${name} takes no value`);
        if (name === '--costs') cmd.costs = true;
        else if (name === '--json') cmd.json = true;
        else cmd.ipcmniExtend = true;
        break;
      case '--max-steps': {
        const v = value();
        if (v === null || !/^[0-9]+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) {
          return fail(`--max-steps needs a positive integer, got ${v === null ? 'nothing' : JSON.stringify(v)}`);
        }
        cmd.maxSteps = Number(v);
        break;
      }
      case '--block-timeout': {
        const v = value();
        if (v === null || !/^([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(v)) {
          return fail(`--block-timeout needs a number of seconds, got ${v === null ? 'nothing' : JSON.stringify(v)}`);
        }
        cmd.blockTimeout = Number(v);
        break;
      }
      default:
        return fail(`unknown option ${name}`);
    }
  }
  if (files.length !== 1) return fail(files.length === 0 ? 'run needs a workload FILE (or - for stdin)' : 'run takes one FILE');
  cmd.file = files[0]!;
  return { ok: true, value: cmd };
}

const SUBCOMMANDS: Record<string, (args: string[]) => ParsedArgs> = { run: parseRun };

/** What `argv` (without node and the script) asks for, or a usage error message. */
export function parseArgs(argv: string[]): ParsedArgs {
  const [first, ...rest] = argv;
  if (first === undefined) return fail('no command given');
  if (first === '--help' || first === '-h' || first === 'help') return { ok: true, value: { command: 'help' } };
  if (first === '--version' || first === '-V') return { ok: true, value: { command: 'version' } };
  const sub = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
  if (sub === undefined) return fail(first.startsWith('-') ? `unknown option ${first}` : `unknown command ${first}`);
  if (rest.includes('--help') || rest.includes('-h')) return { ok: true, value: { command: 'help' } };
  return sub(rest);
}
