/**
 * The trace: plain, tagged, structured-clone-safe events emitted by the
 * mechanisms when a Tracer is given. Types only; each mechanism owns a
 * section. Indices are kernel indices, node ids are stable small integers
 * assigned by the structure that owns the node.
 */
import type { SemLocking, SemWakeup, Semcnt } from './config';

/** Marks the start and the end of one workload statement (the interpreter). */
export type StatementEvent = { kind: 'stmt_begin'; line: number; text: string } | { kind: 'stmt_end'; line: number; result: number };

// --- lib/radix-tree.c, lib/idr.c ------------------------------------------
/**
 * Modern IDR (radix tree). `node` is the stable id of a radix tree node.
 * `idr_tag` reports a change of an IDR_FREE bit (`node: null` = the root's own
 * bit); `idr_store` a slot of a leaf changing between empty / reserved NULL /
 * entry. `idr_result.index` is the id concerned (the allocated id, or -errno
 * when an allocation fails); `ok` is false for a miss, a failed allocation,
 * -ENOENT from idr_replace, or the end of idr_get_next.
 */
export type IdrEvent =
  | { kind: 'idr_visit'; node: number; shift: number; offset: number; op: IdrOp }
  | { kind: 'idr_slot'; node: number; offset: number; op: IdrOp; found: boolean }
  | { kind: 'idr_grow'; node: number; shift: number }
  | { kind: 'idr_shrink'; node: number; shift: number }
  | { kind: 'idr_node_new'; node: number; shift: number; parent: number | null; offset: number }
  | { kind: 'idr_node_free'; node: number }
  | { kind: 'idr_tag'; node: number | null; offset: number; free: boolean }
  | { kind: 'idr_store'; node: number; offset: number; index: number; entry: IdrSlotState }
  | { kind: 'idr_result'; op: IdrOp; index: number; ok: boolean };
export type IdrOp = 'alloc' | 'find' | 'get_next' | 'remove' | 'replace';
export type IdrSlotState = 'empty' | 'null' | 'entry';

// --- lib/idr.c of 2.6.25 (idr_layer) -----------------------------------------
/**
 * Old IDR. `layer` is the stable id of an idr_layer; `level` its distance from
 * the leaves (0 = leaf); in an 'alloc' visit `offset` is the slot chosen (64
 * = none free, the walk climbs). `idr_layer_bit` reports a bitmap bit change
 * (full = slot used / subtree full). Layers move between the free list
 * (`id_free`), the tree, the slab and (from 2.6.27) an RCU grace period.
 * `idr_layer_warning` is idr_remove's "called for id=N which is not
 * allocated".
 */
export type IdrLayerEvent =
  | { kind: 'idr_layer_visit'; layer: number; level: number; offset: number; op: IdrOp }
  | { kind: 'idr_layer_new'; layer: number; level: number; parent: number | null; offset: number }
  | { kind: 'idr_layer_grow'; layer: number; layers: number }
  | { kind: 'idr_layer_drop'; layer: number; layers: number }
  | { kind: 'idr_layer_release'; layer: number; to: 'free_list' | 'rcu' }
  | { kind: 'idr_layer_prealloc'; layer: number; free_cnt: number }
  | { kind: 'idr_layer_trim'; layer: number; free_cnt: number }
  | { kind: 'idr_layer_bit'; layer: number; offset: number; full: boolean }
  | { kind: 'idr_layer_store'; layer: number; offset: number; index: number; entry: IdrSlotState }
  | { kind: 'idr_layer_warning'; id: number }
  | { kind: 'idr_layer_result'; op: IdrOp; index: number; ok: boolean };

