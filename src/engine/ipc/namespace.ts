/**
 * The SysV IPC part of `struct ipc_namespace` (include/linux/ipc_namespace.h,
 * ipc/namespace.c, Linux 6.18) and `struct ipc_ids`, with the per-type
 * objects that live in it (include/linux/ipc.h `kern_ipc_perm`, the
 * `msg_queue`, `shmid_kernel` and `sem_array` of ipc/{msg,shm,sem}.c).
 *
 * Simplified: one namespace, never freed; credentials are those of root in
 * the initial user namespace (uid/gid 0, every capability); objects are
 * flattened (the `kern_ipc_perm` fields sit directly in the object instead of
 * being reached with container_of); no locks, RCU or refcounts. The key
 * rhashtable of 4.14+ is lib/rhashtable.ts (null on the walk kernels, which
 * had none). Everything is plain data (structuredClone-safe).
 *
 * Glossary: idx = slot in the IDR (`id & ((1 << shift) - 1)`); seq = the
 * sequence number in the high bits of an id; id = `(seq << shift) + idx`.
 */
import type { IdrImpl, IpcFindkey, IpcIdxAlloc, IpcLimits, IpcMaxidx, KernelConfig, ShmProcFormat, SysvipcFindIpc } from '../config';
import type { IpcType } from '../trace';
import { rhashtable_init, type Rhashtable } from '../lib/rhashtable';
import { ipc_idr_init, type IpcIdr } from './ipc_idr';
import { atomic_counter_init, percpu_counter_init, type MsgCounter } from './msg_counters';

/*
 * newque, newary and newseg each write these fields out in their own object
 * literal on purpose: a shared `{ ...new_ipc_perm(), ...rest }` builds each
 * object by copying and then growing it, which made a whole 32768-segment
 * run 2.8x slower (ddbece6, undone). One literal per type keeps every object
 * of a type one hidden class, allocated once.
 */
/** include/linux/ipc.h: the permission part every SysV IPC object starts with. */
export interface KernIpcPerm {
  /** key_t as a signed 32-bit number; 0 = IPC_PRIVATE */
  key: number;
  /** full id, `(seq << shift) + idx` */
  id: number;
  seq: number;
  /** 9 permission bits plus type flags (SHM_DEST 01000, SHM_LOCKED 02000) */
  mode: number;
  uid: number;
  gid: number;
  cuid: number;
  cgid: number;
  /** set by ipc_rmid (and on a failed ipc_addid) */
  deleted: boolean;
}

/**
 * One message (`struct msg_msg` and its `msg_msgseg` chain, ipc/msgutil.c):
 * type, size, and the bytes as alloc_msg splits them.
 */
export interface MsgMsg {
  m_type: bigint;
  m_ts: number;
  /** the text after the header: at most DATALEN_MSG (4048) bytes, a byte string; null for a zero-filled message (no bytes kept) */
  mtext: string | null;
  /** the msg_msgseg chain, each at most DATALEN_SEG (4088) bytes; empty for a zero-filled message (msg_segments gives its length) */
  next: string[];
}

/** A task sleeping in msgrcv (`struct msg_receiver`); r_msg: the handed-over message or -errno, 0 while waiting. */
export interface MsgReceiver {
  r_tsk: number;
  r_mode: number;
  r_msgtype: bigint;
  r_maxsize: number;
  r_msg: MsgMsg | number;
}

/** A task sleeping in msgsnd (`struct msg_sender`); woken: set when ss_wakeup woke it. */
export interface MsgSender {
  tsk: number;
  msgsz: number;
  woken: boolean;
}

/** ipc/msg.c `struct msg_queue`. Times are seconds, 0 = never; pids 0 = none. */
export interface MsgQueue extends KernIpcPerm {
  q_stime: number;
  q_rtime: number;
  q_ctime: number;
  q_cbytes: number;
  q_qnum: number;
  /** unsigned long; IPC_SET stores an int sign-extended, so a negative value v stands for 2^64 + v (by CAP_SYS_RESOURCE only) */
  q_qbytes: number;
  q_lspid: number;
  q_lrpid: number;
  /** the three lists start as NO_LIST (shared, frozen): a list is appended to with msg_list_add, which gives the queue its own array */
  q_messages: MsgMsg[];
  q_receivers: MsgReceiver[];
  q_senders: MsgSender[];
}

