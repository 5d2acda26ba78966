import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// bin/ipcscope.mjs compiles the bundle with V8's code cache: the command
// prints the same with a cache, without one, and with one that is stale
// (another build), cut short or damaged, and makes it again when it did not
// fit. Run as shipped: the bundle built into a private directory, with a
// copy of bin/ipcscope.mjs next to it.

let dir = '';
let bin = '';
let bundle = '';
let cache = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ipcscope-cache-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error', '--outDir', join(dir, 'build', 'cli')], { stdio: 'pipe' });
  mkdirSync(join(dir, 'bin'));
  bin = join(dir, 'bin', 'ipcscope.mjs');
  copyFileSync('bin/ipcscope.mjs', bin);
  bundle = join(dir, 'build', 'cli', 'ipcscope.js');
  cache = bundle + '.cache';
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const WORKLOAD = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nfor i in 0..3 { msgget(IPC_PRIVATE, 0600) }\ncat /proc/sysvipc/msg\nmsgctl(q, IPC_RMID)\nmsgctl(q, IPC_RMID)\n';

function run(args: string[], env: Record<string, string> = { IPCSCOPE_CODE_CACHE: 'report' }) {
  const r = spawnSync(process.execPath, [bin, ...args], { input: WORKLOAD, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  const report = /ipcscope: code cache (.*)\n/.exec(r.stderr)?.[1] ?? null;
  return { stdout: r.stdout, stderr: r.stderr.replace(/ipcscope: code cache .*\n/, ''), status: r.status, report };
}

describe('the code cache of bin/ipcscope.mjs', () => {
  it('is made by the first run, used by the next, and neither changes what is printed', () => {
    const plain = run(['run', '-'], { IPCSCOPE_CODE_CACHE: 'off' });
    expect(plain.status).toBe(0);
    expect(plain.stdout).toContain('msgctl(0, IPC_RMID) = -1 EINVAL (Invalid argument)\n');
    const first = run(['run', '-']);
    expect(first.report).toBe('missing, written');
    expect(first.stdout).toBe(plain.stdout);
    const second = run(['run', '-']);
    expect(second.report).toBe('used');
    expect(second.stdout).toBe(plain.stdout);
    expect(second.stderr).toBe('');
  });

  it('of another build is not used: the bundle is compared whole', () => {
    run(['run', '-']);
    const plain = run(['run', '-'], { IPCSCOPE_CODE_CACHE: 'off' });
    // the same length, one byte different: V8 itself would take the cache
    const text = readFileSync(bundle);
    const at = text.lastIndexOf('sourceMappingURL');
    text[at] = 'S'.charCodeAt(0);
    writeFileSync(bundle, text);
    const stale = run(['run', '-']);
    expect(stale.report).toBe('stale, written');
    expect(stale.stdout).toBe(plain.stdout);
    expect(run(['run', '-']).report).toBe('used');
    appendFileSync(bundle, '\n');
    expect(run(['run', '-']).report).toBe('stale, written');
  });

  it('cut short or damaged is made again', () => {
    const plain = run(['run', '-'], { IPCSCOPE_CODE_CACHE: 'off' });
    run(['run', '-']);
    const whole = readFileSync(cache);
    writeFileSync(cache, whole.subarray(0, 10));
    const cut = run(['run', '-']);
    expect(cut.report).toBe('damaged, written');
    expect(cut.stdout).toBe(plain.stdout);
    // V8's part overwritten: V8 refuses it
    const damaged = Buffer.from(whole);
    damaged.fill(0x5a, whole.length - 4096 * 8);
    writeFileSync(cache, damaged);
    const refused = run(['run', '-']);
    expect(refused.report).toBe('refused, written');
    expect(refused.stdout).toBe(plain.stdout);
    expect(run(['run', '-']).report).toBe('used');
    writeFileSync(cache, '');
    expect(run(['run', '-']).report).toBe('damaged, written');
  });

  it('made by another command is made again by the next run, which compiles more of the engine', () => {
    rmSync(cache, { force: true });
    expect(run(['--version']).report).toBe('missing, written');
    expect(run(['--version']).report).toBe('used');
    const again = run(['run', '-']);
    expect(again.report).toBe('used, made by another command, written');
    expect(again.stdout).toBe(run(['run', '-'], { IPCSCOPE_CODE_CACHE: 'off' }).stdout);
    expect(run(['run', '-']).report).toBe('used');
    expect(run(['--version']).report).toBe('used');
  });

  it('leaves the other commands and the chunks they load working: --version, --json, a multi-CPU run, list-kernels', () => {
    expect(run(['--version']).stdout).toMatch(/^ipcscope /);
    const json = run(['run', '--json', '-']);
    expect((JSON.parse(json.stdout) as { output: string }).output).toContain('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\n');
    expect(run(['--list-kernels']).stdout).toContain('6.18');
    const smp = spawnSync(process.execPath, [bin, 'run', 'public/examples/001-msg-percpu-counters.ipc', '--var', 'PAIRS=2'], { encoding: 'utf8', timeout: 60_000 });
    expect(smp.status).toBe(0);
    expect(smp.stdout.length).toBeGreaterThan(0);
  });
});
