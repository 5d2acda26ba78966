/**
 * Spinlocks as a timing model, in the two x86 implementations
 * (lock_config.ts), both FIFO:
 * - queued (kernel/locking/qspinlock.c, 4.2+): waiters spin in the MCS
 *   queue, each on its own node; the unlock hands over with one transfer of
 *   the lock word to the next waiter, whatever the queue's length.
 * - ticket (arch/x86 2.6.25-4.1): spin_lock takes a ticket with a locked
 *   xadd on the lock word and spins *reading that word* until its turn;
 *   spin_unlock increments the owner half with a plain store. Every write
 *   to the line (a new ticket, the holder's own stores to data beside the
 *   lock, the unlock) sends every waiter to fetch it again (cacheline.ts's
 *   spinners), so a hand-over costs one transfer per waiter: Boyd-Wickizer
 *   et al.'s "non-scalable lock".
 * Taking and releasing are accesses of the lock's cache line, so an
 * uncontended lock that another CPU used last still costs a transfer.
 * Spinning time is accounted per CPU and per lock.
 *
 * Simplified: no pending-bit fast path, no paravirt; the lock word and the
 * object it protects share one line (named after the lock, unless the
 * caller names another: two semaphores' locks on one line, sem_smp.ts).
 */
import { access_result_new, cacheline_access, cacheline_hit, cacheline_new, NO_REREADS, type AccessResult, type CacheLine, type Reread } from './cacheline';
import { event_push } from './event_queue';
import { account, type SmpMachine, type SmpTask, type Spinlock } from './machine';

export function smp_line(m: SmpMachine, name: string): CacheLine {
  let l = m.lines.get(name);
  if (l === undefined) {
    l = cacheline_new(name, m.cpus.length);
    m.lines.set(name, l);
  }
  return l;
}

/** The one result record of every access (read by the caller before its next access). */
const SCRATCH = access_result_new();

/**
 * A cache line access by `task` at `t`, accounted (stall vs work) and traced (`line`: the record of `name`, when the caller has it).
 * Return: the access's result, in a record the next access overwrites (read it at once).
 */
export function line_access_result(m: SmpMachine, task: SmpTask, name: string, access: 'read' | 'write' | 'rmw', t: number, count = 1, line: CacheLine = smp_line(m, name)): AccessResult {
  const r = cacheline_access(m.fabric, line, task.cpu, access, t, count, SCRATCH);
  if (r.stall > 0) account(m, task.cpu, task.id, 'stalled', t, t + r.stall);
  account(m, task.cpu, task.id, 'running', t + r.stall, r.end);
  if (r.how !== null && m.trace) m.trace({ kind: 'smp_line', t, line: name, from: r.from, to: task.cpu, how: r.how, ns: r.stall });
  if (m.trace) for (const x of r.rereads) m.trace({ kind: 'smp_line', t: x.at - x.ns, line: name, from: x.from, to: x.cpu, how: x.how, ns: x.ns });
  return r;
}

/**
 * line_access_result's completion time. A plain hit (cacheline_hit: most
 * accesses, the lock words of uncontended locks among them) is counted and
 * accounted here without building the result, which would say no more.
 */
export function line_access(m: SmpMachine, task: SmpTask, name: string, access: 'read' | 'write' | 'rmw', t: number, count = 1, line: CacheLine = smp_line(m, name)): number {
  const hit = cacheline_hit(m.constants, line, task.cpu, access, count);
  if (hit < 0) return line_access_result(m, task, name, access, t, count, line).end;
  account(m, task.cpu, task.id, 'running', t, t + hit);
  return t + hit;
}

/** The spinlock `name` of `m`, created free on first use. */
export function smp_spinlock(m: SmpMachine, name: string): Spinlock {
  let s = m.spinlocks.get(name);
  if (s === undefined) {
    s = { name, holder: -1, waiters: [], acquisitions: 0, contended: 0, wait_ns: 0 };
    m.spinlocks.set(name, s);
  }
  return s;
}

