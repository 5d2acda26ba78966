/**
 * The parser's first error as an inline diagnostic, checked a moment after
 * each edit. The message carries the error's line and column.
 */
import { linter, type Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import type { WorkloadError } from '../../engine/api';
// the parser alone (not engine/api, which brings the whole kernel into the page's bundle)
import { parse } from '../../engine/script/parser';

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

/** The linter; `report` hears each check's outcome (null: the text parses). */
export function workloadLinter(report: (error: WorkloadError | null) => void): Extension {
  return linter(
    (view) => {
      const parsed = parse(view.state.doc.toString());
      const error = parsed.ok ? null : parsed.error;
      report(error);
      return error === null ? [] : [diagnosticFor(error, view.state.doc.length)];
    },
    { delay: LINT_DELAY_MS },
  );
}
