/**
 * kernel/sched/core.c and fair.c as far as the msg paths need them:
 * try_to_wake_up, schedule, and CFS's choice of the next task and of when
 * to preempt, on per-CPU run queues. Each task stays on the CPU it was
 * placed on (no migration, no load balancing).
 *
 * CFS (the 6.0/6.1 rules, kernel/sched/fair.c before EEVDF; all tasks nice
 * 0, so every weight is equal and vruntime is CPU time):
 * - a task's vruntime grows with the time it is a CPU's current task
 *   (running, spinning or stalled alike); the next task is the queued one
 *   with the smallest vruntime;
 * - a woken task is placed at max(its vruntime, min_vruntime − latency/2)
 *   (place_entity with GENTLE_FAIR_SLEEPERS), and preempts the current task
 *   when that one's vruntime is ahead by more than the wake-up granularity
 *   (check_preempt_wakeup);
 * - at each scheduler tick (HZ = 250, Debian's 6.1 config) the current
 *   task is preempted when it has run longer than its slice, period /
 *   nr_running, or when it is ahead of the leftmost queued task by more
 *   than that slice after at least min_granularity (check_preempt_tick);
 * - the tunables are 6 ms latency, 0.75 ms minimum granularity and 1 ms
 *   wake-up granularity, each times 1 + ilog2(min(CPUs, 8))
 *   (SCHED_TUNABLESCALING_LOG), and the period stretches to nr × min_gran
 *   beyond 8 runnable tasks (sched_nr_latency).
 * Where a woken task runs (select_task_rq_fair → select_idle_sibling): on
 * the CPU it last ran on if that one is idle; else on an idle CPU sharing
 * its last-level cache (its socket), a wholly idle core first, scanning in
 * CPU order from it; else on its own CPU. Tasks pinned with `on N` stay.
 * Its vruntime moves with it relative to the two queues' min_vruntime.
 * Simplified: wake_affine's pull towards the waker's CPU, SIS_UTIL's limit
 * on the scan and all periodic and newly-idle load balancing are left out.
 * A preemption takes effect at the end of the current statement: the
 * kernels modelled are not preemptible inside a system call (voluntary
 * preemption; the return to user space is where need_resched is acted on).
 *
 * Costs: the waker pays `wakeup` (and the run-queue lock line, see
 * smp_run.ts); a task woken onto an idle CPU starts `wake_latency` later
 * (IPI, idle exit, schedule); a switch between two tasks costs
 * `context_switch` of CPU time.
 */
import { event_push } from './event_queue';
import { account, cpu_set_current, measured, type SleepReason, type SmpCpu, type SmpMachine, type SmpTask } from './machine';
import { topology_sibling, type Topology } from './topology';

/** CFS's tunables for a machine of `nr_cpus` CPUs, in ns. */
export interface SchedTunables {
  latency: number;
  min_granularity: number;
  wakeup_granularity: number;
  nr_latency: number;
  tick: number;
}

/** fair.c's defaults scaled by 1 + ilog2(min(nr_cpus, 8)); the tick of HZ = 250. */
export function sched_tunables(nr_cpus: number): SchedTunables {
  const factor = 1 + Math.floor(Math.log2(Math.max(1, Math.min(nr_cpus, 8))));
  return { latency: 6e6 * factor, min_granularity: 0.75e6 * factor, wakeup_granularity: 1e6 * factor, nr_latency: 8, tick: 4e6 };
}

/** The time slice of one of `nr_running` equal tasks (__sched_period / nr_running). */
export function sched_slice(s: SchedTunables, nr_running: number): number {
  const period = nr_running > s.nr_latency ? nr_running * s.min_granularity : s.latency;
  return period / Math.max(1, nr_running);
}

