/**
 * Running a multi-CPU workload: the setup (the program's top-level
 * statements) runs first as the single task of the contract language and
 * prints its lines; then the declared tasks run on the declared CPUs for
 * the declared simulated time (declarations.ts), driven by a discrete-event
 * loop. Every
 * statement a task executes goes through the engine's own system calls
 * (task_syscalls.ts) at the moment its path starts; msg_smp.ts turns what
 * it did into timed micro-ops (work, cache-line accesses, locks, wake-ups,
 * sleep), executed one per event in time order (ties: queueing order).
 *
 * Simplified: a statement's kernel effect happens at the start of its
 * path, its locks and lines are then taken in simulated time (any order
 * the simulation produces is one the kernel could produce, but two calls
 * racing for one queue are ordered by their start); a task moves to
 * another CPU only when it wakes (sched.ts).
 */
import type { KernelConfig } from '../config';
import { createKernel, type Kernel } from '../kernel';
import { percpu_counter_init } from '../lib/percpu_counter';
import { newProbe, type Costs, type Tracer } from '../probe';
import { createKernelRun } from '../run';
import type { CallStatement, Program, SmpDeclarations } from '../script/ast';
import type { CallPlan } from '../script/operations';
import { makeError, toWorkloadError, WorkloadAbort, type WorkloadError } from '../script/errors';
import { createRun, initialState, type Run } from '../script/interpreter';
import { errnoName } from '../uapi/errno';
import { smpConstants, type SmpConstants } from './constants';
import { declared, intIn, type Declared } from './declarations';
import { event_push, event_queue_new, event_requeue_first, event_take } from './event_queue';
import { account, cpu_set_current, measured, reset_stats, smp_task_new, type SmpMachine, type SmpTask, type Spinlock } from './machine';
import { ids_lines } from './ipc_layout';
import { msg_path, runqueueLine, type MsgPathEnv } from './msg_smp';
import { sem_path, type SemPathEnv } from './sem_smp';
import { task_create } from '../kernel/task';
import { lock_config, type LockConfig } from './lock_config';
import { down, rwsem_down_locked, rwsem_up_locked, rwsem_waiting, up } from './rwsem';
import { spin_down, spin_timeout, spin_up } from './rwsem_spin';
import { preempt_point, sched_tunables, schedule, task_sleep, try_to_wake_up } from './sched';
import { line_access, smp_line, smp_spinlock, spin_lock, spin_unlock } from './spinlock';
import type { CacheLine } from './cacheline';
import { clearOutcome, otherOutcome, taskSyscalls, type TaskSyscallContext } from './task_syscalls';
import { fabric_new, nr_cpu_ids, topology_physical_package_id, topology_sibling, type Topology } from './topology';
import type { SmpResult } from './types';

export interface SmpRunOptions {
  config?: Partial<KernelConfig>;
  /** variables defined before the setup (the CLI's --var) */
  vars?: ReadonlyMap<string, bigint>;
  /** constants replacing the machine's (the CLI's --smp name=value) */
  overrides?: Partial<SmpConstants>;
  /** lock implementations replacing the ones derived from the kernel config (lock_config.ts) */
  locks?: Partial<LockConfig>;
  /** receives the SMP events (smp_cpu, smp_line, smp_lock, smp_op, smp_wake) */
  trace?: Tracer;
  /** CPU-state intervals kept in result.timeline (default 2000) */
  timelineLimit?: number;
  /** step budget of the setup (default: the interpreter's) */
  maxSteps?: number;
}

export interface SmpRunOutput {
  /** what the setup printed */
  output: string;
  exitCode: 0 | 2 | 3;
  error: WorkloadError | null;
  result: SmpResult | null;
  costs: Costs;
}

/** The first task's pid; task n has PID_BASE + n. */
export const PID_BASE = 1000;
/** Loop steps a task may take between two operations (`forever { }` would never yield). */
export const MAX_IDLE_STEPS = 1_000_000;

/** Does `program` declare CPUs, a duration or tasks? */
export function isSmpProgram(program: Program): program is Program & { smp: SmpDeclarations } {
  return program.smp !== undefined;
}

interface TaskRun {
  task: SmpTask;
  run: Run;
  /** the result count of the task's last counted statement (a task repeats the same call and result: no lookup then) */
  cell: ResultCell | null;
}

/** How many statements of one call ended with one result in the measured window: "msgsnd ok", "msgctl EINVAL". */
interface ResultCell {
  call: string;
  /** 0 for success, else the negative errno */
  r: number;
  key: string;
  n: number;
}

