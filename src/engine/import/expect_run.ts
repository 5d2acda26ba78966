/**
 * The page's `run --expect`: runs a workload with `# expect:` results to its
 * end on a fresh kernel of the chosen version and lists the calls whose
 * model result differs (expect.ts). Runs in a worker of its own (the page's
 * stepping session is not held up by it).
 */
import { configForChoice, type KernelChoice } from '../kernel_choice';
import { runWorkload } from '../run';
import type { WorkloadError } from '../script/errors';
import { compareExpectations, type Difference } from './expect';

export interface ExpectCheck {
  /** statements with an expectation (0: the workload has none) */
  checked: number;
  differences: Difference[];
  /** calls the run did not reach (it stopped at `error`) */
  notRun: number;
  /** the run's error, or why the workload cannot be checked (blocks, `;`) */
  error: { line: number; message: string } | null;
}

/** Checks `text` against its expectations. Never throws. */
export function checkExpectations(text: string, choice: KernelChoice = {}): ExpectCheck {
  if (!text.includes('# expect:')) return { checked: 0, differences: [], notRun: 0, error: null };
  const run = runWorkload(text, { config: configForChoice(choice) });
  const r = compareExpectations(text, run.output, run.error !== null);
  if ('error' in r) return { checked: 0, differences: [], notRun: 0, error: { line: r.line, message: r.error } };
  const error: WorkloadError | null = run.error;
  return { ...r, error: error === null ? null : { line: error.line, message: error.message } };
}
