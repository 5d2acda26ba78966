/**
 * The results of a multi-CPU run (types only): what the CLI summary prints
 * and what views may draw. Plain data; times are simulated nanoseconds.
 */
import type { SmpCpuState, SmpTransferKind } from '../trace';
import type { Topology } from './topology';
import type { MachineName, SmpConstants } from './constants';

export interface SmpCpuTimes {
  cpu: number;
  socket: number;
  running: number;
  spinning: number;
  /** waiting for cache lines to arrive */
  stalled: number;
  /** no runnable task */
  idle: number;
}

export interface SmpLineStats {
  line: string;
  /** RMW or write accesses that found the line elsewhere, by where it came from */
  transfers: Record<SmpTransferKind, number>;
  /** ns spent by all CPUs waiting for this line (transfers and queueing behind others) */
  stall_ns: number;
  accesses: number;
}

export interface SmpLockStats {
  lock: string;
  kind: 'spinlock' | 'rwsem';
  acquisitions: number;
  /** acquisitions that had to wait */
  contended: number;
  /** total ns waited (spinning for spinlocks, sleeping for rwsems) */
  wait_ns: number;
}

export interface SmpTaskStats {
  task: number;
  name: string;
  instance: number;
  cpu: number;
  /** system calls completed */
  ops: number;
  /** successful msgsnd calls */
  sent: number;
  /** ns spent asleep (blocked in a system call or waiting for a rwsem) */
  sleeping: number;
}

/** One CPU-state interval of the bounded timeline (the first `timeline_limit` ones). */
export interface SmpInterval {
  cpu: number;
  task: number;
  state: SmpCpuState;
  t0: number;
  t1: number;
}

export interface SmpResult {
  machine: MachineName;
  topology: Topology;
  constants: SmpConstants;
  /** measured simulated time, ns (after the warm-up) */
  duration: number;
  /** simulated time before the measurement started, ns */
  warmup: number;
  tasks: SmpTaskStats[];
  /** system calls completed by all tasks */
  ops: number;
  /** successful msgsnd calls (stress-ng's bogo-ops; pmsg's messages) */
  messages: number;
  /** successful semop calls; present only when there were any */
  semops?: number;
  /**
   * with semops: how many semops took the array's sem_perm.lock (`global`)
   * or only their semaphore's lock (`per_sem`), and complexmode_enter's
   * sweeps over every semaphore's lock (the switches into global mode) with
   * the ns they took from the array lock to the last semaphore's unlock
   */
  sem_locks?: { global: number; per_sem: number; sweeps: number; sweep_ns: number };
  /** messages (and successful semops) per simulated second */
  throughput: number;
  /** system calls per simulated second */
  ops_per_sec: number;
  cpus: SmpCpuTimes[];
  lines: SmpLineStats[];
  locks: SmpLockStats[];
  /** result counts per call, e.g. { 'msgsnd = 0': 123, 'msgrcv = -1 EINTR': 2 } */
  results: Record<string, number>;
  timeline: SmpInterval[];
  /** events processed by the scheduler (for the curious and the benchmark) */
  events: number;
}
