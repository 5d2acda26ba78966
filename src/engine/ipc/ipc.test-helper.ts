/**
 * Test support for the SysV IPC core: a kernel with only the IPC namespace
 * and its /proc files (for tests that poke at the state), a workload runner
 * on it, the end-to-end check against a recorded Linux output, and the
 * comparison rule of linux-oracle/compare.py (volatile /proc/sysvipc columns
 * compared as "zero or not", rows token by token).
 */
import { expect } from 'vitest';
import { DEFAULT_CONFIG, type KernelConfig } from '../config';
import { sysvipc_mount } from '../fs/proc/sysvipc';
import type { Kernel, KernelState } from '../kernel';
import { newProbe, type Probe } from '../probe';
import { runWorkload } from '../run';
import { createRun } from '../script/interpreter';
import { parse } from '../script/parser';
import { KERNEL_SYSCALLS } from '../script/kernel_syscalls';
import type { Syscalls } from '../script/syscalls';
import { ipc_sysctl_mounts } from './ipc_sysctl';
import { ipc_idr_find } from './ipc_idr';
import { create_ipc_ns, type IpcIds, type KernIpcPerm } from './namespace';
import { create_task_table, current_cred, task_setcreds } from '../kernel/task';
import { compareOutputs, formatDifferences } from '../../../tests/conformance/compare';

/** A kernel whose state holds a fresh IPC namespace (no network namespace). */
export function ipcKernel(config: Partial<KernelConfig> = {}, probe: Probe = newProbe()): Kernel {
  const cfg: KernelConfig = { ...DEFAULT_CONFIG, ...config };
  const state = { ipc: create_ipc_ns(cfg), tasks: create_task_table(cfg.pid) } as KernelState;
  return { config: cfg, probe, state, files: [null, null, null], nextFd: 3, mounts: [...ipc_sysctl_mounts, sysvipc_mount] };
}

/** The live object with this id (the test fails on a missing one when it reads a field). */
export function ipcObject<T extends KernIpcPerm>(ids: IpcIds<T>, id: number): T {
  return ipc_idr_find(ids.ipcs_idr, id)!;
}

/** The calling task of `k` becomes uid/gid (the language's `creds`): no capabilities any more. */
export function becomeUser(k: Kernel, uid: number, gid: number): void {
  task_setcreds(k, k.state.tasks.current, uid, gid);
}

/** The calling task of `k` loses one capability (root without CAP_SYS_RESOURCE, as on the recording host). */
export function dropCapability(k: Kernel, cap: number): void {
  current_cred(k).cap_effective &= ~(1n << BigInt(cap));
}

const IPC_SYSCALLS: Syscalls<Kernel> = {
  ...KERNEL_SYSCALLS,
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

/**
 * Runs `workload` end to end (runWorkload: parser, interpreter, a fresh
 * kernel) and expects the output recorded on Linux 6.18, compared by the
 * conformance comparator (pid and time columns only as zero / non-zero).
 */
export function expectLikeLinux(workload: string, linux: string, config: Partial<KernelConfig> = {}): void {
  const r = runWorkload(workload, { config });
  expect(r.error).toBeNull();
  expect(formatDifferences(compareOutputs(linux, r.output))).toBe('');
}
