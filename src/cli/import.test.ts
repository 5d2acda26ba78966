import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportArgs, takeExpectFlag } from './import';

// `ipcscope import` and `run --expect` as shipped: the bundle, run with node.
let dir = '';
let cli = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ipcscope-import-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error', '--outDir', join(dir, 'cli')], { stdio: 'pipe' });
  cli = join(dir, 'cli', 'ipcscope.js');
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function ipcscope(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const LOG = [
  '4242  12:00:00.000001 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0',
  '4242  12:00:00.000002 msgctl(0, IPC_RMID, NULL) = 0',
  'Message queue id: 0',
  '4242  12:00:00.000003 +++ exited with 0 +++',
  '',
].join('\n');

describe('ipcscope import', () => {
  it('prints the workload on stdout and the skipped lines with their numbers on stderr', () => {
    const r = ipcscope(['import', '-'], LOG);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('@'))).toEqual(['@p4242 msgget(IPC_PRIVATE, IPC_CREAT|0600)  # expect: = 0', '@p4242 msgctl(0, IPC_RMID)  # expect: = 0', '@p4242 exit']);
    expect(r.stderr).toMatch(/^stdin:3: warning: not strace output, skipped: Message queue id: 0$/m);
    expect(r.stderr).toMatch(/imported 2 calls of 1 process;/);
  });

  it('is a usage error without a file or with an unknown option', () => {
    expect(ipcscope(['import']).status).toBe(2);
    expect(ipcscope(['import', '--bogus', 'x']).stderr).toMatch(/unknown option of import: --bogus/);
  });
});

describe('ipcscope run --expect', () => {
  it('exits 0 when every call gives its recorded result, with the real pid names in the console', () => {
    const imported = ipcscope(['import', '-'], LOG).stdout;
    const r = ipcscope(['run', '--expect', '-'], imported);
    expect(r.stdout).toBe('[p4242] msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\n[p4242] msgctl(0, IPC_RMID) = 0\n[p4242] +++ exited with 0 +++\n== 0 of 2 calls differ from the recorded result\n');
    expect(r.status).toBe(0);
  });

  it('marks a call whose result differs with both values and exits 1, like diff', () => {
    const edited = ipcscope(['import', '-'], LOG.replace('msgctl(0, IPC_RMID', 'msgctl(7, IPC_RMID')).stdout;
    const path = join(dir, 'edited.ipc');
    writeFileSync(path, edited);
    const r = ipcscope(['run', '--expect', path]);
    expect(r.stdout).toMatch(/^!! line 5 \(@p4242 msgctl\(7, IPC_RMID\)\): strace = 0, model = -1 EINVAL$/m);
    expect(r.stdout).toMatch(/== 1 of 2 calls differs from the recorded result\n$/);
    expect(r.status).toBe(1);
  });

  it('a workload it cannot compare (a block) is an error at its line and column on stderr, exit 2, before anything runs', () => {
    const r = ipcscope(['run', '--expect', '-'], 'msgget(IPC_PRIVATE, 0600)  # expect: = 0\n  repeat 2 { msgget(IPC_PRIVATE, 0600) }\n');
    expect(r).toEqual({ stdout: '', stderr: '<stdin>:2:12: error: --expect needs one statement per line, without blocks or `;`\n', status: 2 });
  });

  it('keeps the run error status and counts the calls it did not reach', () => {
    const r = ipcscope(['run', '--expect', '-'], 'msgget(IPC_PRIVATE, 0600)  # expect: = 0\nmsgctl(q, IPC_RMID)  # expect: = 0\nmsgget(IPC_PRIVATE, 0600)  # expect: = 1\n');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('msgget(IPC_PRIVATE, 0600) = 0\n== 0 of 3 calls differ from the recorded result; 2 not run (the run stopped at an error)\n');
    expect(r.stderr).toMatch(/<stdin>:2:\d+: error: .*q/);
  });
});

describe('argument helpers', () => {
  it('takes --expect out of run arguments only', () => {
    const a = ['run', '--expect', 'f'];
    expect(takeExpectFlag(a)).toBe(true);
    expect(a).toEqual(['run', 'f']);
    expect(takeExpectFlag(['sweep', '--expect'])).toBe(false);
  });

  it('reads --order and refuses - with other files', () => {
    expect(parseImportArgs(['--order', 'start', 'a', 'b'])).toEqual({ ok: true, files: ['a', 'b'], order: 'start' });
    expect(parseImportArgs(['--order=sideways', 'a'])).toMatchObject({ ok: false });
    expect(parseImportArgs(['-', 'a'])).toMatchObject({ ok: false });
  });
});