/**
 * The empty list every new queue starts its three lists with: most queues of
 * a workload never hold a message or a sleeper, and three arrays per queue
 * were a third of what 32768 queues allocate (and the young-generation GC
 * copies). Frozen, so that a push onto it throws instead of reaching every
 * queue; a copy of the kernel (plain_copy.ts, structuredClone) may make it
 * one shared unfrozen array, which is why msg_list_add tests the length,
 * not the identity.
 */
export const NO_LIST: never[] = Object.freeze([]) as unknown as never[];

/** list_add_tail on a queue's list: `item` appended, an empty list replaced by a new array of the queue's own. Return: the list now holding it. */
export function msg_list_add<T>(list: T[], item: T): T[] {
  if (list.length === 0) return [item];
  list.push(item);
  return list;
}

/** ipc/shm.c `struct shmid_kernel` (the shmem/hugetlbfs file reduced to the two facts that matter). */
export interface ShmidKernel extends KernIpcPerm {
  /** size in bytes (size_t; up to 2^63-1 with SHM_NORESERVE) */
  shm_segsz: bigint;
  shm_nattch: number;
  shm_atim: number;
  shm_dtim: number;
  shm_ctim: number;
  shm_cprid: number;
  shm_lprid: number;
  /** the backing file is on hugetlbfs (SHM_HUGETLB): SHM_LOCK/SHM_UNLOCK do nothing */
  shm_hugetlb: boolean;
  /** shm_creator: the pid of the task that created it, 0 (NULL) once that task exited: an orphan */
  shm_creator: number;
  /** shp->mlock_ucounts: the real uid whose memlock count SHM_LOCK charged; absent while unlocked */
  mlock_uid?: number;
}

/** ipc/sem.c `struct sem_array`; the per-semaphore values and pids are allocated on first write. */
/** include/uapi/linux/sem.h `struct sembuf`: ushort sem_num, short sem_op, short sem_flg. */
export interface SemBuf {
  sem_num: number;
  sem_op: number;
  sem_flg: number;
}

/** ipc/sem.c `struct sem_queue`: one sleeping semop (it lives on the sleeper's stack). */
export interface SemQueue {
  /** the sleeper's tgid (its task's sem_status receives the result) */
  pid: number;
  sops: SemBuf[];
  /** whether the sleeper has an undo structure for this array (any SEM_UNDO sop) */
  undo: boolean;
  alter: boolean;
  dupsop: boolean;
  /** index in sops of the sop that blocked at the last attempt */
  blocking: number;
}

/** The two lists of `struct sem` (per semaphore) or of `struct sem_array` (global). */
export interface SemPending {
  pending_alter: SemQueue[];
  pending_const: SemQueue[];
}

export interface SemArray extends KernIpcPerm {
  sem_ctime: number;
  sem_nsems: number;
  /** semval per semaphore; null while all are 0 and untouched (allocated on first write) */
  sem_vals: number[] | null;
  /** sempid per semaphore (0 = none), allocated with sem_vals */
  sem_pids: number[] | null;
  /** sem_otime per semaphore (get_semotime reports the max), allocated with sem_vals */
  sem_otimes: number[] | null;
  /** the per-semaphore queues, allocated when the first simple op sleeps */
  sems_pending: SemPending[] | null;
  /** the array's own queues: complex ops, and simple ones while complex_count > 0 */
  pending: SemPending;
  /** sleeping complex (nsops > 1) ops */
  complex_count: number;
  /** the hysteresis counter: > 0 means sem_lock takes the global lock (4.11+) */
  use_global_lock: number;
  /** list_id: the pids whose undo lists hold a sem_undo of this array, head first */
  list_id: number[];
}

