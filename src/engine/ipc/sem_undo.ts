/**
 * ipc/sem.c of Linux 6.18, SEM_UNDO: the per-process `sem_undo_list`
 * (task.undo_list), one `sem_undo` per (process, array) holding a semadj
 * per semaphore, how semop finds or creates it (lookup_undo,
 * find_alloc_undo), the semadj range rule (ERANGE), what SETVAL/SETALL and
 * IPC_RMID do to the structures, and exit_sem, which applies them when the
 * process exits or is killed.
 *
 * Simplified: a process is one thread and never shares its undo list
 * (no CLONE_SYSVSEM), so the list's refcount is not modelled; the RCU
 * frees and the sem_undo_list spinlock are left out; `sma.list_id` holds
 * the pids of the tasks with an undo structure for the array (the kernel
 * links the structures themselves).
 *
 * Glossary: *semadj* = what exit_sem adds back to a semaphore (each
 * SEM_UNDO sop subtracts its sem_op); *MRU* = lookup_undo moves the found
 * structure to the head of the task's list, and exit_sem walks from there.
 */
import type { Kernel } from '../kernel';
import { current, type SemUndo, type TaskStruct } from '../kernel/task';
import { EINVAL } from '../uapi/errno';
import type { SemArray, SemQueue } from './namespace';
import { sem_ids, SEMVMX } from './sem';
import { do_smart_update, sem_state } from './sem_update';
import { sem_lock, sem_unlock } from './sem_lock';
import { ipc_obtain_object_check } from './util';

export const SEM_UNDO = 0x1000;
/** include/uapi/linux/sem.h SEMAEM (= SEMVMX): the semadj range is -SEMAEM - 1 ... SEMAEM */
export const SEMAEM = 32767;

/** Whether `semadj` fits the short of struct sem_undo (perform_atomic_semop: else -ERANGE). Bounds inclusive. */
export function semadj_fits(semadj: number): boolean {
  return semadj >= -SEMAEM - 1 && semadj <= SEMAEM;
}

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
export function find_alloc_undo(k: Kernel, semid: number): SemUndo | number {
  const task = current(k);
  task.undo_list ??= [];
  const found = lookup_undo(task, semid);
  if (found !== null) return found;
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, k.probe);
  if (sma === null) return -EINVAL;
  sem_lock(k, sma, -1);
  const un: SemUndo = { semid, semadj: new Array<number>(sma.sem_nsems).fill(0) };
  task.undo_list.unshift(un);
  sma.list_id.unshift(task.pid);
  const t = k.probe.trace;
  if (t !== null) t({ kind: 'sem_undo_alloc', id: sma.id, pid: task.pid });
  sem_unlock(k, sma, true);
  return un;
}

/** The undo structure of task `pid` for `sma`, or null. */
function undo_of(k: Kernel, pid: number, sma: SemArray): SemUndo | null {
  const list = k.state.tasks.tasks.get(pid)?.undo_list;
  if (!list) return null;
  return list.find((u) => u.semid === sma.id) ?? null;
}

/** The undo structure a queued op adjusts (the sleeper's own), or null. */
export function queue_undo(k: Kernel, sma: SemArray, q: SemQueue): SemUndo | null {
  return q.undo ? undo_of(k, q.pid, sma) : null;
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
    sem_lock(k, sma, -1);
    sma.list_id.splice(at, 1);
    const { vals, pids } = sem_state(sma);
    const t = k.probe.trace;
    for (let i = 0; i < sma.sem_nsems; i++) {
      const adj = un.semadj[i]!;
      if (adj === 0) continue;
      vals[i] = Math.min(Math.max(vals[i]! + adj, 0), SEMVMX);
      pids[i] = pid;
      if (t !== null) t({ kind: 'sem_exit', id: sma.id, pid, sem: i, adj, value: vals[i]! });
    }
    do_smart_update(k, sma, null, true);
    sem_unlock(k, sma, true);
  }
}
