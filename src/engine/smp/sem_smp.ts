/**
 * The timed path of semop/semtimedop (ipc/sem.c do_semtimedop) per kernel,
 * the `sem_locking` switch: which locks and cache lines a call takes, in
 * order, given what it did (task_syscalls.ts's Outcome and its SemLock).
 * The semantics (values, queues, who is woken) stay in ipc/semop.ts and ipc/sem_update.ts; this
 * file only says what each path costs.
 *
 * sem_lock, per kernel (kernel-notes-ops §1.5):
 * - global (≤3.9): every semop takes the array's `sem_perm.lock`.
 * - per_sem (3.10, Rik van Riel 6062a8dc0517): a single-sop semop while no
 *   complex op sleeps (complex_count 0) takes only `sems[n].lock` and reads
 *   the array lock's line (`spin_is_locked(&sma->sem_perm.lock)`); anything
 *   else takes `sem_perm.lock` and then waits for every per-semaphore lock
 *   to be free (3.10's spin_unlock_wait loop), O(nsems) every time.
 * - hysteresis (4.11+, Manfred Spraul 27d7be1801a4 + 9de5ab8a2eee): a
 *   single-sop semop takes `sems[n].lock` unless `use_global_lock` > 0;
 *   then it takes the array lock. A complex op takes the array lock and,
 *   only when `use_global_lock` was 0 (per-semaphore mode), sweeps every
 *   `sems[i].lock` with spin_lock + spin_unlock (complexmode_enter, the
 *   *mode switch*); the counter then keeps the array in global mode for
 *   the next 10 global unlocks (USE_GLOBAL_LOCK_HYSTERESIS).
 *
 * Layout (where each lock and value lives):
 * - `sem_perm.lock` and the array header share one line (spinlock.ts's
 *   simplification: a lock word and the object it protects share a line).
 * - struct sem: 3.10's is `{ semval, sempid, lock, sem_pending }`, 32 bytes
 *   and not aligned, so two semaphores share a 64-byte line; ≤3.9's has no
 *   lock (24 bytes: two per line, rounding down); Manfred Spraul's 3.11
 *   series ("ipc/sem.c: cacheline align the semaphore structures") gave
 *   each its own line. The same 3.11 series moved `sem_otime` from the
 *   array (written by every successful op: a line every CPU writes) into
 *   each semaphore ("ipc/sem.c: replace shared sem_otime with
 *   per-semaphore value"), and added the separate wait-for-zero queue, so
 *   the model keys both layout changes on `sem_zero_queue` ('mixed' = the
 *   ≤3.10 layout).
 * Wake-ups come after the unlock in every modelled kernel (the IN_WAKEUP
 * list of ≤4.9 and wake_q of 4.10+ both wake after dropping the lock).
 *
 * Simplified: the work under the lock (perform_atomic_semop, the queue
 * scans) is the measured msg_queue_work of constants.ts, whatever the
 * queues hold; 3.10's spin_unlock_wait is modelled as a spin_lock and
 * spin_unlock of each semaphore's lock; find_alloc_undo's global-lock
 * section (a task's first SEM_UNDO op on an array) and semtimedop timeouts
 * are not timed; a woken sleeper returns the waker's result without
 * taking a lock (the kernel's "all work is done by the waker").
 *
 * Glossary: *global* = under `sem_perm.lock`; *sweep* = complexmode_enter's
 * pass over the per-semaphore locks.
 */
import type { KernelConfig } from '../config';
import type { SmpConstants } from './constants';
import type { MicroOp } from './machine';
import { END, lineOps, SLEEP, wake, work, type LineOps } from './micro_ops';
import { micro } from './micro_ops';

/** What sem_lock did for one semop, decided from the array's state before the call (task_syscalls.ts). */
export interface SemLock {
  semid: number;
  /** the first sop's semaphore (a simple op's own lock) */
  semnum: number;
  /** 'global': sem_perm.lock; 'sem': semaphore semnum's own lock; 'none': the call failed before sem_lock */
  mode: 'global' | 'sem' | 'none';
  /** semaphores whose locks the call sweeps (0: no sweep) */
  sweep: number;
  /** the call changed values (a successful alter op): it writes sem_otime */
  wrote: boolean;
}

