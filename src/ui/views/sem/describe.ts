/** What the semaphore view shows, in words (the screen reader's description, and the view's own caption). */
import type { SemModel, SemProcModel, SemWakeModel } from '../../../engine/view/sem';
import { errnoName } from '../../../engine/uapi/errno';
import type { ViewFrame } from '../types';
import { sem_at, type SemTraceEvent } from './sem_at';

/** The lock a simple op takes, as one phrase. */
export function lockText(m: SemModel): string {
  const a = m.array;
  if (m.locking === 'global') return 'every semop takes the array lock (up to 3.9)';
  if (a === null) return m.locking === 'per_sem' ? 'per-semaphore locks (3.10 to 4.10)' : 'use_global_lock (4.11 and later)';
  if (m.locking === 'per_sem') return `per-semaphore locks, complex_count ${a.complex_count}: simple ops take ${a.simple_lock === 'global' ? 'the global lock' : 'their semaphore lock'}`;
  return `use_global_lock ${a.use_global_lock}: simple ops take ${a.simple_lock === 'global' ? 'the global lock' : 'their semaphore lock'}`;
}

export const resultText = (error: number): string => (error === 0 ? '0' : `-${errnoName(-error)}`);

const WHY: Record<SemWakeModel['why'], string> = {
  done: 'its operation completed',
  zero: 'its wait for zero completed',
  error: 'its operation now fails',
  removed: 'the array was removed',
  signal: 'a signal',
  timeout: 'its timeout',
};

export function wakeText(w: SemWakeModel): string {
  return w.by === w.pid ? `${w.name} wakes by ${WHY[w.why]}: ${resultText(w.error)}` : `${w.by_name} wakes ${w.name}: ${WHY[w.why]}, returns ${resultText(w.error)}`;
}

export function procText(p: SemProcModel): string {
  if (p.state === 'current') return `${p.name}: in the kernel`;
  if (p.state === 'asleep') return `${p.name}: asleep in semop on array ${p.sleeping_on}`;
  return `${p.name}: runnable`;
}

function eventText(e: SemTraceEvent, m: SemModel): string {
  const name = (pid: number) => m.procs.find((p) => p.pid === pid)?.name ?? `pid ${pid}`;
  switch (e.kind) {
    case 'sem_lock':
      return e.global ? 'The operation takes the global lock.' : 'The operation takes its semaphore lock.';
    case 'sem_unlock':
      return 'The global lock is dropped.';
    case 'sem_merge':
      return `${e.moved} simple waiters move to the array's list.`;
    case 'sem_perform':
      return `perform_atomic_semop for ${name(e.pid)}: ${e.result === 'done' ? 'done' : e.result === 'blocked' ? `blocked on semaphore ${e.blocking}` : e.result}.`;
    case 'sem_sleep':
      return `${name(e.pid)} sleeps on ${e.sem < 0 ? "the array's list" : `semaphore ${e.sem}`}.`;
    case 'sem_scan':
      return `${e.fn} scans ${e.waiters} sleepers of ${e.sem < 0 ? "the array's list" : `semaphore ${e.sem}`}.`;
    case 'sem_wake':
      return `${e.by === e.pid ? name(e.pid) : `${e.by_comm} wakes ${name(e.pid)}`}: ${resultText(e.error)}.`;
    case 'sem_semadj':
      return `${name(e.pid)}'s semadj of semaphore ${e.sem} is ${e.semadj}.`;
    case 'sem_undo_alloc':
      return `${name(e.pid)} gets an undo structure.`;
    case 'sem_exit':
      return `exit_sem adds ${e.adj} to semaphore ${e.sem}: ${e.value}.`;
    case 'sem_count':
      return `${e.zero ? 'GETZCNT' : 'GETNCNT'} of semaphore ${e.sem}: ${e.count}.`;
  }
}

export function describeSem(frame: ViewFrame<SemModel>, sub: number): string {
  const { model: m, event, wakes } = sem_at(frame, sub);
  const a = m.array;
  if (a === null) return 'No semaphore array exists.';
  const values = a.sems.map((s) => s.semval).join(', ');
  const asleep = m.procs.filter((p) => p.state === 'asleep').map((p) => p.name);
  let text = `Array ${a.id} holds ${values}; ${lockText(m)}; ${asleep.length === 0 ? 'no process sleeps' : `asleep: ${asleep.join(', ')}`}.`;
  if (wakes.length > 0) text += ` ${wakes.map(wakeText).join('; ')}.`;
  if (event !== null) text += ` ${eventText(event, m)}`;
  return text;
}