// --- ipc/util.c, ipc/msg.c ---------------------------------------------------
/**
 * SysV IPC. `ipc_idr_alloc`: how an idx was chosen — `next_id` is the
 * consumed *_next_id sysctl (-1 = the cyclic path), `window` the cyclic end
 * (exclusive), `seq_bump` whether idx ≤ last_idx advanced the sequence; idx
 * is -errno on failure. `ipc_findkey`: a key lookup and the id found (null =
 * none); `ipc_findkey_step`: one index of the ≤4.13 walk (`key` null = no
 * object there, `match` = the key found). `msg_send` / `msg_recv`: a message queued (`how`: 'queue', or
 * 'pipelined' straight to a sleeping receiver) or taken ('remove' / 'copy');
 * `steps` = messages examined. mtype is a decimal string (a C long).
 * `msg_block`: task `pid` goes to sleep on the queue in msgsnd (a full
 * queue; mtype and size of its message) or msgrcv (nothing matches; the
 * type and buffer size it asked for). `msg_wake`: the waker wakes `pid`
 * (`why`: handed a message, E2BIG, EIDRM, EAGAIN = search again, room for
 * a sender); `deferred`: from the wake_q after the unlock (4.9+), else
 * under the queue lock (msg_wakeup 'locked').
 */
export type IpcEvent =
  | { kind: 'ipc_idr_alloc'; ipc: IpcType; next_id: number; window: number; idx: number; seq: number; seq_bump: boolean }
  | { kind: 'ipc_addid'; ipc: IpcType; idx: number; seq: number; id: number }
  | { kind: 'ipc_findkey'; ipc: IpcType; key: number; id: number | null }
  | { kind: 'ipc_findkey_step'; ipc: IpcType; idx: number; key: number | null; match: boolean }
  | { kind: 'ipc_rmid'; ipc: IpcType; idx: number }
  | { kind: 'maxidx_probe'; ipc: IpcType; bit: number; probe: number; hit: number | null; r: number }
  | { kind: 'maxidx_step'; ipc: IpcType; idx: number; hit: boolean }
  | { kind: 'maxidx_result'; ipc: IpcType; max_idx: number }
  | { kind: 'msg_send'; id: number; mtype: string; size: number; how: 'queue' | 'pipelined' }
  | { kind: 'msg_recv'; id: number; mtype: string; size: number; how: 'remove' | 'copy'; steps: number }
  | { kind: 'msg_block'; id: number; pid: number; call: 'msgsnd' | 'msgrcv'; mtype: string; size: number }
  | { kind: 'msg_wake'; id: number; pid: number; why: 'message' | 'e2big' | 'eidrm' | 'eagain' | 'room'; deferred: boolean };
export type IpcType = 'msg' | 'shm' | 'sem';

// --- ipc/sem.c: semop, its queues and locks, SEM_UNDO --------------------------------
/**
 * Semaphores. `id` is the array's id, `pid` a sleeper's (or the caller's)
 * tgid, `by` the tgid of the task in the kernel (the waker, when it differs
 * from `pid`), `sem` a semaphore number (-1 = the array's own list).
 * `sem_lock`: the lock an operation of `nsops` sops took (-1: semctl,
 * exit_sem, find_alloc_undo) in the kernel's `mode`, with use_global_lock
 * (4.11+) and complex_count after it and the per-semaphore locks waited
 * for; `sem_unlock`: a global unlock, with the counter after it and the
 * waiters unmerge_queues moved back; `sem_merge`: merge_queues moved
 * `moved` simple waiters to the array's list. `sem_perform`: one
 * perform_atomic_semop of `pid`'s `sops` sops (`by` ≠ `pid`: for a sleeper)
 * and what came of it (`blocking`: the sem_num it blocked on, else -1).
 * `sem_sleep`: where a blocked op was queued (`list` 'mixed' for ≤3.10's
 * one list), and the list's length after. `sem_scan`: update_queue or
 * wake_const_ops starts pass `pass` over a list of `waiters` sleepers.
 * `sem_wake`: a sleeper gets its result `error` (0 or -errno) and why; `how`
 * the wake-up mechanism; `by_comm` the waker's name (it may exit in the same
 * operation). `sem_semadj`: a SEM_UNDO sop set `pid`'s semadj
 * of `sem`; `sem_undo_alloc`: the first SEM_UNDO op of `pid` on the array;
 * `sem_exit`: exit_sem added `adj` to `sem`, now `value`. `sem_count`:
 * GETNCNT (`zero` false) or GETZCNT counted `count` under `rule`.
 */
