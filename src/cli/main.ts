/**
 * The `ipcscope` command line. Bundled into build/cli/ipcscope.js; bin/ipcscope.mjs
 * compiles it (with V8's code cache) and calls main(). Run directly (`node build/cli/ipcscope.js ...`),
 * the bundle calls main() itself.
 *
 * Only what `run` needs is imported here: the other commands (sweep,
 * --list-kernels, import, run --expect's report, help's strace part) are
 * imported when they run, so the bundle's chunks for them are neither
 * compiled nor evaluated by a plain `run` (vite.cli.config.ts).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { streamPlainParts, type RunResult } from '../engine/run_plain';
import { resolveConfig } from '../engine/presets';
import { isConstantName } from '../engine/script/calls';
import { parseSmpOverrides } from '../engine/smp/constants';
import { ENGINE_VERSION, MODELLED_KERNEL } from '../engine/version';
import { parseArgs, USAGE, type RunCommand } from './args';
import { formatCostsTable } from './costs_table';
import { takeExpectFlag } from './expect_flag';
import { chunkWriter, readWorkload, writeAll } from './io';

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
    if (isConstantName(m[1]!)) {
      // the variable would hide the constant: `--var IPC_CREAT=1` turned IPC_CREAT|0600 into 0601
      await writeAll(process.stderr, `ipcscope: --var ${m[1]}: \`${m[1]}\` is a constant and cannot be used as a variable\n`);
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
    const { expectProblem, expectReport } = await import('./import');
    const problem = expectProblem(input.text);
    if (problem !== null) {
      await writeAll(process.stderr, `${cmd.file === '-' ? '<stdin>' : cmd.file}:${problem.line}:${problem.column}: error: ${problem.message}\n`);
      return 2;
    }
    result = (await import('../engine/run')).runWorkload(input.text, options);
    const checked = expectReport(input.text, result);
    await writeAll(process.stdout, result.output + checked.report);
    if (result.error !== null) await writeAll(process.stderr, `${cmd.file === '-' ? '<stdin>' : cmd.file}:${result.error.line}:${result.error.column}: error: ${result.error.message}\n`);
    return checked.code;
  } else if (cmd.json) {
    result = (await import('../engine/run')).runWorkload(input.text, options);
    const json = { output: result.output, costs: result.costs, error: result.error, ...(result.smp === undefined ? {} : { smp: result.smp }) };
    await writeAll(process.stdout, JSON.stringify(json) + '\n');
  } else {
    // printed as it runs: a workload of a million lines never holds its whole output;
    // one that must run whole (multi-CPU, multi-process) runs as run.ts's streamWorkload
    // would run it, and only then is run.ts's chunk (the multi-CPU model) loaded
    const out = chunkWriter(process.stdout);
    // between parts, a full pipe (`| less`) is let drain, so that the output does not pile up in memory
    const parts = streamPlainParts(input.text, out.write, options);
    let part = parts.next();
    while (part.done !== true) {
      const wait = out.drained();
      if (wait !== null) await wait;
      part = parts.next();
    }
    const streamed = part.value;
    if (streamed !== null) result = streamed;
    else {
      result = (await import('../engine/run')).runWorkload(input.text, options);
      if (result.output.length > 0) out.write(Buffer.from(result.output));
      result = { ...result, output: '' };
    }
    await out.end();
  }
  let err = '';
  if (result.error !== null) {
    const e = result.error;
    err += `${cmd.file === '-' ? '<stdin>' : cmd.file}:${e.line}:${e.column}: error: ${e.message}\n`;
  }
  if (cmd.costs && !cmd.json) err += formatCostsTable(result.costs);
  // process.stderr only when there is something to say: its getter makes the stream (for a pipe, a
  // net.Socket, loading node:net and the stream modules: about a third of an empty run's own start-up)
  if (err.length > 0) await writeAll(process.stderr, err);
  return result.exitCode;
}

/** Runs the command line `argv` (without node and the script); resolves to the exit status, also set on process.exitCode. */
export async function main(argv: string[]): Promise<number> {
  argv = [...argv];
  const expect = takeExpectFlag(argv);
  const args = argv[0] === 'import' ? null : parseArgs(argv);
  let code: number;
  if (args === null) {
    code = await (await import('./import')).importCommand(argv.slice(1));
  } else if (!args.ok) {
    await writeAll(process.stderr, `ipcscope: ${args.message}\n\n${USAGE}`);
    code = 2;
  } else if (args.value.command === 'help') {
    const { IMPORT_USAGE } = await import('./import');
    await writeAll(process.stdout, `ipcscope — the Linux SysV IPC internals, simulated exactly\n\n${USAGE}\nstrace logs:\n${IMPORT_USAGE}`);
    code = 0;
  } else if (args.value.command === 'version') {
    await writeAll(process.stdout, `ipcscope ${ENGINE_VERSION} (models ${MODELLED_KERNEL})\n`);
    code = 0;
  } else if (args.value.command === 'list-kernels') {
    code = await (await import('./sweep')).listKernelsCommand();
  } else {
    try {
      code = args.value.command === 'sweep' ? await (await import('./sweep')).sweepCommand(args.value) : await runCommand(args.value, expect);
    } catch (e) {
      await writeAll(process.stderr, `ipcscope: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      code = 3;
    }
  }
  process.exitCode = code;
  return code;
}

/**
 * A sweep's worker thread: sweep_threads.ts's entry. The threads import the
 * chunk of sweep_threads.ts itself (its import.meta.url), which this dynamic
 * import makes a chunk of its own, exporting sweepWorkerMain by that name;
 * that chunk may import this one, which is then not the command.
 */
export const sweepWorkerMain = async (): Promise<void> => (await import('./sweep_threads')).sweepWorkerMain();

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    if (realpathSync(script) !== realpathSync(fileURLToPath(import.meta.url))) return false;
  } catch {
    return false;
  }
  // required only now: a run through bin/ipcscope.mjs does not load node:worker_threads
  const { isMainThread } = createRequire(import.meta.url)('node:worker_threads') as { isMainThread: boolean };
  return isMainThread;
}

if (isEntryPoint()) void main(process.argv.slice(2));
