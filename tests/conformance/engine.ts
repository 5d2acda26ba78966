/**
 * The engine side of a conformance comparison: run a workload on the
 * simulated kernel and diff it against a recording.
 */
import { runWorkload } from '../../src/engine/run';
import { compareOutputs, type Difference } from './compare';
import type { Recording } from './corpus';

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
