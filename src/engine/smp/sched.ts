/**
 * kernel/sched/core.c as far as the msg paths need it: try_to_wake_up and
 * schedule on per-CPU run queues. Each task stays on the CPU it was placed
 * on (no migration, no load balancing); a CPU runs its current task until
 * it sleeps or ends (no preemption, no time slices), then switches to the
 * first task of its FIFO run queue.
 *
 * Costs: the waker pays `wakeup` (and the run-queue lock line, see
 * smp_run.ts); a task woken onto an idle CPU starts `wake_latency` later
 * (IPI, idle exit, schedule); a switch between two tasks costs
 * `context_switch` of CPU time.
 */
import { event_push } from './event_queue';
import { account, measured, type SleepReason, type SmpMachine, type SmpTask } from './machine';

/** Put `task` (already runnable) on its CPU at time `t`: run it if the CPU is free, else queue it. */
function enqueue_task(m: SmpMachine, task: SmpTask, t: number, latency: number): void {
  const cpu = m.cpus[task.cpu]!;
  if (cpu.current < 0) {
    cpu.current = task.id;
    task.state = 'running';
    event_push(m.queue, t + latency, task.id);
  } else {
    cpu.runqueue.push(task.id);
  }
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
  const remote = waker === null || waker.cpu !== target.cpu;
  enqueue_task(m, target, t, remote ? m.constants.wake_latency : 0);
}

/**
 * schedule() by `task` at `t`: it gives up its CPU (it has just blocked or
 * ended); the CPU switches to the next queued task or goes idle.
 */
export function schedule(m: SmpMachine, task: SmpTask, t: number): void {
  const cpu = m.cpus[task.cpu]!;
  if (cpu.current !== task.id) return;
  const next = cpu.runqueue.shift();
  if (next === undefined) {
    cpu.current = -1;
    return;
  }
  const cs = m.constants.context_switch;
  account(m, cpu.id, next, 'running', t, t + cs);
  cpu.current = next;
  m.tasks[next]!.state = 'running';
  event_push(m.queue, t + cs, next);
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
