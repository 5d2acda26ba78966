/**
 * ipc/sem.c of Linux 6.18, the update half: perform_atomic_semop (fast path
 * and the dupsop slow path), which both a caller (do_semtimedop, semop.ts)
 * and a waker run, and what the waker does for the sleepers after values
 * changed (do_smart_update, update_queue, wake_const_ops, check_restart,
 * and the ≤3.10 queues that mix wait-for-zero into the alter lists), and
 * freeary's wake-ups; with the array's values, pids, otimes and
 * per-semaphore queues, allocated on first use.
 *
 * Simplified: a sleeper does not run until the interpreter lets it: the
 * waker stores the result in the sleeper's task (sem_status), as the
 * kernel's waker stores queue.status, and wake_up_q's order is the order
 * those stores happen. Time is config.clock (sem_otime). Pids are tgids
 * (one thread per process).
 *
 * Glossary: *simple* op = nsops 1, *complex* = more; *alter* = any sem_op
 * != 0; *const* = all sem_op 0 (wait-for-zero); *pending_alter* /
 * *pending_const* = the sleeping alter / const ops, per semaphore for simple
 * ops while complex_count is 0, else in the array's own lists; the *waker* =
 * the task now in the kernel that completes sleepers' ops.
 */
import type { Kernel } from '../kernel';
import { current, task_comm, task_tgid, type SemUndo } from '../kernel/task';
import { EAGAIN, EIDRM, ERANGE } from '../uapi/errno';
import { IPC_NOWAIT } from '../uapi/ipc';
import type { SemArray, SemBuf, SemPending, SemQueue } from './namespace';
import { SEMVMX } from './sem';
import { queue_undo, SEM_UNDO, semadj_fits } from './sem_undo';
import type { SemWakeWhy, TraceEvent } from '../trace';

/** The values, pids and otimes of `sma`, allocated (all 0) on first use. */
export function sem_state(sma: SemArray): { vals: number[]; pids: number[]; otimes: number[] } {
  if (sma.sem_vals === null) sma.sem_vals = new Array<number>(sma.sem_nsems).fill(0);
  if (sma.sem_pids === null) sma.sem_pids = new Array<number>(sma.sem_nsems).fill(0);
  if (sma.sem_otimes === null) sma.sem_otimes = new Array<number>(sma.sem_nsems).fill(0);
  return { vals: sma.sem_vals, pids: sma.sem_pids, otimes: sma.sem_otimes };
}

/** The per-semaphore queues of semaphore `n`, allocated on first use. */
export function sem_pending(sma: SemArray, n: number): SemPending {
  if (sma.sems_pending === null) {
    sma.sems_pending = [];
    for (let i = 0; i < sma.sem_nsems; i++) sma.sems_pending.push({ pending_alter: [], pending_const: [] });
  }
  return sma.sems_pending[n]!;
}

/** get_semotime: the latest sem_otime of any semaphore (0 when none ran). */
export function get_semotime(sma: SemArray): number {
  if (sma.sem_otimes === null) return 0;
  let res = 0;
  for (const t of sma.sem_otimes) if (t > res) res = t;
  return res;
}

// --- performing ------------------------------------------------------------------------

/**
 * perform_atomic_semop: all of q's sops or none.
 * Return: 0 (done: values, semadj and sempid updated), 1 (would sleep;
 * q.blocking set), -EAGAIN (the blocking sop has IPC_NOWAIT), -ERANGE.
 */
export function perform_atomic_semop(k: Kernel, sma: SemArray, q: SemQueue): number {
  const { vals, pids } = sem_state(sma);
  const un = queue_undo(k, sma, q);
  const sops = q.sops;
  if (q.dupsop) return perform_atomic_semop_slow(q, vals, pids, un);
  for (let i = 0; i < sops.length; i++) {
    const sop = sops[i]!;
    const semval = vals[sop.sem_num]!;
    if (sop.sem_op === 0 && semval !== 0) return would_block(q, i);
    const result = semval + sop.sem_op;
    if (result < 0) return would_block(q, i);
    if (result > SEMVMX) return -ERANGE;
    if (sop.sem_flg & SEM_UNDO) {
      if (!semadj_fits(un!.semadj[sop.sem_num]! - sop.sem_op)) return -ERANGE;
    }
  }
  for (const sop of sops) {
    if (sop.sem_flg & SEM_UNDO) un!.semadj[sop.sem_num] = un!.semadj[sop.sem_num]! - sop.sem_op;
    vals[sop.sem_num] = vals[sop.sem_num]! + sop.sem_op;
    pids[sop.sem_num] = q.pid;
  }
  return 0;
}

