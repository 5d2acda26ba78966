/**
 * Boot-time configuration of the simulated kernel: a few machine facts and
 * the switchable mechanisms of the kernel-history work. Every switch has one
 * name per mechanism and one per variant; the names are shared by the CLI
 * (`--set sysvipc_find_ipc=count`), the URL and the UI. The default is Linux
 * 6.18 as the host kernel runs it; presets.ts sets all switches at once for
 * older releases.
 */
import type { ProcDirImpl } from './fs/proc/generic';

/** How /proc/sysvipc/* finds the object at a position (ipc/util.c sysvipc_find_ipc). */
export type SysvipcFindIpc =
  /** ≤5.14: count the objects below pos with idr_find from index 0 on every call, then scan up to ipc_mni */
  | 'count'
  /** 5.15 (Rafael Aquini): scan pos..max_idx with idr_find */
  | 'maxidx'
  /** 6.x (Manfred Spraul): one idr_get_next */
  | 'get_next';

/** How the highest used index (the *_INFO return value) is known (ipc/util.c, util.h). */
export type IpcMaxidx =
  /** 2.6.25 ipc_get_maxid: no cache, every *_INFO walks the ids from 0 */
  | 'none'
  /** 4.17–5.13: cached max_idx, on removal of the highest a linear step-down of idr_find */
  | 'linear'
  /** ≥5.14: cached max_idx, refreshed with the binary ipc_search_maxidx */
  | 'bsearch'
  /** never released: no cache, ipc_search_maxidx(ipc_mni - 1) on every *_INFO (seed 002's rejected experiment) */
  | 'search';

/** How ipc_idr_alloc picks the index and the sequence number. */
export type IpcIdxAlloc =
  /** older kernels: lowest free index, seq bumped on every allocation */
  | 'lowest'
  /** ≥5.2 (inferred): idr_alloc_cyclic in a window, seq bumped only on a wrap */
  | 'cyclic';

/** How msgget/shmget/semget find the object of a key (ipc/util.c ipc_findkey). */
export type IpcFindkey =
  /** ≤4.13: idr_find at idx 0, 1, … comparing keys until in_use objects were seen (a miss looks at all of them) */
  | 'walk'
  /** 4.14+ (Guillaume Knispel): a lookup in the ids' key rhashtable (lib/rhashtable.ts) */
  | 'rhashtable';

/** Which IDR holds the ipc objects. */
export type IdrImpl =
  /** 2.6.x–3.8: idr_layer tree, 64 slots a layer, layers from a per-IDR free list (lib/idr-layer.ts) */
  | 'layer'
  /** 3.9–4.10 (Tejun Heo): idr_layer tree, 256 slots a layer, lookup hint, idr_alloc (lib/idr-layer256.ts) */
  | 'layer256'
  /** 4.11+ (Matthew Wilcox): the radix tree (lib/idr.ts) */
  | 'radix';

/** The namespace-wide msg_bytes / msg_hdrs counters. */
export type MsgCountersImpl = 'atomic' | 'percpu';

/** How an id lookup is serialised against removal (only recorded for the SMP model). */
export type IpcLookup = 'rwsem' | 'rcu';

/** x86 spinlocks (arch/x86/Kconfig): FIFO ticket locks 2.6.25–4.1, queued (MCS) spinlocks from 4.2. Only the SMP model uses it. */
export type SpinlockImpl = 'ticket' | 'queued';

/**
 * x86-64 rw-semaphores: lib/rwsem-spinlock.c until 2.6.33, the xadd count
 * from 2.6.34 (modelled as a FIFO semaphore whose waiters sleep), and
 * kernel/locking/rwsem.c as 5.13–6.x have it: writers spin on the owner,
 * readers steal (smp/rwsem_spin.ts). Only the SMP model uses it.
 */
export type RwsemImpl = 'spinlock' | 'xadd' | 'optimistic';

/** The /proc/sysvipc/shm layout: without (≤2.6.35) or with (2.6.36+) the rss and swap columns. */
export type ShmProcFormat = 'classic' | 'rss_swap';

/** Compile-time IPC limit defaults of an era (include/uapi/linux/{msg,sem,shm}.h). */
export type IpcLimits =
  /** SHMMAX 32 MiB, SHMALL 2097152 pages, SEM 250 32000 32 128 */
  | '2.6'
  /** SHMMAX/SHMALL ULONG_MAX - 2^24 (3.16), SEM still 250 32000 32 128 */
  | '3.16'
  /** 3.19+: SEM 32000 1024000000 500 32000 (and MSGMNI 32000 without scaling) */
  | '3.19';

