/**
 * The strace fixtures of tests/strace/logs (recorded by scripts/record-strace.sh):
 * each imported, replayed on the engine and compared with its recorded results.
 * Shared by strace.test.ts and the benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareExpectations, type ExpectReport } from '../../src/engine/import/expect';
import { importStrace, type ImportResult, type StraceSource } from '../../src/engine/import/strace';
import { runWorkload, type RunResult } from '../../src/engine/run';

export const LOGS = join(import.meta.dirname, 'logs');

/** One fixture: a log, or the -ff files NAME.PID of one recording together. */
export interface Fixture {
  name: string;
  sources: StraceSource[];
}

export function fixtures(dir = LOGS): Fixture[] {
  const groups = new Map<string, StraceSource[]>();
  for (const f of readdirSync(dir).sort()) {
    const name = /^(.*)\.\d+$/.exec(f)?.[1] ?? f.replace(/\.log$/, '');
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name)!.push({ name: f, text: readFileSync(join(dir, f), 'utf8') });
  }
  return [...groups].map(([name, sources]) => ({ name, sources }));
}

/** The error codes that mean "the engine cannot run this yet", not "the model answered differently". */
const NOT_YET = new Set(['unknown_call', 'unmodeled_operation', 'unknown_field', 'unexpected_character']);

export interface Replayed {
  imported: ImportResult;
  run: RunResult;
  report: ExpectReport;
  /** why the engine cannot replay the whole log yet (its first error), or null */
  pending: string | null;
}

export function replayFixture(f: Fixture): Replayed {
  const imported = importStrace(f.sources);
  const run = runWorkload(imported.workload);
  const r = compareExpectations(imported.workload, run.output, run.error !== null);
  if ('error' in r) throw new Error(`${f.name}: line ${r.line}: ${r.error}`);
  const pending = run.error !== null && NOT_YET.has(run.error.code) ? `line ${run.error.line}: ${run.error.message}` : null;
  return { imported, run, report: r, pending };
}
