// The scripts' command lines go through node:util parseArgs like the CLI's:
// `--opt=value` and `--opt value` alike, an option where a value was
// expected rejected with the usage and exit status 2 (nothing is run).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function script(file: string, args: string[]): { status: number | null; stderr: string } {
  const tsx = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const r = spawnSync(process.execPath, [...tsx, file, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stderr: r.stderr };
}

describe('script arguments', () => {
  it('conformance.ts reads --seed=S and --seed S alike and rejects --fuzz followed by an option', () => {
    const inline = script('scripts/conformance.ts', ['--fuzz=1', '--seed=x']);
    expect(inline).toMatchObject({ status: 2 });
    expect(inline.stderr).toContain('--seed needs a non-negative integer');
    expect(script('scripts/conformance.ts', ['--fuzz', '1', '--seed', 'x'])).toEqual(inline);
    const missing = script('scripts/conformance.ts', ['--fuzz', '--net']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--fuzz needs a value');
  });

  it('bench/run.ts reads --runs=N and --runs N alike and rejects --runs followed by an option', () => {
    const inline = script('scripts/bench/run.ts', ['--runs=0']);
    expect(inline.status).toBe(2);
    expect(inline.stderr).toContain('--runs needs a whole number from 1 to 100');
    expect(script('scripts/bench/run.ts', ['--runs', '0'])).toEqual(inline);
    const missing = script('scripts/bench/run.ts', ['--runs', '--quick']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--runs needs a value');
  });

  it('screenshots.mjs rejects --port followed by an option before it builds anything', () => {
    const r = script('scripts/screenshots.mjs', ['--port', '--no-build']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("'--port'");
    expect(r.stderr).toContain('usage: node scripts/screenshots.mjs');
    const bad = script('scripts/screenshots.mjs', ['--port=nope', '--no-build']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--port needs a port number');
  });

  it('the small scripts reject options they do not have with exit status 2', () => {
    for (const [file, args] of [
      ['scripts/find-browser.mjs', ['--check', '--bogus']],
      ['scripts/bench/bundle-size.mjs', ['--bogus']],
      ['scripts/ci-summary.mjs', ['--bogus']],
      ['scripts/serve-dist.mjs', ['--port', '1']],
    ] as const) {
      const r = script(file, [...args]);
      expect(r.status, file).toBe(2);
      expect(r.stderr, file).toContain('usage:');
    }
  });
});
