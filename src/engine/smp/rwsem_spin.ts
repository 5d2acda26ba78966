/**
 * The rw-semaphore of kernel/locking/rwsem.c as 5.13–6.x have it (lock
 * implementation `optimistic`, lock_config.ts), as a timing model. Read
 * from the 6.1 source; the differences from rwsem.ts's FIFO semaphore:
 *
 * - down_write: the fast path is a cmpxchg of the whole count from 0, so
 *   it fails while anyone holds the semaphore *or waits on it*. Then, when
 *   the owner is not known to be off its CPU and the semaphore is not
 *   marked non-spinnable (rwsem_can_spin_on_owner), the writer spins in the
 *   semaphore's OSQ instead of sleeping (rwsem_optimistic_spin): the head
 *   of that queue watches the owner and takes the semaphore as soon as no
 *   one holds it, ahead of any sleeping waiter (the trylock there ignores
 *   the waiters flag). It spins on a writer as long as that writer runs;
 *   on readers for (10 + readers/2) µs at most, capped at 25 µs
 *   (rwsem_rspin_threshold), after which it marks the semaphore
 *   non-spinnable and queues like the others. A queued writer sleeps and,
 *   when woken, tries again (rwsem_try_write_lock): it is woken, not
 *   handed the semaphore.
 * - down_read: the fast path (an add on the count) succeeds unless a
 *   writer holds the semaphore or someone waits. In the slow path a reader
 *   still takes it ("reader optimistic lock stealing") unless a writer
 *   holds it or other readers hold it while waiters wait; the first such
 *   reader also grants the readers that wait. Otherwise it queues, and is
 *   granted the semaphore by the waker (readers are handed it, all waiting
 *   readers at once: rwsem_mark_wake).
 * - up_read / up_write: when the semaphore is free and someone waits,
 *   rwsem_wake under the wait_lock: a writer at the head of the queue is
 *   woken (not granted); readers at the head are granted together.
 *
 * Lines: every step is an access of the semaphore's line (count, owner and
 * wait_lock share it); the spinning head re-reads it after every write
 * (cacheline.ts's spinners). Not modelled: the hand-off bit a waiter sets
 * after waiting 4 ms (RWSEM_WAIT_TIMEOUT), the wait_lock as a contended
 * lock of its own (its accesses are line accesses), RT tasks, signals.
 */
import { event_push } from './event_queue';
import { account, type RwSemaphore, type SmpMachine, type SmpTask } from './machine';
import { rwsem, wait_list_write } from './rwsem';
import { try_to_wake_up, task_sleep } from './sched';
import { line_access, smp_line } from './spinlock';

/** rwsem_rspin_threshold: how long a writer spins on readers, in ns. */
export function rspin_threshold_ns(readers: number): number {
  return ((20 + Math.min(readers, 30)) * 1000) / 2;
}

const free = (s: RwSemaphore) => s.readers === 0 && s.writer < 0;
const queued = (s: RwSemaphore, task: SmpTask) => s.waiters.some((w) => w.task === task.id);

/** The owner of a write-held semaphore is on a CPU (running or spinning), so spinning on it can end. */
function owner_on_cpu(m: SmpMachine, s: RwSemaphore): boolean {
  if (s.writer < 0) return true;
  const st = m.tasks[s.writer]!.state;
  return st === 'running' || st === 'waiting';
}

function acquired(m: SmpMachine, s: RwSemaphore, task: SmpTask, write: boolean, t: number): void {
  if (write) s.writer = task.id;
  else s.readers++;
  const waited = task.lock_wait_from >= 0 ? t - task.lock_wait_from : 0;
  s.wait_ns += waited;
  task.lock_wait_from = -1;
  if (m.trace) m.trace({ kind: 'smp_lock', t, lock: s.name, cpu: task.cpu, task: task.id, op: 'acquire', waited });
}