function makeTasks(m: SmpMachine, smp: SmpDeclarations, program: Program, kernel: Kernel, vars: Map<string, bigint>, ctx: TaskSyscallContext): TaskRun[] {
  const out: TaskRun[] = [];
  const n = m.cpus.length;
  const syscalls = taskSyscalls(ctx);
  // a call's plan depends on the statement alone: one table for every task
  const plans = new Map<CallStatement, CallPlan>();
  for (const decl of smp.tasks) {
    const count = decl.count === null ? 1 : intIn(vars, decl.count, 0, 65536, 'the task count', decl);
    const body: Program = { type: 'Program', source: program.source, body: decl.body, start: decl.start, end: decl.end };
    for (let i = 0; i < count; i++) {
      const state = initialState();
      for (const [k, v] of vars) state.vars.set(k, v);
      state.vars.set('TASK', BigInt(i));
      const id = out.length;
      const cpu = decl.cpu === null ? id % n : intIn(state.vars, decl.cpu, 0, n - 1, `the CPU of task ${decl.name} ${i}`, decl);
      const task = smp_task_new({ id, name: decl.name, instance: i, pid: PID_BASE + id, cpu, pinned: decl.cpu !== null, kernel: task_create(kernel, PID_BASE + id) });
      // the statement's text is only for the trace's smp_op events, and a task prints nothing: quiet when no one traces
      out.push({ task, run: createRun(body, kernel, { syscalls, maxSteps: Infinity, maxIdleSteps: MAX_IDLE_STEPS, state, quiet: m.trace === null, plans }), cell: null });
    }
  }
  return out;
}

/**
 * The other hardware threads of each CPU's core (topology_sibling, computed
 * once per run), flat: CPU c's are [c × (threads − 1), (c + 1) × (threads − 1)).
 */
function siblingsOf(t: Topology, nr: number): Int32Array {
  const out = new Int32Array(nr * (t.threads - 1));
  let n = 0;
  for (let cpu = 0; cpu < nr; cpu++) {
    for (let th = 0; th < t.threads; th++) {
      const sib = topology_sibling(t, cpu, th);
      if (sib !== cpu) out[n++] = sib;
    }
  }
  return out;
}

/**
 * How much slower work runs on `cpu` now (`siblings`: siblingsOf's table,
 * `per`: threads − 1): 1 alone on its core; with k busy SMT siblings the
 * core's smt_speedup is shared by k + 1 threads.
 */
function smt_slowdown(m: SmpMachine, siblings: Int32Array, per: number, cpu: number): number {
  let busy = 0;
  const b = m.busy;
  for (let i = cpu * per, end = i + per; i < end; i++) busy += b[siblings[i]!]!;
  return busy === 0 ? 1 : (busy + 1) / (1 + (m.constants.smt_speedup - 1) * busy);
}

/** Unwinds a run to runSmpProgram with the workload's error (an Error so that what is thrown is one). */
class Stop extends Error {
  constructor(readonly error: WorkloadError) {
    super('stopped by a workload error');
  }
}

