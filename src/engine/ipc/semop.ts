/**
 * ipc/sem.c of Linux 6.18, the operations half: do_semtimedop with its
 * check order, perform_atomic_semop (fast path and the dupsop slow path),
 * where a sleeping op is queued, and what the waker does for the sleepers
 * (do_smart_update, update_queue, wake_const_ops, check_restart); the
 * GETNCNT/GETZCNT counts (count_semcnt), the undo structures
 * (find_alloc_undo, exit_sem) and sem_lock's use_global_lock hysteresis.
 *
 * Simplified: no locks are taken (sem_lock/sem_unlock only keep the
 * use_global_lock counter and merge/unmerge the queues as the kernel does);
 * a sleeper does not run until the interpreter lets it: the waker stores
 * the result in the sleeper's task (sem_status), as the kernel's waker stores
 * queue.status, and wake_up_q's order is the order those stores happen.
 * Time is config.clock (sem_otime). Pids are tgids (one thread per process).
 *
 * Glossary: *simple* op = nsops 1, *complex* = more; *alter* = any sem_op
 * != 0; *const* = all sem_op 0 (wait-for-zero); *pending_alter* /
 * *pending_const* = the sleeping alter / const ops, per semaphore for simple
 * ops while complex_count is 0, else in the array's own lists.
 */
import type { Kernel } from '../kernel';
import { current, task_tgid, type SemUndo, type TaskStruct } from '../kernel/task';
import { E2BIG, EACCES, EAGAIN, EFBIG, EIDRM, EINTR, EINVAL, ERANGE } from '../uapi/errno';
import { IPC_NOWAIT } from '../uapi/ipc';
import type { SemArray, SemBuf, SemPending, SemQueue } from './namespace';
import { sem_ids, SEMVMX, USE_GLOBAL_LOCK_HYSTERESIS } from './sem';
import { ipc_obtain_object_check, ipcperms, S_IRUGO, S_IWUGO } from './util';

export const SEM_UNDO = 0x1000;
/** include/uapi/linux/sem.h SEMAEM (= SEMVMX): the semadj range is -SEMAEM - 1 ... SEMAEM */
export const SEMAEM = 32767;
/** do_semtimedop's result for an op that went to sleep (the caller decides how the sleep ends) */
export const SEM_SLEEPS = -0x10000;

/** A semtimedop timeout as struct timespec64. */
export interface Timespec {
  tv_sec: bigint;
  tv_nsec: bigint;
}

/** The values, pids and otimes of `sma`, allocated (all 0) on first use. */
export function sem_state(sma: SemArray): { vals: number[]; pids: number[]; otimes: number[] } {
  if (sma.sem_vals === null) sma.sem_vals = new Array<number>(sma.sem_nsems).fill(0);
  if (sma.sem_pids === null) sma.sem_pids = new Array<number>(sma.sem_nsems).fill(0);
  if (sma.sem_otimes === null) sma.sem_otimes = new Array<number>(sma.sem_nsems).fill(0);
  return { vals: sma.sem_vals, pids: sma.sem_pids, otimes: sma.sem_otimes };
}

