/**
 * The committed conformance corpus: workloads/NNN-name.ipc with the host
 * kernel's output in expected/NNN-name.out, plus expected/NNN-name.exit
 * holding the exit status when it is not 0.
 *
 * Golden files of our own rather than vitest's toMatchSnapshot on purpose:
 * the expected bytes come from the real kernel through the recorder, never
 * from the engine, so `vitest -u` must not be able to rewrite them; they are
 * plain files the recorder writes, diff(1) reads and a reviewer can check
 * against a kernel run line by line.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONFORMANCE_DIR = dirname(fileURLToPath(import.meta.url));
export const WORKLOAD_DIR = join(CONFORMANCE_DIR, 'workloads');
export const EXPECTED_DIR = join(CONFORMANCE_DIR, 'expected');

export interface Recording {
  output: string;
  exitCode: number;
}

export interface CorpusEntry {
  /** file name without .ipc, e.g. "003-msg-allocator-trace" */
  name: string;
  workloadPath: string;
  text: string;
  /** null when the workload has not been recorded yet */
  expected: Recording | null;
}

/** Workloads in name order; `filter` keeps names containing it. */
export function listCorpus(filter = ''): CorpusEntry[] {
  return readdirSync(WORKLOAD_DIR)
    .filter((f) => f.endsWith('.ipc') && f.includes(filter))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.ipc'.length);
      const workloadPath = join(WORKLOAD_DIR, file);
      return { name, workloadPath, text: readFileSync(workloadPath, 'utf8'), expected: readRecording(name) };
    });
}

function readRecording(name: string): Recording | null {
  const out = join(EXPECTED_DIR, `${name}.out`);
  if (!existsSync(out)) return null;
  const exit = join(EXPECTED_DIR, `${name}.exit`);
  const exitCode = existsSync(exit) ? Number(readFileSync(exit, 'utf8').trim()) : 0;
  return { output: readFileSync(out, 'utf8'), exitCode };
}

/** Stores a recording (removing a stale .exit file when the status is 0). */
export function writeRecording(name: string, rec: Recording): void {
  writeFileSync(join(EXPECTED_DIR, `${name}.out`), rec.output);
  const exit = join(EXPECTED_DIR, `${name}.exit`);
  if (rec.exitCode === 0) rmSync(exit, { force: true });
  else writeFileSync(exit, `${rec.exitCode}\n`);
}
