/**
 * ipc/sem.c sem_lock / sem_unlock: which lock a semop or semctl takes, in
 * the three designs Linux had (config.sem_locking, kernel-notes-ops §1.5, §5):
 *
 * - 'global' (≤3.9): every operation takes the array's sem_perm.lock.
 * - 'per_sem' (3.10–4.10, Rik van Riel, 6062a8dc0517): a simple op takes
 *   only its semaphore's lock unless a complex op sleeps (complex_count);
 *   a complex op or semctl takes the global lock and then waits for every
 *   semaphore's lock to be free (3.10's spin_unlock_wait loop, 4.9's
 *   complex_mode), every time.
 * - 'hysteresis' (4.11+, Manfred Spraul, 27d7be1801a4 + 9de5ab8a2eee): the
 *   use_global_lock counter; a complex op sets it to 10 and waits for the
 *   per-semaphore locks only when it was 0; each global unlock without a
 *   sleeping complex op counts it down, and simple ops take the global lock
 *   while it is above 0.
 *
 * With the 3.11+ queues (config.sem_zero_queue 'separate') a global lock
 * also moves the simple alter waiters to the array's list while a complex
 * op sleeps (merge_queues) and back afterwards (unmerge_queues).
 *
 * Simplified: one CPU, so no lock is ever contended; what is kept is which
 * lock is taken (cost counters sem_lock_global / sem_lock_local), how many
 * per-semaphore locks a complex op had to wait for (sem_lock_waits), the
 * counter and the queue moves, and a trace event for each. The SMP model
 * (src/engine/smp) times them.
 *
 * Glossary: *simple* op = nsops 1; *complex* = any other nsops, and -1 for
 * semctl, exit_sem and find_alloc_undo (the kernel's sem_lock(sma, NULL, -1)).
 */
import type { Kernel } from '../kernel';
import type { SemArray } from './namespace';
import { USE_GLOBAL_LOCK_HYSTERESIS } from './sem';
import { sem_pending } from './sem_update';

/**
 * complexmode_enter: a global-lock holder makes sure no simple op holds a
 * per-semaphore lock. Return: how many per-semaphore locks it waited for
 * (0 when the array was already in global mode).
 */
function complexmode_enter(k: Kernel, sma: SemArray): number {
  switch (k.config.sem_locking) {
    case 'global':
      return 0;
    case 'per_sem':
      return sma.sem_nsems;
    case 'hysteresis': {
      const was = sma.use_global_lock;
      sma.use_global_lock = USE_GLOBAL_LOCK_HYSTERESIS;
      return was > 0 ? 0 : sma.sem_nsems;
    }
  }
}

/** complexmode_tryleave (4.11+): one global-lock unlock closer to per-semaphore locking, unless complex ops sleep. */
function complexmode_tryleave(sma: SemArray): void {
  if (sma.complex_count > 0) return;
  if (sma.use_global_lock > 0) sma.use_global_lock--;
}

/**
 * sem_lock: the lock an operation of `nsops` sops takes (-1: semctl,
 * exit_sem, find_alloc_undo). Return: whether it is the global lock
 * (sem_unlock's locknum -1).
 */
export function sem_lock(k: Kernel, sma: SemArray, nsops: number): boolean {
  const mode = k.config.sem_locking;
  let global: boolean;
  let waits = 0;
  if (mode === 'global') global = true;
  else if (nsops !== 1) {
    global = true;
    waits = complexmode_enter(k, sma);
  } else global = mode === 'per_sem' ? sma.complex_count > 0 : sma.use_global_lock > 0;
  const c = k.probe.costs;
  if (global) c.sem_lock_global++;
  else c.sem_lock_local++;
  c.sem_lock_waits += waits;
  const t = k.probe.trace;
  if (t !== null) t({ kind: 'sem_lock', id: sma.id, nsops, global, mode, use_global_lock: sma.use_global_lock, complex_count: sma.complex_count, waits });
  return global;
}

/** sem_unlock: after a global-lock section the 3.11+ queues go back per semaphore and the 4.11+ counter counts down. */
export function sem_unlock(k: Kernel, sma: SemArray, global: boolean): void {
  if (!global) return;
  const moved = k.config.sem_zero_queue === 'separate' ? unmerge_queues(sma) : 0;
  if (k.config.sem_locking === 'hysteresis') complexmode_tryleave(sma);
  const t = k.probe.trace;
  if (t !== null) t({ kind: 'sem_unlock', id: sma.id, mode: k.config.sem_locking, use_global_lock: sma.use_global_lock, complex_count: sma.complex_count, moved });
}

/** merge_queues (3.11+): every semaphore's pending_alter spliced at the head of the global one (sem n-1's first). Return: entries moved. */
export function merge_queues(k: Kernel, sma: SemArray): number {
  if (sma.sems_pending === null) return 0;
  let moved = 0;
  for (const sem of sma.sems_pending) {
    if (sem.pending_alter.length === 0) continue;
    moved += sem.pending_alter.length;
    sma.pending.pending_alter.unshift(...sem.pending_alter);
    sem.pending_alter.length = 0;
  }
  const t = k.probe.trace;
  if (t !== null && moved > 0) t({ kind: 'sem_merge', id: sma.id, moved });
  return moved;
}

/** unmerge_queues (3.11+): with no complex op sleeping, the global alter list goes to the tails of the per-semaphore ones. Return: entries moved. */
function unmerge_queues(sma: SemArray): number {
  if (sma.complex_count > 0) return 0;
  const global = sma.pending.pending_alter;
  const moved = global.length;
  if (moved === 0) return 0;
  for (const q of global) sem_pending(sma, q.sops[0]!.sem_num).pending_alter.push(q);
  global.length = 0;
  return moved;
}