/** Runs a parsed multi-CPU program. Never throws. */
export function runSmpProgram(program: Program & { smp: SmpDeclarations }, opts: SmpRunOptions = {}): SmpRunOutput {
  const probe = newProbe();
  const source = program.source;
  const fail = (e: unknown, output = ''): SmpRunOutput => {
    const error =
      e instanceof WorkloadAbort
        ? toWorkloadError(source, e)
        : e instanceof Stop
          ? e.error
          : makeError(source, 'internal_error', `internal error: ${e instanceof Error ? e.message : String(e)}`, { start: 0, end: 0 });
    return { output, exitCode: error.code === 'internal_error' ? 3 : 2, error, result: null, costs: probe.costs };
  };
  const vars = new Map(opts.vars ?? []);
  let decl: Declared;
  try {
    decl = declared(program.smp, vars);
  } catch (e) {
    return fail(e);
  }
  const nr = nr_cpu_ids(decl.topology);
  const config = { ...opts.config, nr_cpus: nr };
  const kernel = createKernel(config, probe);
  const setupState = initialState();
  for (const [k, v] of vars) setupState.vars.set(k, v);
  const setup = createKernelRun(program, kernel, { state: setupState, ...(opts.maxSteps === undefined ? {} : { maxSteps: opts.maxSteps }) });
  const { output, error } = setup.runToEnd();
  if (error !== null) return { output, exitCode: error.code === 'internal_error' ? 3 : 2, error, result: null, costs: probe.costs };

  const constants = smpConstants(decl.machine, opts.overrides);
  const m: SmpMachine = {
    machine: decl.machine,
    topology: decl.topology,
    constants,
    locks: lock_config(kernel.config, opts.locks),
    measure_from: decl.warmup,
    end: decl.warmup + decl.duration,
    sched: sched_tunables(nr),
    fabric: fabric_new(decl.topology, constants),
    busy: new Uint8Array(nr),
    cpus: Array.from({ length: nr }, (_, id) => ({ id, current: -1, runqueue: [], min_vruntime: 0, resched: false, next_tick: 0, running: 0, spinning: 0, stalled: 0 })),
    tasks: [],
    lines: new Map(),
    spinlocks: new Map(),
    line_refs: [],
    lock_refs: [],
    rwsems: new Map(),
    wait_list_lines: new Map(),
    queue: event_queue_new(),
    trace: opts.trace ?? null,
    timeline: [],
    timeline_limit: opts.timelineLimit ?? 2000,
    results: new Map(),
    sem: { global: 0, per_sem: 0, sweeps: 0, sweep_ns: 0 },
    events: 0,
  };
  const ctx: TaskSyscallContext = { current: null, outcome: otherOutcome(), semSleepers: [] };
  let runs: TaskRun[];
  try {
    runs = makeTasks(m, program.smp, program, kernel, setupState.vars, ctx);
  } catch (e) {
    return fail(e, output);
  }
  m.tasks = runs.map((r) => r.task);
  const ids = ids_lines(kernel.config, constants.ipc_ns_offset);
  if (ids.wait_list !== ids.rwsem) m.wait_list_lines.set(ids.rwsem, ids.wait_list);
  const env: MsgPathEnv = {
    config: kernel.config,
    constants,
    locks: m.locks,
    nr_cpus: nr,
    ids,
    percpu: { msg_bytes: percpu_counter_init(nr), msg_hdrs: percpu_counter_init(nr) },
    taskOfPid: (pid) => (pid >= PID_BASE && pid < PID_BASE + runs.length ? pid - PID_BASE : -1),
  };
  const semEnv: SemPathEnv = { config: kernel.config, constants, taskOfPid: env.taskOfPid };
  for (const t of m.tasks) {
    const cpu = m.cpus[t.cpu]!;
    if (cpu.current < 0) {
      cpu_set_current(m, cpu, t.id);
      t.state = 'running';
      event_push(m.queue, 0, t.id);
    } else cpu.runqueue.push(t.id);
  }

  const nextStatement = (tr: TaskRun, t: number): boolean => {
    const task = tr.task;
    ctx.current = task;
    clearOutcome(ctx.outcome);
    const kind = tr.run.stepQuiet();
    ctx.current = null;
    if (kind === 'error') throw new Stop(tr.run.state.error!);
    if (kind === 'done') {
      task.state = 'done';
      schedule(m, task, t);
      return false;
    }
    const o = ctx.outcome;
    task.op_blocked = o.kind === 'blocked';
    // the call sleeps: when woken, the task re-enters the same statement
    if (task.op_blocked) tr.run.retry();
    const r = tr.run.last;
    task.op_text = r.text;
    task.op_call = o.call === 'other' ? r.call : o.call;
    task.op_result = r.result;
    task.op_message = o.call === 'msgsnd' && (o.kind === 'queued' || o.kind === 'pipelined');
    task.op_semop = o.call === 'semop' && r.result === 0;
    task.op_sem_lock = o.sem.mode;
    task.op_start = t;
    // the task's list, done with: refilled in place
    task.n_ops = 0;
    if (o.call === 'semop') {
      const path = sem_path(semEnv, o.sem, o.kind, o.woken);
      for (let i = 0; i < path.length; i++) task.ops[task.n_ops++] = path[i]!;
    } else msg_path(env, o, task.cpu, task);
    task.pc = 0;
    return true;
  };

  const finishOp = (tr: TaskRun, t: number) => {
    const task = tr.task;
    if (t < m.measure_from || t > m.end) return;
    if (task.op_sem_lock === 'global') m.sem.global++;
    else if (task.op_sem_lock === 'sem') m.sem.per_sem++;
    if (task.op_blocked) return;
    task.stats_ops++;
    if (task.op_message) task.stats_sent++;
    if (task.op_semop) task.stats_semops++;
    const call = task.op_call;
    const r = task.op_result >= 0 ? 0 : task.op_result;
    let cell = tr.cell;
    if (cell === null || cell.call !== call || cell.r !== r) tr.cell = cell = resultCell(call, r);
    cell.n++;
    if (m.trace) m.trace({ kind: 'smp_op', task: task.id, cpu: task.cpu, t0: task.op_start, t1: t, text: task.op_text, result: task.op_result });
  };

  // "msgsnd ok", "msgctl EINVAL": one count per call and result, its key built once (not once per statement); m.results gets them at the end
  const cells = new Map<string, Map<number, ResultCell>>();
  const resultCell = (call: string, r: number): ResultCell => {
    let byResult = cells.get(call);
    if (byResult === undefined) cells.set(call, (byResult = new Map<number, ResultCell>()));
    let cell = byResult.get(r);
    if (cell === undefined) byResult.set(r, (cell = { call, r, key: `${call} ${r === 0 ? 'ok' : errnoName(-r)}`, n: 0 }));
    return cell;
  };

  const spinning = m.locks.rwsem === 'optimistic';
  const smt = m.topology.threads > 1;
  const siblings = siblingsOf(m.topology, nr);
  const perCore = m.topology.threads - 1;
  // a micro-op's line and lock by their number (micro_ops.ts's name_id): an array index instead of a Map lookup by name per event
  const lineRef = (id: number, name: string): CacheLine => m.line_refs[id] ?? (m.line_refs[id] = smp_line(m, name));
  const lockRef = (id: number, name: string): Spinlock => m.lock_refs[id] ?? (m.lock_refs[id] = smp_spinlock(m, name));
  /**
   * Runs `tr`'s micro-ops at `t` up to the first one that takes time.
   * Return: when the task continues (the caller queues it), or -1 when
   * something else will continue it (a lock hand-over, a wake-up) or it ended.
   */
  const runTask = (tr: TaskRun, t: number): number => {
    const task = tr.task;
    for (;;) {
      if (task.pc >= task.n_ops && !nextStatement(tr, t)) return -1;
      const op = task.ops[task.pc++]!;
      // the codes are MICRO_OP_CODE's (machine.ts), as literals: a jump table
      switch (op.code) {
        case 0: {
          // work
          const ns = smt ? op.ns * smt_slowdown(m, siblings, perCore, task.cpu) : op.ns;
          account(m, task.cpu, task.id, 'running', t, t + ns);
          return t + ns;
        }
        case 1: // access
          // a plain hit (most accesses: this CPU's percpu line, the IDR root it shares) builds no result (line_access)
          return line_access(m, task, op.line, op.access, t, op.count, lineRef(op.line_id, op.line));
        case 2: // spin_lock
          return spin_lock(m, task, op.lock, t, op.line, lineRef(op.line_id, op.line || op.lock), lockRef(op.lock_id, op.lock));
        case 3: // spin_unlock
          return spin_unlock(m, task, op.lock, t, op.line, lineRef(op.line_id, op.line || op.lock), lockRef(op.lock_id, op.lock));
        // every statement ends with one
        case 4: // end
          finishOp(tr, t);
          if (preempt_point(m, task, t)) return -1;
          continue;
        case 5: // down_read
        case 6: // down_write
          return (spinning ? spin_down : down)(m, task, op.sem, op.code === 6, t) ?? -1;
        case 7: // up_read
        case 8: // up_write
          return (spinning ? spin_up : up)(m, task, op.sem, op.code === 8, t);
        case 9: // rwsem_down_locked
          return rwsem_down_locked(m, task, op.sem, op.write, t);
        case 10: // rwsem_up_locked
          return rwsem_up_locked(m, task, op.sem, op.write, t);
        case 11: // rwsem_wait
          if (rwsem_waiting(m, task, op.sem) && task_sleep(m, task, t, 'rwsem')) return -1;
          continue;
        case 12: {
          // wake
          const target = m.tasks[op.task]!;
          const end = line_access(m, task, runqueueLine(target.cpu), 'rmw', t) + constants.wakeup;
          account(m, task.cpu, task.id, 'running', end - constants.wakeup, end);
          try_to_wake_up(m, task, target, end, 'msg');
          return end;
        }
        case 13: // sleep
          if (task_sleep(m, task, t, 'msg')) return -1;
          continue;
        case 14: // sem_sweep
          if (op.write) task.sweep_from = t;
          else if (t >= m.measure_from && t <= m.end) {
            m.sem.sweeps++;
            m.sem.sweep_ns += measured(m, task.sweep_from, t);
          }
          continue;
      }
    }
  };

  try {
    const q = m.queue;
    let warm = m.measure_from === 0;
    // The event being run, (time, id), is off the queue: the queue's first
    // event is the one after it, so whether the task's next event comes
    // before every other is one comparison. Whatever a task queues while it
    // runs is later than its own event.
    let time = q.size === 0 ? Infinity : q.time[0]!;
    let id = q.size === 0 ? 0 : event_take(q);
    while (time < m.end) {
      if (!warm && time >= m.measure_from) {
        reset_stats(m);
        for (const byResult of cells.values()) for (const cell of byResult.values()) cell.n = 0;
        warm = true;
      }
      m.events++;
      // a negative task is a timer: the end of task -1 - n's spinning on readers (rwsem_spin.ts)
      if (id < 0) {
        spin_timeout(m, m.tasks[-1 - id]!, time);
        if (q.size === 0) break;
        time = q.time[0]!;
        id = event_take(q);
        continue;
      }
      const tr = runs[id]!;
      // the task runs on while its next event is strictly earlier than the
      // queue's first (among equal times the older event goes first) and in
      // the current phase (warm-up, measured window): the same events happen
      // in the same order as through the queue
      const phaseEnd = warm ? m.end : Math.min(m.end, m.measure_from);
      for (;;) {
        const next = runTask(tr, time);
        const first = q.size === 0 ? Infinity : q.time[0]!;
        if (first < time) throw new Error(`an event was queued before the current one (t = ${time})`);
        if (next < 0) {
          // done or handed on: the queue's first event is next
          time = first;
          if (q.size > 0) id = event_take(q);
          break;
        }
        if (next < first) {
          time = next;
          if (next < phaseEnd) {
            m.events++;
            continue;
          }
          // past the phase: the loop's head starts the next phase (or ends the run) with it
          break;
        }
        // the queue's first event is next; this one is queued in its place
        time = first;
        const after = q.task[0]!;
        event_requeue_first(q, next, id);
        id = after;
        break;
      }
    }
  } catch (e) {
    return fail(e, output);
  }
  for (const byResult of cells.values()) for (const cell of byResult.values()) if (cell.n > 0) m.results.set(cell.key, cell.n);
  return { output, exitCode: 0, error: null, result: summarize(m), costs: probe.costs };
}