function contended(m: SmpMachine, s: RwSemaphore, task: SmpTask, t: number): void {
  s.contended++;
  task.lock_wait_from = t;
  if (m.trace) m.trace({ kind: 'smp_lock', t, lock: s.name, cpu: task.cpu, task: task.id, op: 'wait', waited: 0 });
}

/** down_read / down_write by `task` at `t`. Return: when it holds the semaphore, or null when it spins or sleeps (it is continued later). */
export function spin_down(m: SmpMachine, task: SmpTask, name: string, write: boolean, t: number): number | null {
  const s = rwsem(m, name);
  if (write && queued(s, task)) return retry_write(m, s, task, t);
  const end = line_access(m, task, name, 'rmw', t);
  s.acquisitions++;
  if (write) {
    if (free(s) && s.waiters.length === 0) {
      acquired(m, s, task, true, end);
      return end;
    }
    contended(m, s, task, end);
    if (!s.nonspinnable && owner_on_cpu(m, s)) {
      s.osq.push(task.id);
      task.state = 'waiting';
      task.spin_from = end;
      task.rspin_deadline = -1;
      if (s.osq[0] === task.id) return spin_head(m, s, end);
      return null;
    }
    return queue_writer(m, s, task, end);
  }
  if (s.writer < 0 && s.waiters.length === 0) {
    acquired(m, s, task, false, end);
    return end;
  }
  // rwsem_down_read_slowpath: steal unless a writer holds it or other readers do while others wait
  if (s.writer < 0 && s.readers === 0) {
    acquired(m, s, task, false, end);
    mark_wake(m, s, task, 'read_owned', end);
    return end;
  }
  const locked = line_access(m, task, name, 'rmw', end);
  if (s.waiters.length === 0 && s.writer < 0) {
    acquired(m, s, task, false, locked);
    return locked;
  }
  contended(m, s, task, end);
  s.waiters.push({ task: task.id, write: false });
  const listed = wait_list_write(m, task, s, locked);
  if (s.writer < 0) mark_wake(m, s, task, s.readers > 0 ? 'readers' : 'any', listed);
  if (!queued(s, task)) return listed;
  task_sleep(m, task, listed, 'rwsem');
  return null;
}

/**
 * The head of the OSQ looks at the semaphore at `t`: takes it if no one
 * holds it; keeps spinning on a running writer, or on readers until its
 * threshold; else leaves the OSQ and queues. Return: when the head holds
 * the semaphore, if it took it; else null.
 */
function spin_head(m: SmpMachine, s: RwSemaphore, t: number): number | null {
  const task = m.tasks[s.osq[0]!]!;
  const line = smp_line(m, s.name);
  if (free(s)) {
    const end = line_access(m, task, s.name, 'rmw', t);
    acquired(m, s, task, true, end);
    leave_osq(m, s, task, t);
    task.state = 'running';
    return end;
  }
  let stop = s.nonspinnable || !owner_on_cpu(m, s);
  if (!stop && s.writer < 0) {
    if (task.rspin_deadline < 0) {
      task.rspin_deadline = t + rspin_threshold_ns(s.readers);
      event_push(m.queue, task.rspin_deadline, -1 - task.id);
    } else if (t >= task.rspin_deadline) {
      s.nonspinnable = true;
      stop = true;
    }
  } else if (s.writer >= 0) task.rspin_deadline = -1;
  if (!stop) {
    if (!line.spinners.includes(task.cpu)) line.spinners.push(task.cpu);
    return null;
  }
  leave_osq(m, s, task, t);
  task.state = 'running';
  const r = queue_writer(m, s, task, t);
  if (r !== null) event_push(m.queue, r, task.id);
  return null;
}

/** The head stops spinning at `t`: its spinning time is accounted; the next spinner becomes the head. */
function leave_osq(m: SmpMachine, s: RwSemaphore, task: SmpTask, t: number): void {
  s.osq.shift();
  const line = smp_line(m, s.name);
  const i = line.spinners.indexOf(task.cpu);
  if (i >= 0) line.spinners.splice(i, 1);
  account(m, task.cpu, task.id, 'spinning', task.spin_from, t);
  task.rspin_deadline = -1;
  const next = s.osq[0];
  if (next !== undefined) {
    const r = spin_head(m, s, t);
    if (r !== null) event_push(m.queue, r, next);
  }
}