/** The per-semaphore queues of semaphore `n`, allocated on first use. */
function sem_pending(sma: SemArray, n: number): SemPending {
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

// --- locking mode ---------------------------------------------------------------------

/** complexmode_enter: the global lock for a complex op or a semctl; (re)arms the hysteresis. */
function complexmode_enter(sma: SemArray): void {
  sma.use_global_lock = USE_GLOBAL_LOCK_HYSTERESIS;
}

/** complexmode_tryleave: one global-lock unlock closer to per-semaphore locking, unless complex ops sleep. */
function complexmode_tryleave(sma: SemArray): void {
  if (sma.complex_count > 0) return;
  if (sma.use_global_lock > 0) sma.use_global_lock--;
}

/**
 * sem_lock: a simple op takes the semaphore's own lock unless the array is in
 * global-lock mode; anything else (nsops != 1, semctl, exit_sem) takes the
 * global lock. Return: whether the global lock was taken (sem_unlock's locknum -1).
 */
export function sem_lock(sma: SemArray, nsops: number): boolean {
  if (nsops !== 1) {
    complexmode_enter(sma);
    return true;
  }
  return sma.use_global_lock > 0;
}

/** sem_unlock: after a global-lock section, the queues go back per semaphore when no complex op sleeps. */
export function sem_unlock(sma: SemArray, global: boolean): void {
  if (!global) return;
  unmerge_queues(sma);
  complexmode_tryleave(sma);
}

/** merge_queues: every semaphore's pending_alter spliced at the head of the global one (sem n-1's first). */
function merge_queues(sma: SemArray): void {
  if (sma.sems_pending === null) return;
  for (const sem of sma.sems_pending) {
    if (sem.pending_alter.length === 0) continue;
    sma.pending.pending_alter.unshift(...sem.pending_alter);
    sem.pending_alter.length = 0;
  }
}

/** unmerge_queues: with no complex op sleeping, the global alter list goes to the tails of the per-semaphore ones. */
function unmerge_queues(sma: SemArray): void {
  if (sma.complex_count > 0) return;
  const global = sma.pending.pending_alter;
  for (const q of global) sem_pending(sma, q.sops[0]!.sem_num).pending_alter.push(q);
  global.length = 0;
}

// --- undo structures ------------------------------------------------------------------

/** lookup_undo: the task's undo structure for `semid`, moved to the head of its list (MRU). */
function lookup_undo(task: TaskStruct, semid: number): SemUndo | null {
  const list = task.undo_list;
  if (list === null) return null;
  const i = list.findIndex((u) => u.semid === semid);
  if (i < 0) return null;
  const un = list[i]!;
  if (i > 0) {
    list.splice(i, 1);
    list.unshift(un);
  }
  return un;
}

/**
 * find_alloc_undo: the current task's undo structure for `semid`, created
 * (zeroed, at the head of the task's list and of the array's list_id) when
 * missing. Takes the global lock once (sem_lock_and_putref).
 * Return: the structure, or -EINVAL (no such array).
 */
function find_alloc_undo(k: Kernel, semid: number): SemUndo | number {
  const task = current(k);
  task.undo_list ??= [];
  const found = lookup_undo(task, semid);
  if (found !== null) return found;
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, k.probe);
  if (sma === null) return -EINVAL;
  complexmode_enter(sma);
  const un: SemUndo = { semid, semadj: new Array<number>(sma.sem_nsems).fill(0) };
  task.undo_list.unshift(un);
  sma.list_id.unshift(task.pid);
  sem_unlock(sma, true);
  return un;
}

/** The undo structure of task `pid` for `sma`, or null. */
function undo_of(k: Kernel, pid: number, sma: SemArray): SemUndo | null {
  const list = k.state.tasks.tasks.get(pid)?.undo_list;
  if (!list) return null;
  return list.find((u) => u.semid === sma.id) ?? null;
}

/** Every undo structure of the array: semadj[n] = 0 (SETVAL of n) or all of them (n = -1, SETALL). */
export function sem_clear_semadj(k: Kernel, sma: SemArray, n: number): void {
  for (const pid of sma.list_id) {
    const un = undo_of(k, pid, sma);
    if (un === null) continue;
    if (n < 0) un.semadj.fill(0);
    else un.semadj[n] = 0;
  }
}

/** freeary's first step: every undo structure of the array is unlinked from its task and marked semid -1. */
export function sem_free_undos(k: Kernel, sma: SemArray): void {
  for (const pid of sma.list_id) {
    const task = k.state.tasks.tasks.get(pid);
    const list = task?.undo_list;
    if (!list) continue;
    const i = list.findIndex((u) => u.semid === sma.id);
    if (i >= 0) list.splice(i, 1)[0]!.semid = -1;
  }
  sma.list_id = [];
}

