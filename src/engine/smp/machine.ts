/**
 * The state of a multi-CPU run as plain data: CPUs with their run queues,
 * tasks with the micro-operations of the system call they are in, cache
 * lines, spinlocks and rw-semaphores, the event queue and the statistics.
 * Every mechanism file (cacheline.ts, spinlock.ts, rwsem.ts, sched.ts)
 * works on this record; smp_run.ts drives it.
 *
 * Glossary: a *micro-op* is one step of a system call's path that costs
 * time or touches shared state (work, a cache line access, a lock
 * operation, a wake-up, going to sleep); `pc` indexes the current one.
 */
import type { SmpCpuState } from '../trace';
import type { Tracer } from '../probe';
import type { MachineName, SmpConstants } from './constants';
import type { CacheLine } from './cacheline';
import type { EventQueue } from './event_queue';
import type { LockConfig } from './lock_config';
import type { SchedTunables } from './sched';
import type { Fabric, Topology } from './topology';
import type { SmpInterval } from './types';
import type { Access } from './cacheline';
import { task_struct_new, type TaskStruct } from '../kernel/task';

export type MicroOp =
  | { op: 'work'; code: 0; ns: number }
  /**
   * `count` (default 1) back-to-back accesses of one line by one CPU with no
   * other memory access between them (atomic_add then atomic_inc of two
   * adjacent counters): one acquisition of the line, then `count` operations
   * on it. The later ones are done nanoseconds after the line arrives, long
   * before another CPU's request can reach this one (a transfer takes tens
   * of ns), so no other CPU gets the line in between.
   */
  | { op: 'access'; code: 1; line: string; access: Access; count?: number; line_id: number }
  /**
   * `line`: the cache line the lock word is on when it is not the lock's own (two struct sem per line); '' = the lock's name.
   * `line_id`, `lock_id`: micro_ops.ts's numbers of that line's name and of the lock's.
   */
  | { op: 'spin_lock'; code: 2; lock: string; line?: string; line_id: number; lock_id: number }
  | { op: 'spin_unlock'; code: 3; lock: string; line?: string; line_id: number; lock_id: number }
  | { op: 'down_read'; code: 5; sem: string }
  | { op: 'up_read'; code: 7; sem: string }
  | { op: 'down_write'; code: 6; sem: string }
  | { op: 'up_write'; code: 8; sem: string }
  /** lib/rwsem-spinlock.c, with the semaphore's wait_lock held: grant or queue (down), release and grant waiters (up) */
  | { op: 'rwsem_down_locked'; code: 9; sem: string; write: boolean }
  | { op: 'rwsem_up_locked'; code: 10; sem: string; write: boolean }
  /** after dropping the wait_lock: sleep until granted, unless already granted */
  | { op: 'rwsem_wait'; code: 11; sem: string }
  | { op: 'wake'; code: 12; task: number }
  /** complexmode_enter's sweep over the per-semaphore locks begins (`write` true) or ends (sem_smp.ts): counted and timed */
  | { op: 'sem_sweep'; code: 14; write: boolean }
  | { op: 'sleep'; code: 13 }
  | { op: 'end'; code: 4 };

/**
 * Each micro-op kind's number, its `code` (micro_ops.ts's micro sets it):
 * the event loop switches on the code, whose literal cases compile to a
 * jump table (a switch on the `op` strings compares them in order).
 */
export const MICRO_OP_CODE = {
  work: 0,
  access: 1,
  spin_lock: 2,
  spin_unlock: 3,
  end: 4,
  down_read: 5,
  down_write: 6,
  up_read: 7,
  up_write: 8,
  rwsem_down_locked: 9,
  rwsem_up_locked: 10,
  rwsem_wait: 11,
  wake: 12,
  sleep: 13,
  sem_sweep: 14,
} as const satisfies { [K in MicroOp['op']]: Extract<MicroOp, { op: K }>['code'] };

export type TaskState = 'running' | 'runnable' | 'waiting' | 'blocked' | 'done';
export type SleepReason = 'msg' | 'rwsem';

/**
 * A task of a multi-CPU run. It is the kernel's task too: `kernel` is its
 * TaskStruct in kernel.state.tasks (same pid), which holds what the
 * kernel keeps per process (the undo list, the semop or msgsnd/msgrcv it
 * sleeps in and the result its waker stored: sem_status, msg_wait); this
 * record adds what the scheduler and the timing model need.
 */
