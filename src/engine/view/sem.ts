/**
 * The model of the semaphore-array view: one array of ipc/sem.c as the
 * kernel keeps it — each semaphore's value and sempid, its pending_alter
 * and pending_const sleepers (3.11+; one mixed list before), the array's
 * own lists for complex ops, complex_count and the lock mode
 * (config.sem_locking, with use_global_lock from 4.11) — beside the
 * processes: which one is in the kernel, which sleep in semop and on what,
 * and each one's undo list; and, from the operation's trace, who woke whom
 * and why.
 *
 * Simplified: at most MAX_SEMS_SHOWN semaphores and MAX_WAITERS_SHOWN
 * sleepers per list are kept (the counts are whole); the array shown is the
 * one the operation's sem events name, else options.focus (an array id),
 * else the first array by index. Process names are the tasks' comm.
 */
import type { Kernel } from '../kernel';
import { task_comm } from '../kernel/task';
import type { SemLocking, SemWakeup, Semcnt, SemZeroQueue } from '../config';
import { sem_ids } from '../ipc/sem';
import type { SemArray, SemQueue } from '../ipc/namespace';
import { ipc_idr_get_next } from '../ipc/ipc_idr';
import { ipc_obtain_object_check } from '../ipc/util';
import { NO_PROBE } from '../probe';
import type { SemWakeWhy, TraceEvent } from '../trace';
import type { Extractor } from './types';

export const MAX_SEMS_SHOWN = 32;
export const MAX_WAITERS_SHOWN = 8;
/** sem_flg bits as the console prints them */
const IPC_NOWAIT = 0o4000;
const SEM_UNDO = 0x1000;

export interface SemWaiterView {
  pid: number;
  name: string;
  /** the sembufs as the console prints them, e.g. "{0, -1, SEM_UNDO}" */
  sops: string;
  /** the sem_num of the sop it blocked on */
  blocking: number;
}

export interface SemListView {
  waiters: SemWaiterView[];
  /** sleepers on the list (waiters keeps the first MAX_WAITERS_SHOWN) */
  count: number;
}

export interface SemView {
  num: number;
  semval: number;
  /** the last pid to operate on it (0 = none) and its name (null: not a live process) */
  sempid: number;
  sempid_name: string | null;
  /** 3.11+: alter sleepers; ≤3.10: the one mixed list */
  pending_alter: SemListView;
  pending_const: SemListView;
}

export interface SemUndoView {
  pid: number;
  name: string;
  /** semadj per semaphore (the first MAX_SEMS_SHOWN) */
  semadj: number[];
}

export interface SemArrayModel {
  id: number;
  key: number;
  nsems: number;
  sems: SemView[];
  /** the array's own lists: complex ops (and 3.11+ simple ones while complex_count > 0) */
  pending_alter: SemListView;
  pending_const: SemListView;
  complex_count: number;
  use_global_lock: number;
  /** the lock the next simple op takes */
  simple_lock: 'global' | 'per_sem';
  /** list_id: the undo structures of this array, head first */
  undos: SemUndoView[];
}

export interface SemProcModel {
  pid: number;
  name: string;
  /** in the kernel now (the operation's process), asleep in semop, or neither */
  state: 'current' | 'asleep' | 'ready';
  /** asleep: the array id it sleeps on */
  sleeping_on: number | null;
  /** woken with this result, not yet returned to it (null: none) */
  woken: number | null;
  /** its undo list, most recently used first: array id and semadj */
  undo: { id: number; semadj: number[] }[];
}

export interface SemWakeModel {
  pid: number;
  name: string;
  /** the waker (the same pid: a signal or timeout) */
  by: number;
  by_name: string;
  error: number;
  why: SemWakeWhy;
}

export interface SemModel {
  locking: SemLocking;
  zero_queue: SemZeroQueue;
  semcnt: Semcnt;
  wakeup: SemWakeup;
  /** null: no semaphore array exists */
  array: SemArrayModel | null;
  /** arrays in the namespace */
  arrays: number;
  procs: SemProcModel[];
  /** the wake-ups of the operation, in the order the waker made them */
  wakes: SemWakeModel[];
  /** what the operation did: perform_atomic_semop calls, list scans, sleeps */
  op: { performs: number; scans: number; sleeps: number; locks_global: number; locks_local: number };
}

function flags(f: number): string {
  const names = [f & IPC_NOWAIT ? 'IPC_NOWAIT' : '', f & SEM_UNDO ? 'SEM_UNDO' : ''].filter((x) => x !== '');
  return names.length === 0 ? '0' : names.join('|');
}

function names(kernel: Kernel): (pid: number) => string | null {
  return (pid) => {
    const t = kernel.state.tasks.tasks.get(pid);
    return t === undefined ? null : task_comm(t);
  };
}

