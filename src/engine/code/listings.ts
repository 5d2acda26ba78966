/**
 * The kernel functions the trace events happen in, as short pseudo-code
 * written for ipcscope (not the kernel's text): what the code panel shows
 * beside the views, one listing per modelled function.
 *
 * Models the functions of Linux 2.6.25 … 6.18 named in src/engine (ipc/,
 * lib/, fs/, net/); a line marked [≤5.13] or [5.14+] holds only in those
 * releases. Simplified: locking, RCU, error unwinding and the copy to user
 * space are left out or named in one line; names of locals follow the
 * kernel where they help a reader grep.
 *
 * Glossary: `label` — the stable name of a pseudo-code line that the event
 * table (event_code.ts) points at; `file` — the kernel file the function
 * lives in, as elixir.bootlin.com names it; `older` — the name and file the
 * function had before a release (the panel links the file of the preset's
 * release).
 */

/** One pseudo-code line: its label and its text. */
export type CodeLine = readonly [label: string, text: string];

export interface CodeListing {
  /** the kernel's name for the function (the call-stack strip shows it) */
  name: string;
  /** the kernel file, as the cross-referencer names it; null: not kernel code (the multi-CPU model) */
  file: string | null;
  /** before release `before` (e.g. '5.10') the function was `name` in `file` */
  older?: { before: string; name: string; file: string };
  lines: readonly CodeLine[];
}

const syscall = (name: string, file: string, call: string, ret = 'return the result, or -errno'): CodeListing => ({
  name,
  file,
  lines: [
    ['entry', `${name}(...):   ‹the statement's system call›`],
    ['call', `  ${call}`],
    ['ret', `  ${ret}`],
  ],
});

