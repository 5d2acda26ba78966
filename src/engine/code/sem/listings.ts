/**
 * ipc/sem.c (2.6.25 … 6.18): semop and its queues, locks and undo lists.
 */
import type { CodeListing } from '../listings';

export const SEM_LISTINGS = {
  do_semtimedop: {
    name: 'do_semtimedop',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'do_semtimedop(semid, sops, nsops, timeout):'],
      ['checks', '  nsops > semopm → -E2BIG; nsops < 1 or semid < 0 → -EINVAL; bad timeout → -EINVAL'],
      ['scan', '  for each sop: max = highest sem_num; undos |= SEM_UNDO; alter |= sem_op != 0; dupsop'],
      ['undo', '  if undos: un = find_alloc_undo(ns, semid)     (before the EFBIG and EACCES checks)'],
      ['lookup', '  sma = sem_obtain_object_check(ns, semid); max >= nsems → -EFBIG; ipcperms → -EACCES'],
      ['lock', '  locknum = sem_lock(sma, sops, nsops)'],
      ['perform', '  error = perform_atomic_semop(sma, &queue)'],
      ['update', '  if error == 0: alter ? do_smart_update(sma, sops, nsops, 1, &wake_q) : set_semotime(sma, sops)'],
      ['queue', '  if error > 0: queue on sems[n].pending_alter/pending_const (simple) or sma->pending_* (complex; complex_count++)'],
      ['sleep', '  sem_unlock; wake_up_q(&wake_q); sleep until queue.status is set, the timeout ends or a signal comes'],
      ['ret', "  return queue.status (0 or the waker's -errno), -EAGAIN (timeout), -EINTR (signal)"],
    ],
  },
  perform_atomic_semop: {
    name: 'perform_atomic_semop',
    file: 'ipc/sem.c',
    older: { before: '3.11', name: 'try_atomic_semop', file: 'ipc/sem.c' },
    lines: [
      ['entry', "perform_atomic_semop(sma, q):   ‹all of q's sops or none›"],
      ['check', '  for each sop: zero op on a non-zero value, or value + sem_op < 0 → would block'],
      ['block', '  would block: q->blocking = sop; return sop has IPC_NOWAIT ? -EAGAIN : 1 (sleep)'],
      ['range', '  value + sem_op > SEMVMX, or semadj - sem_op outside -32768..32767 → -ERANGE'],
      ['apply', '  for each sop: semval += sem_op; if SEM_UNDO: semadj -= sem_op; sempid = q->pid'],
      ['ret', '  return 0'],
    ],
  },
  sem_lock: {
    name: 'sem_lock',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'sem_lock(sma, sops, nsops):'],
      ['global', '  [≤3.9] spin_lock(&sma->sem_perm.lock) for every operation'],
      ['complex', '  nsops != 1 (semctl: -1): spin_lock(&sma->sem_perm.lock); complexmode_enter(sma); return SEM_GLOBAL_LOCK'],
      ['enter', '  complexmode_enter: [4.11+] if use_global_lock == 0: wait for every sems[i].lock; use_global_lock = 10   [3.10–4.10: wait every time]'],
      ['simple', '  nsops == 1 and no complex mode: spin_lock(&sems[n].lock); return n   [3.10–4.10: complex_count == 0]'],
      ['fallback', '  else: the global lock, as for a complex op'],
    ],
  },
  sem_unlock: {
    name: 'sem_unlock',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'sem_unlock(sma, locknum):'],
      ['unmerge', '  locknum == SEM_GLOBAL_LOCK: [3.11+] unmerge_queues(sma)   (no complex op sleeps: simple waiters back to their semaphores)'],
      ['leave', '  [4.11+] complexmode_tryleave: if complex_count == 0: use_global_lock--'],
      ['merge', '  merge_queues (queueing the first sleeping complex op): every sems[i].pending_alter spliced onto sma->pending_alter'],
      ['unlock', '  spin_unlock(the lock taken)'],
    ],
  },
  do_smart_update: {
    name: 'do_smart_update',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'do_smart_update(sma, sops, nsops, otime, wake_q):'],
      ['zero', '  [3.11+] do_smart_wakeup_zero: wake_const_ops of each semaphore now 0, then of sma->pending_const'],
      ['global', '  if sma->pending_alter is not empty: update_queue(sma, -1)   [≤3.10: while complex ops sleep, and again while it makes progress]'],
      ['all', '  else without sops (SETVAL, SETALL, exit_sem): update_queue(sma, i) for every semaphore'],
      ['sops', '  else: update_queue(sma, sem_num) for each sop with sem_op > 0   [≤3.10: or a decrement to 0]'],
      ['otime', '  if something completed or otime: set_semotime(sma, sops)'],
    ],
  },
  update_queue: {
    name: 'update_queue',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'update_queue(sma, semnum, wake_q):   ‹one alter list, from the head›'],
      ['again', '  again: for each q of the list:'],
      ['stop', '    per-semaphore list and semval == 0: stop   [≤3.10: at the first alter op]'],
      ['try', '    error = perform_atomic_semop(sma, q); if error > 0: continue   (still blocked: a later one may pass)'],
      ['unlink', '    unlink_queue(sma, q)'],
      ['zero', '    if error == 0: [3.11+] do_smart_wakeup_zero(sma, q->sops)   (its zero-waiters wake before it)'],
      ['wake', '    wake_up_sem_queue_prepare(q, error, wake_q)'],
      ['restart', '    if error == 0 and check_restart(sma, q): goto again'],
    ],
  },
  wake_const_ops: {
    name: 'wake_const_ops',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'wake_const_ops(sma, semnum, wake_q):   ‹3.11+: one wait-for-zero list›'],
      ['try', '  for each q: error = perform_atomic_semop(sma, q); if error > 0: continue'],
      ['wake', '  unlink_queue(sma, q); wake_up_sem_queue_prepare(q, error, wake_q)'],
    ],
  },
  wake_up_sem_queue_prepare: {
    name: 'wake_up_sem_queue_prepare',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'wake_up_sem_queue_prepare(q, error, wake_q):'],
      ['wake_q', '  [4.10+] wake_q_add(wake_q, q->sleeper); smp_store_release(&q->status, error)'],
      ['in_wakeup', '  [≤4.9] q->status = IN_WAKEUP; q->pid = error; list_add_tail(&q->list, pt)'],
      ['after', '  the sleepers run after the locks are dropped, in the order they were added'],
    ],
  },
  find_alloc_undo: {
    name: 'find_alloc_undo',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'find_alloc_undo(ns, semid):'],
      ['lookup', "  un = lookup_undo(ulp, semid)   (found: moved to the head of the task's list)"],
      ['alloc', '  missing: new = kvzalloc(semadj[nsems]); sem_lock_and_putref(sma) (the global lock)'],
      ['link', '  list_add(&new->list_proc, &ulp->list_proc); list_add(&new->list_id, &sma->list_id)'],
    ],
  },
  exit_sem: {
    name: 'exit_sem',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'exit_sem(tsk):   ‹each undo structure, most recently used first›'],
      ['skip', '  un->semid == -1 (array removed) or the id is gone: skip'],
      ['lock', "  sem_lock(sma, NULL, -1); unlink un from sma->list_id and the task's list"],
      ['adjust', '  for each i with semadj[i] != 0: semval = clamp(semval + semadj[i], 0, SEMVMX); sempid = tgid'],
      ['update', '  do_smart_update(sma, NULL, 0, 1, &wake_q)   (the waiters the adjustment lets through)'],
    ],
  },
  freeary: {
    name: 'freeary',
    file: 'ipc/sem.c',
    lines: [
      ['entry', 'freeary(ns, ipcp):'],
      ['undo', "  every sem_undo of sma->list_id: semid = -1, off its task's list"],
      ['wake', "  wake every sleeper with -EIDRM: sma->pending_const, sma->pending_alter, then each semaphore's const and alter"],
      ['rmid', '  sem_rmid(ns, sma); used_sems -= nsems'],
    ],
  },
  count_semcnt: {
    name: 'count_semcnt',
    file: 'ipc/sem.c',
    older: { before: '3.16', name: 'count_semncnt', file: 'ipc/sem.c' },
    lines: [
      ['entry', 'count_semcnt(sma, semnum, count_zero):   ‹GETNCNT / GETZCNT›'],
      ['simple', '  [3.16+] the length of sems[semnum].pending_alter (or pending_const)'],
      ['complex', '  [3.16+] + each complex sleeper whose blocking sop is on semnum and decrements (or waits for zero)'],
      ['all_sops', '  [≤3.15] each sop of every sleeper on semnum that decrements (or waits for zero), IPC_NOWAIT excluded'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
