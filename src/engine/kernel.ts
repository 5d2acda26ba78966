/**
 * One simulated machine: an IPC namespace and a network namespace as fresh
 * as `unshare -i -n` makes them, the open files of the single task, and the
 * probe that counts costs and receives the trace.
 *
 * `state` is plain data (structured-clone safe): checkpoints copy it.
 */
import { DEFAULT_CONFIG, type KernelConfig } from './config';
import { newProbe, type Probe } from './probe';
import type { Mount, OpenFile } from './fs/vfs';
import { create_ipc_ns, type IpcNamespace } from './ipc/namespace';
import { create_net_ns, type NetNamespace } from './net/net_namespace';
import { PROC_MOUNTS } from './fs/proc/root';
import { create_task_table, type TaskTable } from './kernel/task';

export interface KernelState {
  ipc: IpcNamespace;
  net: NetNamespace;
  /** the processes of the workload and which one makes the current call */
  tasks: TaskTable;
}

export interface Kernel {
  readonly config: KernelConfig;
  probe: Probe;
  state: KernelState;
  /** open file table of the single task, indexed by fd (null = free; all free between statements) */
  files: (OpenFile | null)[];
  /** files_struct.next_fd: the lowest fd that may be free (0-2 are stdio) */
  nextFd: number;
  mounts: readonly Mount[];
}

export function createKernel(config: Partial<KernelConfig> = {}, probe: Probe = newProbe()): Kernel {
  const cfg: KernelConfig = { ...DEFAULT_CONFIG, ...config };
  return {
    config: cfg,
    probe,
    state: { ipc: create_ipc_ns(cfg), net: create_net_ns(cfg), tasks: create_task_table(cfg.pid) },
    files: [null, null, null],
    nextFd: 3,
    mounts: PROC_MOUNTS,
  };
}