/**
 * spin_lock by `task` at `t` (`lineRec`, `lockRec`: the records of the line and
 * the lock, when the caller has them). Return: when the task holds the lock, or -1
 * when it spins in the queue (the unlock will continue it): a number either way, as
 * the event loop's other steps return.
 */
export function spin_lock(m: SmpMachine, task: SmpTask, name: string, t: number, line = '', lineRec?: CacheLine, lockRec?: Spinlock): number {
  const ln = line === '' ? name : line;
  const end = line_access(m, task, ln, 'rmw', t, 1, lineRec);
  const s = lockRec ?? smp_spinlock(m, name);
  s.acquisitions++;
  if (s.holder < 0 && s.waiters.length === 0) {
    s.holder = task.id;
    if (m.trace) m.trace({ kind: 'smp_lock', t: end, lock: name, cpu: task.cpu, task: task.id, op: 'acquire', waited: 0 });
    return end;
  }
  s.contended++;
  s.waiters.push(task.id);
  if (m.locks.spinlock === 'ticket') (lineRec ?? smp_line(m, ln)).spinners.push(task.cpu);
  task.state = 'waiting';
  task.wait_since = end;
  if (m.trace) m.trace({ kind: 'smp_lock', t: end, lock: name, cpu: task.cpu, task: task.id, op: 'wait', waited: 0 });
  return -1;
}

/** spin_unlock by `task` at `t`: hands the lock to the first waiter (`lineRec`, `lockRec` as for spin_lock). Return: when the releaser continues. */
export function spin_unlock(m: SmpMachine, task: SmpTask, name: string, t: number, line = '', lineRec?: CacheLine, lockRec?: Spinlock): number {
  const ln = line === '' ? name : line;
  const l = lineRec ?? smp_line(m, ln);
  // a plain hit (no one spins on the word, the holder owns it): no rereads, no result to build
  const hit = cacheline_hit(m.constants, l, task.cpu, 'write', 1);
  let end: number;
  let rereads: readonly Reread[] = NO_REREADS;
  if (hit >= 0) {
    end = t + hit;
    account(m, task.cpu, task.id, 'running', t, end);
  } else {
    const r = line_access_result(m, task, ln, 'write', t, 1, l);
    end = r.end;
    rereads = r.rereads;
  }
  const s = lockRec ?? smp_spinlock(m, name);
  s.holder = -1;
  if (m.trace) m.trace({ kind: 'smp_lock', t: end, lock: name, cpu: task.cpu, task: task.id, op: 'release', waited: 0 });
  const next = s.waiters.shift();
  if (next !== undefined) {
    const w = m.tasks[next]!;
    // queued: the next waiter takes the word with a locked op; ticket: it
    // sees its turn when its re-read of the word arrives
    const got = m.locks.spinlock === 'queued' ? line_access(m, w, ln, 'rmw', end, 1, l) : ticket_turn(l, w.cpu, rereads, end);
    const waited = got - w.wait_since;
    account(m, w.cpu, w.id, 'spinning', w.wait_since, m.locks.spinlock === 'ticket' ? got : end);
    s.wait_ns += waited;
    s.holder = w.id;
    w.state = 'running';
    if (m.trace) m.trace({ kind: 'smp_lock', t: got, lock: name, cpu: w.cpu, task: w.id, op: 'acquire', waited });
    event_push(m.queue, got, w.id);
  }
  return end;
}

/** Ticket lock: `cpu` stops spinning on the line when its re-read after the unlock (`rereads`) arrives. Return: that time. */
function ticket_turn(line: CacheLine, cpu: number, rereads: readonly Reread[], end: number): number {
  const i = line.spinners.indexOf(cpu);
  if (i >= 0) line.spinners.splice(i, 1);
  return rereads.find((x) => x.cpu === cpu)?.at ?? end;
}
