/**
 * Command-line arguments of `ipcscope`, parsed into a plain description of
 * what to do. Subcommands are looked up in a table (`run`, and `sweep` from
 * sweep_args.ts).
 */
import { parseSweep, SWEEP_USAGE, type SweepCommand } from './sweep_args';
import { parsePositiveInteger } from './option_values';

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
  /** --kernel PRESET (null: the default 6.18) */
  kernel: string | null;
  /** --set NAME=VALUE, in order */
  sets: string[];
  /** --var NAME=VALUE, in order */
  vars: string[];
  /** --smp NAME=VALUE: SMP model constants (multi-CPU workloads), in order */
  smp: string[];
}

export type Command = { command: 'help' } | { command: 'version' } | { command: 'list-kernels' } | RunCommand | SweepCommand;

export type ParsedArgs = { ok: true; value: Command } | { ok: false; message: string };

export const USAGE = `Usage:
  ipcscope run [options] FILE|-   run a workload on the simulated Linux 6.18 kernel
  ipcscope sweep [options] FILE   run it for several values of a variable and kernels
  ipcscope --list-kernels         the kernel presets and switches
  ipcscope --help                 this text
  ipcscope --version              the engine version

Options of run:
  --costs               print the cost counters after the output (on stderr)
  --json                print {"output": ..., "costs": {...}} on stdout instead
  --max-steps N         stop after N steps (operations plus loop iterations; default 10000000)
  --block-timeout SEC   accepted for compatibility; a blocking call always reports EINTR
  --ipcmni-extend       boot with ipcmni_extend (24 index bits instead of 15)
  --kernel VERSION      boot an older kernel preset (see --list-kernels)
  --set NAME=VALUE      set one switch after the preset (repeatable)
  --var NAME=VALUE      define a workload variable, e.g. --var N=1024 (repeatable)
  --smp NAME=VALUE      override a constant of the multi-CPU model, e.g. --smp wake_latency=5000 (ns; repeatable)
${SWEEP_USAGE}
Exit status: 0 the workload ran to the end, 2 usage, parse or run-time error, 3 internal failure.
`;

const fail = (message: string): ParsedArgs => ({ ok: false, message });

function parseRun(args: string[]): ParsedArgs {
  const cmd: RunCommand = {
    command: 'run', file: '', costs: false, json: false, maxSteps: null, blockTimeout: null, ipcmniExtend: false,
    kernel: null, sets: [], vars: [], smp: [],
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
        const n = parsePositiveInteger(name, value());
        if (typeof n === 'string') return fail(n);
        cmd.maxSteps = n;
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
      case '--kernel':
      case '--set':
      case '--var':
      case '--smp': {
        const v = value();
        if (v === null) return fail(`${name} needs a value`);
        if (name === '--kernel') cmd.kernel = v;
        else (name === '--set' ? cmd.sets : name === '--smp' ? cmd.smp : cmd.vars).push(v);
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

const SUBCOMMANDS: Record<string, (args: string[]) => ParsedArgs> = { run: parseRun, sweep: parseSweep };

/** What `argv` (without node and the script) asks for, or a usage error message. */
export function parseArgs(argv: string[]): ParsedArgs {
  const [first, ...rest] = argv;
  if (first === undefined) return fail('no command given');
  if (first === '--help' || first === '-h' || first === 'help') return { ok: true, value: { command: 'help' } };
  if (first === '--version' || first === '-V') return { ok: true, value: { command: 'version' } };
  if (first === '--list-kernels') return { ok: true, value: { command: 'list-kernels' } };
  const sub = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
  if (sub === undefined) return fail(first.startsWith('-') ? `unknown option ${first}` : `unknown command ${first}`);
  if (rest.includes('--help') || rest.includes('-h')) return { ok: true, value: { command: 'help' } };
  return sub(rest);
}
