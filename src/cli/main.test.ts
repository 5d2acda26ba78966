import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../engine/version';

// The CLI is tested as shipped: bundled by vite.cli.config.ts (into a
// private directory, so that a concurrent `npm run build:cli` cannot race
// it) and run with node. Expected outputs were recorded on Linux 6.18.

let dir = '';
let cli = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ipcscope-cli-'));
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

function workload(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const SMALL = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(q, IPC_RMID)\nmsgctl(q, IPC_RMID)\n';
const SMALL_OUT = 'msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\nmsgctl(0, IPC_RMID) = 0\nmsgctl(0, IPC_RMID) = -1 EINVAL (Invalid argument)\n';

describe('the ipcscope command', () => {
  it('--version prints the engine version', () => {
    expect(ipcscope(['--version'])).toEqual({ stdout: `ipcscope ${ENGINE_VERSION} (models Linux 6.18)\n`, stderr: '', status: 0 });
  });

  it('--help prints the usage', () => {
    const r = ipcscope(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('ipcscope run [options] FILE|-');
    expect(r.stdout).toContain('--max-steps N');
    // every status the command exits with, in one place
    expect(r.stdout).toContain('Exit status: 0 the workload ran to the end, 1 run --expect: a call differs from its recorded result,\n');
    expect(r.stdout).toContain('130 interrupted (Ctrl-C)');
  });

  it('run FILE prints the contract output and exits 0', () => {
    expect(ipcscope(['run', workload('small.ipc', SMALL)])).toEqual({ stdout: SMALL_OUT, stderr: '', status: 0 });
  });

  it('run --var named like a constant is a usage error, exit 2, not a run with that constant changed', () => {
    expect(ipcscope(['run', '--var', 'IPC_CREAT=1', '-'], SMALL)).toEqual({ stdout: '', stderr: 'ipcscope: --var IPC_CREAT: `IPC_CREAT` is a constant and cannot be used as a variable\n', status: 2 });
  });

  it('run - reads the workload from stdin', () => {
    expect(ipcscope(['run', '-'], SMALL)).toEqual({ stdout: SMALL_OUT, stderr: '', status: 0 });
  });

  it('a parse error is one line FILE:LINE:COL: error: message on stderr, exit 2', () => {
    const path = workload('bad.ipc', 'msgget(0, 0)\nrepeat 2 {\n  msgfoo(1)\n}\n');
    expect(ipcscope(['run', path])).toEqual({
      stdout: '',
      stderr: `${path}:3:3: error: unknown call \`msgfoo\` ` + '(the calls are msgget, msgsnd, msgrcv, msgctl, shmget, shmctl, shmat, shmdt, semget, semctl, semop, semtimedop)\n',
      status: 2,
    });
    expect(ipcscope(['run', '-'], 'msgget(089, 0)').stderr).toBe('<stdin>:1:8: error: `089` starts with 0, so it is octal, and 8 and 9 are not octal digits\n');
  });

  it('a run-time error prints the output so far, then the error, exit 2', () => {
    expect(ipcscope(['run', '-'], 'msgget(0, 0)\nmsgctl(q, 0)\n')).toEqual({
      stdout: 'msgget(IPC_PRIVATE, 000) = 0\n',
      stderr: '<stdin>:2:8: error: undefined variable `q`\n',
      status: 2,
    });
  });

  it('--costs prints the counters on stderr after the output', () => {
    const r = ipcscope(['run', '--costs', '-'], SMALL);
    expect(r.stdout).toBe(SMALL_OUT);
    expect(r.status).toBe(0);
    expect(r.stderr.startsWith('costs:\n')).toBe(true);
    expect(r.stderr).toMatch(/^ {2}ipc_addid +1$/m);
  });

  it('--json prints the output and the costs as one JSON object', () => {
    const r = ipcscope(['run', '--json', '-'], SMALL);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout) as { output: string; costs: Record<string, number> };
    expect(json.output).toBe(SMALL_OUT);
    expect(json.costs.ipc_addid).toBe(1);
    expect(json.costs.ipc_rmid).toBe(1);
  });

  it('--max-steps stops a runaway loop with a clear error', () => {
    const r = ipcscope(['run', '--max-steps', '100', '-'], 'repeat 1000000000 { }\n');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('<stdin>:1:1: error: this loop would run 1000000000 iterations, more than the 100 steps left of the budget of 100 (see --max-steps)\n');
  });

  it('--block-timeout is accepted and a blocking call reports EINTR', () => {
    const r = ipcscope(['run', '--block-timeout', '0.1', '-'], 'q = msgget(IPC_PRIVATE, 0600)\nmsgrcv(q, 0, 10)\n');
    expect(r).toEqual({
      stdout: 'msgget(IPC_PRIVATE, 0600) = 0\nmsgrcv(0, 0, 10, 0) = -1 EINTR (Interrupted system call)\n',
      stderr: '',
      status: 0,
    });
  });

  it('usage errors exit 2 with the usage on stderr', () => {
    const r = ipcscope(['run', '--bogus', 'x']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith('ipcscope: unknown option --bogus\n\nUsage:\n')).toBe(true);
    expect(ipcscope([]).status).toBe(2);
  });

  it('a missing file is an error exit 2', () => {
    expect(ipcscope(['run', join(dir, 'nope.ipc')])).toEqual({
      stdout: '',
      stderr: `ipcscope: cannot read ${join(dir, 'nope.ipc')}: ENOENT\n`,
      status: 2,
    });
  });

  it('a reader closing the pipe early ends the output quietly', () => {
    const path = workload('many.ipc', 'repeat 200000 { msgget(IPC_PRIVATE, 0) }\n');
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${cli}" run "${path}" | head -n 2`], { encoding: 'utf8' });
    expect(r.stdout).toBe('msgget(IPC_PRIVATE, 000) = 0\nmsgget(IPC_PRIVATE, 000) = 1\n');
    expect(r.stderr).toBe('');
  });

  it('run of a multi-CPU workload prints the setup lines and the summary; --smp overrides a constant', () => {
    const path = workload('smp.ipc', 'cpus 2\nduration 100 us\nq = msgget(1, IPC_CREAT|0600)\ntask s on 0 { forever { msgsnd(q, 1, 4) } }\ntask r on 1 { forever { msgrcv(q, 0, 4) } }\n');
    const r = ipcscope(['run', path]);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('msgget(0x1, IPC_CREAT|0600) = 0');
    expect(lines[1]).toBe('# smp: 1 socket(s) x 2 core(s) x 1 thread(s) = 2 CPUs, machine icelake, 2 tasks, 100.00 us measured');
    expect(lines[2]).toMatch(/^# throughput: [0-9,]+ messages\/s/);
    const slow = ipcscope(['run', path, '--smp', 'syscall=10000']);
    const msgs = (out: string) => Number(/throughput: ([0-9,]+)/.exec(out)![1]!.replaceAll(',', ''));
    expect(msgs(slow.stdout)).toBeLessThan(msgs(r.stdout) / 5);
    expect(ipcscope(['run', path, '--smp', 'nope=1'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--smp needs NAME=VALUE') });
  });

  it('sweep of a workload that does not parse is one FILE:LINE:COL error on stderr, exit 2, and no table', () => {
    const path = workload('bad-sweep.ipc', 'for i in 0..N {\n  msgfoo(1)\n}\n');
    expect(ipcscope(['sweep', path, '--var', 'N=1,2', '--jobs', '1'])).toEqual({
      stdout: '',
      stderr: `${path}:2:3: error: unknown call \`msgfoo\` (the calls are msgget, msgsnd, msgrcv, msgctl, shmget, shmctl, shmat, shmdt, semget, semctl, semop, semtimedop)\n`,
      status: 2,
    });
  });

  it('sweep of a multi-CPU workload takes --smp too, for every point', () => {
    const path = workload(
      'smp-sweep.ipc',
      '#@default W=0\ncpus 2\nduration 100 us\nq = msgget(1, IPC_CREAT|0600)\ntask s on 0 { forever { msgsnd(q, 1, 4) } }\ntask r on 1 { forever { msgrcv(q, 0, 4) } }\n',
    );
    const points = (extra: string[]) => {
      const r = ipcscope(['sweep', path, '--var', 'W=1,2', '--json', ...extra]);
      expect(r.status).toBe(0);
      return (JSON.parse(r.stdout) as { series: { points: { throughput: number }[] }[] }).series[0]!.points.map((p) => p.throughput);
    };
    const base = points([]);
    const slow = points(['--smp', 'syscall=10000']);
    expect(slow.every((t, i) => t < base[i]! / 5)).toBe(true);
    expect(ipcscope(['sweep', path, '--var', 'W=1', '--smp', 'ipc_ns_offset=3'])).toMatchObject({ status: 2, stderr: expect.stringContaining('multiple of 8') });
  });

  it('sweep runs its points on worker threads and prints exactly what a serial run prints', () => {
    const smp = workload(
      'smp-par.ipc',
      '#@default P=1\ncpus 4\nduration 200 us\nfor i in 0..P { msgget(i + 1, IPC_CREAT|0600) }\ntask s x P { q = msgget(TASK + 1, 0); forever { msgsnd(q, 1, 4); msgctl(q, MSG_INFO) } }\ntask r x P { q = msgget(TASK + 1, 0); forever { msgrcv(q, 0, 4) } }\n',
    );
    const plain = workload('plain-par.ipc', 'for i in 0..N { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }\n#@measure\ncat /proc/sysvipc/shm\n');
    for (const [path, values, kernels] of [
      [smp, 'P=1,2,3', ['6.0', '6.1']],
      [plain, 'N=1,10,100,300', ['5.13', '6.18']],
    ] as const) {
      const args = ['sweep', path, '--var', values, ...kernels.flatMap((k) => ['--kernel', k]), '--json'];
      const serial = ipcscope([...args, '--jobs', '1']);
      const parallel = ipcscope([...args, '--jobs', '3']);
      expect(serial.status).toBe(0);
      expect(parallel.status).toBe(0);
      expect(parallel.stdout).toBe(serial.stdout);
      // the parallel run reports each point as it finishes; the serial one as it starts
      expect(parallel.stderr).toMatch(/^\[1\/\d+ [0-9.]+s\] \S+ [A-Z]=\d+ finished$/m);
      expect(serial.stderr).not.toMatch(/finished/);
    }
    expect(ipcscope(['sweep', smp, '--var', 'P=1', '--jobs', '0'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--jobs needs a positive integer') });
  });
});