export type SemWakeWhy = 'done' | 'zero' | 'error' | 'removed' | 'signal' | 'timeout';
export type SemEvent =
  | { kind: 'sem_lock'; id: number; nsops: number; global: boolean; mode: SemLocking; use_global_lock: number; complex_count: number; waits: number }
  | { kind: 'sem_unlock'; id: number; mode: SemLocking; use_global_lock: number; complex_count: number; moved: number }
  | { kind: 'sem_merge'; id: number; moved: number }
  | { kind: 'sem_perform'; id: number; pid: number; by: number; sops: number; result: 'done' | 'blocked' | 'EAGAIN' | 'ERANGE'; blocking: number }
  | { kind: 'sem_sleep'; id: number; pid: number; list: 'alter' | 'const' | 'mixed'; sem: number; at: 'head' | 'tail'; length: number; blocking: number }
  | { kind: 'sem_scan'; id: number; fn: 'update_queue' | 'wake_const_ops'; sem: number; waiters: number; pass: number }
  | { kind: 'sem_wake'; id: number; pid: number; by: number; by_comm: string; error: number; why: SemWakeWhy; how: SemWakeup }
  | { kind: 'sem_semadj'; id: number; pid: number; sem: number; semadj: number }
  | { kind: 'sem_undo_alloc'; id: number; pid: number }
  | { kind: 'sem_exit'; id: number; pid: number; sem: number; adj: number; value: number }
  | { kind: 'sem_count'; id: number; sem: number; zero: boolean; count: number; rule: Semcnt };
// --- ipc/shm.c attachments (ipc/shmat.ts) -------------------------------------------
/**
 * Shared-memory attachments. `pid` is the task's tgid, `addr` the mapping's
 * start as `%#x` (the real value; the console prints ADDR(k)), `nattch` the
 * count after the change. `shm_attach`: a successful do_shmat (`k` its
 * ADDR number); `shm_vma_open` / `shm_vma_close`: __shm_open / __shm_close
 * of one VMA (an attach, a split piece, a detach, an exit); `shm_dest`:
 * IPC_RMID of an attached segment marks it SHM_DEST and hides its key;
 * `shm_destroy`: the segment goes (`why`: IPC_RMID unattached, its last
 * detach, its creator's exit under shm_rmid_forced, the orphan sweep, a
 * shmat that failed late); `shm_orphan`: its creator exited, it stays.
 */
export type ShmDestroyReason = 'rmid' | 'last_detach' | 'creator_exit' | 'orphan_sweep' | 'shmat_failed';
export type ShmEvent =
  | { kind: 'shm_attach'; id: number; pid: number; addr: string; k: number; nattch: number }
  | { kind: 'shm_vma_open'; id: number; pid: number; addr: string; nattch: number }
  | { kind: 'shm_vma_close'; id: number; pid: number; addr: string; nattch: number }
  | { kind: 'shm_dest'; id: number; nattch: number }
  | { kind: 'shm_destroy'; id: number; why: ShmDestroyReason }
  | { kind: 'shm_orphan'; id: number; pid: number };

// --- lib/rhashtable.c -----------------------------------------------------------
/**
 * The key table of an ipc_ids (4.14+); `name` is the table's ('msg', 'shm',
 * 'sem'). `rht_bucket`: an operation's hash, the bucket it chose in a table
 * of `size` buckets and the chain's length (after an insert or a remove).
 * `rht_step`: one entry of a lookup's chain walk, `pos` from the head.
 * `rht_rehash`: the deferred worker moved `moved` entries into a table of
 * `to` buckets with seed `hash_rnd`.
 */
export type RhtEvent =
  | { kind: 'rht_bucket'; name: string; op: 'lookup' | 'insert' | 'remove'; key: number; bucket: number; size: number; chain: number }
  | { kind: 'rht_step'; name: string; bucket: number; pos: number; key: number; match: boolean }
  | { kind: 'rht_rehash'; name: string; from: number; to: number; nelems: number; moved: number; hash_rnd: number };

// --- fs/seq_file.c -------------------------------------------------------------
export type SeqEvent =
  | { kind: 'seq_read'; path: string; pos: number; count: number }
  | { kind: 'seq_start'; pos: number }
  | { kind: 'seq_next'; pos: number }
  | { kind: 'seq_show'; pos: number; bytes: number; overflow: boolean }
  | { kind: 'seq_stop'; pos: number; bytes: number };