export interface SemPathEnv {
  config: Pick<KernelConfig, 'sem_locking' | 'sem_zero_queue'>;
  constants: SmpConstants;
  taskOfPid: (pid: number) => number;
}

export const NO_SEM_LOCK: SemLock = { semid: -1, semnum: 0, mode: 'none', sweep: 0, wrote: false };

/** The line every semop's ipc_obtain_object_check reads: the sem ids' IDR root (never written by semop). */
const SEM_IDR = lineOps('sem_ids.idr').read;

const SWEEP_BEGIN = micro('sem_sweep', { write: true });
const SWEEP_END = micro('sem_sweep', { write: false });

const arrays = new Map<number, LineOps>();
const otimes = new Map<number, MicroOp>();
const sems = new Map<string, { lock: MicroOp; unlock: MicroOp; write: MicroOp }>();
const CACHE_LIMIT = 1 << 16;

function cached<K, V>(m: Map<K, V>, key: K, make: () => V): V {
  let v = m.get(key);
  if (v === undefined) {
    if (m.size >= CACHE_LIMIT) m.clear();
    m.set(key, (v = make()));
  }
  return v;
}

/** `sem_perm.lock` of array `semid` (and the header on its line): `sma:ID.lock`. */
export const semArrayOps = (semid: number): LineOps => cached(arrays, semid, () => lineOps(`sma:${semid}.lock`));

/** ≤3.10: the array's shared sem_otime, written by every successful op. */
const otimeWrite = (semid: number): MicroOp => cached(otimes, semid, () => micro('access', { line: `sma:${semid}.otime`, access: 'write' }));

/** Semaphores per 64-byte line: two in the ≤3.10 layout, one from 3.11 (cacheline aligned). */
export function sems_per_line(config: Pick<KernelConfig, 'sem_zero_queue'>): number {
  return config.sem_zero_queue === 'mixed' ? 2 : 1;
}

/** Semaphore `n`'s own lock (`sem:ID.N`) on its line (`sem:ID/L`), and a write of its value. */
function semOps(config: SemPathEnv['config'], semid: number, n: number) {
  const line = `sem:${semid}/${Math.floor(n / sems_per_line(config))}`;
  return cached(sems, `${line}:${n}`, () => {
    const lock = `sem:${semid}.${n}`;
    return { lock: micro('spin_lock', { lock, line }), unlock: micro('spin_unlock', { lock, line }), write: micro('access', { line, access: 'write' }) };
  });
}

/**
 * The micro-ops of one semop (or semtimedop) by a task: `kind` is the
 * Outcome's ('done', 'error', 'blocked', 'received'), `woken` the pids it
 * woke. Ends with 'end' (or 'sleep' then 'end').
 */
export function sem_path(env: SemPathEnv, lock: SemLock, kind: string, woken: readonly number[]): MicroOp[] {
  const c = env.constants;
  const half = c.syscall / 2;
  const ops: MicroOp[] = [work(half)];
  if (kind === 'received') {
    ops.push(END);
    return ops;
  }
  if (lock.semid >= 0) ops.push(SEM_IDR);
  if (lock.mode === 'none') {
    ops.push(work(half), END);
    return ops;
  }
  const array = semArrayOps(lock.semid);
  const own = semOps(env.config, lock.semid, lock.semnum);
  if (lock.mode === 'sem') {
    ops.push(own.lock, array.read);
  } else {
    ops.push(array.lock);
    if (lock.sweep > 0) {
      ops.push(SWEEP_BEGIN);
      for (let i = 0; i < lock.sweep; i++) {
        const s = semOps(env.config, lock.semid, i);
        ops.push(s.lock, s.unlock);
      }
      ops.push(SWEEP_END);
    }
  }
  ops.push(work(c.msg_queue_work));
  if (lock.wrote) {
    // the value (in the ≤3.9 layout, the semaphore array beside the header; else the semaphore's own line)
    if (lock.mode === 'global') ops.push(own.write);
    if (env.config.sem_zero_queue === 'mixed') ops.push(otimeWrite(lock.semid));
  }
  ops.push(lock.mode === 'sem' ? own.unlock : array.unlock);
  for (const pid of woken) {
    const t = env.taskOfPid(pid);
    if (t >= 0) ops.push(wake(t));
  }
  if (kind === 'blocked') {
    ops.push(SLEEP, END);
    return ops;
  }
  ops.push(work(half), END);
  return ops;
}
