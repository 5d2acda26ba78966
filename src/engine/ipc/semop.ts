/**
 * ipc/sem.c of Linux 6.18, the operations half: do_semtimedop with its
 * check order, where a sleeping op is queued (queue_sleeper), how a sleeper
 * ends without a waker (a signal, its timeout) or takes the waker's result,
 * and the GETNCNT/GETZCNT counts (count_semcnt). Performing an op and what
 * the waker does for the sleepers (do_smart_update, update_queue,
 * wake_const_ops) live in sem_update.ts; SEM_UNDO's structures
 * (find_alloc_undo, exit_sem) in sem_undo.ts; sem_lock and its
 * use_global_lock hysteresis in sem_lock.ts.
 *
 * Simplified: no locks are taken (sem_lock/sem_unlock only keep the
 * use_global_lock counter and merge/unmerge the queues as the kernel does);
 * a sleeper does not run until the interpreter lets it (see sem_update.ts).
 * Pids are tgids (one thread per process).
 *
 * Glossary: *simple* op = nsops 1, *complex* = more; *alter* = any sem_op
 * != 0; *const* = all sem_op 0 (wait-for-zero); *pending_alter* /
 * *pending_const* = the sleeping alter / const ops, per semaphore for simple
 * ops while complex_count is 0, else in the array's own lists.
 */
import type { Kernel } from '../kernel';
import { current, task_comm, task_tgid, type SemUndo } from '../kernel/task';
import { E2BIG, EACCES, EAGAIN, EFBIG, EIDRM, EINTR, EINVAL } from '../uapi/errno';
import { IPC_NOWAIT } from '../uapi/ipc';
import type { SemArray, SemBuf, SemQueue } from './namespace';
import { sem_ids } from './sem';
import { find_alloc_undo, SEM_UNDO } from './sem_undo';
import { merge_queues, sem_lock, sem_unlock } from './sem_lock';
import { all_lists, do_smart_update, perform_atomic_semop, sem_pending, set_semotime, trace_perform, unlink_queue } from './sem_update';
import { ipc_obtain_object_check, ipcperms, S_IRUGO, S_IWUGO } from './util';

/** do_semtimedop's result for an op that went to sleep (the caller decides how the sleep ends) */
export const SEM_SLEEPS = -0x10000;

/** A semtimedop timeout as struct timespec64. */
export interface Timespec {
  tv_sec: bigint;
  tv_nsec: bigint;
}

/** Queues q, which must sleep, on the list the kernel's config keeps it on (kernel-notes-ops §1.4; ≤3.10 above). */
function queue_sleeper(k: Kernel, sma: SemArray, q: SemQueue): void {
  const nsops = q.sops.length;
  const n = nsops === 1 ? q.sops[0]!.sem_num : -1;
  let list: 'alter' | 'const';
  let sem = n;
  let at: 'head' | 'tail' = 'tail';
  if (k.config.sem_zero_queue === 'mixed') {
    const pending = n >= 0 ? sem_pending(sma, n).pending_alter : sma.pending.pending_alter;
    if (q.alter) pending.push(q);
    else {
      pending.unshift(q);
      at = 'head';
    }
    list = 'alter';
  } else if (nsops === 1) {
    const pending = sem_pending(sma, n);
    if (!q.alter) {
      pending.pending_const.push(q);
      list = 'const';
    } else if (sma.complex_count > 0) {
      sma.pending.pending_alter.push(q);
      list = 'alter';
      sem = -1;
    } else {
      pending.pending_alter.push(q);
      list = 'alter';
    }
  } else {
    if (sma.complex_count === 0) merge_queues(k, sma);
    (q.alter ? sma.pending.pending_alter : sma.pending.pending_const).push(q);
    list = q.alter ? 'alter' : 'const';
  }
  if (nsops > 1) sma.complex_count++;
  const t = k.probe.trace;
  if (t !== null) {
    const pending = sem < 0 ? sma.pending : sem_pending(sma, sem);
    const mixed = k.config.sem_zero_queue === 'mixed';
    t({
      kind: 'sem_sleep',
      id: sma.id,
      pid: q.pid,
      list: mixed ? 'mixed' : list,
      sem,
      at,
      length: pending[list === 'const' ? 'pending_const' : 'pending_alter'].length,
      blocking: q.sops[q.blocking]!.sem_num,
    });
  }
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
  const global = sem_lock(k, sma, nsops);
  if (un !== null && un.semid === -1) {
    sem_unlock(k, sma, global);
    return -EIDRM;
  }
  const q: SemQueue = { pid: task_tgid(k), sops: sops.map((s) => ({ ...s })), undo: un !== null, alter, dupsop, blocking: 0 };
  const error = perform_atomic_semop(k, sma, q);
  const t = k.probe.trace;
  if (t !== null) trace_perform(k, t, sma, q, error);
  if (error === 0) {
    if (alter) do_smart_update(k, sma, q.sops, true);
    else set_semotime(k, sma, q.sops);
    sem_unlock(k, sma, global);
    return 0;
  }
  if (error < 0) {
    sem_unlock(k, sma, global);
    return error;
  }
  queue_sleeper(k, sma, q);
  const task = current(k);
  task.sem_status = null;
  task.sem_sleeping = semid;
  sem_unlock(k, sma, global);
  return SEM_SLEEPS;
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
      const global = sem_lock(k, sma, q.sops.length);
      unlink_queue(sma, list, q);
      sem_unlock(k, sma, global);
      const t = k.probe.trace;
      const error = timedOut ? -EAGAIN : -EINTR;
      if (t !== null) t({ kind: 'sem_wake', id: sma.id, pid, by: pid, by_comm: task_comm(task), error, why: timedOut ? 'timeout' : 'signal', how: k.config.sem_wakeup });
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
 * count_semcnt: GETNCNT (`count_zero` false) or GETZCNT of semaphore n.
 * 3.16+ (config.semcnt 'blocking_sop', b220c57aeccf): each sleeper counts
 * once, on the semaphore of the sop it blocked on, if that sop decrements
 * (NCNT) or waits for zero (ZCNT). ≤3.15 ('all_sops', count_semncnt /
 * count_semzcnt of that era): every sop of every sleeper that names n with
 * a decrement (or a zero op) and has no IPC_NOWAIT counts.
 */
export function count_semcnt(k: Kernel, sma: SemArray, n: number, count_zero: boolean): number {
  let cnt = 0;
  if (k.config.semcnt === 'all_sops' || k.config.sem_zero_queue === 'mixed') {
    const all = k.config.semcnt === 'all_sops';
    const wanted = (sop: SemBuf) => sop.sem_num === n && (count_zero ? sop.sem_op === 0 : sop.sem_op < 0);
    for (const list of all_lists(sma)) {
      for (const q of list) {
        if (!all) cnt += wanted(q.sops[q.blocking]!) ? 1 : 0;
        else for (const sop of q.sops) if (wanted(sop) && !(sop.sem_flg & IPC_NOWAIT)) cnt++;
      }
    }
  } else {
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
  }
  const t = k.probe.trace;
  if (t !== null) t({ kind: 'sem_count', id: sma.id, sem: n, zero: count_zero, count: cnt, rule: k.config.semcnt });
  return cnt;
}
