/**
 * Test support for the SysV IPC core: a kernel with only the IPC namespace
 * and its /proc files (for tests that poke at the state), a workload runner
 * on it, the end-to-end check against a recorded Linux output, and the
 * comparison rule of linux-oracle/compare.py (volatile /proc/sysvipc columns
 * compared as "zero or not", rows token by token).
 */
import { expect } from 'vitest';
import { DEFAULT_CONFIG, type KernelConfig } from '../config';
import { sys_close, sys_listdir, sys_open, sys_read, sys_write } from '../fs/vfs';
import { sysvipc_mount } from '../fs/proc/sysvipc';
import type { Kernel, KernelState } from '../kernel';
import { newProbe, type Probe } from '../probe';
import { runWorkload } from '../run';
import { createRun } from '../script/interpreter';
import { parse } from '../script/parser';
import type { Syscalls } from '../script/syscalls';
import { ipc_sysctl_mounts } from './ipc_sysctl';
import { create_ipc_ns } from './namespace';
import { sys_msgctl, sys_msgget, sys_msgrcv, sys_msgsnd, sys_semctl, sys_semget, sys_shmctl, sys_shmget } from './syscall';

/** A kernel whose state holds a fresh IPC namespace (no network namespace). */
export function ipcKernel(config: Partial<KernelConfig> = {}, probe: Probe = newProbe()): Kernel {
  const cfg: KernelConfig = { ...DEFAULT_CONFIG, ...config };
  const state = { ipc: create_ipc_ns(cfg) } as KernelState;
  return { config: cfg, probe, state, files: new Map(), nextFd: 3, mounts: [...ipc_sysctl_mounts, sysvipc_mount] };
}

const IPC_SYSCALLS: Syscalls<Kernel> = {
  sys_msgget, sys_msgsnd, sys_msgrcv, sys_msgctl, sys_shmget, sys_shmctl, sys_semget, sys_semctl,
  sys_open, sys_read, sys_write, sys_close, sys_listdir,
  rtnl_newlink: () => {
    throw new Error('no network namespace in the IPC test kernel');
  },
  rtnl_dellink: () => {
    throw new Error('no network namespace in the IPC test kernel');
  },
};

/** Runs a workload on `k` (a fresh IPC kernel by default) and returns its output; throws on parse/run errors. */
export function runIpc(text: string, k: Kernel = ipcKernel()): string {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(`parse error: ${parsed.error.message}`);
  const { output, error } = createRun(parsed.program, k, { syscalls: IPC_SYSCALLS }).runToEnd();
  if (error) throw new Error(`run error: ${error.message}`);
  return output;
}

const VOLATILE: Record<string, readonly string[]> = {
  '/proc/sysvipc/msg': ['lspid', 'lrpid', 'stime', 'rtime', 'ctime'],
  '/proc/sysvipc/shm': ['cpid', 'lpid', 'atime', 'dtime', 'ctime'],
  '/proc/sysvipc/sem': ['otime', 'ctime'],
};

/** compare.py --normalize: volatile columns become 0 / <nonzero>, sysvipc rows are re-joined token by token. */
export function normalizeOutput(text: string): string {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    const m = /^(cat|ls -U) (\S+) = (\d+)$/.exec(line);
    if (!m) continue;
    const n = Number(m[3]);
    const content = lines.slice(i + 1, i + 1 + n);
    i += n;
    const cols = VOLATILE[m[2]!];
    if (!cols || content.length === 0) {
      out.push(...content);
      continue;
    }
    const header = content[0]!.split(/\s+/).filter(Boolean);
    out.push(content[0]!);
    for (const row of content.slice(1)) {
      const toks = row.split(/\s+/).filter(Boolean);
      if (toks.length !== header.length) {
        out.push(row);
        continue;
      }
      out.push(toks.map((t, j) => (cols.includes(header[j]!) ? (t === '0' ? '0' : '<nonzero>') : t)).join(' '));
    }
  }
  return out.join('\n') + (out.length ? '\n' : '');
}

/**
 * Runs `workload` end to end (runWorkload: parser, interpreter, a fresh
 * kernel) and expects the output recorded on Linux 6.18 (kernel_replay.py),
 * compared like compare.py.
 */
export function expectLikeLinux(workload: string, linux: string, config: Partial<KernelConfig> = {}): void {
  const r = runWorkload(workload, { config });
  expect(r.error).toBeNull();
  expect(normalizeOutput(r.output)).toBe(normalizeOutput(linux));
}
