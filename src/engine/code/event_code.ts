/**
 * Every trace event kind → the kernel function it happens in, the line of
 * that function's pseudo-code (listings.ts), the callers between the
 * statement's system call and it, and one sentence saying why it happened:
 * the one table the code panel, the call-stack strip and the narration read.
 *
 * The rows live beside their mechanism's listings, one directory per
 * mechanism (msg/events.ts next to msg/listings.ts, sem/, shm/, idr/, …;
 * entry/ is the statement itself); this index joins them. The two files of
 * a directory stay apart because the page loads the rows at once (the
 * event list, the narration) and the listings only with the code panel.
 *
 * A new TraceEvent kind (trace.ts) does not compile until it has a row: the
 * error here names it ("Property 'semop_x' is missing in type ... but
 * required in type 'EventCodeTable'"). Add the function to its
 * mechanism's listings.ts if it is new, then the row to its events.ts
 * (each part `satisfies MechanismRows<M>`, so a row in the wrong part does
 * not compile either, nor one kind in two parts).
 *
 * Simplified: the call stack is reconstructed, not recorded. The engine
 * emits no call/return events, so the callers come from the statement (its
 * system call, an *_INFO command), the kernel configuration and what the
 * operation did before the event (a removal, a seq_file start); where one
 * event kind runs under several callers the most specific known one is
 * named. Glossary: `via` — the callers between the entry and `fn`, outermost
 * first; `mechanism` — the part of the kernel an event belongs to (the
 * event list groups by it; MECHANISM_VIEW says which view draws it).
 */
import type { TraceEvent } from '../trace';
import type { ViewId } from '../view/types';
import { ENTRY_ROWS } from './entry/events';
import { IPC_ROWS } from './ipc/events';
import { KEYHT_ROWS } from './keyht/events';
import { IDR_ROWS } from './idr/events';
import { MAXIDX_ROWS } from './maxidx/events';
import { MSG_ROWS } from './msg/events';
import { SEM_ROWS } from './sem/events';
import { SHM_ROWS } from './shm/events';
import { SEQ_FILE_ROWS } from './seq_file/events';
import { RBTREE_ROWS } from './rbtree/events';
import { PROCFS_ROWS } from './procfs/events';
import { NETDEV_ROWS } from './netdev/events';
import { PERCPU_ROWS } from './percpu/events';
import { SMP_ROWS } from './smp/events';
import type { EventCodeTable, InTwoParts } from './table';

export { before, type CodeAt, type CodeContext, type EntryFn, type EventCodeTable, type RbOrder } from './table';
export { orderWhy } from './rbtree/events';

export type Mechanism = 'idr' | 'ipc' | 'keyht' | 'maxidx' | 'msg' | 'sem' | 'shm' | 'seq_file' | 'rbtree' | 'procfs' | 'netdev' | 'percpu' | 'smp';

/** The mechanisms in the order the event list shows them, with their names. */
export const MECHANISMS: readonly (readonly [Mechanism, string])[] = [
  ['ipc', 'IPC objects'],
  ['keyht', 'Key lookup'],
  ['idr', 'IDR'],
  ['maxidx', 'max_idx'],
  ['msg', 'Messages'],
  ['sem', 'Semaphores'],
  ['shm', 'Shared memory'],
  ['percpu', 'Counters'],
  ['seq_file', 'seq_file'],
  ['netdev', 'Net devices'],
  ['procfs', 'procfs entries'],
  ['rbtree', 'rb-tree'],
  ['smp', 'Multi-CPU model'],
];

/** Which view draws a mechanism's events (null: none; the code panel and the narration still show them). */
export const MECHANISM_VIEW: Readonly<Record<Mechanism, ViewId | null>> = {
  ipc: null,
  idr: 'idr',
  keyht: 'keyht',
  maxidx: 'maxidx',
  msg: null,
  sem: 'sem',
  shm: 'shm',
  percpu: 'percpu',
  seq_file: 'seqfile',
  // the /proc view draws __dev_alloc_name's scan beside the directory it is about
  netdev: 'proc',
  procfs: 'proc',
  rbtree: 'proc',
  smp: null,
};

