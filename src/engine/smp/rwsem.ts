/**
 * Read-write semaphores as a timing model, in the two x86-64
 * implementations (lock_config.ts):
 * - xadd (kernel/locking/rwsem.c; x86-64 from 2.6.34): a counter word on
 *   one cache line that every down/up changes with one locked instruction
 *   — readers share the semaphore but not its line, which moves to each
 *   reader in turn. `down` / `up` below.
 * - spinlock (lib/rwsem-spinlock.c; x86-64 until 2.6.34): `activity` and
 *   the wait list are guarded by the semaphore's `wait_lock`, a spinlock
 *   every down_read and up_read takes (`spin_lock_irq`, then the update,
 *   then `spin_unlock_irq`). The caller (msg_smp.ts) takes the spinlock;
 *   `rwsem_down_locked` / `rwsem_up_locked` below are the updates under it,
 *   and `rwsem_waiting` tells a queued task to sleep once it dropped the
 *   lock. The wait_lock, activity and the list share the semaphore's line.
 * Contended waits sleep: the waiter gives up its CPU and is woken (with the
 * wake-up latency of sched.ts) when the semaphore is granted to it.
 *
 * Simplified: FIFO grant (a writer at the head blocks later readers, a run
 * of readers at the head is granted together); no optimistic spinning,
 * no reader-owned timeouts.
 */
import type { RwSemaphore, SmpMachine, SmpTask } from './machine';
import { try_to_wake_up, task_sleep } from './sched';
import { line_access } from './spinlock';

/** A waiter joins or leaves the wait list at `t` (under the wait_lock): a write of the list's line when it is not the semaphore's. Return: when done. */
export function wait_list_write(m: SmpMachine, task: SmpTask, s: RwSemaphore, t: number): number {
  const l = m.wait_list_lines.get(s.name);
  return l === undefined ? t : line_access(m, task, l, 'write', t);
}

/** The semaphore `name` of `m`, created free on first use. */
export function rwsem(m: SmpMachine, name: string): RwSemaphore {
  let s = m.rwsems.get(name);
  if (s === undefined) {
    s = { name, readers: 0, writer: -1, waiters: [], osq: [], nonspinnable: false, acquisitions: 0, contended: 0, wait_ns: 0 };
    m.rwsems.set(name, s);
  }
  return s;
}

/** down_read / down_write by `task` at `t`. Return: when it holds the semaphore, or null when it sleeps. */
export function down(m: SmpMachine, task: SmpTask, name: string, write: boolean, t: number): number | null {
  const end = line_access(m, task, name, 'rmw', t);
  const s = rwsem(m, name);
  const free = write ? s.readers === 0 && s.writer < 0 : s.writer < 0 && s.waiters.length === 0;
  if (take_or_queue(m, s, task, write, free, end)) return end;
  task_sleep(m, task, end, 'rwsem');
  return null;
}

/** Counts an acquisition of `s` by `task` at `t`: takes it when `free`, else queues the task (a traced wait). Return: whether it was taken. */
function take_or_queue(m: SmpMachine, s: RwSemaphore, task: SmpTask, write: boolean, free: boolean, t: number): boolean {
  s.acquisitions++;
  if (free) {
    hold(s, task.id, write);
    return true;
  }
  s.contended++;
  s.waiters.push({ task: task.id, write });
  wait_list_write(m, task, s, t);
  if (m.trace) m.trace({ kind: 'smp_lock', t, lock: s.name, cpu: task.cpu, task: task.id, op: 'wait', waited: 0 });
  return false;
}

function hold(s: RwSemaphore, task: number, write: boolean): void {
  if (write) s.writer = task;
  else s.readers++;
}

/** Drops `task`'s hold on `name` after touching its line with `access` at `t`, and grants waiters. Return: when the releaser continues. */
function release(m: SmpMachine, task: SmpTask, name: string, write: boolean, access: 'rmw' | 'write', t: number): number {
  const end = line_access(m, task, name, access, t);
  const s = rwsem(m, name);
  if (write) s.writer = -1;
  else s.readers--;
  grant(m, s, task, end);
  return end;
}

function grant(m: SmpMachine, s: RwSemaphore, by: SmpTask, t: number): void {
  while (s.waiters.length > 0) {
    const head = s.waiters[0]!;
    if (head.write ? s.readers > 0 || s.writer >= 0 : s.writer >= 0) return;
    s.waiters.shift();
    wait_list_write(m, by, s, t);
    const w = m.tasks[head.task]!;
    hold(s, w.id, head.write);
    s.wait_ns += t - w.wait_since;
    if (m.trace) m.trace({ kind: 'smp_lock', t, lock: s.name, cpu: w.cpu, task: w.id, op: 'acquire', waited: t - w.wait_since });
    try_to_wake_up(m, by, w, t, 'rwsem');
    if (head.write) return;
  }
}

/** up_read / up_write by `task` at `t`; grants waiters that can now run. Return: when the releaser continues. */
export function up(m: SmpMachine, task: SmpTask, name: string, write: boolean, t: number): number {
  return release(m, task, name, write, 'rmw', t);
}

/**
 * lib/rwsem-spinlock.c __down_read / __down_write with the wait_lock held:
 * reads and updates `activity` on the semaphore's line; queues the task when
 * the semaphore is not free. Return: when the update completes.
 */
export function rwsem_down_locked(m: SmpMachine, task: SmpTask, name: string, write: boolean, t: number): number {
  const end = line_access(m, task, name, 'write', t);
  const s = rwsem(m, name);
  const free = write ? s.readers === 0 && s.writer < 0 && s.waiters.length === 0 : s.writer < 0 && s.waiters.length === 0;
  if (!take_or_queue(m, s, task, write, free, end)) task.wait_since = end;
  return end;
}

/** __up_read / __up_write with the wait_lock held: updates `activity` and grants waiters. Return: when the update completes. */
export function rwsem_up_locked(m: SmpMachine, task: SmpTask, name: string, write: boolean, t: number): number {
  return release(m, task, name, write, 'write', t);
}

/** Is `task` still queued on the semaphore (not granted yet)? Then it must sleep. */
export function rwsem_waiting(m: SmpMachine, task: SmpTask, name: string): boolean {
  return rwsem(m, name).waiters.some((w) => w.task === task.id);
}