function summarize(m: SmpMachine): SmpResult {
  const d = m.end - m.measure_from;
  for (const t of m.tasks) if (t.state === 'blocked') t.stats_sleeping += measured(m, t.wait_since, m.end);
  const ops = m.tasks.reduce((a, t) => a + t.stats_ops, 0);
  const messages = m.tasks.reduce((a, t) => a + t.stats_sent, 0);
  const semops = m.tasks.reduce((a, t) => a + t.stats_semops, 0);
  const lines = [...m.lines.values()]
    .map((l) => ({ line: l.name, transfers: { ...l.transfers }, stall_ns: l.stall_ns, accesses: l.accesses }))
    .sort((a, b) => b.stall_ns - a.stall_ns || (a.line < b.line ? -1 : 1));
  const locks = [
    ...[...m.spinlocks.values()].map((s) => ({ lock: s.name, kind: 'spinlock' as const, acquisitions: s.acquisitions, contended: s.contended, wait_ns: s.wait_ns })),
    ...[...m.rwsems.values()].map((s) => ({ lock: s.name, kind: 'rwsem' as const, acquisitions: s.acquisitions, contended: s.contended, wait_ns: s.wait_ns })),
  ].sort((a, b) => b.wait_ns - a.wait_ns || (a.lock < b.lock ? -1 : 1));
  return {
    machine: m.machine,
    topology: m.topology,
    constants: m.constants,
    duration: d,
    warmup: m.measure_from,
    tasks: m.tasks.map((t) => ({ task: t.id, name: t.name, instance: t.instance, cpu: t.cpu, ops: t.stats_ops, sent: t.stats_sent, sleeping: t.stats_sleeping })),
    ops,
    messages,
    ...(semops > 0 ? { semops, sem_locks: { ...m.sem } } : {}),
    throughput: ((messages + semops) * 1e9) / d,
    ops_per_sec: (ops * 1e9) / d,
    cpus: m.cpus.map((c) => ({
      cpu: c.id,
      socket: topology_physical_package_id(m.topology, c.id),
      running: c.running,
      spinning: c.spinning,
      stalled: c.stalled,
      idle: Math.max(0, d - c.running - c.spinning - c.stalled),
    })),
    lines,
    locks,
    results: Object.fromEntries([...m.results.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    timeline: m.timeline,
    events: m.events,
  };
}