// --- performing and queueing ------------------------------------------------------------

/** The undo structure a queued op adjusts (the sleeper's own), or null. */
function queue_undo(k: Kernel, sma: SemArray, q: SemQueue): SemUndo | null {
  return q.undo ? undo_of(k, q.pid, sma) : null;
}

/**
 * perform_atomic_semop: all of q's sops or none.
 * Return: 0 (done: values, semadj and sempid updated), 1 (would sleep;
 * q.blocking set), -EAGAIN (the blocking sop has IPC_NOWAIT), -ERANGE.
 */
function perform_atomic_semop(k: Kernel, sma: SemArray, q: SemQueue): number {
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
      const undo = un!.semadj[sop.sem_num]! - sop.sem_op;
      if (undo < -SEMAEM - 1 || undo > SEMAEM) return -ERANGE;
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
      if (undo < -SEMAEM - 1 || undo > SEMAEM) {
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

/** unlink_queue: off its list; a complex op leaves complex_count. */
function unlink_queue(sma: SemArray, list: SemQueue[], q: SemQueue): void {
  list.splice(list.indexOf(q), 1);
  if (q.sops.length > 1) sma.complex_count--;
}

/** wake_up_sem_queue_prepare: the waker's store of the sleeper's result (wake_q order = call order). */
function wake_up_sem_queue_prepare(k: Kernel, q: SemQueue, error: number): void {
  const task = k.state.tasks.tasks.get(q.pid);
  if (task === undefined) return;
  task.sem_status = error;
  task.sem_sleeping = -1;
}

/** wake_const_ops: completes what it can of one wait-for-zero list (n = -1: the global one). Return: whether any op completed. */
function wake_const_ops(k: Kernel, sma: SemArray, n: number): boolean {
  const list = n < 0 ? sma.pending.pending_const : sem_pending(sma, n).pending_const;
  let completed = false;
  for (const q of [...list]) {
    const error = perform_atomic_semop(k, sma, q);
    if (error > 0) continue;
    unlink_queue(sma, list, q);
    wake_up_sem_queue_prepare(k, q, error);
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

/** update_queue: completes what it can of one alter list (n = -1: the global one). Return: whether any op completed. */
function update_queue(k: Kernel, sma: SemArray, n: number): boolean {
  if (n >= 0 && sma.sems_pending === null) return false;
  const list = n < 0 ? sma.pending.pending_alter : sem_pending(sma, n).pending_alter;
  const vals = sem_state(sma).vals;
  let completed = false;
  again: for (;;) {
    for (const q of [...list]) {
      if (!list.includes(q)) continue;
      if (n >= 0 && vals[n] === 0) break;
      const error = perform_atomic_semop(k, sma, q);
      if (error > 0) continue;
      unlink_queue(sma, list, q);
      let restart = false;
      if (error === 0) {
        completed = true;
        do_smart_wakeup_zero(k, sma, q.sops);
        restart = check_restart(sma, q);
      }
      wake_up_sem_queue_prepare(k, q, error);
      if (restart) continue again;
    }
    return completed;
  }
}

/** set_semotime: the first sop's semaphore (semaphore 0 without sops) gets the time. */
function set_semotime(k: Kernel, sma: SemArray, sops: readonly SemBuf[] | null): void {
  sem_state(sma).otimes[sops === null ? 0 : sops[0]!.sem_num] = k.config.clock;
}

/**
 * do_smart_update: after values changed (`sops`, or null when any may have:
 * SETVAL, SETALL, exit_sem), completes the sleepers that can now proceed.
 * `otime`: set sem_otime even if no sleeper completed.
 */
export function do_smart_update(k: Kernel, sma: SemArray, sops: readonly SemBuf[] | null, otime: boolean): void {
  otime = do_smart_wakeup_zero(k, sma, sops) || otime;
  if (sma.pending.pending_alter.length > 0) {
    otime = update_queue(k, sma, -1) || otime;
  } else if (sops === null) {
    for (let i = 0; i < sma.sem_nsems; i++) otime = update_queue(k, sma, i) || otime;
  } else {
    for (const sop of sops) if (sop.sem_op > 0) otime = update_queue(k, sma, sop.sem_num) || otime;
  }
  if (otime) set_semotime(k, sma, sops);
}

/**
 * do_semtimedop for the current task. `timeout` null: semop.
 * Return: 0; SEM_SLEEPS (queued: the task sleeps until woken, interrupted
 * or timed out, see semop_wake); -E2BIG (nsops > semopm), -EINVAL (nsops 0,
 * semid < 0, bad timeout, no such array), -EFBIG (sem_num >= nsems),
 * -EACCES, -EIDRM (the undo structure's array was removed), -ERANGE, -EAGAIN.
 */
export function do_semtimedop(k: Kernel, semid: number, sops: readonly SemBuf[], timeout: Timespec | null): number {
  const ns = k.state.ipc;
  const nsops = sops.length;
  if (nsops > ns.sem_ctls[2]) return -E2BIG;
  if (nsops < 1 || semid < 0) return -EINVAL;
  if (timeout !== null && (timeout.tv_sec < 0n || timeout.tv_nsec < 0n || timeout.tv_nsec >= 1_000_000_000n)) return -EINVAL;
  let max = 0;
  let undos = false;
  let alter = false;
  let dupsop = false;
  let dup = 0n;
  for (const sop of sops) {
    const mask = 1n << BigInt(sop.sem_num % 64);
    if (sop.sem_num >= max) max = sop.sem_num;
    if (sop.sem_flg & SEM_UNDO) undos = true;
    if (dup & mask) dupsop = true;
    if (sop.sem_op !== 0) {
      alter = true;
      dup |= mask;
    }
  }
  let un: SemUndo | null = null;
  if (undos) {
    const r = find_alloc_undo(k, semid);
    if (typeof r === 'number') return r;
    un = r;
  }
  const sma = ipc_obtain_object_check(ns, sem_ids(k), semid, k.probe);
  if (sma === null) return -EINVAL;
  if (max >= sma.sem_nsems) return -EFBIG;
  if (ipcperms(k, sma, alter ? S_IWUGO : S_IRUGO)) return -EACCES;
  const global = sem_lock(sma, nsops);
  if (un !== null && un.semid === -1) {
    sem_unlock(sma, global);
    return -EIDRM;
  }
  const q: SemQueue = { pid: task_tgid(k), sops: sops.map((s) => ({ ...s })), undo: un !== null, alter, dupsop, blocking: 0 };
  const error = perform_atomic_semop(k, sma, q);
  if (error === 0) {
    if (alter) do_smart_update(k, sma, q.sops, true);
    else set_semotime(k, sma, q.sops);
    sem_unlock(sma, global);
    return 0;
  }
  if (error < 0) {
    sem_unlock(sma, global);
    return error;
  }
  if (nsops === 1) {
    const sem = sem_pending(sma, q.sops[0]!.sem_num);
    if (!alter) sem.pending_const.push(q);
    else if (sma.complex_count > 0) sma.pending.pending_alter.push(q);
    else sem.pending_alter.push(q);
  } else {
    if (sma.complex_count === 0) merge_queues(sma);
    (alter ? sma.pending.pending_alter : sma.pending.pending_const).push(q);
    sma.complex_count++;
  }
  const task = current(k);
  task.sem_status = null;
  task.sem_sleeping = semid;
  sem_unlock(sma, global);
  return SEM_SLEEPS;
}

/** Every list a sleeping op can be on: global const, global alter, then per semaphore const and alter (freeary's order). */
function all_lists(sma: SemArray): SemQueue[][] {
  const lists = [sma.pending.pending_const, sma.pending.pending_alter];
  for (const sem of sma.sems_pending ?? []) lists.push(sem.pending_const, sem.pending_alter);
  return lists;
}

/** freeary's wake-ups: every sleeper gets -EIDRM, in the kernel's list order. */
export function sem_wake_all_removed(k: Kernel, sma: SemArray): void {
  for (const list of all_lists(sma)) {
    for (const q of [...list]) {
      unlink_queue(sma, list, q);
      wake_up_sem_queue_prepare(k, q, -EIDRM);
    }
  }
  if (sma.sem_pids !== null) sma.sem_pids.fill(0);
}

/**
 * The sleeping task `pid` wakes without a waker's result: a signal
 * (`timedOut` false: -EINTR) or the end of its semtimedop timeout (-EAGAIN).
 * It unlinks its own queue entry. Return: what its semop returns (the
 * waker's result when there was one).
 */
export function semop_interrupt(k: Kernel, pid: number, timedOut: boolean): number {
  const task = k.state.tasks.tasks.get(pid)!;
  if (task.sem_status !== null) {
    const r = task.sem_status;
    task.sem_status = null;
    return r;
  }
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), task.sem_sleeping, k.probe);
  task.sem_sleeping = -1;
  if (sma === null) return -EIDRM;
  for (const list of all_lists(sma)) {
    const q = list.find((x) => x.pid === pid);
    if (q !== undefined) {
      const global = sem_lock(sma, q.sops.length);
      unlink_queue(sma, list, q);
      sem_unlock(sma, global);
      break;
    }
  }
  return timedOut ? -EAGAIN : -EINTR;
}

/** The result a woken sleeper returns, taken (null while it still sleeps). */
export function semop_take_result(k: Kernel, pid: number): number | null {
  const task = k.state.tasks.tasks.get(pid);
  if (task === undefined || task.sem_status === null) return null;
  const r = task.sem_status;
  task.sem_status = null;
  return r;
}

/**
 * exit_sem: the task's undo structures, most recently used first, each
 * applied to its array (values clamped to 0..SEMVMX, sempid = the task for
 * every nonzero semadj), followed by do_smart_update (otime set). Structures
 * of removed arrays are skipped.
 */
export function exit_sem(k: Kernel, pid: number): void {
  const task = k.state.tasks.tasks.get(pid);
  const list = task?.undo_list;
  if (!task || !list) return;
  task.undo_list = null;
  for (const un of list) {
    if (un.semid === -1) continue;
    const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), un.semid, k.probe);
    if (sma === null) continue;
    const at = sma.list_id.indexOf(pid);
    if (at < 0) continue;
    sem_lock(sma, -1);
    sma.list_id.splice(at, 1);
    const { vals, pids } = sem_state(sma);
    for (let i = 0; i < sma.sem_nsems; i++) {
      const adj = un.semadj[i]!;
      if (adj === 0) continue;
      vals[i] = Math.min(Math.max(vals[i]! + adj, 0), SEMVMX);
      pids[i] = pid;
    }
    do_smart_update(k, sma, null, true);
    sem_unlock(sma, true);
  }
}

/**
 * count_semcnt: GETNCNT (`count_zero` false: sleepers whose blocking sop
 * decrements semaphore n) or GETZCNT (waits for n to be 0).
 */
export function count_semcnt(sma: SemArray, n: number, count_zero: boolean): number {
  let cnt = 0;
  if (sma.sems_pending !== null) {
    const sem = sma.sems_pending[n]!;
    cnt += (count_zero ? sem.pending_const : sem.pending_alter).length;
  }
  const qop = (q: SemQueue) => {
    const sop = q.sops[q.blocking]!;
    if (sop.sem_num !== n) return 0;
    return (count_zero ? sop.sem_op === 0 : sop.sem_op < 0) ? 1 : 0;
  };
  for (const q of sma.pending.pending_alter) cnt += qop(q);
  if (count_zero) for (const q of sma.pending.pending_const) cnt += qop(q);
  return cnt;
}
