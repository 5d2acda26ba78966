/**
 * The arguments of `ipcscope sweep FILE --var N=1024,2048 [--kernel A
 * --kernel B] [--set x=a,b] [--smp NAME=V] [--csv|--json] [--max-steps N]
 * [--jobs N]`.
 */
import type { ParsedArgs } from './args';
import { parsePositiveInteger } from './option_values';
import { parseOptions, type OptionSpec } from './options';

export interface SweepCommand {
  command: 'sweep';
  file: string;
  /** --var NAME=V1,V2,... (one swept list, the others constants) */
  vars: string[];
  /** --kernel PRESET, each a series (none: the default) */
  kernels: string[];
  /** --set NAME=A,B,...: every value makes a series (cartesian product) */
  sets: string[];
  /** --smp NAME=VALUE: a constant of the multi-CPU model (smp/constants.ts) */
  smp: string[];
  format: 'table' | 'csv' | 'json';
  maxSteps: number | null;
  /** --jobs N: points run at once, each on its own thread (null: one per core) */
  jobs: number | null;
}

export const SWEEP_USAGE = `
Options of sweep:
  --var N=V1,V2,...     the variable and its values (one may list several; others are constants)
  --kernel VERSION      a kernel preset to compare (repeatable; default 6.18)
  --set NAME=A[,B...]   a switch, each value its own series (repeatable)
  --smp NAME=VALUE      multi-CPU workloads: replace a constant of the machine (repeatable)
  --csv | --json        print CSV or JSON instead of the table
  --max-steps N         step budget of each run (default: none)
  --jobs N              points run at once, each on its own thread (default: one per core)
  Only the lines after a "#@measure" comment are measured, when the workload has one.
`;

const fail = (message: string): ParsedArgs => ({ ok: false, message });

const SWEEP_OPTIONS = {
  csv: { type: 'boolean' },
  json: { type: 'boolean' },
  var: { type: 'string', multiple: true },
  kernel: { type: 'string', multiple: true },
  set: { type: 'string', multiple: true },
  smp: { type: 'string', multiple: true },
  'max-steps': { type: 'string' },
  jobs: { type: 'string' },
} satisfies OptionSpec;

export function parseSweep(args: string[]): ParsedArgs {
  const parsed = parseOptions(args, SWEEP_OPTIONS);
  if (!parsed.ok) return fail(parsed.message);
  const { values: o, positionals: files } = parsed;
  if (o.csv === true && o.json === true) return fail('give only one of --csv and --json');
  const cmd: SweepCommand = {
    command: 'sweep',
    file: '',
    vars: o.var ?? [],
    kernels: o.kernel ?? [],
    sets: o.set ?? [],
    smp: o.smp ?? [],
    format: o.csv === true ? 'csv' : o.json === true ? 'json' : 'table',
    maxSteps: null,
    jobs: null,
  };
  if (o['max-steps'] !== undefined) {
    const n = parsePositiveInteger('--max-steps', o['max-steps']);
    if (typeof n === 'string') return fail(n);
    cmd.maxSteps = n;
  }
  if (o.jobs !== undefined) {
    const n = parsePositiveInteger('--jobs', o.jobs);
    if (typeof n === 'string') return fail(n);
    cmd.jobs = n;
  }
  if (files.length !== 1) return fail(files.length === 0 ? 'sweep needs a workload FILE (or - for stdin)' : 'sweep takes one FILE');
  if (cmd.vars.length === 0) return fail('sweep needs --var NAME=V1,V2,...');
  cmd.file = files[0]!;
  return { ok: true, value: cmd };
}