export const LISTINGS = {
  // --- system call entries (the statement) -------------------------------------
  sys_msgget: syscall('sys_msgget', 'ipc/msg.c', 'ipcget(ns, &msg_ids(ns), &msg_ops{newque}, key, msgflg)', 'return the queue id, or -errno'),
  sys_msgsnd: syscall('sys_msgsnd', 'ipc/msg.c', 'do_msgsnd(msqid, mtype, mtext, msgsz, msgflg)'),
  sys_msgrcv: syscall('sys_msgrcv', 'ipc/msg.c', 'do_msgrcv(msqid, buf, msgsz, msgtyp, msgflg, do_msg_fill)', 'return the bytes received, or -errno'),
  sys_msgctl: syscall('sys_msgctl', 'ipc/msg.c', 'switch (cmd): IPC_INFO/MSG_INFO → msgctl_info; *_STAT → msgctl_stat; IPC_RMID/IPC_SET → msgctl_down'),
  sys_shmget: syscall('sys_shmget', 'ipc/shm.c', 'ipcget(ns, &shm_ids(ns), &shm_ops{newseg}, key, shmflg)', 'return the segment id, or -errno'),
  sys_shmctl: syscall('sys_shmctl', 'ipc/shm.c', 'switch (cmd): IPC_INFO/SHM_INFO → shmctl_ipc_info/shm_get_stat; *_STAT → shmctl_stat; IPC_RMID → shmctl_down'),
  sys_shmat: syscall('sys_shmat', 'ipc/shm.c', 'do_shmat(shmid, shmaddr, shmflg, &addr, SHMLBA)', 'return the address, or -errno'),
  sys_shmdt: syscall('sys_shmdt', 'ipc/shm.c', 'ksys_shmdt(shmaddr)'),
  sys_semget: syscall('sys_semget', 'ipc/sem.c', 'ipcget(ns, &sem_ids(ns), &sem_ops{newary}, key, semflg)', 'return the set id, or -errno'),
  sys_semop: syscall('sys_semop', 'ipc/sem.c', 'do_semtimedop(semid, sops, nsops, NULL)', 'return 0, or -errno (a sleeper returns what its waker stored)'),
  sys_semtimedop: syscall('sys_semtimedop', 'ipc/sem.c', 'get_timespec64(&ts, timeout); do_semtimedop(semid, sops, nsops, &ts)', 'return 0, or -errno (-EAGAIN when the timeout ends the sleep)'),
  do_exit: syscall('do_exit', 'kernel/exit.c', 'exit_mm(); exit_sem(tsk)   ‹the undo list›; exit_shm(tsk)', 'the task is gone: nothing returns'),
  sys_semctl: syscall('sys_semctl', 'ipc/sem.c', 'switch (cmd): IPC_INFO/SEM_INFO → semctl_info; *_STAT → semctl_stat; IPC_RMID → semctl_down'),
  sys_read: syscall('sys_read', 'fs/read_write.c', "vfs_read(file, buf, count, &pos) → the file's read (seq_read_iter, proc_sys_read)", 'return the bytes read'),
  sys_write: syscall('sys_write', 'fs/read_write.c', "vfs_write(file, buf, count, &pos) → proc_sys_write → the sysctl's handler", 'return the bytes written, or -errno'),
  sys_getdents64: syscall('sys_getdents64', 'fs/readdir.c', "iterate_dir(file, &buf.ctx) → the directory's readdir (proc_readdir_de, proc_sys_readdir)", 'return the bytes of dirents filled'),
  syscall: {
    name: 'the system call',
    file: null,
    lines: [
      ['entry', 'the statement enters the kernel'],
      ['ret', 'and returns'],
    ],
  },
  rtnl_newlink: syscall('rtnl_newlink', 'net/core/rtnetlink.c', 'rtnl_create_link(net, ifname, ops) → register_netdevice(dev)', 'return 0, or -errno in the netlink ack'),
  rtnl_dellink: syscall('rtnl_dellink', 'net/core/rtnetlink.c', 'dev = __dev_get_by_name(net, ifname); rtnl_delete_link(dev) → unregister_netdevice_many', 'return 0, or -ENODEV in the netlink ack'),

  // --- ipc/util.c ------------------------------------------------------------------
  ipc_addid: {
    name: 'ipc_addid',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_addid(ids, new, limit):'],
      ['full', '  if ids->in_use >= limit: return -ENOSPC'],
      ['alloc', '  idx = ipc_idr_alloc(ids, new)        [≤5.0: idr_alloc(&ids->ipcs_idr, new, ...)]'],
      ['key', '  insert new into ids->key_ht (the key hash table)'],
      ['seq', '  ids->in_use++; new->id = ipc_buildid(idx, new->seq)'],
      ['maxidx', '  if idx > ids->max_idx: ids->max_idx = idx'],
      ['ret', '  return idx'],
    ],
  },
  ipc_idr_alloc: {
    name: 'ipc_idr_alloc',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_idr_alloc(ids, new):'],
      ['next_id', '  if ids->next_id < 0:                    (no *_next_id sysctl set)'],
      ['cyclic', '    idx = idr_alloc_cyclic(&ids->ipcs_idr, NULL, 0, max_idx)'],
      ['bump', '    if idx <= ids->last_idx: ids->seq++  (wrapped: a new sequence number)'],
      ['fixed', '  else: idx = idr_alloc(&ids->ipcs_idr, NULL, ipcid_to_idx(next_id), +1); ids->next_id = -1'],
      ['ret', '  return idx'],
    ],
  },
  ipc_findkey: {
    name: 'ipc_findkey',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_findkey(ids, key):'],
      ['lookup', '  ipcp = rhashtable_lookup_fast(&ids->key_ht, &key, ...)   [4.14+]'],
      ['walk', '  for (total = 0, id = 0; total < in_use; id++): ipcp = idr_find(id); if !ipcp: continue   [≤4.13]'],
      ['compare', '    if ipcp->key == key: return ipcp; total++'],
      ['ret', '  return ipcp (NULL: no object has this key)'],
    ],
  },
  rhashtable_lookup_fast: {
    name: 'rhashtable_lookup_fast',
    file: 'include/linux/rhashtable.h',
    lines: [
      ['entry', 'rhashtable_lookup_fast(ht, key, params):'],
      ['hash', '  tbl = ht->tbl; hash = jhash2(key, 1, tbl->hash_rnd) & (tbl->size - 1)'],
      ['compare', '  for each entry in tbl->buckets[hash], head first: if its key == key: return it'],
      ['ret', '  return NULL   (and the future table, during a resize)'],
    ],
  },
  rhashtable_insert_fast: {
    name: 'rhashtable_insert_fast',
    file: 'include/linux/rhashtable.h',
    lines: [
      ['entry', 'rhashtable_insert_fast(ht, obj, params):'],
      ['head', "  hash = bucket of obj's key; obj->next = tbl->buckets[hash]; tbl->buckets[hash] = obj"],
      ['grow', '  nelems++; if nelems > size / 4 * 3: schedule_work(&ht->run_work)'],
    ],
  },
  rhashtable_remove_fast: {
    name: 'rhashtable_remove_fast',
    file: 'include/linux/rhashtable.h',
    lines: [
      ['entry', 'rhashtable_remove_fast(ht, obj, params):'],
      ['unlink', "  walk obj's bucket to obj; unlink it"],
      ['shrink', '  nelems--; if automatic_shrinking && nelems < size * 3 / 10: schedule_work(&ht->run_work)'],
    ],
  },
  rht_deferred_worker: {
    name: 'rht_deferred_worker',
    file: 'lib/rhashtable.c',
    lines: [
      ['entry', 'rht_deferred_worker(work):   (a kworker, soon after the insert or removal)'],
      ['grow', '  if nelems > size / 4 * 3: rhashtable_rehash_alloc(ht, tbl, size * 2)'],
      ['shrink', '  else if automatic_shrinking && nelems < size * 3 / 10: rhashtable_shrink(ht)'],
      ['rehash', '  rhashtable_rehash_table(ht): each bucket, tail first, to the head of its new bucket'],
    ],
  },
  ipc_rmid: {
    name: 'ipc_rmid',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_rmid(ids, ipcp):'],
      ['remove', '  idr_remove(&ids->ipcs_idr, idx); ipc_kht_remove(ids, ipcp)'],
      ['in_use', '  ids->in_use--; ipcp->deleted = true'],
      ['maxidx', '  if idx == ids->max_idx:                 (the highest object went)'],
      ['stepdown', '    do idx--; while idx >= 0 && ipc_idr_find(idx) == NULL    [4.17–5.13]'],
      ['search', '    idx = idx > 0 ? ipc_search_maxidx(ids, idx - 1) : -1   [5.14+]'],
      ['set', '    ids->max_idx = idx'],
    ],
  },
  ipc_search_maxidx: {
    name: 'ipc_search_maxidx',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_search_maxidx(ids, limit):'],
      ['init', '  found = 0; i = ilog2(limit + 1)'],
      ['loop', '  for (; i >= 0; i--):                    (one bit of max_idx + 1)'],
      ['probe', '    tmpidx = (found | 1 << i) - 1; if idr_get_next(&ids->ipcs_idr, &tmpidx): found |= 1 << i'],
      ['ret', '  return found - 1'],
    ],
  },
  ipc_get_maxid: {
    name: 'ipc_get_maxid',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'ipc_get_maxid(ids):                      [≤4.16: no cached max_idx]'],
      ['empty', '  if ids->in_use == 0: return -1; if in_use == ipc_mni: return ipc_mni - 1'],
      ['walk', '  for id = 0; id < ipc_mni && total < in_use; id++: if idr_find(id): max_id = id; total++'],
      ['ret', '  return max_id'],
    ],
  },
  sysvipc_find_ipc: {
    name: 'sysvipc_find_ipc',
    file: 'ipc/util.c',
    lines: [
      ['entry', 'sysvipc_find_ipc(ids, pos, &new_pos):   ‹start() and next() of /proc/sysvipc/*›'],
      ['count', '  [≤5.14] for id = 0; id < pos && total < in_use; id++: if idr_find(id): total++'],
      ['bound', '  [5.15] for id = pos; id <= ids->max_idx; id++'],
      ['find', '    ipc = idr_find(&ids->ipcs_idr, id); if ipc: *new_pos = id + 1; return ipc'],
      ['next', '  [6.0+] ipc = idr_get_next(&ids->ipcs_idr, &pos); *new_pos = pos + 1'],
      ['ret', '  return ipc (NULL: the end of the file)'],
    ],
  },

  // --- lib/idr.c, lib/radix-tree.c (4.11+) -------------------------------------------
  idr_alloc: {
    name: 'idr_alloc',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_alloc(idr, ptr, start, end) → idr_alloc_u32:'],
      ['get_free', '  slot = idr_get_free(&idr->idr_rt, &iter, gfp, end - 1)'],
      ['full', '  if IS_ERR(slot): return -ENOSPC'],
      ['store', '  radix_tree_iter_replace(..., slot, ptr); radix_tree_iter_tag_clear(..., IDR_FREE)'],
      ['ret', '  return iter.index'],
    ],
  },
  idr_get_free: {
    name: 'idr_get_free',
    file: 'lib/radix-tree.c',
    lines: [
      ['entry', 'idr_get_free(root, iter, gfp, max):'],
      ['extend', "  if start > the tree's max index: radix_tree_extend (a new root level)"],
      ['descend', '  while shift > 0: offset = radix_tree_descend(node, &child, start)'],
      ['node', '    if child == NULL: child = radix_tree_node_alloc(...); set IDR_FREE on all its slots'],
      ['tag', '    if !tag_get(node, IDR_FREE, offset): offset = radix_tree_find_next_bit(node, IDR_FREE, offset+1)'],
      ['slot', '  return &node->slots[offset]'],
    ],
  },
  idr_find: {
    name: 'idr_find',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_find(idr, id) → radix_tree_lookup(&idr->idr_rt, id):'],
      ['root', "  node = root->xa_head; if id > the tree's max index: return NULL"],
      ['descend', '  while node is internal: node = node->slots[(id >> node->shift) & 63]'],
      ['ret', '  return node (the entry, or NULL)'],
    ],
  },
  idr_get_next: {
    name: 'idr_get_next',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_get_next(idr, &id):'],
      ['iter', '  radix_tree_for_each_slot(slot, &idr->idr_rt, &iter, *id):'],
      ['chunk', '    radix_tree_next_chunk: descend to the first used slot at or after id'],
      ['skip', '    if the entry is NULL (reserved) or internal: continue'],
      ['found', '    *id = iter.index; return entry'],
      ['none', '  return NULL'],
    ],
  },
  idr_remove: {
    name: 'idr_remove',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_remove(idr, id) → radix_tree_delete_item(&idr->idr_rt, id, NULL):'],
      ['lookup', '  entry = __radix_tree_lookup(root, id, &node, &slot)'],
      ['tag', '  node_tag_set(root, node, IDR_FREE, offset)   (free again, marked up to the root)'],
      ['clear', '  __radix_tree_replace(root, node, slot, NULL); node->count--'],
      ['delete', '  delete_node: free each emptied node, then radix_tree_shrink the root'],
      ['ret', '  return entry'],
    ],
  },
  idr_replace: {
    name: 'idr_replace',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_replace(idr, ptr, id):'],
      ['lookup', '  entry = __radix_tree_lookup(&idr->idr_rt, id, &node, &slot)'],
      ['check', '  if !slot || radix_tree_tag_get(..., IDR_FREE): return -ENOENT'],
      ['store', '  __radix_tree_replace(&idr->idr_rt, node, slot, ptr)'],
      ['ret', '  return entry'],
    ],
  },

  // --- lib/idr.c of 2.6.25 … 4.10 (idr_layer) ------------------------------------------
  idr_get_empty_slot: {
    name: 'idr_get_empty_slot',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_get_empty_slot(idp, starting_id, pa):   ‹idr_get_new_above; 3.9+: idr_alloc›'],
      ['grow', '  while id >= 1 << (layers * IDR_BITS): a new top layer from the free list'],
      ['sub_alloc', '  sub_alloc: per layer, m = find_next_bit(~bitmap, IDR_SIZE, n); none free: climb'],
      ['new', '    if p->ary[m] == NULL: p->ary[m] = get_from_free_list(idp)'],
      ['store', '  rcu_assign_pointer(leaf->ary[id & IDR_MASK], ptr)'],
      ['bits', '  idr_mark_full: set the bit in each layer up while the layer below is full'],
      ['ret', '  return id (-EAGAIN: call idr_pre_get first; -ENOSPC: out of ids)'],
    ],
  },
  idr_pre_get: {
    name: 'idr_pre_get',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_pre_get(idp, gfp):                    [3.9+: idr_preload]'],
      ['fill', '  while idp->id_free_cnt < MAX_IDR_FREE: move_to_free_list(idp, kmem_cache_zalloc(idr_layer_cache))'],
      ['ret', '  return 1'],
    ],
  },
  idr_layer_find: {
    name: 'idr_find',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_find(idp, id):                        [3.9+: the hint first, then idr_find_slowpath]'],
      ['top', '  p = idp->top; n = (p->layer + 1) * IDR_BITS; if id >= 1 << n: return NULL'],
      ['descend', '  while n > 0 && p: n -= IDR_BITS; p = p->ary[(id >> n) & IDR_MASK]'],
      ['ret', '  return p'],
    ],
  },
  idr_layer_get_next: {
    name: 'idr_get_next',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_get_next(idp, &nextid):'],
      ['descend', '  walk down from the top to the first used slot at or after id, climbing past empty layers'],
      ['ret', '  *nextid = id; return the entry (NULL: none)'],
    ],
  },
  idr_layer_remove: {
    name: 'idr_remove',
    file: 'lib/idr.c',
    lines: [
      ['entry', 'idr_remove(idp, id):'],
      ['sub_remove', "  sub_remove: walk down recording the path; clear the id's bit in each layer"],
      ['warn', '  if the slot is empty: idr_remove_warning(id)   ‹called for id=N which is not allocated›'],
      ['free', '  free_layer each emptied layer (to the free list; 2.6.27+: after an RCU grace period)'],
      ['drop', '  while the top layer holds only slot 0: drop the top layer'],
      ['trim', '  while id_free_cnt >= MAX_IDR_FREE: kmem_cache_free a layer of the free list'],
    ],
  },

  // --- ipc/sem.c -------------------------------------------------------------------------
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
  // --- ipc/shm.c attachments ---------------------------------------------------------------
  do_shmat: {
    name: 'do_shmat',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'do_shmat(shmid, shmaddr, shmflg):'],
      ['args', '  shmid < 0 → -EINVAL; unaligned addr: SHM_RND rounds it down (to 0 with SHM_REMAP → -EINVAL), else -EINVAL; no addr with SHM_REMAP → -EINVAL'],
      ['lookup', '  shp = shm_obtain_object_check(ns, shmid)            ‹-EINVAL›'],
      ['perms', '  ipcperms(shp, S_IRUGO | S_IWUGO unless SHM_RDONLY | S_IXUGO with SHM_EXEC)   ‹-EACCES›'],
      ['hold', '  shp->shm_nattch++          (held while mapping, so the segment cannot go)'],
      ['overlap', '  fixed addr without SHM_REMAP: a mapping in [addr, addr + size) → -EINVAL'],
      ['mmap', '  addr = do_mmap(file, addr, size, prot, MAP_SHARED [| MAP_FIXED])  → shm_mmap → __shm_open'],
      ['release', '  shp->shm_nattch--; if shm_may_destroy(shp): shm_destroy(shp)   (also after a late failure)'],
      ['ret', '  return addr'],
    ],
  },
  shm_open: {
    name: '__shm_open',
    file: 'ipc/shm.c',
    lines: [
      ['entry', '__shm_open(vma):   ‹a new VMA of the segment: shmat, fork, a split›'],
      ['count', '  shp->shm_atim = now; shp->shm_lprid = current; shp->shm_nattch++'],
    ],
  },
  shm_close: {
    name: '__shm_close',
    file: 'ipc/shm.c',
    lines: [
      ['entry', '__shm_close(vma):   ‹a VMA of the segment goes: shmdt, munmap, exit›'],
      ['count', '  shp->shm_lprid = current; shp->shm_dtim = now; shp->shm_nattch--'],
      ['destroy', '  if shm_may_destroy(shp)   (nattch == 0 and (SHM_DEST or shm_rmid_forced)): shm_destroy(shp)'],
    ],
  },
  ksys_shmdt: {
    name: 'ksys_shmdt',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'ksys_shmdt(shmaddr):'],
      ['align', '  shmaddr not page aligned → -EINVAL'],
      ['find', '  the first shm VMA at or above shmaddr with (vm_start - shmaddr) / PAGE_SIZE == vm_pgoff'],
      ['unmap', '  do_munmap it (→ __shm_close), then every later fragment of the same file within the segment size'],
      ['ret', '  return 0, or -EINVAL when nothing starts there'],
    ],
  },
  do_shm_rmid: {
    name: 'do_shm_rmid',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'do_shm_rmid(ns, shp):   ‹shmctl(IPC_RMID)›'],
      ['dest', '  if shp->shm_nattch: shp->shm_perm.mode |= SHM_DEST; ipc_set_key_private(&shm_ids(ns), &shp->shm_perm)'],
      ['destroy', '  else: shm_destroy(ns, shp)'],
    ],
  },
  shm_destroy: {
    name: 'shm_destroy',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'shm_destroy(ns, shp):'],
      ['tot', '  ns->shm_tot -= pages of shp'],
      ['rmid', '  shm_rmid(ns, shp): list_del(&shp->shm_clist); ipc_rmid(&shm_ids(ns), &shp->shm_perm)'],
      ['free', '  unlock a SHM_LOCKED file; fput(shm_file); drop cprid, lprid'],
    ],
  },
  exit_shm: {
    name: 'exit_shm',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'exit_shm(task):   ‹do_exit, after exit_mm has unmapped every attachment›'],
      ['orphan', '  for each shp on task->sysvshm.shm_clist: shp->shm_creator = NULL   (an orphan)'],
      ['forced', '  shm_rmid_forced: if shm_may_destroy(shp): shm_destroy(ns, shp)'],
    ],
  },
  shm_destroy_orphaned: {
    name: 'shm_destroy_orphaned',
    file: 'ipc/shm.c',
    lines: [
      ['entry', 'shm_destroy_orphaned(ns):   ‹any access to kernel.shm_rmid_forced while it is 1›'],
      ['walk', '  idr_for_each: shp->shm_creator == NULL and shm_may_destroy(shp) → shm_destroy(ns, shp)'],
    ],
  },

  // --- ipc/msg.c ------------------------------------------------------------------------
  do_msgsnd: {
    name: 'do_msgsnd',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'do_msgsnd(msqid, mtype, mtext, msgsz, msgflg):'],
      ['load', '  msg = load_msg(mtext, msgsz)   (4048 bytes after the header, then a msg_msgseg per 4088)'],
      ['lookup', '  msq = msq_obtain_object_check(ns, msqid)'],
      ['full', '  while the queue is full: IPC_NOWAIT → -EAGAIN, else sleep'],
      ['sleep', '    ss_add(msq, &s, msgsz); unlock; schedule()   ‹then: EIDRM, a signal, or ss_del and check again›'],
      ['pipelined', '  if pipelined_send(msq, msg, &wake_q): done   (a receiver was waiting: it gets msg directly)'],
      ['queue', '  else: list_add_tail(&msg->m_list, &msq->q_messages)'],
      ['counters', '  q_cbytes += msgsz; q_qnum++; ns->msg_bytes += msgsz; ns->msg_hdrs++  [6.1+: percpu_counter_add_local]'],
      ['wake', '  unlock; wake_up_q(&wake_q)   [<4.9: each receiver was woken in pipelined_send, under the lock]'],
      ['ret', '  return 0'],
    ],
  },
  do_msgrcv: {
    name: 'do_msgrcv',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'do_msgrcv(msqid, buf, bufsz, msgtyp, msgflg, msg_handler):'],
      ['lookup', '  msq = msq_obtain_object_check(ns, msqid)'],
      ['find', '  msg = find_msg(msq, &msgtyp, mode)      (walk q_messages for the first match)'],
      ['copy', '  MSG_COPY: copy = copy_msg(msg, copy); it stays queued'],
      ['remove', '  else: list_del(&msg->m_list); q_qnum--; q_cbytes -= size; ns counters -= size, 1'],
      ['senders', '        ss_wakeup(msq, &wake_q, false)   (senders whose message now fits)'],
      ['sleep', '  none, no IPC_NOWAIT: msr_d on q_receivers (r_maxsize = bufsz, INT_MAX with MSG_NOERROR); schedule()'],
      ['woken', '    r_msg set by the waker: the message, -E2BIG or -EIDRM → done; -EAGAIN → search again'],
      ['ret', '  return msg_handler(buf, msg, bufsz)    (copies min(bufsz, m_ts) bytes: store_msg)'],
    ],
  },
  pipelined_send: {
    name: 'pipelined_send',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'pipelined_send(msq, msg, wake_q):'],
      ['walk', '  for each msr on msq->q_receivers, oldest first, whose mode and type match msg:'],
      ['unlink', '    list_del(&msr->r_list)'],
      ['e2big', '    if msr->r_maxsize < msg->m_ts: wake_q_add(receiver); r_msg = -E2BIG; go on'],
      ['hand', '    else: q_lrpid = receiver; q_rtime = now; wake_q_add(receiver); r_msg = msg; return 1'],
      ['none', '  return 0   (nobody wanted it: the caller queues it)'],
    ],
  },
  ss_wakeup: {
    name: 'ss_wakeup',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'ss_wakeup(msq, wake_q, kill):'],
      ['walk', '  for each mss on msq->q_senders:'],
      ['kill', '    kill (the queue goes): mark it unlinked; wake it   (it returns -EIDRM)'],
      ['stop', '    the first sender moved to the tail comes round again: stop'],
      ['rotate', '    its message does not fit yet: list_move_tail (keeps the order)'],
      ['wake', '    else: wake_q_add(sender)   (it unlinks itself and checks again)'],
    ],
  },
  expunge_all: {
    name: 'expunge_all',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'expunge_all(msq, res, wake_q):'],
      ['wake', '  for each msr on msq->q_receivers: r_msg = res; wake_q_add(receiver)'],
      ['why', '  res: -EIDRM (freeque) or -EAGAIN (IPC_SET: search again under the new permissions)'],
    ],
  },
  wake_up_q: {
    name: 'wake_up_q',
    file: 'kernel/sched/core.c',
    lines: [
      ['entry', 'wake_up_q(head):   ‹4.9+: after the queue lock is dropped›'],
      ['wake', '  for each task on the list, in the order added: wake_up_process(task)'],
    ],
  },
  msgctl_info: {
    name: 'msgctl_info',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'msgctl_info(ns, msqid, cmd, &msginfo):'],
      ['limits', '  msginfo = the msg_* sysctls'],
      ['counts', '  MSG_INFO: msgpool = msg_bytes, msgtql = msg_hdrs   [≤6.0: atomic_read; 6.1+: percpu_counter_sum]'],
      ['maxidx', '  max_idx = ipc_get_maxidx(&msg_ids(ns))'],
      ['ret', '  return max_idx < 0 ? 0 : max_idx'],
    ],
  },

  // --- lib/percpu_counter.c -----------------------------------------------------------------
  percpu_counter_add_batch: {
    name: 'percpu_counter_add_batch',
    file: 'lib/percpu_counter.c',
    lines: [
      ['entry', 'percpu_counter_add_batch(fbc, amount, batch):   ‹percpu_counter_add_local: batch = INT_MAX›'],
      ['read', '  count = __this_cpu_read(*fbc->counters) + amount'],
      ['fold', "  if abs(count) >= batch: fbc->count += count; this CPU's cell -= count - amount (under fbc->lock)"],
      ['local', "  else: this_cpu_add(*fbc->counters, amount)   (only this CPU's cell)"],
    ],
  },
  percpu_counter_sum: {
    name: '__percpu_counter_sum',
    file: 'lib/percpu_counter.c',
    lines: [
      ['entry', '__percpu_counter_sum(fbc):'],
      ['loop', '  ret = fbc->count; for_each_cpu_or(cpu, online, dying): ret += *per_cpu_ptr(fbc->counters, cpu)'],
      ['ret', '  return ret'],
    ],
  },

  // --- fs/seq_file.c, fs/proc ---------------------------------------------------------------
  seq_read_iter: {
    name: 'seq_read_iter',
    file: 'fs/seq_file.c',
    older: { before: '5.10', name: 'seq_read', file: 'fs/seq_file.c' },
    lines: [
      ['entry', 'seq_read_iter(iocb, iter):               ‹read(fd, buf, count)›'],
      ['start', '  p = m->op->start(m, &m->index)         ‹sysvipc_proc_start›'],
      ['show', '  while p: err = m->op->show(m, p)       ‹one record into m->buf›'],
      ['overflow', '    if seq_has_overflowed(m): stop, free the buffer, grow it, start again'],
      ['next', '    p = m->op->next(m, p, &m->index)     ‹sysvipc_proc_next›; stop once m->count >= size'],
      ['stop', '  m->op->stop(m, p)'],
      ['copy', '  copy_to_iter(m->buf, n, iter); return the bytes copied'],
    ],
  },
  proc_readdir_de: {
    name: 'proc_readdir_de',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'proc_readdir_de(file, ctx, de):'],
      ['skip', '  de = the first child; skip ctx->pos - 2 entries from it'],
      ['emit', '  for each child: if !dir_emit(ctx, name, len, low_ino, type): stop; ctx->pos++'],
    ],
  },
  proc_register: {
    name: 'proc_register',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'proc_register(dir, dp):'],
      ['inum', '  dp->low_ino = proc_alloc_inum()'],
      ['walk', '  [≤3.18] for tmp = dir->subdir; tmp; tmp = tmp->next: if names match: WARN'],
      ['link', '  [≤3.18] dp->next = dir->subdir; dir->subdir = dp    (newest first)'],
      ['insert', '  [3.19+] if !pde_subdir_insert(dir, dp): WARN, free the entry, return NULL'],
      ['warn', '  WARN("proc_dir_entry \'%s/%s\' already registered")'],
      ['ret', '  return dp'],
    ],
  },
  remove_proc_entry: {
    name: 'remove_proc_entry',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'remove_proc_entry(name, parent):'],
      ['find', '  de = pde_subdir_find(parent, name)     [≤3.18: walk the list]'],
      ['unlink', '  rb_erase(&de->subdir_node, &parent->subdir)   [≤3.18: unlink from the list]'],
      ['put', '  proc_entry_rundown(de); pde_put(de)'],
    ],
  },
  pde_subdir_insert: {
    name: 'pde_subdir_insert',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'pde_subdir_insert(dir, de):'],
      ['cmp', '  while *new: result = proc_match(de->name, this)   (shorter names first, then memcmp)'],
      ['left', '    if result < 0: new = &(*new)->rb_left'],
      ['right', '    else if result > 0: new = &(*new)->rb_right'],
      ['dup', '    else: return false                     (already registered)'],
      ['link', '  rb_link_node(&de->subdir_node, parent, new)'],
      ['color', '  rb_insert_color(&de->subdir_node, &dir->subdir); return true'],
    ],
  },
  insert_entry: {
    name: 'insert_entry',
    file: 'fs/proc/proc_sysctl.c',
    lines: [
      ['entry', "insert_entry(head, entry):               ‹a /proc/sys directory's rb-tree›"],
      ['cmp', '  while *p: cmp = namecmp(name, namelen, parent_name, parent_len)'],
      ['left', '    if cmp < 0: p = &(*p)->rb_left'],
      ['right', '    else if cmp > 0: p = &(*p)->rb_right'],
      ['dup', '    else: return -EEXIST'],
      ['link', '  rb_link_node(node, parent, p)'],
      ['color', '  rb_insert_color(node, &head->parent->root)'],
    ],
  },

  // --- lib/rbtree.c ------------------------------------------------------------------------
  rb_insert_color: {
    name: '__rb_insert',
    file: 'lib/rbtree.c',
    older: { before: '3.5', name: 'rb_insert_color', file: 'lib/rbtree.c' },
    lines: [
      ['entry', '__rb_insert(node, root):                ‹rb_insert_color›'],
      ['loop', '  while parent is red:'],
      ['case1', '    case 1: the uncle is red → parent, uncle black; gparent red; node = gparent'],
      ['case2', '    case 2: node is the inner child → rotate at parent (node becomes the outer child)'],
      ['case3', '    case 3: rotate at gparent; parent black, gparent red'],
      ['root', '  the root is black'],
    ],
  },
  rb_erase: {
    name: 'rb_erase',
    file: 'lib/rbtree.c',
    lines: [
      ['entry', 'rb_erase(node, root):'],
      ['unlink', '  rebalance = __rb_erase_augmented(node, root)   (two children: the successor takes its place)'],
      ['rebalance', '  if rebalance: ____rb_erase_color(rebalance, root)'],
    ],
  },
  rb_erase_color: {
    name: '____rb_erase_color',
    file: 'lib/rbtree.c',
    lines: [
      ['entry', '____rb_erase_color(parent, root):        (one black missing below parent)'],
      ['case1', '  case 1: the sibling is red → rotate at parent, recolour'],
      ['case2', "  case 2: the sibling's children are black → sibling red, go up"],
      ['case3', "  case 3: the sibling's near child is red → rotate at sibling"],
      ['case4', "  case 4: the sibling's far child is red → rotate at parent, recolour: done"],
    ],
  },

  // --- net/core/dev.c ------------------------------------------------------------------------
  __dev_alloc_name: {
    name: '__dev_alloc_name',
    file: 'net/core/dev.c',
    lines: [
      ['entry', '__dev_alloc_name(net, name = "ifb%d", buf):'],
      ['bitmap', '  inuse = a zeroed bitmap of max_netdevices bits'],
      ['scan', '  for_each_netdev(net, d): if sscanf(d->name, name, &i) && i < max: set_bit(i, inuse)'],
      ['first', '  i = find_first_zero_bit(inuse, max_netdevices); snprintf(buf, IFNAMSIZ, name, i)'],
      ['ret', '  return i (-ENFILE: none free)'],
    ],
  },
  register_netdevice: {
    name: 'register_netdevice',
    file: 'net/core/dev.c',
    lines: [
      ['entry', 'register_netdevice(dev):'],
      ['name', '  dev_get_valid_name(net, dev, dev->name)    (a "%d" name → __dev_alloc_name)'],
      ['index', '  dev->ifindex = dev_index_reserve(net, ...)  [older: dev_new_index]'],
      ['list', '  list_netdevice(dev); call_netdevice_notifiers(NETDEV_REGISTER)   (→ the /proc and /proc/sys entries)'],
    ],
  },
  unregister_netdevice_many: {
    name: 'unregister_netdevice_many',
    file: 'net/core/dev.c',
    lines: [
      ['entry', 'unregister_netdevice_many(head):'],
      ['unlist', '  unlist_netdevice(dev); call_netdevice_notifiers(NETDEV_UNREGISTER)   (→ the entries go)'],
    ],
  },

  // --- the multi-CPU model (src/engine/smp) ----------------------------------------------------
  smp_machine: {
    name: 'the multi-CPU model',
    file: null,
    lines: [
      ['cpu', 'a CPU runs, spins, stalls or idles for an interval'],
      ['line', 'a cache line moves to the CPU that touches it'],
      ['lock', 'a task waits for, takes or releases a lock'],
      ['op', 'one system call of a task, from entry to exit'],
      ['wake', 'a task wakes another'],
    ],
  },
} as const satisfies Record<string, CodeListing>;

export type FnName = keyof typeof LISTINGS;

/** The label's line number in `fn`'s listing, 1-based; 0 when it has no such line. */
export function lineOf(fn: FnName, label: string): number {
  const lines: readonly CodeLine[] = LISTINGS[fn].lines;
  return lines.findIndex((l) => l[0] === label) + 1;
}
