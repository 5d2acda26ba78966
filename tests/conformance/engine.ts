/**
 * The engine side of a conformance comparison: run a workload on the
 * simulated kernel and diff it against a recording.
 */
import { runWorkload } from '../../src/engine/run';
import { parse } from '../../src/engine/script/parser';
import { compareOutputs, type Difference } from './compare';
import type { CorpusEntry, Recording } from './corpus';

/** Workloads 300-399 are part 2 of the language (workload-language-ops.md: processes, semop, shmat, payloads). */
export const PART2_WORKLOAD = /^[34]\d\d-/;

/**
 * Why a committed workload is not checked against the engine yet, or null
 * when it is. Only part-2 workloads can be pending, and only while the
 * engine rejects them as beyond what it speaks: its parser refuses them, or
 * its run stops with `unmodeled_operation` (the engine's own "ipcscope does
 * not model X yet"). Any other answer must match the recording. A recording
 * that is itself a parse error (exit 2, nothing printed) is always checked,
 * since the engine refusing it is the expected answer.
 */
export function pendingReason(entry: CorpusEntry): string | null {
  if (!PART2_WORKLOAD.test(entry.name)) return null;
  if (entry.expected && entry.expected.exitCode === 2 && entry.expected.output === '') return null;
  return engineCannotRun(entry.text);
}

/** Why the engine cannot run `text` yet (its parser refuses it, or it stops with unmodeled_operation), or null. */
export function engineCannotRun(text: string): string | null {
  const error = engineParseError(text);
  if (error !== null) return `the engine cannot parse part 2 yet: ${error}`;
  const run = runWorkload(text);
  if (run.error?.code === 'unmodeled_operation') return `the engine stops at line ${run.error.line}: ${run.error.message}`;
  return null;
}

/** The engine's parse error for `text` as `line N: message`, or null when it parses. */
export function engineParseError(text: string): string | null {
  const parsed = parse(text);
  return parsed.ok ? null : `line ${parsed.error.line}: ${parsed.error.message}`;
}

/** Pending workloads as one printable notice (empty when there are none). */
export function pendingNotice(pending: readonly { name: string; reason: string }[]): string {
  if (pending.length === 0) return '';
  const lines = pending.map((p) => `  PENDING ${p.name}: ${p.reason}`);
  return `conformance: ${pending.length} part-2 workload${pending.length === 1 ? '' : 's'} pending (checked as soon as the engine runs them):\n${lines.join('\n')}`;
}

export interface Verdict {
  /** output differences, plus one entry (operation 0) for an exit status mismatch */
  differences: Difference[];
  engine: Recording;
}

/** Runs `text` on the engine and compares it with `expected`. */
export function checkAgainst(text: string, expected: Recording): Verdict {
  const result = runWorkload(text);
  const engine = { output: result.output, exitCode: result.exitCode };
  const differences = compareOutputs(expected.output, engine.output);
  if (expected.exitCode !== engine.exitCode) {
    const why = result.error ? ` (${result.error.code}: ${result.error.message}, line ${result.error.line})` : '';
    differences.unshift({
      operation: 0,
      what: 'exit status',
      expected: String(expected.exitCode),
      actual: `${engine.exitCode}${why}`,
    });
  }
  return { differences, engine };
}
