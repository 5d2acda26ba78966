/**
 * `ipcscope sweep` and `ipcscope --list-kernels`: the engine's sweep
 * (src/engine/sweep.ts) with progress on stderr and the table, CSV or JSON
 * on stdout; and the kernel presets.
 */
import { formatKernelList } from '../engine/presets';
import { parseSmpOverrides } from '../engine/smp/constants';
import { parseSweepVars, runSweep, sweepConfigs } from '../engine/sweep';
import { formatSweepCsv, formatSweepJson, formatSweepTable } from '../engine/sweep_format';
import { readWorkload, writeAll } from './io';
import type { SweepCommand } from './sweep_args';

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
  const t0 = performance.now();
  const result = runSweep(
    {
      text: input.text, variable: vars.variable, values: vars.values, constants: vars.constants, configs: configs.configs, smpConstants: smp.overrides,
      ...(cmd.maxSteps === null ? {} : { maxSteps: cmd.maxSteps }),
    },
    (done, total, label, value) => {
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      const what = done < total ? `${label} ${vars.variable}=${value}` : 'done';
      process.stderr.write(`[${done}/${total} ${secs}s] ${what}\n`);
    },
  );
  const out = cmd.format === 'csv' ? formatSweepCsv(result) : cmd.format === 'json' ? formatSweepJson(result) : formatSweepTable(result);
  await writeAll(process.stdout, out);
  return result.series.some((s) => s.points.some((p) => p.error !== null)) ? 2 : 0;
}

export async function listKernelsCommand(): Promise<number> {
  await writeAll(process.stdout, formatKernelList());
  return 0;
}