function list_view(list: readonly SemQueue[], name: (pid: number) => string | null): SemListView {
  return {
    count: list.length,
    waiters: list.slice(0, MAX_WAITERS_SHOWN).map((q) => ({
      pid: q.pid,
      name: name(q.pid) ?? `pid ${q.pid}`,
      sops: q.sops.map((s) => `{${s.sem_num}, ${s.sem_op}, ${flags(s.sem_flg)}}`).join(', '),
      blocking: q.sops[q.blocking]?.sem_num ?? -1,
    })),
  };
}

function pick_array(kernel: Kernel, events: readonly TraceEvent[], focus: number | undefined): { sma: SemArray | null; count: number } {
  const ids = sem_ids(kernel);
  const ns = kernel.state.ipc;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    const id = 'id' in e ? e.id : null;
    if (e.kind.startsWith('sem_') && typeof id === 'number') {
      const sma = ipc_obtain_object_check(ns, ids, id, NO_PROBE);
      if (sma !== null) return { sma, count: ids.in_use };
    }
  }
  if (focus !== undefined) {
    const sma = ipc_obtain_object_check(ns, ids, focus, NO_PROBE);
    if (sma !== null) return { sma, count: ids.in_use };
  }
  return { sma: ipc_idr_get_next(ids.ipcs_idr, { id: 0 }), count: ids.in_use };
}

function array_model(kernel: Kernel, sma: SemArray): SemArrayModel {
  const name = names(kernel);
  const shown = Math.min(sma.sem_nsems, MAX_SEMS_SHOWN);
  const empty = { pending_alter: [], pending_const: [] };
  const sems: SemView[] = [];
  for (let i = 0; i < shown; i++) {
    const pend = sma.sems_pending?.[i] ?? empty;
    const sempid = sma.sem_pids?.[i] ?? 0;
    sems.push({
      num: i,
      semval: sma.sem_vals?.[i] ?? 0,
      sempid,
      sempid_name: sempid === 0 ? null : name(sempid),
      pending_alter: list_view(pend.pending_alter, name),
      pending_const: list_view(pend.pending_const, name),
    });
  }
  const locking = kernel.config.sem_locking;
  const simple_lock = locking === 'global' || (locking === 'per_sem' ? sma.complex_count > 0 : sma.use_global_lock > 0) ? 'global' : 'per_sem';
  const undos: SemUndoView[] = [];
  for (const pid of sma.list_id) {
    const un = kernel.state.tasks.tasks.get(pid)?.undo_list?.find((u) => u.semid === sma.id);
    if (un !== undefined) undos.push({ pid, name: name(pid) ?? `pid ${pid}`, semadj: un.semadj.slice(0, MAX_SEMS_SHOWN) });
  }
  return {
    id: sma.id,
    key: sma.key,
    nsems: sma.sem_nsems,
    sems,
    pending_alter: list_view(sma.pending.pending_alter, name),
    pending_const: list_view(sma.pending.pending_const, name),
    complex_count: sma.complex_count,
    use_global_lock: sma.use_global_lock,
    simple_lock,
    undos,
  };
}

/** The semaphore-array view's model (see the file comment). Pure. */
export const extract_sem: Extractor<SemModel> = (kernel, events, options) => {
  const name = names(kernel);
  const { sma, count } = pick_array(kernel, events, options.focus);
  const tasks = kernel.state.tasks;
  const procs: SemProcModel[] = [];
  for (const t of tasks.tasks.values()) {
    procs.push({
      pid: t.pid,
      name: task_comm(t),
      state: t.pid === tasks.current ? 'current' : t.sem_sleeping >= 0 ? 'asleep' : 'ready',
      sleeping_on: t.sem_sleeping >= 0 ? t.sem_sleeping : null,
      woken: t.sem_status,
      undo: (t.undo_list ?? []).map((u) => ({ id: u.semid, semadj: u.semadj.slice(0, MAX_SEMS_SHOWN) })),
    });
  }
  const wakes: SemWakeModel[] = [];
  const op = { performs: 0, scans: 0, sleeps: 0, locks_global: 0, locks_local: 0 };
  for (const e of events) {
    if (e.kind === 'sem_wake') wakes.push({ pid: e.pid, name: name(e.pid) ?? (e.by === e.pid ? e.by_comm : `pid ${e.pid}`), by: e.by, by_name: e.by_comm, error: e.error, why: e.why });
    else if (e.kind === 'sem_perform') op.performs++;
    else if (e.kind === 'sem_scan') op.scans++;
    else if (e.kind === 'sem_sleep') op.sleeps++;
    else if (e.kind === 'sem_lock') {
      if (e.global) op.locks_global++;
      else op.locks_local++;
    }
  }
  const c = kernel.config;
  return {
    locking: c.sem_locking,
    zero_queue: c.sem_zero_queue,
    semcnt: c.semcnt,
    wakeup: c.sem_wakeup,
    array: sma === null ? null : array_model(kernel, sma),
    arrays: count,
    procs,
    wakes,
    op,
  };
};