function would_block(q: SemQueue, i: number): number {
  q.blocking = i;
  return q.sops[i]!.sem_flg & IPC_NOWAIT ? -EAGAIN : 1;
}

/** perform_atomic_semop_slow: sop by sop, intermediate values counting; rolled back on block or error. */
function perform_atomic_semop_slow(q: SemQueue, vals: number[], pids: number[], un: SemUndo | null): number {
  const sops = q.sops;
  let i = 0;
  let result = 0;
  for (; i < sops.length; i++) {
    const sop = sops[i]!;
    const semval = vals[sop.sem_num]!;
    if (sop.sem_op === 0 && semval !== 0) {
      result = would_block(q, i);
      break;
    }
    const next = semval + sop.sem_op;
    if (next < 0) {
      result = would_block(q, i);
      break;
    }
    if (next > SEMVMX) {
      result = -ERANGE;
      break;
    }
    if (sop.sem_flg & SEM_UNDO) {
      const undo = un!.semadj[sop.sem_num]! - sop.sem_op;
      if (!semadj_fits(undo)) {
        result = -ERANGE;
        break;
      }
      un!.semadj[sop.sem_num] = undo;
    }
    vals[sop.sem_num] = next;
  }
  if (i === sops.length) {
    for (let j = sops.length - 1; j >= 0; j--) pids[sops[j]!.sem_num] = q.pid;
    return 0;
  }
  for (let j = i - 1; j >= 0; j--) {
    const sop = sops[j]!;
    vals[sop.sem_num] = vals[sop.sem_num]! - sop.sem_op;
    if (sop.sem_flg & SEM_UNDO) un!.semadj[sop.sem_num] = un!.semadj[sop.sem_num]! + sop.sem_op;
  }
  return result;
}

// --- waking: what the waker does for the sleepers ---------------------------------------

/** unlink_queue: off its list; a complex op leaves complex_count. */
export function unlink_queue(sma: SemArray, list: SemQueue[], q: SemQueue): void {
  list.splice(list.indexOf(q), 1);
  if (q.sops.length > 1) sma.complex_count--;
}

/** perform_atomic_semop for a sleeper, by the task now in the kernel (the waker): counted, and traced with its outcome. */
function try_sleeper(k: Kernel, sma: SemArray, q: SemQueue): number {
  k.probe.costs.sem_queue_tries++;
  const error = perform_atomic_semop(k, sma, q);
  const t = k.probe.trace;
  if (t !== null) trace_perform(k, t, sma, q, error);
  return error;
}

export function trace_perform(k: Kernel, t: (ev: TraceEvent) => void, sma: SemArray, q: SemQueue, error: number): void {
  const result = error === 0 ? 'done' : error > 0 ? 'blocked' : error === -EAGAIN ? 'EAGAIN' : 'ERANGE';
  const blocking = error > 0 || error === -EAGAIN ? q.sops[q.blocking]!.sem_num : -1;
  t({ kind: 'sem_perform', id: sma.id, pid: q.pid, by: task_tgid(k), sops: q.sops.length, result, blocking });
  if (error !== 0 || !q.undo) return;
  const un = queue_undo(k, sma, q);
  if (un === null) return;
  for (const sop of q.sops) if (sop.sem_flg & SEM_UNDO) t({ kind: 'sem_semadj', id: sma.id, pid: q.pid, sem: sop.sem_num, semadj: un.semadj[sop.sem_num]! });
}

/**
 * wake_up_sem_queue_prepare (≤4.9: onto the IN_WAKEUP list; 4.10+: wake_q):
 * the waker's store of the sleeper's result; the wake-ups happen in the
 * order of these calls.
 */