/** The timer of a head spinning on readers (an event of task -1 - id) fires at `t`. */
export function spin_timeout(m: SmpMachine, task: SmpTask, t: number): void {
  for (const s of m.rwsems.values()) {
    if (s.osq[0] !== task.id || task.rspin_deadline !== t) continue;
    const r = spin_head(m, s, t);
    if (r !== null) event_push(m.queue, r, task.id);
  }
}

/** rwsem_down_write_slowpath's queueing: add the waiter under the wait_lock, try once, else sleep until woken. Return: when it holds the semaphore, or null. */
function queue_writer(m: SmpMachine, s: RwSemaphore, task: SmpTask, t: number): number | null {
  s.waiters.push({ task: task.id, write: true });
  const end = wait_list_write(m, task, s, line_access(m, task, s.name, 'rmw', t));
  if (s.waiters[0]!.task !== task.id && s.writer < 0) mark_wake(m, s, task, s.readers > 0 ? 'readers' : 'any', end);
  return try_write(m, s, task, end);
}

/** A queued writer, woken, takes the wait_lock and tries again. */
function retry_write(m: SmpMachine, s: RwSemaphore, task: SmpTask, t: number): number | null {
  return try_write(m, s, task, line_access(m, task, s.name, 'rmw', t));
}

/** rwsem_try_write_lock: the semaphore is taken when no one holds it; else the task sleeps (and re-runs this step when woken). */
function try_write(m: SmpMachine, s: RwSemaphore, task: SmpTask, t: number): number | null {
  if (free(s)) {
    s.waiters.splice(
      s.waiters.findIndex((w) => w.task === task.id),
      1,
    );
    const end = wait_list_write(m, task, s, t);
    acquired(m, s, task, true, end);
    return end;
  }
  task.pc--;
  task_sleep(m, task, t, 'rwsem');
  return null;
}

/**
 * rwsem_mark_wake with `by` holding the wait_lock at `t`: a writer at the
 * head is woken (`any` only) without being granted; readers at the head
 * are granted, every waiting reader at once, and woken.
 */
function mark_wake(m: SmpMachine, s: RwSemaphore, by: SmpTask, type: 'any' | 'readers' | 'read_owned', t: number): void {
  const first = s.waiters[0];
  if (first === undefined) return;
  if (first.write) {
    if (type === 'any') try_to_wake_up(m, by, m.tasks[first.task]!, t, 'rwsem');
    return;
  }
  if (type !== 'read_owned' && s.writer >= 0) return;
  const readers = s.waiters.filter((w) => !w.write);
  s.waiters = s.waiters.filter((w) => w.write);
  wait_list_write(m, by, s, t);
  for (const w of readers) {
    const r = m.tasks[w.task]!;
    acquired(m, s, r, false, t);
    if (r.id !== by.id) try_to_wake_up(m, by, r, t, 'rwsem');
  }
}

/** up_read / up_write by `task` at `t`. Return: when the releaser continues. */
export function spin_up(m: SmpMachine, task: SmpTask, name: string, write: boolean, t: number): number {
  const s = rwsem(m, name);
  let end = line_access(m, task, name, 'rmw', t);
  if (write) s.writer = -1;
  else s.readers--;
  if (m.trace) m.trace({ kind: 'smp_lock', t: end, lock: name, cpu: task.cpu, task: task.id, op: 'release', waited: 0 });
  if (!free(s)) return end;
  if (s.waiters.length > 0) {
    if (!write) s.nonspinnable = false;
    end = line_access(m, task, name, 'rmw', end);
    mark_wake(m, s, task, 'any', end);
  }
  if (s.osq.length > 0) {
    const head = s.osq[0]!;
    const r = spin_head(m, s, end);
    if (r !== null) event_push(m.queue, r, head);
  }
  return end;
}
