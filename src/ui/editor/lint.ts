/**
 * The parser's first error as an inline diagnostic, checked a moment after
 * each edit (in slices, so a large text never blocks the page). The message
 * carries the error's line and column.
 */
import { linter, type Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import type { WorkloadError } from '../../engine/api';
// the parser alone (not engine/api, which brings the whole kernel into the page's bundle)
import { checker, type CheckResult } from '../../engine/script/parser';

export const LINT_DELAY_MS = 250;

export function diagnosticFor(error: WorkloadError, length: number): Diagnostic {
  const from = Math.min(error.start, length);
  return {
    from,
    to: Math.min(Math.max(error.end, from + 1), length),
    severity: 'error',
    source: error.code,
    message: `${error.line}:${error.column}: ${error.message}`,
  };
}

/** How long one slice of a check may keep the page's thread (a long task is 50 ms). */
export const CHECK_SLICE_MS = 8;
/** Top-level statements checked between two looks at the clock. */
const CHECK_STEP = 256;

/**
 * The parser's verdict on `text`, read in slices of about CHECK_SLICE_MS
 * with the page's other work (input, painting) between them, so a workload
 * of a million lines is checked without a long task. Resolves to null when
 * `stale()` says the text changed meanwhile (the check is then dropped).
 */
export async function checkInSlices(text: string, stale: () => boolean): Promise<CheckResult | null> {
  const c = checker(text);
  for (;;) {
    const until = performance.now() + CHECK_SLICE_MS;
    do {
      const r = c.advance(CHECK_STEP);
      if (r !== null) return r;
    } while (performance.now() < until);
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (stale()) return null;
  }
}

/** The linter; `report` hears each check's outcome (null: the text parses). */
export function workloadLinter(report: (error: WorkloadError | null) => void): Extension {
  return linter(
    async (view) => {
      const doc = view.state.doc;
      const checked = await checkInSlices(doc.toString(), () => view.state.doc !== doc);
      // a newer text has its own check coming; CodeMirror drops this one's result too
      if (checked === null) return [];
      const error = checked.ok ? null : checked.error;
      report(error);
      return error === null ? [] : [diagnosticFor(error, doc.length)];
    },
    { delay: LINT_DELAY_MS },
  );
}
