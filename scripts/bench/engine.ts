// The engine side of the bench: a workload run in this process with
// runWorkload (src/engine/run.ts), timed with performance.now().
//
// In-process rather than through the built CLI, because the kernel side is
// timed inside ipctimer (after its exec and unshare): both figures then
// cover the same thing, the calls and the kernel work, without process start
// (node's ~50 ms would swamp the 150 ms workloads). runWorkload still parses
// the text and formats every output line, which the C timer does not: that
// is engine work the playground and the CLI pay too, so it is counted.
import { readFileSync } from 'node:fs';
import { resolveConfig } from '../../src/engine/presets';
import { runWorkload } from '../../src/engine/run';

export interface EngineRun {
  ms: number;
  output: string;
}

/** Runs `text` on a fresh simulated kernel (preset/sets as the CLI's --kernel/--set). Throws if the workload fails. */
export function engineRun(text: string, opts: { preset?: string; sets?: string[]; vars?: Record<string, bigint> } = {}): EngineRun {
  const config = resolveConfig(opts.preset ?? null, opts.sets ?? []);
  if (!config.ok) throw new Error(config.message);
  const vars = new Map(Object.entries(opts.vars ?? {}));
  const t0 = performance.now();
  const r = runWorkload(text, { config: config.config, vars, maxSteps: 1_000_000_000 });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`the workload failed on the engine (exit ${r.exitCode}): ${r.error?.message ?? ''}`);
  return { ms, output: r.output };
}

/** Checks an engine run against what the workload must print; returns null or what is wrong. */
export function checkOutput(output: string, expect: { lines: number; contains: string[] }): string | null {
  let lines = 0;
  for (let i = output.indexOf('\n'); i !== -1; i = output.indexOf('\n', i + 1)) lines++;
  if (lines !== expect.lines) return `printed ${lines} lines, expected ${expect.lines}`;
  for (const c of expect.contains) if (!output.includes(c)) return `no line "${c}"`;
  return null;
}

export function readExample(path: string): string {
  return readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
}
