// Sums the JSON reports of vitest (reports/vitest.json) and Playwright
// (reports/e2e.json) plus extra counts given on the command line, and
// prints the final "N passed, N failed" line. Exits non-zero on any failure.
// Before it, each failed browser test is named with its trace and
// screenshot (kept by playwright.config.ts on failure), so CI output says
// which file to open with `npx playwright show-trace`.
// Usage: node scripts/ci-summary.mjs NPM_TEST_STATUS [EXTRA_PASSED EXTRA_FAILED]
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { scriptArgs } from './script-args.mjs';

const USAGE = 'usage: node scripts/ci-summary.mjs NPM_TEST_STATUS [EXTRA_PASSED EXTRA_FAILED]';
const { positionals } = scriptArgs('ci-summary', USAGE, { allowPositionals: true });
const [status = '1', extraPassed = '0', extraFailed = '0'] = positionals;
if (positionals.length > 3 || ![status, extraPassed, extraFailed].every((n) => /^[0-9]+$/.test(n))) {
  console.error(`ci-summary: the arguments are whole numbers\n${USAGE}`);
  process.exit(2);
}
let passed = Number(extraPassed);
let failed = Number(extraFailed);

/**
 * The fields this script reads from vitest's JSON reporter.
 * @typedef {{ numPassedTests?: number, numFailedTests?: number, numFailedTestSuites?: number }} VitestReport
 * And from Playwright's.
 * @typedef {{ name: string, path?: string }} PwAttachment
 * @typedef {{ status: string, attachments?: PwAttachment[] }} PwResult
 * @typedef {{ title: string, file: string, line: number, tests?: { results?: PwResult[] }[] }} PwSpec
 * @typedef {{ title?: string, file?: string, specs?: PwSpec[], suites?: PwSuite[] }} PwSuite
 * @typedef {{ suites?: PwSuite[], stats?: { expected?: number, unexpected?: number, flaky?: number } }} PwReport
 */

/** @param {string} path @returns {unknown} */
function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const unit = /** @type {VitestReport | null} */ (read('reports/vitest.json'));
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
  // a test file that failed to load has no failed tests of its own: count the file
  if ((unit.numFailedTests ?? 0) === 0) failed += unit.numFailedTestSuites ?? 0;
}
const e2e = /** @type {PwReport | null} */ (read('reports/e2e.json'));
for (const line of failedBrowserTests(e2e)) console.log(line);
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
}
// npm test failed before or outside a runner (type check, build, no browser): count it.
if (Number(status) !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || Number(status) !== 0 ? 1 : 0);

/**
 * One line per failed attempt of a browser test in a Playwright JSON report:
 * where it is, and its trace and screenshot files when it kept them.
 * @param {PwReport | null} report
 * @returns {string[]}
 */
function failedBrowserTests(report) {
  /** @type {string[]} */
  const lines = [];
  /** @param {PwSuite} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const path = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) {
          if (r.status === 'passed' || r.status === 'skipped') continue;
          /** @param {string} name the path of the attachment kept under that name */
          const kept = (name) => (r.attachments ?? []).find((a) => a.name === name && typeof a.path === 'string')?.path;
          const trace = kept('trace');
          const shot = kept('screenshot');
          const title = [...path, spec.title].join(' › ');
          const rel = (/** @type {string} */ f) => relative(process.cwd(), f) || f;
          lines.push(
            `browser test ${r.status}: ${spec.file}:${spec.line} › ${title}` +
              (trace ? `\n  trace: ${rel(trace)} (npx playwright show-trace ${rel(trace)})` : '\n  trace: none kept') +
              (shot ? `\n  screenshot: ${rel(shot)}` : ''),
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return lines;
}