export interface SmpTask {
  id: number;
  name: string;
  instance: number;
  /** what the msg code records as lspid/lrpid, and the kernel task's pid */
  pid: number;
  kernel: TaskStruct;
  /** the CPU it runs or waits on; a task that is not `pinned` may move when it wakes (sched.ts) */
  cpu: number;
  /** placed with `on N` in the workload: it never leaves that CPU */
  pinned: boolean;
  state: TaskState;
  /** the current statement's micro-ops: ops[0, n_ops), the list reused from statement to statement (entries past n_ops are stale) */
  ops: MicroOp[];
  n_ops: number;
  pc: number;
  /** a msg wake-up arrived before the task went to sleep */
  wake_pending: boolean;
  /** what a blocked task sleeps on */
  sleeping_on: SleepReason | null;
  /** when the current sleep or lock wait began */
  wait_since: number;
  /** sched.ts (CFS): virtual runtime, total CPU time, that total when the task last got its CPU, and when it was last charged */
  vruntime: number;
  sum_exec: number;
  prev_sum_exec: number;
  exec_start: number;
  /** when the task's current wait for a lock began (rwsem_spin.ts), -1 when it waits for none */
  lock_wait_from: number;
  /** rwsem_spin.ts: when the task began spinning in an OSQ, and when its spinning on readers times out (-1: not timed) */
  spin_from: number;
  rspin_deadline: number;
  /** start of the current system call */
  op_start: number;
  /** the current statement: its text, call name and result */
  op_text: string;
  op_call: string;
  op_result: number;
  op_message: boolean;
  /** the current statement blocked: it is re-entered when the task wakes */
  op_blocked: boolean;
  /** the current statement is a semop that completed (semop-multi's unit of work) */
  op_semop: boolean;
  /** the current semop's lock: the array's, the semaphore's own, or none (sem_smp.ts) */
  op_sem_lock: 'global' | 'sem' | 'none';
  /** when the current sweep of per-semaphore locks began */
  sweep_from: number;
  stats_ops: number;
  stats_sent: number;
  stats_semops: number;
  stats_sleeping: number;
}

/** A task as it starts: runnable, in no system call, with nothing accounted yet (`kernel`: its kernel task, else a new one). */
export function smp_task_new(t: Pick<SmpTask, 'id' | 'name' | 'instance' | 'pid' | 'cpu' | 'pinned'> & { kernel?: TaskStruct }): SmpTask {
  // Every field named in one literal, no spread of `t`: V8 then gives every
  // task one map. Built as a spread, the tasks' maps diverged as their fields
  // changed representation during a run, and the event loop's accesses to
  // task fields went megamorphic (10-15% of a run in V8's IC stubs).
  return {
    id: t.id,
    name: t.name,
    instance: t.instance,
    pid: t.pid,
    cpu: t.cpu,
    pinned: t.pinned,
    kernel: t.kernel ?? task_struct_new(t.pid, t.name),
    state: 'runnable',
    ops: [],
    n_ops: 0,
    pc: 0,
    wake_pending: false,
    sleeping_on: null,
    wait_since: 0,
    vruntime: 0,
    sum_exec: 0,
    prev_sum_exec: 0,
    exec_start: 0,
    lock_wait_from: -1,
    spin_from: 0,
    rspin_deadline: -1,
    op_start: 0,
    op_text: '',
    op_call: '',
    op_result: 0,
    op_message: false,
    op_blocked: false,
    op_semop: false,
    op_sem_lock: 'none',
    sweep_from: 0,
    stats_ops: 0,
    stats_sent: 0,
    stats_semops: 0,
    stats_sleeping: 0,
  };
}

export interface SmpCpu {
  id: number;
  /** the running task, or -1 */
  current: number;
  runqueue: number[];
  /** sched.ts (CFS): the run queue's min_vruntime, a preemption is due, the next scheduler tick */
  min_vruntime: number;
  resched: boolean;
  next_tick: number;
  running: number;
  spinning: number;
  stalled: number;
}

export interface Spinlock {
  name: string;
  holder: number;
  /** FIFO of waiting tasks (qspinlock's MCS queue) */
  waiters: number[];
  acquisitions: number;
  contended: number;
  wait_ns: number;
}