/** include/linux/ipc_namespace.h `struct ipc_ids` (CONFIG_CHECKPOINT_RESTORE=y, as on the host). */
export interface IpcIds<T extends KernIpcPerm> {
  /** which type, for trace events */
  ipc: IpcType;
  in_use: number;
  /** current sequence number for new ids (unsigned short) */
  seq: number;
  /** cached highest used idx, -1 when empty */
  max_idx: number;
  /** idx of the previous cyclic allocation, -1 initially */
  last_idx: number;
  /** the `*_next_id` sysctl, -1 = unset */
  next_id: number;
  /** the radix-tree IDR (4.11+) or the idr_layer tree (2.6.x) */
  ipcs_idr: IpcIdr<T>;
  /** the objects of keys other than IPC_PRIVATE, by key (4.14+); null when ipc_findkey walks the IDR */
  key_ht: Rhashtable<T> | null;
  /**
   * walk kernels only (else null): the same objects by key, which the kernel
   * did not have. The untraced walk uses it to know where the walk ends and
   * counts the idr_find calls up to there without loading every object.
   */
  key_index: Map<number, T> | null;
}

export const IPC_SEM_IDS = 0;
export const IPC_MSG_IDS = 1;
export const IPC_SHM_IDS = 2;

export const IPCMNI_SHIFT = 15;
export const IPCMNI_EXTEND_SHIFT = 24;
export const IPCMNI_EXTEND_MIN_CYCLE = 64 * 64;
/** RADIX_TREE_MAP_SIZE: the default ipc_min_cycle */
export const RADIX_TREE_MAP_SIZE = 64;

/** include/uapi/linux/msg.h defaults */
export const MSGMNI = 32000;
export const MSGMAX = 8192;
export const MSGMNB = 16384;
/** include/uapi/linux/sem.h defaults */
export const SEMMNI = 32000;
export const SEMMSL = 32000;
export const SEMMNS = SEMMNI * SEMMSL;
export const SEMOPM = 500;
/** include/uapi/linux/shm.h defaults: ULONG_MAX - 2^24 */
export const SHMMAX = 18446744073692774399n;
export const SHMALL = 18446744073692774399n;
export const SHMMNI = 4096;
/** include/linux/ipc_namespace.h POSIX mqueue defaults */
export const DFLT_QUEUESMAX = 256;
export const DFLT_MSG = 10;
export const DFLT_MSGMAX = 10;
export const DFLT_MSGSIZE = 8192;
export const DFLT_MSGSIZEMAX = 8192;

/** The kernel-history switches ipc/ consults at run time (copied from KernelConfig at boot). */
export interface IpcVariants {
  sysvipc_find_ipc: SysvipcFindIpc;
  ipc_maxidx: IpcMaxidx;
  ipc_idx_alloc: IpcIdxAlloc;
  ipc_findkey: IpcFindkey;
  shm_proc_format: ShmProcFormat;
}

export interface IpcNamespace {
  variants: IpcVariants;
  /** indexed by IPC_SEM_IDS, IPC_MSG_IDS, IPC_SHM_IDS */
  ids: [IpcIds<SemArray>, IpcIds<MsgQueue>, IpcIds<ShmidKernel>];
  /** boot-time globals of ipc/ipc_sysctl.c, kept here for the model */
  ipc_mni: number;
  ipc_mni_shift: number;
  ipc_min_cycle: number;

  msg_ctlmax: number;
  msg_ctlmnb: number;
  msg_ctlmni: number;
  /** bytes and headers queued in all queues (percpu_counter since 6.1) */
  msg_bytes: MsgCounter;
  msg_hdrs: MsgCounter;

  shm_ctlmax: bigint;
  shm_ctlall: bigint;
  shm_ctlmni: number;
  shm_rmid_forced: number;
  /** pages of all segments, each rounded up (unsigned long) */
  shm_tot: bigint;

  /** semmsl, semmns, semopm, semmni */
  sem_ctls: [number, number, number, number];
  used_sems: number;

  mq_queues_max: number;
  mq_msg_max: number;
  mq_msgsize_max: number;
  mq_msg_default: number;
  mq_msgsize_default: number;
}

/**
 * ipc/util.c ipc_init_ids: an empty identifier set on a radix-tree IDR, or on
 * an idr_layer tree (`rcu_free`: 2.6.27+ layer release), with the key
 * rhashtable of 4.14+ (ipc_kht_params: 4-byte key, automatic_shrinking, the
 * default sizes) unless `findkey` is the older walk.
 */
