/**
 * The `ipcscope` command line. Bundled into build/cli/ipcscope.mjs; bin/ipcscope.mjs
 * imports it and calls main(). Run directly (`node build/cli/ipcscope.mjs ...`),
 * the bundle calls main() itself.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { engineInfo } from '../engine/api';
import { runWorkload, streamWorkload, type RunResult } from '../engine/run';
import { resolveConfig } from '../engine/presets';
import { parseSmpOverrides } from '../engine/smp/constants';
import { parseArgs, USAGE, type RunCommand } from './args';
import { listKernelsCommand, sweepCommand } from './sweep';
import { formatCostsTable } from './costs_table';
import { chunkWriter, readWorkload, writeAll } from './io';
import { expectReport, importCommand, IMPORT_USAGE, takeExpectFlag } from './import';

async function runCommand(cmd: RunCommand, expect = false): Promise<number> {
  const input = readWorkload(cmd.file);
  if (!input.ok) {
    await writeAll(process.stderr, `ipcscope: ${input.message}\n`);
    return 2;
  }
  const config = resolveConfig(cmd.kernel, cmd.ipcmniExtend ? [...cmd.sets, 'ipcmni_extend=on'] : cmd.sets);
  if (!config.ok) {
    await writeAll(process.stderr, `ipcscope: ${config.message}\n`);
    return 2;
  }
  const vars = new Map<string, bigint>();
  for (const v of cmd.vars) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)$/.exec(v);
    if (m === null) {
      await writeAll(process.stderr, `ipcscope: --var needs NAME=INTEGER, got ${JSON.stringify(v)}\n`);
      return 2;
    }
    vars.set(m[1]!, BigInt(m[2]!));
  }
  const smp = parseSmpOverrides(cmd.smp);
  if (!smp.ok) {
    await writeAll(process.stderr, `ipcscope: ${smp.message}\n`);
    return 2;
  }
  const options = {
    config: config.config,
    ...(cmd.smp.length === 0 ? {} : { smpConstants: smp.overrides }),
    ...(cmd.maxSteps === null ? {} : { maxSteps: cmd.maxSteps }),
    ...(vars.size === 0 ? {} : { vars }),
  };
  let result: RunResult;
  if (expect) {
    result = runWorkload(input.text, options);
    const checked = expectReport(input.text, result);
    await writeAll(process.stdout, result.output + checked.report);
    if (result.error !== null) await writeAll(process.stderr, `${cmd.file === '-' ? '<stdin>' : cmd.file}:${result.error.line}:${result.error.column}: error: ${result.error.message}\n`);
    return checked.code;
  } else if (cmd.json) {
    result = runWorkload(input.text, options);
    const json = { output: result.output, costs: result.costs, error: result.error, ...(result.smp === undefined ? {} : { smp: result.smp }) };
    await writeAll(process.stdout, JSON.stringify(json) + '\n');
  } else {
    // printed as it runs: a workload of a million lines never holds its whole output
    const out = chunkWriter(process.stdout);
    result = streamWorkload(input.text, out.write, options);
    await out.end();
  }
  let err = '';
  if (result.error !== null) {
    const e = result.error;
    err += `${cmd.file === '-' ? '<stdin>' : cmd.file}:${e.line}:${e.column}: error: ${e.message}\n`;
  }
  if (cmd.costs && !cmd.json) err += formatCostsTable(result.costs);
  await writeAll(process.stderr, err);
  return result.exitCode;
}

/** Runs the command line `argv` (without node and the script); resolves to the exit status, also set on process.exitCode. */
export async function main(argv: string[]): Promise<number> {
  argv = [...argv];
  const expect = takeExpectFlag(argv);
  const args = argv[0] === 'import' ? null : parseArgs(argv);
  let code: number;
  if (args === null) {
    code = await importCommand(argv.slice(1));
  } else if (!args.ok) {
    await writeAll(process.stderr, `ipcscope: ${args.message}\n\n${USAGE}`);
    code = 2;
  } else if (args.value.command === 'help') {
    await writeAll(process.stdout, `ipcscope — the Linux SysV IPC internals, simulated exactly\n\n${USAGE}\nstrace logs:\n${IMPORT_USAGE}`);
    code = 0;
  } else if (args.value.command === 'version') {
    const info = engineInfo();
    await writeAll(process.stdout, `ipcscope ${info.version} (models ${info.kernel})\n`);
    code = 0;
  } else if (args.value.command === 'list-kernels') {
    code = await listKernelsCommand();
  } else {
    try {
      code = args.value.command === 'sweep' ? await sweepCommand(args.value) : await runCommand(args.value, expect);
    } catch (e) {
      await writeAll(process.stderr, `ipcscope: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      code = 3;
    }
  }
  process.exitCode = code;
  return code;
}

// a sweep worker thread (sweep_threads.ts) loads this bundle too: it is not the command
export { sweepWorkerMain } from './sweep_threads';

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined || !isMainThread) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) void main(process.argv.slice(2));