/**
 * The mechanisms whose events "next event in this view" stops at: the
 * structure the view is about. The /proc view's name scan (netdev) is drawn
 * beside the directory but is not the directory's story, so it is skipped.
 */
export const VIEW_STEPS: Readonly<Record<ViewId, readonly Mechanism[]>> = {
  idr: ['idr'],
  maxidx: ['maxidx'],
  proc: ['rbtree', 'procfs'],
  percpu: ['percpu'],
  seqfile: ['seq_file'],
  keyht: ['keyht'],
  sem: ['sem'],
  shm: ['shm'],
};

/**
 * The other mechanisms a view draws (MECHANISM_VIEW), which "next event in
 * this view" stops at in an operation that has none of VIEW_STEPS': an
 * `ip link add` whose only /proc-view events are the name scan stops there.
 */
export function viewAlso(view: ViewId): Mechanism[] {
  const own = VIEW_STEPS[view];
  return MECHANISMS.map(([m]) => m).filter((m) => MECHANISM_VIEW[m] === view && !own.includes(m));
}

/** The files of callers that have no listing (the stack strip links them too). */
export const CALLER_FILES: Readonly<Record<string, string>> = {
  ipcget: 'ipc/util.c',
  newque: 'ipc/msg.c',
  newseg: 'ipc/shm.c',
  newary: 'ipc/sem.c',
  ipc_obtain_object_check: 'ipc/util.c',
  ipc_obtain_object_idr: 'ipc/util.c',
  msgctl_down: 'ipc/msg.c',
  freeque: 'ipc/msg.c',
  shmctl_down: 'ipc/shm.c',
  semctl_down: 'ipc/sem.c',
  semctl_main: 'ipc/sem.c',
  sysvipc_proc_start: 'ipc/util.c',
  percpu_counter_add_local: 'include/linux/percpu_counter.h',
  proc_sys_readdir: 'fs/proc/proc_sysctl.c',
  proc_readdir: 'fs/proc/generic.c',
  dev_get_valid_name: 'net/core/dev.c',
  proc_net_mkdir: 'fs/proc/proc_net.c',
  __register_sysctl_table: 'fs/proc/proc_sysctl.c',
  proc_sys_write: 'fs/proc/proc_sysctl.c',
  rtnl_create_link: 'net/core/rtnetlink.c',
  do_mmap: 'mm/mmap.c',
  shm_mmap: 'ipc/shm.c',
  do_munmap: 'mm/vma.c',
  __split_vma: 'mm/vma.c',
  do_exit: 'kernel/exit.c',
  exit_mm: 'kernel/exit.c',
  proc_ipc_dointvec_minmax_orphans: 'ipc/ipc_sysctl.c',
};

type Parts = [
  typeof ENTRY_ROWS,
  typeof IPC_ROWS,
  typeof KEYHT_ROWS,
  typeof IDR_ROWS,
  typeof MAXIDX_ROWS,
  typeof MSG_ROWS,
  typeof SEM_ROWS,
  typeof SHM_ROWS,
  typeof SEQ_FILE_ROWS,
  typeof RBTREE_ROWS,
  typeof PROCFS_ROWS,
  typeof NETDEV_ROWS,
  typeof PERCPU_ROWS,
  typeof SMP_ROWS,
];

/** The rows of every mechanism, one per event kind. */
export const EVENT_CODE = {
  ...ENTRY_ROWS,
  ...IPC_ROWS,
  ...KEYHT_ROWS,
  ...IDR_ROWS,
  ...MAXIDX_ROWS,
  ...MSG_ROWS,
  ...SEM_ROWS,
  ...SHM_ROWS,
  ...SEQ_FILE_ROWS,
  ...RBTREE_ROWS,
  ...PROCFS_ROWS,
  ...NETDEV_ROWS,
  ...PERCPU_ROWS,
  ...SMP_ROWS,
} satisfies EventCodeTable & Record<InTwoParts<Parts>, never>;

/** The mechanism an event kind belongs to (here, not in code_track, so the page can group events without the listings). */
export function mechanismOf(kind: TraceEvent['kind']): Mechanism {
  return EVENT_CODE[kind].mechanism;
}
