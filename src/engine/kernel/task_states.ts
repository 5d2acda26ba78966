/**
 * Which process runs and which are blocked, and on what: the stepper's
 * process strip, read from the task table (kernel/task.ts) and the queues
 * the sleepers are on (ipc/sem.c's sem_queue, ipc/msg.c's msg_receiver and
 * msg_sender, as ipc/namespace.ts and ipc/msg_sleep.ts keep them). Linux
 * 6.18's view of it: a task asleep in semop is TASK_INTERRUPTIBLE on a
 * sem_queue, one in msgrcv on the queue's q_receivers, one in msgsnd on
 * q_senders; every other task is runnable, and `current` is the one that
 * made the operation just stepped over.
 *
 * Simplified: the lockstep interpreter runs one statement at a time, so
 * "running" is the task of the last statement (unless that statement put it
 * to sleep), not a CPU's current; the multi-CPU model's tasks are not
 * shown here (smp/ has its own timeline).
 *
 * Glossary: *blocking sop* = the sembuf of a sleeping semop that could not
 * proceed at its last attempt (sem_queue.blocking).
 */
import type { Kernel } from '../kernel';
import { ipc_obtain_object_check } from '../ipc/util';
import { sem_ids } from '../ipc/sem';
import type { SemArray, SemQueue } from '../ipc/namespace';
import { MSG_EXCEPT } from '../uapi/ipc';
import { NO_PROBE } from '../probe';
import type { TaskStruct } from './task';

export type TaskRunState = 'running' | 'runnable' | 'blocked';

/** One process of the strip. */
export interface TaskStateRow {
  pid: number;
  /** the workload's @NAME (task comm) */
  name: string;
  state: TaskRunState;
  /** the call it sleeps in, or null */
  call: 'semop' | 'msgrcv' | 'msgsnd' | null;
  /** what it waits for, e.g. "semop on sem 1 of array 0 (op -2)", "msgrcv type 3 on queue 0", "msgsnd on full queue 0"; null unless blocked */
  on: string | null;
}

/** The sleeper `pid`'s sem_queue in `sma`: the array's own lists, then each semaphore's. */
function sem_queue_of(sma: SemArray, pid: number): SemQueue | null {
  const lists = [sma.pending, ...(sma.sems_pending ?? [])];
  for (const l of lists) {
    for (const q of l.pending_alter) if (q.pid === pid) return q;
    for (const q of l.pending_const) if (q.pid === pid) return q;
  }
  return null;
}

function sem_wait_text(k: Kernel, t: TaskStruct): string {
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), t.sem_sleeping, NO_PROBE);
  const q = sma === null ? null : sem_queue_of(sma, t.pid);
  const sop = q?.sops[q.blocking];
  if (sop === undefined) return `semop on array ${t.sem_sleeping}`;
  return `semop on sem ${sop.sem_num} of array ${t.sem_sleeping} (${sop.sem_op === 0 ? 'waits for 0' : `op ${sop.sem_op}`})`;
}

/** The strip's rows, one per live task in creation order. Pure: reads the kernel, changes nothing. */
export function task_states(k: Kernel): TaskStateRow[] {
  const table = k.state.tasks;
  const rows: TaskStateRow[] = [];
  for (const t of table.tasks.values()) {
    const w = t.msg_wait;
    let row: TaskStateRow;
    if (t.sem_sleeping >= 0) row = { pid: t.pid, name: t.comm, state: 'blocked', call: 'semop', on: sem_wait_text(k, t) };
    else if (w !== null && w.call === 'msgrcv') {
      const type = w.msgflg & MSG_EXCEPT && w.msgtyp > 0n ? `any type but ${w.msgtyp}` : w.msgtyp < 0n ? `type ≤ ${-w.msgtyp}` : w.msgtyp === 0n ? 'any type' : `type ${w.msgtyp}`;
      row = { pid: t.pid, name: t.comm, state: 'blocked', call: 'msgrcv', on: `msgrcv ${type} on queue ${w.msqid}` };
    } else if (w !== null) row = { pid: t.pid, name: t.comm, state: 'blocked', call: 'msgsnd', on: `msgsnd on full queue ${w.msqid}` };
    else row = { pid: t.pid, name: t.comm, state: t.pid === table.current ? 'running' : 'runnable', call: null, on: null };
    rows.push(row);
  }
  return rows;
}