// --- lib/rbtree.c, fs/proc/generic.c ------------------------------------------
export type RbEvent =
  | { kind: 'rb_compare'; node: number; key: string; dir: -1 | 0 | 1 }
  | { kind: 'rb_link'; node: number; key: string; parent: number | null; dir: 'left' | 'right' | 'root' }
  | { kind: 'rb_rotate'; dir: 'left' | 'right'; pivot: number }
  | { kind: 'rb_recolour'; node: number; colour: 'red' | 'black' }
  | { kind: 'rb_case'; op: 'insert' | 'erase'; case: number }
  | { kind: 'rb_erase'; node: number; key: string }
  | { kind: 'list_step'; node: number; key: string }
  | { kind: 'proc_register'; dir: string; name: string; low_ino: number }
  | { kind: 'proc_remove'; dir: string; name: string; low_ino: number }
  /** a kernel WARN (e.g. "proc_dir_entry 'net/x' already registered") */
  | { kind: 'proc_warn'; message: string }
  | { kind: 'getdents'; dir: string; pos: number; skipped: number; emitted: number };

// --- net/core/dev.c -------------------------------------------------------------
export type NetEvent =
  | { kind: 'dev_name_scan'; name: string; bit: number | null }
  | { kind: 'dev_name_alloc'; pattern: string; bit: number; name: string }
  | { kind: 'netdev_register'; name: string; ifindex: number }
  | { kind: 'netdev_unregister'; name: string; ifindex: number }
  /** one RTM_NEWLINK / RTM_DELLINK request and the kernel's answer (0 or -errno) */
  | { kind: 'rtnl_request'; op: 'newlink' | 'dellink'; name: string | null; link_kind: string | null; ret: number };

// --- lib/percpu_counter.c ------------------------------------------------------
export type PercpuEvent =
  | { kind: 'percpu_add'; counter: string; cpu: number; amount: number; local: number }
  | { kind: 'percpu_fold'; counter: string; cpu: number; count: number }
  | { kind: 'percpu_sum'; counter: string; value: number }
  /** ≤ 6.0 atomic_t: one locked add on the shared line by `cpu` */
  | { kind: 'atomic_add'; counter: string; cpu: number; amount: number; value: number }
  /** ≤ 6.0 atomic_t: a plain load (MSG_INFO) */
  | { kind: 'atomic_read'; counter: string; value: number };

// --- src/engine/smp (the multi-CPU model) ----------------------------------------
/**
 * The SMP model's events; `t` is simulated time in ns, `cpu` a logical CPU
 * number, `task` a task number (declaration order), `line` a cache line name
 * (e.g. 'ipc_ids.rwsem', 'msq:0.lock', 'ns.msg_counters'), `lock` a lock name.
 * `smp_cpu` is one interval of a CPU in one state (end exclusive).
 * `smp_line` is a cache line moving to `to` (`from` = -1: from memory);
 * `kind` says how far it came ('local' never moves, so it is not emitted).
 * `smp_lock` is a lock event: 'wait' when a task starts waiting (spinning or
 * sleeping), 'acquire' when it gets it (`waited` ns), 'release'.
 * `smp_op` is one system call of a task from entry to exit.
 */
export type SmpCpuState = 'running' | 'spinning' | 'stalled' | 'idle';
export type SmpTransferKind = 'smt' | 'socket' | 'remote' | 'memory';
export type SmpEvent =
  | { kind: 'smp_cpu'; cpu: number; task: number; state: SmpCpuState; t0: number; t1: number }
  | { kind: 'smp_line'; t: number; line: string; from: number; to: number; how: SmpTransferKind; ns: number }
  | { kind: 'smp_lock'; t: number; lock: string; cpu: number; task: number; op: 'wait' | 'acquire' | 'release'; waited: number }
  | { kind: 'smp_op'; task: number; cpu: number; t0: number; t1: number; text: string; result: number }
  | { kind: 'smp_wake'; t: number; from_task: number; task: number; cpu: number };

export type TraceEvent = StatementEvent | IdrEvent | IdrLayerEvent | IpcEvent | SemEvent | ShmEvent | RhtEvent | SeqEvent | RbEvent | NetEvent | PercpuEvent | SmpEvent;
