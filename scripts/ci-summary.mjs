// Sums the JSON reports of vitest (reports/vitest.json) and Playwright
// (reports/e2e.json) plus extra counts given on the command line, and
// prints the final "N passed, N failed" line. Exits non-zero on any failure.
// Usage: node scripts/ci-summary.mjs NPM_TEST_STATUS [EXTRA_PASSED EXTRA_FAILED]
import { existsSync, readFileSync } from 'node:fs';
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

/** @param {string} path */
function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

const unit = read('reports/vitest.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
  // a test file that failed to load has no failed tests of its own: count the file
  if ((unit.numFailedTests ?? 0) === 0) failed += unit.numFailedTestSuites ?? 0;
}
const e2e = read('reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
}
// npm test failed before or outside a runner (type check, build, no browser): count it.
if (Number(status) !== 0 && failed === 0) failed = 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || Number(status) !== 0 ? 1 : 0);