/** Charges the current task of `cpu` for its time since it was last charged, and moves min_vruntime on. */
function update_curr(m: SmpMachine, cpu: SmpCpu, t: number): void {
  if (cpu.current >= 0) {
    const cur = m.tasks[cpu.current]!;
    const d = t - cur.exec_start;
    if (d > 0) {
      cur.vruntime += d;
      cur.sum_exec += d;
      cur.exec_start = t;
    }
  }
  let v = cpu.current >= 0 ? m.tasks[cpu.current]!.vruntime : Infinity;
  for (const id of cpu.runqueue) v = Math.min(v, m.tasks[id]!.vruntime);
  if (v !== Infinity) cpu.min_vruntime = Math.max(cpu.min_vruntime, v);
}

/** The queued task with the smallest vruntime (the first queued among equals), taken off the queue; -1 when none. */
function pick_next(m: SmpMachine, cpu: SmpCpu): number {
  let best = -1;
  for (let i = 0; i < cpu.runqueue.length; i++) {
    if (best < 0 || m.tasks[cpu.runqueue[i]!]!.vruntime < m.tasks[cpu.runqueue[best]!]!.vruntime) best = i;
  }
  return best < 0 ? -1 : cpu.runqueue.splice(best, 1)[0]!;
}

/** `task` becomes `cpu`'s current task at `t`, running from `start`. */
function set_current(m: SmpMachine, cpu: SmpCpu, task: SmpTask, t: number, start: number): void {
  cpu_set_current(m, cpu, task.id);
  task.state = 'running';
  task.exec_start = t;
  task.prev_sum_exec = task.sum_exec;
  event_push(m.queue, start, task.id);
}

/** Put `task` (already runnable) on its CPU at time `t`: run it if the CPU is free, else queue it and see whether it preempts. */
function enqueue_task(m: SmpMachine, task: SmpTask, t: number, latency: number): void {
  const cpu = m.cpus[task.cpu]!;
  // enqueue_entity: update_curr, then place_entity
  update_curr(m, cpu, t);
  task.vruntime = Math.max(task.vruntime, cpu.min_vruntime - m.sched.latency / 2);
  if (cpu.current < 0) {
    set_current(m, cpu, task, t, t + latency);
    return;
  }
  cpu.runqueue.push(task.id);
  if (m.tasks[cpu.current]!.vruntime - task.vruntime > m.sched.wakeup_granularity) cpu.resched = true;
}

/**
 * try_to_wake_up(target) by `waker` at `t`. A target that has not gone to
 * sleep yet (it is still on its way into schedule()) only gets
 * `wake_pending`, as the kernel's wake-before-sleep race resolves.
 */
export function try_to_wake_up(m: SmpMachine, waker: SmpTask | null, target: SmpTask, t: number, reason: SleepReason): void {
  if (m.trace) m.trace({ kind: 'smp_wake', t, from_task: waker?.id ?? -1, task: target.id, cpu: target.cpu });
  if (target.state !== 'blocked' || target.sleeping_on !== reason) {
    if (reason === 'msg' && target.state !== 'done') target.wake_pending = true;
    return;
  }
  target.sleeping_on = null;
  target.stats_sleeping += measured(m, target.wait_since, t);
  target.state = 'runnable';
  if (!target.pinned) migrate(m, target, select_idle_sibling(m, target.cpu));
  const remote = waker === null || waker.cpu !== target.cpu;
  enqueue_task(m, target, t, remote ? m.constants.wake_latency : 0);
}

const idle = (c: SmpCpu) => c.current < 0 && c.runqueue.length === 0;

/** Are all hardware threads of `cpu`'s core idle? */
function core_idle(m: SmpMachine, t: Topology, cpu: number): boolean {
  for (let th = 0; th < t.threads; th++) if (!idle(m.cpus[topology_sibling(t, cpu, th)]!)) return false;
  return true;
}

/** select_idle_sibling for a task that last ran on `prev`: the CPU it wakes on. */
export function select_idle_sibling(m: SmpMachine, prev: number): number {
  if (idle(m.cpus[prev]!)) return prev;
  const t = m.topology;
  const n = m.cpus.length;
  const sockets = m.fabric.socket;
  const socket = sockets[prev]!;
  let any = -1;
  // one pass in CPU order from prev: the first CPU of a wholly idle core, else the first idle CPU
  for (let i = 1; i < n; i++) {
    const c = (prev + i) % n;
    if (sockets[c] !== socket || !idle(m.cpus[c]!)) continue;
    if (core_idle(m, t, c)) return c;
    if (any < 0) any = c;
  }
  return any < 0 ? prev : any;
}

