/**
 * The arguments of `ipcscope sweep FILE --var N=1024,2048 [--kernel A
 * --kernel B] [--set x=a,b] [--smp NAME=V] [--csv|--json] [--max-steps N]
 * [--jobs N]`.
 */
import type { ParsedArgs } from './args';
import { parsePositiveInteger } from './option_values';

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

export function parseSweep(args: string[]): ParsedArgs {
  const cmd: SweepCommand = { command: 'sweep', file: '', vars: [], kernels: [], sets: [], smp: [], format: 'table', maxSteps: null, jobs: null };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      files.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 || !arg.startsWith('--') ? arg : arg.slice(0, eq);
    const value = (): string | null => (eq >= 0 ? arg.slice(eq + 1) : (args[++i] ?? null));
    switch (name) {
      case '--csv':
      case '--json':
        if (eq >= 0) return fail(`${name} takes no value`);
        if (cmd.format !== 'table') return fail('give only one of --csv and --json');
        cmd.format = name === '--csv' ? 'csv' : 'json';
        break;
      case '--var':
      case '--kernel':
      case '--set':
      case '--smp': {
        const v = value();
        if (v === null) return fail(`${name} needs a value`);
        ({ '--var': cmd.vars, '--kernel': cmd.kernels, '--set': cmd.sets, '--smp': cmd.smp })[name].push(v);
        break;
      }
      case '--max-steps':
      case '--jobs': {
        const n = parsePositiveInteger(name, value());
        if (typeof n === 'string') return fail(n);
        if (name === '--jobs') cmd.jobs = n;
        else cmd.maxSteps = n;
        break;
      }
      default:
        return fail(`unknown option ${name}`);
    }
  }
  if (files.length !== 1) return fail(files.length === 0 ? 'sweep needs a workload FILE (or - for stdin)' : 'sweep takes one FILE');
  if (cmd.vars.length === 0) return fail('sweep needs --var NAME=V1,V2,...');
  cmd.file = files[0]!;
  return { ok: true, value: cmd };
}