function wake_up_sem_queue_prepare(k: Kernel, sma: SemArray, q: SemQueue, error: number, why: SemWakeWhy): void {
  const task = k.state.tasks.tasks.get(q.pid);
  if (task === undefined) return;
  task.sem_status = error;
  task.sem_sleeping = -1;
  const t = k.probe.trace;
  if (t !== null) t({ kind: 'sem_wake', id: sma.id, pid: q.pid, by: task_tgid(k), by_comm: task_comm(current(k)), error, why, how: k.config.sem_wakeup });
}

function trace_scan(k: Kernel, sma: SemArray, fn: 'update_queue' | 'wake_const_ops', n: number, list: readonly SemQueue[], pass: number): void {
  const t = k.probe.trace;
  if (t !== null) t({ kind: 'sem_scan', id: sma.id, fn, sem: n, waiters: list.length, pass });
}

/** wake_const_ops: completes what it can of one wait-for-zero list (n = -1: the global one). Return: whether any op completed. */
function wake_const_ops(k: Kernel, sma: SemArray, n: number): boolean {
  const list = n < 0 ? sma.pending.pending_const : sem_pending(sma, n).pending_const;
  if (list.length === 0) return false;
  trace_scan(k, sma, 'wake_const_ops', n, list, 0);
  let completed = false;
  for (const q of [...list]) {
    const error = try_sleeper(k, sma, q);
    if (error > 0) continue;
    unlink_queue(sma, list, q);
    wake_up_sem_queue_prepare(k, sma, q, error, error === 0 ? 'zero' : 'error');
    if (error === 0) completed = true;
  }
  return completed;
}

/** do_smart_wakeup_zero: the zero-waiters of every semaphore that is now 0 among `sops` (null: all), then the global ones. */
function do_smart_wakeup_zero(k: Kernel, sma: SemArray, sops: readonly SemBuf[] | null): boolean {
  const vals = sem_state(sma).vals;
  let completed = false;
  let got_zero = false;
  const nums = sops === null ? null : sops.map((s) => s.sem_num);
  const count = nums === null ? sma.sem_nsems : nums.length;
  for (let i = 0; i < count; i++) {
    const num = nums === null ? i : nums[i]!;
    if (vals[num] === 0) {
      got_zero = true;
      if (sma.sems_pending !== null) completed = wake_const_ops(k, sma, num) || completed;
    }
  }
  if (got_zero) completed = wake_const_ops(k, sma, -1) || completed;
  return completed;
}

/** check_restart: whether update_queue must rescan from the head after q completed. */
function check_restart(sma: SemArray, q: SemQueue): boolean {
  return sma.pending.pending_alter.length > 0 || q.sops.length > 1;
}

/**
 * update_queue: completes what it can of one alter list (n = -1: the
 * global one). `mixed`: ≤3.10's one list of alter and wait-for-zero ops
 * (see below). Return: whether any op completed.
 */
function update_queue(k: Kernel, sma: SemArray, n: number, mixed = false): boolean {
  if (n >= 0 && sma.sems_pending === null) return false;
  const list = n < 0 ? sma.pending.pending_alter : sem_pending(sma, n).pending_alter;
  if (list.length === 0) return false;
  const vals = sem_state(sma).vals;
  let completed = false;
  let pass = 0;
  again: for (;;) {
    trace_scan(k, sma, 'update_queue', n, list, pass++);
    for (const q of [...list]) {
      if (!list.includes(q)) continue;
      if (n >= 0 && vals[n] === 0 && (!mixed || q.alter)) break;
      const error = try_sleeper(k, sma, q);
      if (error > 0) continue;
      unlink_queue(sma, list, q);
      let restart = false;
      if (error === 0) {
        completed = true;
        if (mixed) restart = check_restart_mixed(sma, q);
        else {
          do_smart_wakeup_zero(k, sma, q.sops);
          restart = check_restart(sma, q);
        }
      }
      wake_up_sem_queue_prepare(k, sma, q, error, error !== 0 ? 'error' : q.alter ? 'done' : 'zero');
      if (restart) continue again;
    }
    return completed;
  }
}

