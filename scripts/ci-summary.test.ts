import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./ci-summary.mjs', import.meta.url));
let dir = '';

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs ci-summary in a directory whose reports/ holds `e2e` (the shape Playwright 1.65's JSON reporter writes). */
function summary(e2e: unknown, status = '1'): { status: number | null; stdout: string } {
  dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
  mkdirSync(join(dir, 'reports'));
  writeFileSync(join(dir, 'reports', 'e2e.json'), JSON.stringify(e2e));
  const r = spawnSync(process.execPath, [SCRIPT, status], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout };
}

const result = (status: string, attachments: { name: string; path?: string }[]) => ({ status, retry: 0, attachments });
const report = (results: ReturnType<typeof result>[], stats: object) => ({
  stats,
  suites: [
    {
      title: 'charts.spec.ts',
      file: 'charts.spec.ts',
      specs: [],
      suites: [{ title: 'sweeps', file: 'charts.spec.ts', specs: [{ title: 'a sweep plots', file: 'charts.spec.ts', line: 12, tests: [{ results }] }] }],
    },
  ],
});

describe('ci-summary.mjs', () => {
  it('names the trace and screenshot of a failed browser test', () => {
    const out = summary(
      report(
        [
          result('failed', [
            { name: 'screenshot', path: '/x/test-results/charts-sweeps/test-failed-1.png' },
            { name: 'trace', path: '/x/test-results/charts-sweeps/trace.zip' },
          ]),
        ],
        { expected: 3, unexpected: 1, flaky: 0 },
      ),
    );
    expect(out.status).toBe(1);
    expect(out.stdout).toContain('browser test failed: charts.spec.ts:12 › sweeps › a sweep plots');
    expect(out.stdout).toMatch(/trace: \S*test-results\/charts-sweeps\/trace\.zip \(npx playwright show-trace /);
    expect(out.stdout).toMatch(/screenshot: \S*test-failed-1\.png/);
    expect(out.stdout.trim().split('\n').at(-1)).toBe('3 passed, 1 failed');
  });

  it('says when a failed test kept no trace, and names nothing for passed tests', () => {
    expect(summary(report([result('timedOut', [])], { expected: 0, unexpected: 1 })).stdout).toContain('trace: none kept');
    const ok = summary(report([result('passed', [])], { expected: 1, unexpected: 0 }), '0');
    expect(ok).toEqual({ status: 0, stdout: '1 passed, 0 failed\n' });
  });
});