/**
 * How semop serialises against the array (ipc/sem.c sem_lock; kernel-notes-ops §1.5, §5).
 * Observable on one CPU only as trace events and cost counters; the SMP model times it.
 */
export type SemLocking =
  /** ≤3.9: every semop takes the array's sem_perm.lock */
  | 'global'
  /** 3.10–4.10 (Rik van Riel, 6062a8dc0517): a simple op takes only its semaphore's lock; complex ops wait for complex_count */
  | 'per_sem'
  /** 4.11+ (Manfred Spraul, 27d7be1801a4 + 9de5ab8a2eee): use_global_lock with a hysteresis of 10 simple ops */
  | 'hysteresis';

/** Where a wait-for-zero operation sleeps (kernel-notes-ops §5). */
export type SemZeroQueue =
  /** 3.0.10–3.10: mixed into the alter lists */
  | 'mixed'
  /** 3.11+: a separate pending_const list, woken first */
  | 'separate';

/** What GETNCNT/GETZCNT count (ipc/sem.c count_semcnt; b220c57aeccf). */
export type Semcnt =
  /** ≤3.15: every sop of a sleeping operation that would wait on the semaphore */
  | 'all_sops'
  /** 3.16+: only the sop the operation blocked on (SUS) */
  | 'blocking_sop';

/** How semop wakes the processes it completed (9ae949fa382b). */
export type SemWakeup =
  /** ≤4.9: the in-house IN_WAKEUP list */
  | 'in_wakeup'
  /** 4.10+: wake_q, the wake-ups after the unlock */
  | 'wake_q';

/** How msgsnd hands a message to a waiting receiver and wakes it (ipc/msg.c pipelined_send; ee51636ca54f). */
export type MsgWakeup =
  /** <4.9: the receiver is woken while the queue lock is held */
  | 'locked'
  /** 4.9+: lockless pipelined wake-ups through wake_q, after the unlock */
  | 'wake_q';

export interface KernelConfig {
  /** boot parameter `ipcmni_extend`: index bits 24 instead of 15, min cycle 4096 */
  ipcmni_extend: boolean;
  /** pid the single simulated task reports in lspid/lrpid/cpid/lpid */
  pid: number;
  /** the virtual wall clock, in seconds since the epoch; constant while a workload runs */
  clock: number;
  sysvipc_find_ipc: SysvipcFindIpc;
  ipc_maxidx: IpcMaxidx;
  ipc_idx_alloc: IpcIdxAlloc;
  ipc_findkey: IpcFindkey;
  idr: IdrImpl;
  msg_counters: MsgCountersImpl;
  /** CPUs the percpu_counter keeps a local cell for (1..4096) */
  nr_cpus: number;
  proc_dir: ProcDirImpl;
  ipc_lookup: IpcLookup;
  spinlock: SpinlockImpl;
  rwsem: RwsemImpl;
  shm_proc_format: ShmProcFormat;
  ipc_limits: IpcLimits;
  sem_locking: SemLocking;
  sem_zero_queue: SemZeroQueue;
  semcnt: Semcnt;
  sem_wakeup: SemWakeup;
  msg_wakeup: MsgWakeup;
}

export const DEFAULT_CONFIG: Readonly<KernelConfig> = {
  ipcmni_extend: false,
  pid: 4242,
  clock: 1_767_225_600, // 2026-01-01T00:00:00Z
  sysvipc_find_ipc: 'get_next',
  ipc_maxidx: 'bsearch',
  ipc_idx_alloc: 'cyclic',
  ipc_findkey: 'rhashtable',
  idr: 'radix',
  msg_counters: 'percpu',
  nr_cpus: 2,
  proc_dir: 'rbtree',
  ipc_lookup: 'rcu',
  spinlock: 'queued',
  rwsem: 'optimistic',
  shm_proc_format: 'rss_swap',
  ipc_limits: '3.19',
  sem_locking: 'hysteresis',
  sem_zero_queue: 'separate',
  semcnt: 'blocking_sop',
  sem_wakeup: 'wake_q',
  msg_wakeup: 'wake_q',
};
