/**
 * Command-line arguments of `ipcscope`, parsed into a plain description of
 * what to do. Subcommands are looked up in a table (`run`, and `sweep` from
 * sweep_args.ts).
 */
import { parseSweep, SWEEP_USAGE, type SweepCommand } from './sweep_args';
import { parsePositiveInteger } from './option_values';
import { parseOptions, type OptionSpec } from './options';

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
Exit status: 0 the workload ran to the end, 1 run --expect: a call differs from its recorded result,
  2 usage, parse or run-time error (sweep: in any point), 3 internal failure, 130 interrupted (Ctrl-C).
`;

const fail = (message: string): ParsedArgs => ({ ok: false, message });

const RUN_OPTIONS = {
  costs: { type: 'boolean' },
  json: { type: 'boolean' },
  'ipcmni-extend': { type: 'boolean' },
  'max-steps': { type: 'string' },
  'block-timeout': { type: 'string' },
  kernel: { type: 'string' },
  set: { type: 'string', multiple: true },
  var: { type: 'string', multiple: true },
  smp: { type: 'string', multiple: true },
} satisfies OptionSpec;

function parseRun(args: string[]): ParsedArgs {
  const parsed = parseOptions(args, RUN_OPTIONS);
  if (!parsed.ok) return fail(parsed.message);
  const { values: o, positionals: files } = parsed;
  const cmd: RunCommand = {
    command: 'run',
    file: '',
    costs: o.costs === true,
    json: o.json === true,
    maxSteps: null,
    blockTimeout: null,
    ipcmniExtend: o['ipcmni-extend'] === true,
    kernel: o.kernel ?? null,
    sets: o.set ?? [],
    vars: o.var ?? [],
    smp: o.smp ?? [],
  };
  if (o['max-steps'] !== undefined) {
    const n = parsePositiveInteger('--max-steps', o['max-steps']);
    if (typeof n === 'string') return fail(n);
    cmd.maxSteps = n;
  }
  const timeout = o['block-timeout'];
  if (timeout !== undefined) {
    if (!/^([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(timeout)) return fail(`--block-timeout needs a number of seconds, got ${JSON.stringify(timeout)}`);
    cmd.blockTimeout = Number(timeout);
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