export interface RwSemaphore {
  name: string;
  readers: number;
  writer: number;
  waiters: { task: number; write: boolean }[];
  /** rwsem_spin.ts: writers spinning in the OSQ, the head first */
  osq: number[];
  /** rwsem_spin.ts: RWSEM_NONSPINNABLE, set when a writer gave up spinning on readers */
  nonspinnable: boolean;
  acquisitions: number;
  contended: number;
  wait_ns: number;
}

export interface SmpMachine {
  machine: MachineName;
  topology: Topology;
  constants: SmpConstants;
  /** the spinlock and rwsem implementations of the simulated kernel */
  locks: LockConfig;
  /** CFS's tunables for this many CPUs (sched.ts) */
  sched: SchedTunables;
  /** the topology's per-CPU tables for the cache lines (topology.ts) */
  fabric: Fabric;
  /** busy[cpu] is 1 while the CPU has a current task (cpus[cpu].current >= 0; set with cpu_set_current): what smt_slowdown reads of the siblings, in one dense array */
  busy: Uint8Array;
  /** statistics cover [measure_from, end): after the warm-up, for the declared duration */
  measure_from: number;
  end: number;
  cpus: SmpCpu[];
  tasks: SmpTask[];
  lines: Map<string, CacheLine>;
  spinlocks: Map<string, Spinlock>;
  /** the records of `lines` and `spinlocks` by the number of their name (micro_ops.ts's name_id), filled as the micro-ops meet them */
  line_refs: CacheLine[];
  lock_refs: Spinlock[];
  rwsems: Map<string, RwSemaphore>;
  /** the line of a semaphore's wait list when it is not the semaphore's own (ipc_layout.ts) */
  wait_list_lines: Map<string, string>;
  queue: EventQueue;
  trace: Tracer;
  timeline: SmpInterval[];
  timeline_limit: number;
  results: Map<string, number>;
  /** semops by the lock they took, and complexmode_enter's sweeps (measured window only) */
  sem: SemLockStats;
  events: number;
}

export interface SemLockStats {
  global: number;
  per_sem: number;
  sweeps: number;
  sweep_ns: number;
}

/** `cpu`'s current task becomes `task` (-1: none). */
export function cpu_set_current(m: SmpMachine, cpu: SmpCpu, task: number): void {
  cpu.current = task;
  m.busy[cpu.id] = task >= 0 ? 1 : 0;
}

/** Adds [t0, t1) of `state` to `cpu`'s account (clipped to the run) and to the bounded timeline and the trace. */
export function account(m: SmpMachine, cpu: number, task: number, state: Exclude<SmpCpuState, 'idle'>, t0: number, t1: number): void {
  const a = Math.max(m.measure_from, t0);
  const b = Math.min(m.end, t1);
  if (!(b > a)) return;
  const c = m.cpus[cpu]!;
  // one field per state, named: a computed key here costs a keyed store on every event
  if (state === 'running') c.running += b - a;
  else if (state === 'stalled') c.stalled += b - a;
  else c.spinning += b - a;
  if (m.timeline.length < m.timeline_limit) m.timeline.push({ cpu, task, state, t0: a, t1: b });
  if (m.trace) m.trace({ kind: 'smp_cpu', cpu, task, state, t0: a, t1: b });
}

/** The part of [t0, t1) inside the measured window. */
export function measured(m: SmpMachine, t0: number, t1: number): number {
  return Math.max(0, Math.min(m.end, t1) - Math.max(m.measure_from, t0));
}

/** Forgets the statistics gathered during the warm-up (CPU times are clipped already). */
export function reset_stats(m: SmpMachine): void {
  for (const l of m.lines.values()) {
    l.transfers = { smt: 0, socket: 0, remote: 0, memory: 0 };
    l.stall_ns = 0;
    l.accesses = 0;
  }
  for (const s of m.spinlocks.values()) s.acquisitions = s.contended = s.wait_ns = 0;
  for (const s of m.rwsems.values()) s.acquisitions = s.contended = s.wait_ns = 0;
  for (const t of m.tasks) t.stats_ops = t.stats_sent = t.stats_semops = 0;
  m.results.clear();
  m.sem = { global: 0, per_sem: 0, sweeps: 0, sweep_ns: 0 };
}
