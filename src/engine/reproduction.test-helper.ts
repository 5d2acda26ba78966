/**
 * One point of a multi-CPU reproduction (docs/REPRODUCTIONS.md §7-§10):
 * the example workload under a preset (and `--set`s) with some variables,
 * run on the SMP model once per test file and shared by its tests; a
 * digest of the whole result, and the share of CPU time in one state.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolveConfig } from './presets';
import { initial_vars, parse_defaults } from './script/directives';
import { parse } from './script/parser';
import { isSmpProgram, runSmpProgram } from './smp/smp_run';
import type { SmpResult } from './smp/types';

const runs = new Map<string, SmpResult>();

export function point(file: string, kernel: string, vars: Record<string, number>, sets: string[] = [], fresh = false): SmpResult {
  const key = JSON.stringify([file, kernel, vars, sets]);
  const done = runs.get(key);
  if (done && !fresh) return done;
  const text = readFileSync(`public/examples/${file}`, 'utf8');
  const parsed = parse(text);
  if (!parsed.ok || !isSmpProgram(parsed.program)) throw new Error(`${file}: not a multi-CPU workload`);
  const config = resolveConfig(
    kernel,
    sets.map((s) => s.split('=') as [string, string]),
  );
  if (!config.ok) throw new Error(config.message);
  const defaults = parse_defaults(text);
  const r = runSmpProgram(parsed.program, {
    config: config.config,
    vars: initial_vars(defaults.ok ? defaults.defaults : new Map(), new Map(Object.entries(vars).map(([k, v]) => [k, BigInt(v)]))),
  });
  if (r.result === null) throw new Error(r.error?.message ?? 'no result');
  runs.set(key, r.result);
  return r.result;
}

export const digest = (r: SmpResult) => createHash('sha256').update(JSON.stringify(r)).digest('hex').slice(0, 16);
export const share = (r: SmpResult, k: 'spinning' | 'stalled') => r.cpus.reduce((a, c) => a + c[k], 0) / (r.duration * r.cpus.length);