/** Moves a runnable, unqueued `task` to `cpu`, keeping its lag behind the run queue's min_vruntime. */
function migrate(m: SmpMachine, task: SmpTask, cpu: number): void {
  if (cpu === task.cpu) return;
  task.vruntime += m.cpus[cpu]!.min_vruntime - m.cpus[task.cpu]!.min_vruntime;
  task.cpu = cpu;
}

/** `cpu` switches to `next` at `t`, paying the context switch. */
function run_next(m: SmpMachine, cpu: SmpCpu, next: SmpTask, t: number): void {
  const cs = m.constants.context_switch;
  account(m, cpu.id, next.id, 'running', t, t + cs);
  set_current(m, cpu, next, t, t + cs);
}

/** `cpu` switches at `t` to its next queued task, or goes idle. */
function switch_to_next(m: SmpMachine, cpu: SmpCpu, t: number): void {
  const next = pick_next(m, cpu);
  if (next < 0) cpu_set_current(m, cpu, -1);
  else run_next(m, cpu, m.tasks[next]!, t);
}

/**
 * schedule() by `task` at `t`: it gives up its CPU (it has just blocked or
 * ended); the CPU switches to the next task or goes idle.
 */
export function schedule(m: SmpMachine, task: SmpTask, t: number): void {
  const cpu = m.cpus[task.cpu]!;
  if (cpu.current !== task.id) return;
  update_curr(m, cpu, t);
  cpu.resched = false;
  switch_to_next(m, cpu, t);
}

/** check_preempt_tick on `cpu` at `t`. */
function tick(m: SmpMachine, cpu: SmpCpu, t: number): void {
  if (cpu.current < 0 || cpu.runqueue.length === 0) return;
  update_curr(m, cpu, t);
  const cur = m.tasks[cpu.current]!;
  const ideal = sched_slice(m.sched, cpu.runqueue.length + 1);
  const ran = cur.sum_exec - cur.prev_sum_exec;
  if (ran > ideal) {
    cpu.resched = true;
    return;
  }
  if (ran < m.sched.min_granularity) return;
  let left = Infinity;
  for (const id of cpu.runqueue) left = Math.min(left, m.tasks[id]!.vruntime);
  if (cur.vruntime - left > ideal) cpu.resched = true;
}

/**
 * The end of a statement of `task` at `t`: the scheduler ticks that passed
 * are checked, and a preemption that is due happens (the task goes back to
 * its run queue and the next task runs). Return: whether `task` lost its CPU.
 */
export function preempt_point(m: SmpMachine, task: SmpTask, t: number): boolean {
  const cpu = m.cpus[task.cpu]!;
  if (cpu.current !== task.id) return false;
  if (t >= cpu.next_tick) {
    tick(m, cpu, t);
    cpu.next_tick = (Math.floor(t / m.sched.tick) + 1) * m.sched.tick;
  }
  if (!cpu.resched || cpu.runqueue.length === 0) return false;
  cpu.resched = false;
  update_curr(m, cpu, t);
  cpu.runqueue.push(task.id);
  const next = pick_next(m, cpu);
  // still the leftmost: it keeps its CPU
  if (next === task.id) return false;
  task.state = 'runnable';
  run_next(m, cpu, m.tasks[next]!, t);
  return true;
}

/**
 * `task` goes to sleep at `t` on `reason` (a msg wait, unless its wake-up
 * already came; or a rwsem): it blocks and its CPU schedules.
 * Return: false when it did not sleep.
 */
export function task_sleep(m: SmpMachine, task: SmpTask, t: number, reason: SleepReason): boolean {
  if (reason === 'msg' && task.wake_pending) {
    task.wake_pending = false;
    return false;
  }
  task.state = 'blocked';
  task.sleeping_on = reason;
  task.wait_since = t;
  schedule(m, task, t);
  return true;
}