// --- the ≤3.10 queues: wait-for-zero mixed into the alter lists ------------------------------
//
// 3.0.10–3.10 (read in the do_semtimedop, update_queue, check_restart and
// do_smart_update of that era): one list per semaphore for simple ops and
// the array's list for complex ops, both kept in pending_alter here; a
// wait-for-zero op is added at the head, an alter op at the tail. The waker
// scans the lists with update_queue alone (no wake_const_ops), and a scan of
// a semaphore's list stops at the first alter op once the value is 0.

/** check_restart of ≤3.10: restart when the array's state may let an earlier waiter through. */
function check_restart_mixed(sma: SemArray, q: SemQueue): boolean {
  if (!q.alter) return false;
  if (sma.complex_count > 0 || q.sops.length > 1) return true;
  const n = q.sops[0]!.sem_num;
  const list = sem_pending(sma, n).pending_alter;
  if (list.length === 0 || sem_state(sma).vals[n] !== 0) return false;
  // with the value 0, a wait-for-zero op can only be at the head of the list
  return list[0]!.sops[0]!.sem_op === 0;
}

/**
 * do_smart_update of ≤3.10: the array's list while complex ops sleep, then
 * the lists of the semaphores an increment (or a decrement to 0) touched —
 * all of them after a complex op completed or without sops — and again
 * while the array's list makes progress. Return: whether any op completed.
 */
function do_smart_update_mixed(k: Kernel, sma: SemArray, sops: readonly SemBuf[] | null): boolean {
  const vals = sem_state(sma).vals;
  let completed = false;
  for (let first = true; ; first = false) {
    if (sma.complex_count > 0 && update_queue(k, sma, -1, true)) {
      completed = true;
      sops = null;
    } else if (!first) break;
    if (sops === null) {
      for (let i = 0; i < sma.sem_nsems; i++) completed = update_queue(k, sma, i, true) || completed;
    } else {
      for (const sop of sops) if (sop.sem_op > 0 || (sop.sem_op < 0 && vals[sop.sem_num] === 0)) completed = update_queue(k, sma, sop.sem_num, true) || completed;
    }
  }
  return completed;
}

/** set_semotime: the first sop's semaphore (semaphore 0 without sops) gets the time. */
export function set_semotime(k: Kernel, sma: SemArray, sops: readonly SemBuf[] | null): void {
  sem_state(sma).otimes[sops === null ? 0 : sops[0]!.sem_num] = k.config.clock;
}

/**
 * do_smart_update: after values changed (`sops`, or null when any may have:
 * SETVAL, SETALL, exit_sem), completes the sleepers that can now proceed.
 * `otime`: set sem_otime even if no sleeper completed.
 */
export function do_smart_update(k: Kernel, sma: SemArray, sops: readonly SemBuf[] | null, otime: boolean): void {
  if (k.config.sem_zero_queue === 'mixed') {
    otime = do_smart_update_mixed(k, sma, sops) || otime;
  } else {
    otime = do_smart_wakeup_zero(k, sma, sops) || otime;
    if (sma.pending.pending_alter.length > 0) {
      otime = update_queue(k, sma, -1) || otime;
    } else if (sops === null) {
      for (let i = 0; i < sma.sem_nsems; i++) otime = update_queue(k, sma, i) || otime;
    } else {
      for (const sop of sops) if (sop.sem_op > 0) otime = update_queue(k, sma, sop.sem_num) || otime;
    }
  }
  if (otime) set_semotime(k, sma, sops);
}

/** Every list a sleeping op can be on: global const, global alter, then per semaphore const and alter (freeary's order). */
export function all_lists(sma: SemArray): SemQueue[][] {
  const lists = [sma.pending.pending_const, sma.pending.pending_alter];
  for (const sem of sma.sems_pending ?? []) lists.push(sem.pending_const, sem.pending_alter);
  return lists;
}

/** freeary's wake-ups: every sleeper gets -EIDRM, in the kernel's list order. */
export function sem_wake_all_removed(k: Kernel, sma: SemArray): void {
  for (const list of all_lists(sma)) {
    for (const q of [...list]) {
      unlink_queue(sma, list, q);
      wake_up_sem_queue_prepare(k, sma, q, -EIDRM, 'removed');
    }
  }
  if (sma.sem_pids !== null) sma.sem_pids.fill(0);
}
