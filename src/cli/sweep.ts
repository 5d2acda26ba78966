/**
 * `ipcscope sweep` and `ipcscope --list-kernels`: the engine's sweep
 * (src/engine/sweep.ts) with progress on stderr and the table, CSV or JSON
 * on stdout; and the kernel presets.
 */
import { formatKernelList } from '../engine/presets';
import { parseSmpOverrides } from '../engine/smp/constants';
import { parse } from '../engine/script/parser';
import { parseSweepVars, runSweep, sweepConfigs, type SweepResult, type SweepSpec } from '../engine/sweep';
import { formatSweepCsv, formatSweepJson, formatSweepTable } from '../engine/sweep_format';
import { readWorkload, writeAll } from './io';
import type { SweepCommand } from './sweep_args';
import { canUseThreads, defaultSweepThreads, runSweepOnThreads } from './sweep_threads';

/** Runs a sweep; resolves to the exit status (2 for bad input or when a point failed). */
export async function sweepCommand(cmd: SweepCommand): Promise<number> {
  const input = readWorkload(cmd.file);
  if (!input.ok) {
    await writeAll(process.stderr, `ipcscope: ${input.message}\n`);
    return 2;
  }
  const vars = parseSweepVars(cmd.vars);
  if (!vars.ok) {
    await writeAll(process.stderr, `ipcscope: ${vars.message}\n`);
    return 2;
  }
  const configs = sweepConfigs(cmd.kernels, cmd.sets);
  if (!configs.ok) {
    await writeAll(process.stderr, `ipcscope: ${configs.message}\n`);
    return 2;
  }
  const smp = parseSmpOverrides(cmd.smp);
  if (!smp.ok) {
    await writeAll(process.stderr, `ipcscope: ${smp.message}\n`);
    return 2;
  }
  // parsed once here, so that an error is said once, at its line and column, rather than beside every point
  const parsed = parse(input.text);
  if (!parsed.ok) {
    await writeAll(process.stderr, `${cmd.file === '-' ? '<stdin>' : cmd.file}:${parsed.error.line}:${parsed.error.column}: error: ${parsed.error.message}\n`);
    return 2;
  }
  const spec: SweepSpec = {
    text: input.text,
    variable: vars.variable,
    values: vars.values,
    constants: vars.constants,
    configs: configs.configs,
    smpConstants: smp.overrides,
    ...(cmd.maxSteps === null ? {} : { maxSteps: cmd.maxSteps }),
  };
  const t0 = performance.now();
  const progress = (done: number, total: number, what: string) => {
    process.stderr.write(`[${done}/${total} ${((performance.now() - t0) / 1000).toFixed(1)}s] ${what}\n`);
  };
  const threads = cmd.jobs ?? defaultSweepThreads();
  let result: SweepResult;
  if (threads > 1 && vars.values.length * configs.configs.length > 1 && canUseThreads()) {
    // in parallel: a line as each point finishes
    result = await runSweepOnThreads(spec, threads, (job, _point, done, total) => progress(done, total, `${spec.configs[job.series]!.label} ${vars.variable}=${spec.values[job.index]!} finished`));
    progress(result.values.length * result.series.length, result.values.length * result.series.length, 'done');
  } else {
    // one after the other: a line as each point starts
    result = runSweep(spec, (done, total, label, value) => progress(done, total, done < total ? `${label} ${vars.variable}=${value}` : 'done'));
  }
  const out = cmd.format === 'csv' ? formatSweepCsv(result) : cmd.format === 'json' ? formatSweepJson(result) : formatSweepTable(result);
  await writeAll(process.stdout, out);
  return result.series.some((s) => s.points.some((p) => p.error !== null)) ? 2 : 0;
}

export async function listKernelsCommand(): Promise<number> {
  await writeAll(process.stdout, formatKernelList());
  return 0;
}
