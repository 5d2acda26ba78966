/**
 * ipc/sem.c: semop's locks, its attempt, the queues it sleeps on, the
 * wake-ups of update_queue / wake_const_ops, SEM_UNDO and GETNCNT/GETZCNT.
 */
import { errnoName } from '../../uapi/errno';
import type { MechanismRows, CodeContext } from '../table';

/** The callers of a sem mechanism function, from the statement's entry. */
function semVia(c: CodeContext): string[] {
  if (c.entry === 'sys_semctl') return ['semctl_main'];
  if (c.entry === 'do_exit') return ['exit_sem'];
  return ['do_semtimedop'];
}

/** The rows of the sem events (the sem mechanism). */
export const SEM_ROWS = {
  sem_lock: {
    mechanism: 'sem',
    at: (ev, c) => ({
      fn: 'sem_lock',
      line: ev.mode === 'global' ? 'global' : ev.nsops !== 1 ? (ev.waits > 0 ? 'enter' : 'complex') : ev.global ? 'fallback' : 'simple',
      via: semVia(c),
      why: ev.global
        ? `${ev.nsops === 1 ? 'This simple op' : ev.nsops < 0 ? 'semctl/exit' : 'This complex op'} takes the array's global lock${ev.mode === 'global' ? ' (before 3.10 every operation does)' : ev.nsops === 1 ? (ev.mode === 'per_sem' ? ` (a complex op sleeps: complex_count ${ev.complex_count})` : ` (use_global_lock ${ev.use_global_lock} > 0)`) : ''}${ev.waits > 0 ? `, waiting for ${ev.waits} per-semaphore lock${ev.waits === 1 ? '' : 's'}` : ''}${ev.mode === 'hysteresis' ? `; use_global_lock is ${ev.use_global_lock}` : ''}.`
        : `This simple op takes only its semaphore's lock${ev.mode === 'hysteresis' ? ' (use_global_lock is 0)' : ' (no complex op sleeps)'}.`,
    }),
  },
  sem_unlock: {
    mechanism: 'sem',
    at: (ev, c) => ({
      fn: 'sem_unlock',
      line: ev.moved > 0 ? 'unmerge' : ev.mode === 'hysteresis' ? 'leave' : 'unlock',
      via: semVia(c),
      why: `The global lock is dropped${ev.moved > 0 ? `; unmerge_queues moves ${ev.moved} simple waiter${ev.moved === 1 ? '' : 's'} back to their semaphores` : ''}${ev.mode === 'hysteresis' ? (ev.complex_count > 0 ? `; a complex op sleeps, so use_global_lock stays ${ev.use_global_lock}` : `; use_global_lock counts down to ${ev.use_global_lock}`) : ''}.`,
    }),
  },
  sem_merge: {
    mechanism: 'sem',
    at: (ev) => ({
      fn: 'sem_unlock',
      line: 'merge',
      via: ['do_semtimedop'],
      why: `The first complex op to sleep moves ${ev.moved} simple waiter${ev.moved === 1 ? '' : 's'} onto the array's alter list (merge_queues), so one list keeps their order.`,
    }),
  },
  sem_perform: {
    mechanism: 'sem',
    at: (ev, c) => ({
      fn: 'perform_atomic_semop',
      line: ev.result === 'done' ? 'apply' : ev.result === 'ERANGE' ? 'range' : 'block',
      via: ev.by === ev.pid ? semVia(c) : [...semVia(c), 'do_smart_update', 'update_queue'],
      why: `${ev.by === ev.pid ? `Pid ${ev.pid}'s` : `For sleeping pid ${ev.pid}, pid ${ev.by} tries its`} ${ev.sops} sop${ev.sops === 1 ? '' : 's'}: ${
        ev.result === 'done'
          ? 'all of them apply'
          : ev.result === 'blocked'
            ? `semaphore ${ev.blocking} blocks, nothing changes`
            : ev.result === 'EAGAIN'
              ? `semaphore ${ev.blocking} blocks a sop with IPC_NOWAIT: -EAGAIN`
              : 'a value or semadj would leave its range: -ERANGE'
      }.`,
    }),
  },
  sem_sleep: {
    mechanism: 'sem',
    at: (ev) => ({
      fn: 'do_semtimedop',
      line: 'queue',
      why: `Pid ${ev.pid} blocks on semaphore ${ev.blocking} and sleeps at the ${ev.at} of ${ev.sem < 0 ? "the array's" : `semaphore ${ev.sem}'s`} ${ev.list === 'mixed' ? 'queue (≤3.10: alter and wait-for-zero ops share it)' : ev.list === 'const' ? 'wait-for-zero list' : 'alter list'} (${ev.length} waiting).`,
    }),
  },
  sem_scan: {
    mechanism: 'sem',
    at: (ev, c) => ({
      fn: ev.fn,
      line: ev.fn === 'update_queue' ? 'again' : 'try',
      via: [...semVia(c), 'do_smart_update'],
      why: `${ev.fn}${ev.pass > 0 ? ` restarts (pass ${ev.pass + 1})` : ''} scans ${ev.sem < 0 ? "the array's" : `semaphore ${ev.sem}'s`} ${ev.fn === 'update_queue' ? 'alter' : 'wait-for-zero'} list: ${ev.waiters} sleeper${ev.waiters === 1 ? '' : 's'}.`,
    }),
  },
  sem_wake: {
    mechanism: 'sem',
    at: (ev, c) => {
      const res = ev.error === 0 ? '0' : `-${errnoName(-ev.error)}`;
      if (ev.why === 'removed') return { fn: 'freeary', line: 'wake', via: ['semctl_down'], why: `The array is removed: sleeping pid ${ev.pid} wakes with ${res}.` };
      if (ev.why === 'signal' || ev.why === 'timeout')
        return { fn: 'do_semtimedop', line: 'ret', why: `Pid ${ev.pid} ${ev.why === 'signal' ? 'takes a signal' : 'reaches its timeout'} while asleep: it unlinks itself and returns ${res}.` };
      return {
        fn: 'wake_up_sem_queue_prepare',
        line: ev.how,
        via: [...semVia(c), 'do_smart_update', ev.why === 'zero' && c.config.sem_zero_queue === 'separate' ? 'wake_const_ops' : 'update_queue'],
        why: `Pid ${ev.by} ${ev.why === 'error' ? `finds that sleeping pid ${ev.pid}'s op now fails` : ev.why === 'zero' ? `completes sleeping pid ${ev.pid}'s wait for zero` : `completes sleeping pid ${ev.pid}'s op`}: it will return ${res} (${ev.how === 'wake_q' ? 'woken through wake_q after the unlock' : 'woken from the IN_WAKEUP list after the unlock'}).`,
      };
    },
  },
  sem_semadj: {
    mechanism: 'sem',
    at: (ev, c) => ({ fn: 'perform_atomic_semop', line: 'apply', via: semVia(c), why: `SEM_UNDO: pid ${ev.pid}'s semadj of semaphore ${ev.sem} is now ${ev.semadj}; exit_sem will add it back.` }),
  },
  sem_undo_alloc: {
    mechanism: 'sem',
    at: (ev) => ({
      fn: 'find_alloc_undo',
      line: 'link',
      via: ['do_semtimedop'],
      why: `Pid ${ev.pid}'s first SEM_UNDO op on array ${ev.id}: a zeroed undo structure goes to the head of its list and of the array's.`,
    }),
  },
  sem_exit: {
    mechanism: 'sem',
    at: (ev) => ({ fn: 'exit_sem', line: 'adjust', via: ['do_exit'], why: `Pid ${ev.pid} exits: semadj ${ev.adj} goes back to semaphore ${ev.sem}, now ${ev.value} (clamped to 0..32767).` }),
  },
  sem_count: {
    mechanism: 'sem',
    at: (ev) => ({
      fn: 'count_semcnt',
      line: ev.rule === 'all_sops' ? 'all_sops' : 'complex',
      via: ['semctl_main'],
      why: `${ev.zero ? 'GETZCNT' : 'GETNCNT'} of semaphore ${ev.sem} is ${ev.count}: ${ev.rule === 'all_sops' ? 'before 3.16 every matching sop of every sleeper counts' : 'each sleeper counts once, on the sop it blocked on'}.`,
    }),
  },
} satisfies MechanismRows<'sem'>;