export function ipc_init_ids<T extends KernIpcPerm>(ipc: IpcType, idr: IdrImpl = 'radix', rcu_free = true, findkey: IpcFindkey = 'rhashtable'): IpcIds<T> {
  return {
    ipc,
    in_use: 0,
    seq: 0,
    max_idx: -1,
    last_idx: -1,
    next_id: -1,
    ipcs_idr: ipc_idr_init<T>(idr, rcu_free),
    key_ht: findkey === 'rhashtable' ? rhashtable_init<T>(ipc, { automatic_shrinking: true }) : null,
    key_index: findkey === 'walk' ? new Map() : null,
  };
}

/** 2.6.x–3.15 include/uapi/linux/shm.h: SHMMAX 32 MiB, SHMALL = SHMMAX / PAGE_SIZE * (SHMMNI / 16) */
export const OLD_SHMMAX = 0x2000000n;
export const OLD_SHMALL = 2097152n;
/** 2.6.x–3.18 include/uapi/linux/sem.h: SEMMSL 250, SEMMNS 32000, SEMOPM 32, SEMMNI 128 */
export const OLD_SEM_CTLS: readonly [number, number, number, number] = [250, 32000, 32, 128];

function shm_defaults(limits: IpcLimits): [bigint, bigint] {
  return limits === '2.6' ? [OLD_SHMMAX, OLD_SHMALL] : [SHMMAX, SHMALL];
}

function sem_defaults(limits: IpcLimits): [number, number, number, number] {
  return limits === '3.19' ? [SEMMSL, SEMMNS, SEMOPM, SEMMNI] : [...OLD_SEM_CTLS];
}

/**
 * A fresh IPC namespace as `unshare -i` creates it: limits from the
 * compile-time defaults of `config.ipc_limits` (not copied from the parent),
 * no objects. With `config.ipcmni_extend` ids use 24 index bits and a 4096
 * minimum cycle. The IDR kind, the counters and the variants come from the
 * kernel-history switches (an `ipc_lookup` of 'rwsem' = 2.6.25/26, whose
 * idr_layer tree recycled layers through its free list).
 */
export function create_ipc_ns(config: KernelConfig): IpcNamespace {
  const extend = config.ipcmni_extend;
  const idr = config.idr ?? 'radix';
  const rcu_free = config.ipc_lookup !== 'rwsem';
  const findkey = config.ipc_findkey ?? 'rhashtable';
  const limits = config.ipc_limits ?? '3.19';
  const [shmmax, shmall] = shm_defaults(limits);
  const counter = (): MsgCounter => (config.msg_counters === 'atomic' ? atomic_counter_init() : percpu_counter_init(config.nr_cpus ?? 1));
  return {
    variants: {
      sysvipc_find_ipc: config.sysvipc_find_ipc ?? 'get_next',
      ipc_maxidx: config.ipc_maxidx ?? 'bsearch',
      ipc_idx_alloc: config.ipc_idx_alloc ?? 'cyclic',
      ipc_findkey: config.ipc_findkey ?? 'rhashtable',
      shm_proc_format: config.shm_proc_format ?? 'rss_swap',
    },
    ids: [ipc_init_ids<SemArray>('sem', idr, rcu_free, findkey), ipc_init_ids<MsgQueue>('msg', idr, rcu_free, findkey), ipc_init_ids<ShmidKernel>('shm', idr, rcu_free, findkey)],
    ipc_mni: extend ? 1 << IPCMNI_EXTEND_SHIFT : 1 << IPCMNI_SHIFT,
    ipc_mni_shift: extend ? IPCMNI_EXTEND_SHIFT : IPCMNI_SHIFT,
    ipc_min_cycle: extend ? IPCMNI_EXTEND_MIN_CYCLE : RADIX_TREE_MAP_SIZE,
    msg_ctlmax: MSGMAX,
    msg_ctlmnb: MSGMNB,
    msg_ctlmni: MSGMNI,
    msg_bytes: counter(),
    msg_hdrs: counter(),
    shm_ctlmax: shmmax,
    shm_ctlall: shmall,
    shm_ctlmni: SHMMNI,
    shm_rmid_forced: 0,
    shm_tot: 0n,
    sem_ctls: sem_defaults(limits),
    used_sems: 0,
    mq_queues_max: DFLT_QUEUESMAX,
    mq_msg_max: DFLT_MSGMAX,
    mq_msgsize_max: DFLT_MSGSIZEMAX,
    mq_msg_default: DFLT_MSG,
    mq_msgsize_default: DFLT_MSGSIZE,
  };
}
