/**
 * Every trace event kind → the kernel function it happens in, the line of
 * that function's pseudo-code (listings.ts), the callers between the
 * statement's system call and it, and one sentence saying why it happened:
 * the one table the code panel, the call-stack strip and the narration read.
 *
 * A new TraceEvent kind (trace.ts) does not compile until it has a row here:
 * the error names it ("Property 'semop_x' is missing in type ... but
 * required in type 'EventCodeTable'"). Add the function to listings.ts if
 * it is new, then the row.
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
import type { KernelConfig } from '../config';
import type { IdrOp, TraceEvent } from '../trace';
import type { ViewId } from '../view/types';
import type { FnName } from './listings';
import { errnoName } from '../uapi/errno';

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

/** The system call a statement enters the kernel through. */
export type EntryFn =
  | 'sys_msgget'
  | 'sys_msgsnd'
  | 'sys_msgrcv'
  | 'sys_msgctl'
  | 'sys_shmget'
  | 'sys_shmctl'
  | 'sys_shmat'
  | 'sys_shmdt'
  | 'sys_semget'
  | 'sys_semctl'
  | 'sys_semop'
  | 'sys_semtimedop'
  /** `@NAME exit` / `@NAME kill`: the task's exit (exit_sem) */
  | 'do_exit'
  | 'sys_read'
  | 'sys_write'
  | 'sys_getdents64'
  | 'rtnl_newlink'
  | 'rtnl_dellink'
  /** a statement this table does not know yet */
  | 'syscall';

/** What the walk over one operation's events knows when it reaches an event. */
export interface CodeContext {
  config: KernelConfig;
  /** the preset's release ('2.6.25' … '6.18'), for what a function was called then */
  release: string;
  entry: EntryFn;
  /** the statement is an *_INFO command */
  info: boolean;
  /** the IDR operation under way (the last idr_visit/idr_layer_visit) */
  idrOp: IdrOp | null;
  /** an ipc_rmid happened earlier in the operation */
  removed: boolean;
  /** a seq_file read is under way */
  seq: boolean;
  /** the last rb_case seen */
  rbCase: { op: 'insert' | 'erase'; n: number } | null;
  /** whose rb-tree the current insert descends (set from the events after it: procfs's insert ends in proc_register) */
  rbTree: 'procfs' | 'sysctl';
  /** the name the current rb-tree descent is about, and the order its comparisons follow (null: not known) */
  rbName: string | null;
  rbOrder: RbOrder | null;
}

/** How a directory's rb-tree orders names: procfs's proc_match (length first, 3.19+), /proc/sys's namecmp (lexical). */
export type RbOrder = 'length' | 'lexical';

/** Why `name` sorts before or after `key` under `order`, as a clause ("ifb59 has 5 characters, ifb5 4: …"). */
export function orderWhy(name: string, key: string, order: RbOrder): string {
  if (name === key) return `${name} is the name itself`;
  if (order === 'length' && name.length !== key.length) {
    return `${name} has ${name.length} characters, ${key} ${key.length}: proc_match puts the shorter name first`;
  }
  let at = 0;
  while (at < name.length && at < key.length && name[at] === key[at]) at++;
  if (at === name.length || at === key.length) return `${at === name.length ? name : key} is a prefix of ${at === name.length ? key : name}: namecmp puts the shorter name first`;
  const a = name[at]!;
  const b = key[at]!;
  const same = order === 'length' ? `both have ${name.length} characters; ` : '';
  return `${same}character ${at + 1} differs, '${a}' ${a < b ? '<' : '>'} '${b}' (${order === 'length' ? 'memcmp' : 'namecmp'})`;
}

export interface CodeAt {
  fn: FnName;
  /** a label of fn's listing */
  line: string;
  /** callers between the entry and fn, outermost first (names; listings.ts or CALLER_FILES says where they live) */
  via?: readonly string[];
  /** why the event happened, in one sentence */
  why: string;
}

type Row<K extends TraceEvent['kind']> = {
  mechanism: Mechanism;
  at: (ev: Extract<TraceEvent, { kind: K }>, c: CodeContext) => CodeAt;
};

/** One row per event kind: a kind without one is a compile error here. */
export type EventCodeTable = { [K in TraceEvent['kind']]: Row<K> };

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

const NEW_FN: Partial<Record<EntryFn, string>> = { sys_msgget: 'newque', sys_shmget: 'newseg', sys_semget: 'newary' };
const DOWN_FN: Partial<Record<EntryFn, string>> = { sys_msgctl: 'msgctl_down', sys_shmctl: 'shmctl_down', sys_semctl: 'semctl_down' };

/** The callers of an IDR operation `op`, from what the statement and the operation so far say. */
function idrVia(op: IdrOp, c: CodeContext): string[] {
  if (c.seq) return ['seq_read_iter', 'sysvipc_find_ipc'];
  switch (op) {
    case 'alloc':
    case 'replace':
      return ['ipcget', NEW_FN[c.entry] ?? 'ipcget', 'ipc_addid', ...(before(c.release, '5.1') ? [] : ['ipc_idr_alloc'])];
    case 'remove':
      return [DOWN_FN[c.entry] ?? 'ipc_rmid', 'ipc_rmid'];
    case 'get_next':
      return c.removed ? ['ipc_rmid', 'ipc_search_maxidx'] : ['msgctl_info', 'ipc_search_maxidx'];
    case 'find':
      if (c.config.ipc_findkey === 'walk' && NEW_FN[c.entry] !== undefined) return ['ipcget', 'ipc_findkey'];
      if (c.removed && c.config.ipc_maxidx === 'linear') return ['ipc_rmid'];
      if (c.info && c.config.ipc_maxidx === 'none') return ['ipc_get_maxid'];
      return ['ipc_obtain_object_check', 'ipc_obtain_object_idr'];
  }
}

/** `a` is an older release than `b` ('3.18' < '3.19' < '5.10'). */
export function before(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

const idrFn = (op: IdrOp): FnName => (op === 'alloc' ? 'idr_get_free' : op === 'find' ? 'idr_find' : op === 'get_next' ? 'idr_get_next' : op === 'remove' ? 'idr_remove' : 'idr_replace');
const layerFn = (op: IdrOp): FnName => (op === 'alloc' ? 'idr_get_empty_slot' : op === 'find' ? 'idr_layer_find' : op === 'get_next' ? 'idr_layer_get_next' : 'idr_layer_remove');
const layerVisitLine = (op: IdrOp): string => (op === 'alloc' ? 'sub_alloc' : op === 'remove' || op === 'replace' ? 'sub_remove' : 'descend');
const maxidxVia = (c: CodeContext) => (c.removed ? [DOWN_FN[c.entry] ?? 'ipc_rmid', 'ipc_rmid'] : ['msgctl_info']);
const rbInsertFn = (c: CodeContext): FnName => (c.rbTree === 'procfs' ? 'pde_subdir_insert' : 'insert_entry');
const rbInsertVia = (c: CodeContext) => (c.rbTree === 'procfs' ? ['proc_register'] : ['__register_sysctl_table']);

/** The callers of a sem mechanism function, from the statement's entry. */
function semVia(c: CodeContext): string[] {
  if (c.entry === 'sys_semctl') return ['semctl_main'];
  if (c.entry === 'do_exit') return ['exit_sem'];
  return ['do_semtimedop'];
}

type MsgWakeWhy = Extract<TraceEvent, { kind: 'msg_wake' }>['why'];
const MSG_WAKE_WHY: Readonly<Record<MsgWakeWhy, string>> = {
  message: 'a sender handed it the message (pipelined_send)',
  e2big: 'the message is longer than its buffer, so its msgrcv fails with E2BIG',
  eidrm: 'the queue was removed, so its call fails with EIDRM',
  eagain: 'IPC_SET changed the queue, so it searches again',
  room: 'a message left the queue, so its message may fit now',
};
/** The function and line that wakes, for each reason. */
const MSG_WAKE_AT: Readonly<Record<MsgWakeWhy, readonly [FnName, string]>> = {
  message: ['pipelined_send', 'hand'],
  e2big: ['pipelined_send', 'e2big'],
  eidrm: ['expunge_all', 'wake'],
  eagain: ['expunge_all', 'wake'],
  room: ['ss_wakeup', 'wake'],
};
/** Who queued the wake-up (EIDRM of a sender comes from ss_wakeup's kill pass: named by the entry point). */
function msgWaker(why: MsgWakeWhy, c: CodeContext): string {
  if (why === 'eidrm' && c.entry === 'sys_msgctl') return 'freeque';
  return MSG_WAKE_AT[why][0];
}
function msgWakeVia(why: MsgWakeWhy, c: CodeContext): string[] {
  if (why === 'message' || why === 'e2big') return ['do_msgsnd'];
  if (why === 'room') return [c.entry === 'sys_msgctl' ? 'msgctl_down' : 'do_msgrcv'];
  return why === 'eidrm' ? ['msgctl_down', 'freeque'] : ['msgctl_down'];
}

export const EVENT_CODE = {
  stmt_begin: { mechanism: 'ipc', at: (ev, c) => ({ fn: c.entry, line: 'entry', why: `The statement on line ${ev.line} enters the kernel: ${ev.text}.` }) },
  stmt_end: { mechanism: 'ipc', at: (ev, c) => ({ fn: c.entry, line: 'ret', why: `The system call returns ${ev.result}.` }) },

  // --- radix-tree IDR ---------------------------------------------------------------
  idr_visit: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: idrFn(ev.op),
      line: ev.op === 'alloc' ? 'descend' : ev.op === 'get_next' ? 'chunk' : ev.op === 'find' ? 'descend' : 'lookup',
      via: idrVia(ev.op, c),
      why: `${ev.op === 'alloc' ? 'Looking for a free slot' : 'Looking the id up'}: node ${ev.node} (shift ${ev.shift}), slot ${ev.offset} is the one covering it.`,
    }),
  },
  idr_slot: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: idrFn(ev.op),
      line: ev.op === 'get_next' ? (ev.found ? 'found' : 'skip') : 'descend',
      via: idrVia(ev.op, c),
      why: ev.found ? `Slot ${ev.offset} of node ${ev.node} holds an entry: the search stops here.` : `Slot ${ev.offset} of node ${ev.node} is empty or reserved: the search moves on.`,
    }),
  },
  idr_grow: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_get_free', line: 'extend', via: idrVia('alloc', c), why: `The id is beyond what the tree covers, so a new root (node ${ev.node}, shift ${ev.shift}) goes on top.` }),
  },
  idr_shrink: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: 'idr_remove',
      line: 'delete',
      via: idrVia('remove', c),
      why: `The root has only its first slot in use, so node ${ev.node} (shift ${ev.shift}) is dropped and the tree gets shallower.`,
    }),
  },
  idr_node_new: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: 'idr_get_free',
      line: 'node',
      via: idrVia('alloc', c),
      why: `No node below ${ev.parent === null ? 'the root' : `node ${ev.parent}`} covers the id yet: node ${ev.node} is allocated (shift ${ev.shift}).`,
    }),
  },
  idr_node_free: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_remove', line: 'delete', via: idrVia('remove', c), why: `Node ${ev.node} holds nothing any more, so it is freed.` }),
  },
  idr_tag: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.free
        ? {
            fn: 'idr_remove',
            line: 'tag',
            via: idrVia('remove', c),
            why: `Slot ${ev.offset} of ${ev.node === null ? 'the root' : `node ${ev.node}`} is free again: its IDR_FREE bit is set, so later allocations look here.`,
          }
        : {
            fn: 'idr_alloc',
            line: 'store',
            via: idrVia('alloc', c),
            why: `No free slot is left below slot ${ev.offset} of ${ev.node === null ? 'the root' : `node ${ev.node}`}: its IDR_FREE bit is cleared so searches skip it.`,
          },
  },
  idr_store: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.entry === 'empty'
        ? { fn: 'idr_remove', line: 'clear', via: idrVia('remove', c), why: `Id ${ev.index} is removed: slot ${ev.offset} of node ${ev.node} becomes empty.` }
        : c.idrOp === 'replace'
          ? { fn: 'idr_replace', line: 'store', via: idrVia('replace', c), why: `The new object is installed at id ${ev.index}: until now the slot held a reserved NULL.` }
          : {
              fn: 'idr_alloc',
              line: 'store',
              via: idrVia('alloc', c),
              why: `Id ${ev.index} is taken: slot ${ev.offset} of node ${ev.node} now holds ${ev.entry === 'null' ? 'a reserved NULL (the object is installed later)' : 'the entry'}.`,
            },
  },
  idr_result: {
    mechanism: 'idr',
    at: (ev, c) => {
      const via = idrVia(ev.op, c);
      switch (ev.op) {
        case 'alloc':
          return { fn: 'idr_alloc', line: ev.ok ? 'ret' : 'full', via, why: ev.ok ? `The allocation returns id ${ev.index}.` : `No free id in the range: the allocation fails with ${ev.index}.` };
        case 'find':
          return { fn: 'idr_find', line: 'ret', via, why: ev.ok ? `Id ${ev.index} is found.` : `Nothing at id ${ev.index}: the lookup returns NULL.` };
        case 'get_next':
          return { fn: 'idr_get_next', line: ev.ok ? 'found' : 'none', via, why: ev.ok ? `The next used id is ${ev.index}.` : 'No used id at or after the start: NULL.' };
        case 'remove':
          return { fn: 'idr_remove', line: 'ret', via, why: ev.ok ? `Id ${ev.index} is removed.` : `Id ${ev.index} was not allocated.` };
        case 'replace':
          return { fn: 'idr_replace', line: ev.ok ? 'ret' : 'check', via, why: ev.ok ? `Id ${ev.index} now points to the new object.` : `Id ${ev.index} is free: -ENOENT.` };
      }
    },
  },

  // --- idr_layer IDR (2.6.25 … 4.10) ---------------------------------------------------
  idr_layer_visit: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: layerFn(ev.op),
      line: layerVisitLine(ev.op),
      via: idrVia(ev.op, c),
      why:
        ev.op === 'alloc'
          ? ev.offset >= 64
            ? `Layer ${ev.layer} (level ${ev.level}) has no free slot below the id: the search climbs.`
            : `Layer ${ev.layer} (level ${ev.level}): slot ${ev.offset} is the first with room (its bitmap bit is clear).`
          : `Layer ${ev.layer} (level ${ev.level}), slot ${ev.offset} leads to the id.`,
    }),
  },
  idr_layer_new: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_get_empty_slot', line: 'new', via: idrVia('alloc', c), why: `No layer below slot ${ev.offset} yet: layer ${ev.layer} (level ${ev.level}) comes off the free list.` }),
  },
  idr_layer_grow: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_get_empty_slot', line: 'grow', via: idrVia('alloc', c), why: `The id needs more levels: layer ${ev.layer} goes on top (${ev.layers} layers now).` }),
  },
  idr_layer_drop: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_layer_remove', line: 'drop', via: idrVia('remove', c), why: `The top layer holds only slot 0: layer ${ev.layer} is dropped (${ev.layers} layers left).` }),
  },
  idr_layer_release: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: 'idr_layer_remove',
      line: 'free',
      via: idrVia('remove', c),
      why: ev.to === 'rcu' ? `Layer ${ev.layer} is empty: it is freed after an RCU grace period (readers may still walk it).` : `Layer ${ev.layer} is empty: it goes back to the free list.`,
    }),
  },
  idr_layer_prealloc: {
    mechanism: 'idr',
    at: (ev) => ({ fn: 'idr_pre_get', line: 'fill', via: ['ipc_addid'], why: `idr_pre_get fills the free list before the allocation (layer ${ev.layer}; ${ev.free_cnt} spare now).` }),
  },
  idr_layer_trim: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_layer_remove', line: 'trim', via: idrVia('remove', c), why: `The free list is over its limit: layer ${ev.layer} goes back to the slab (${ev.free_cnt} spare left).` }),
  },
  idr_layer_bit: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.full
        ? { fn: 'idr_get_empty_slot', line: 'bits', via: idrVia('alloc', c), why: `Slot ${ev.offset} of layer ${ev.layer} is now full: its bitmap bit is set so later searches skip it.` }
        : { fn: 'idr_layer_remove', line: 'sub_remove', via: idrVia('remove', c), why: `Slot ${ev.offset} of layer ${ev.layer} has room again: its bitmap bit is cleared.` },
  },
  idr_layer_store: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.entry === 'empty'
        ? { fn: 'idr_layer_remove', line: 'sub_remove', via: idrVia('remove', c), why: `Id ${ev.index} is removed from slot ${ev.offset} of layer ${ev.layer}.` }
        : { fn: 'idr_get_empty_slot', line: 'store', via: idrVia('alloc', c), why: `Id ${ev.index} is taken: slot ${ev.offset} of layer ${ev.layer}.` },
  },
  idr_layer_warning: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_layer_remove', line: 'warn', via: idrVia('remove', c), why: `Id ${ev.id} is not allocated: idr_remove warns in the kernel log.` }),
  },
  idr_layer_result: {
    mechanism: 'idr',
    at: (ev, c) => {
      const via = idrVia(ev.op, c);
      if (ev.op === 'alloc') return { fn: 'idr_get_empty_slot', line: 'ret', via, why: ev.ok ? `The allocation returns id ${ev.index}.` : `The allocation fails with ${ev.index}.` };
      if (ev.op === 'find') return { fn: 'idr_layer_find', line: 'ret', via, why: ev.ok ? `Id ${ev.index} is found.` : `Nothing at id ${ev.index}.` };
      if (ev.op === 'get_next') return { fn: 'idr_layer_get_next', line: 'ret', via, why: ev.ok ? `The next used id is ${ev.index}.` : 'No used id at or after the start.' };
      return { fn: 'idr_layer_remove', line: ev.ok ? 'sub_remove' : 'warn', via, why: ev.ok ? `Id ${ev.index} is removed.` : `Id ${ev.index} was not allocated.` };
    },
  },

  // --- ipc/util.c ----------------------------------------------------------------------
  ipc_idr_alloc: {
    mechanism: 'ipc',
    at: (ev, c) =>
      before(c.release, '5.1')
        ? { fn: 'ipc_addid', line: 'alloc', via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget'], why: ev.idx < 0 ? `No index is free: ${ev.idx}.` : `The lowest free index, ${ev.idx}, is taken.` }
        : {
            fn: 'ipc_idr_alloc',
            line: ev.next_id >= 0 ? 'fixed' : ev.seq_bump ? 'bump' : 'cyclic',
            via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget', 'ipc_addid'],
            why:
              ev.next_id >= 0
                ? `The *_next_id sysctl asks for id ${ev.next_id}: index ${ev.idx} exactly, then the sysctl resets to -1.`
                : ev.seq_bump
                  ? `The cyclic search wrapped to index ${ev.idx} (not above the last one), so the sequence number goes up to ${ev.seq}.`
                  : `The cyclic search takes index ${ev.idx}, the first free one after the last allocated (below ${ev.window}).`,
          },
  },
  ipc_addid: {
    mechanism: 'ipc',
    at: (ev, c) => ({ fn: 'ipc_addid', line: 'seq', via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget'], why: `Index ${ev.idx} with sequence ${ev.seq} makes the id ${ev.id} (seq × ipc_mni + idx).` }),
  },
  ipc_findkey: {
    mechanism: 'ipc',
    at: (ev) => ({
      fn: 'ipc_findkey',
      line: ev.id === null ? 'ret' : 'lookup',
      via: ['ipcget'],
      why: ev.id === null ? `No ${ev.ipc} object has key ${ev.key}: a new one is created if IPC_CREAT is set.` : `Key ${ev.key} is already id ${ev.id}.`,
    }),
  },
  ipc_findkey_step: {
    mechanism: 'keyht',
    at: (ev) => ({
      fn: 'ipc_findkey',
      line: ev.key === null ? 'walk' : 'compare',
      via: ['ipcget'],
      why:
        ev.key === null
          ? `Index ${ev.idx} is empty: the walk goes on.`
          : ev.match
            ? `The object at index ${ev.idx} has the key: the walk stops.`
            : `The object at index ${ev.idx} has key ${ev.key}, not this one: one more of in_use seen.`,
    }),
  },
  rht_bucket: {
    mechanism: 'keyht',
    at: (ev, c) =>
      ev.op === 'lookup'
        ? {
            fn: 'rhashtable_lookup_fast',
            line: 'hash',
            via: ['ipcget', 'ipc_findkey'],
            why: `jhash2 of key ${ev.key} with the table's seed picks bucket ${ev.bucket} of ${ev.size}, a chain of ${ev.chain}.`,
          }
        : ev.op === 'insert'
          ? {
              fn: 'rhashtable_insert_fast',
              line: 'head',
              via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget', 'ipc_addid'],
              why: `Key ${ev.key} goes to the head of bucket ${ev.bucket}, now a chain of ${ev.chain}.`,
            }
          : { fn: 'rhashtable_remove_fast', line: 'unlink', via: [DOWN_FN[c.entry] ?? 'ipc_rmid', 'ipc_rmid'], why: `Key ${ev.key} leaves bucket ${ev.bucket}, now a chain of ${ev.chain}.` },
  },
  rht_step: {
    mechanism: 'keyht',
    at: (ev) => ({
      fn: 'rhashtable_lookup_fast',
      line: 'compare',
      via: ['ipcget', 'ipc_findkey'],
      why: ev.match ? `Entry ${ev.pos} of bucket ${ev.bucket} has the key.` : `Entry ${ev.pos} of bucket ${ev.bucket} has key ${ev.key}: the chain goes on.`,
    }),
  },
  rht_rehash: {
    mechanism: 'keyht',
    at: (ev) => ({
      fn: 'rht_deferred_worker',
      line: ev.to > ev.from ? 'grow' : 'shrink',
      why:
        ev.to > ev.from
          ? `${ev.nelems} keys are above 75% of ${ev.from} buckets: the table doubles to ${ev.to}, ${ev.moved} entries rehashed with a new seed.`
          : `${ev.nelems} keys are below 30% of ${ev.from} buckets: the table shrinks to ${ev.to}, ${ev.moved} entries rehashed with a new seed.`,
    }),
  },
  ipc_rmid: {
    mechanism: 'ipc',
    at: (ev, c) => ({
      fn: 'ipc_rmid',
      line: 'in_use',
      via: [DOWN_FN[c.entry] ?? 'ipc_rmid'],
      why: `The ${ev.ipc} object at index ${ev.idx} is removed: in_use goes down${c.config.ipc_maxidx === 'none' ? '' : ', and if it was the highest max_idx must be refreshed'}.`,
    }),
  },
  maxidx_probe: {
    mechanism: 'maxidx',
    at: (ev, c) => ({
      fn: 'ipc_search_maxidx',
      line: 'probe',
      via: maxidxVia(c),
      why:
        ev.hit === null
          ? `Bit ${ev.bit}: idr_get_next(${ev.probe}) misses (no index at or above ${ev.probe}), so max_idx < ${ev.probe}: the bit stays 0${ev.bit === 0 ? '' : ' and the search goes on below'} (r = ${ev.r}${ev.bit === 0 ? `: max_idx is ${ev.r - 1}` : ''}).`
          : `Bit ${ev.bit}: idr_get_next(${ev.probe}) hits index ${ev.hit}, so max_idx ≥ ${ev.probe}: the bit is set${ev.bit === 0 ? '' : ' and the search goes on above'} (r = ${ev.r}${ev.bit === 0 ? `: max_idx is ${ev.r - 1}` : ''}).`,
    }),
  },
  maxidx_step: {
    mechanism: 'maxidx',
    at: (ev, c) =>
      c.config.ipc_maxidx === 'linear' && c.removed
        ? {
            fn: 'ipc_rmid',
            line: 'stepdown',
            via: [DOWN_FN[c.entry] ?? 'ipc_rmid'],
            why: ev.hit ? `Index ${ev.idx} is used: the step-down stops here.` : `Index ${ev.idx} is empty: one more step down.`,
          }
        : {
            fn: 'ipc_get_maxid',
            line: 'walk',
            via: ['msgctl_info'],
            why: ev.hit ? `Index ${ev.idx} is used: it is counted, and it is the highest so far.` : `Index ${ev.idx} is empty: the walk goes on until it has seen in_use objects.`,
          },
  },
  maxidx_result: {
    mechanism: 'maxidx',
    at: (ev, c) => {
      const why = `max_idx is now ${ev.max_idx}${ev.max_idx < 0 ? ' (no object left)' : ''}.`;
      if (c.config.ipc_maxidx === 'linear' && c.removed) return { fn: 'ipc_rmid', line: 'set', via: [DOWN_FN[c.entry] ?? 'ipc_rmid'], why };
      if (c.config.ipc_maxidx === 'none') return { fn: 'ipc_get_maxid', line: 'ret', via: ['msgctl_info'], why };
      return { fn: 'ipc_search_maxidx', line: 'ret', via: maxidxVia(c), why };
    },
  },

  // --- ipc/msg.c -------------------------------------------------------------------------
  msg_send: {
    mechanism: 'msg',
    at: (ev) => ({
      fn: 'do_msgsnd',
      line: ev.how === 'pipelined' ? 'pipelined' : 'queue',
      why:
        ev.how === 'pipelined'
          ? `A receiver was waiting for type ${ev.mtype}: it gets the ${ev.size}-byte message directly.`
          : `No receiver waits for it: the ${ev.size}-byte message of type ${ev.mtype} is queued.`,
    }),
  },
  msg_recv: {
    mechanism: 'msg',
    at: (ev) => ({
      fn: 'do_msgrcv',
      line: ev.how === 'copy' ? 'copy' : 'remove',
      why: `${ev.steps === 1 ? 'The first message' : `Message ${ev.steps} of the queue`} matches type ${ev.mtype}: ${ev.how === 'copy' ? 'MSG_COPY copies it and leaves it queued' : `its ${ev.size} bytes are taken off the queue`}.`,
    }),
  },
  msg_block: {
    mechanism: 'msg',
    at: (ev) =>
      ev.call === 'msgsnd'
        ? { fn: 'do_msgsnd', line: 'sleep', why: `The queue has no room for the ${ev.size}-byte message of type ${ev.mtype}: task ${ev.pid} sleeps on q_senders.` }
        : { fn: 'do_msgrcv', line: 'sleep', why: `No message matches type ${ev.mtype}: task ${ev.pid} sleeps on q_receivers with a ${ev.size}-byte buffer.` },
  },
  msg_wake: {
    mechanism: 'msg',
    at: (ev, c) => {
      const what = MSG_WAKE_WHY[ev.why];
      if (ev.deferred) return { fn: 'wake_up_q', line: 'wake', via: [msgWaker(ev.why, c)], why: `After the unlock, task ${ev.pid} is woken: ${what}.` };
      const at = MSG_WAKE_AT[ev.why];
      return { fn: at[0], line: at[1], via: msgWakeVia(ev.why, c), why: `Task ${ev.pid} is woken under the queue lock (before 4.9): ${what}.` };
    },
  },

  // --- ipc/sem.c ------------------------------------------------------------------------------
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

  // --- ipc/shm.c attachments ------------------------------------------------------------------
  shm_attach: {
    mechanism: 'shm',
    at: (ev) => ({ fn: 'do_shmat', line: 'ret', why: `Segment ${ev.id} is attached at ${ev.addr} in process ${ev.pid} (ADDR(${ev.k})): nattch is ${ev.nattch}.` }),
  },
  shm_vma_open: {
    mechanism: 'shm',
    at: (ev, c) => ({
      fn: 'shm_open',
      line: 'count',
      via: c.entry === 'sys_shmat' ? ['do_shmat', 'do_mmap', 'shm_mmap'] : ['do_munmap', '__split_vma'],
      why:
        c.entry === 'sys_shmat'
          ? `A new mapping of segment ${ev.id} at ${ev.addr}: nattch counts it (${ev.nattch}), atime and lpid are updated.`
          : `A mapping of segment ${ev.id} is split at ${ev.addr}: the new piece is one more VMA, so nattch is ${ev.nattch}.`,
    }),
  },
  shm_vma_close: {
    mechanism: 'shm',
    at: (ev, c) => ({
      fn: 'shm_close',
      line: 'count',
      via: c.entry === 'sys_shmdt' ? ['ksys_shmdt', 'do_munmap'] : c.entry === 'sys_shmat' ? ['do_shmat', 'do_mmap', 'do_munmap'] : ['do_exit', 'exit_mm'],
      why: `The mapping of segment ${ev.id} at ${ev.addr} goes: nattch drops to ${ev.nattch}, dtime and lpid are updated.`,
    }),
  },
  shm_dest: {
    mechanism: 'shm',
    at: (ev) => ({
      fn: 'do_shm_rmid',
      line: 'dest',
      via: ['shmctl_down'],
      why: `Segment ${ev.id} is still attached ${ev.nattch === 1 ? 'once' : `${ev.nattch} times`}: it is only marked SHM_DEST and its key becomes IPC_PRIVATE; it goes at its last detach.`,
    }),
  },
  shm_destroy: {
    mechanism: 'shm',
    at: (ev) => {
      switch (ev.why) {
        case 'rmid':
          return { fn: 'shm_destroy', line: 'rmid', via: ['shmctl_down', 'do_shm_rmid'], why: `Segment ${ev.id} is removed and nobody has it attached: it goes at once.` };
        case 'last_detach':
          return { fn: 'shm_close', line: 'destroy', why: `That was the last mapping of segment ${ev.id}, which was removed (or shm_rmid_forced is on): it goes now.` };
        case 'creator_exit':
          return { fn: 'exit_shm', line: 'forced', via: ['do_exit'], why: `The creator of segment ${ev.id} exits with shm_rmid_forced on and nobody has it attached: it goes.` };
        case 'orphan_sweep':
          return { fn: 'shm_destroy_orphaned', line: 'walk', via: ['proc_ipc_dointvec_minmax_orphans'], why: `Segment ${ev.id} has no creator left and nobody attached: shm_rmid_forced destroys it.` };
        case 'shmat_failed':
          return { fn: 'do_shmat', line: 'release', why: `This shmat failed after taking its temporary count; dropping it leaves segment ${ev.id} unattached under shm_rmid_forced, so it goes.` };
      }
    },
  },
  shm_orphan: {
    mechanism: 'shm',
    at: (ev) => ({ fn: 'exit_shm', line: 'orphan', via: ['do_exit'], why: `Process ${ev.pid} created segment ${ev.id} and exits: the segment stays, now an orphan (no creator).` }),
  },

  // --- fs/seq_file.c -----------------------------------------------------------------------
  seq_read: { mechanism: 'seq_file', at: (ev) => ({ fn: 'seq_read_iter', line: 'entry', why: `read() of ${ev.path} at offset ${ev.pos} asks for ${ev.count} bytes.` }) },
  seq_start: {
    mechanism: 'seq_file',
    at: (ev) => ({ fn: 'seq_read_iter', line: 'start', why: `start() finds the record at position ${ev.pos}${ev.pos > 0 ? ' again (each read starts over at its position)' : ''}.` }),
  },
  seq_next: { mechanism: 'seq_file', at: (ev) => ({ fn: 'seq_read_iter', line: 'next', why: `The record fitted, so next() moves to position ${ev.pos}.` }) },
  seq_show: {
    mechanism: 'seq_file',
    at: (ev) => ({
      fn: 'seq_read_iter',
      line: ev.overflow ? 'overflow' : 'show',
      why: ev.overflow ? `The record at ${ev.pos} does not fit the buffer: it is dropped and shown again in the next read().` : `show() writes the record at ${ev.pos}: ${ev.bytes} bytes.`,
    }),
  },
  seq_stop: {
    mechanism: 'seq_file',
    at: (ev) => ({ fn: 'seq_read_iter', line: 'stop', why: `The buffer holds ${ev.bytes} bytes (full, or the end of the file): stop(), then the copy to the user.` }),
  },

  // --- lib/rbtree.c, fs/proc --------------------------------------------------------------
  rb_compare: {
    mechanism: 'rbtree',
    at: (ev, c) => ({
      fn: rbInsertFn(c),
      line: ev.dir < 0 ? 'left' : ev.dir > 0 ? 'right' : 'dup',
      via: rbInsertVia(c),
      why:
        c.rbName === null || c.rbOrder === null
          ? ev.dir === 0
            ? `The name equals ${ev.key}: already there.`
            : `The name sorts ${ev.dir < 0 ? 'before' : 'after'} ${ev.key}: go ${ev.dir < 0 ? 'left' : 'right'}.`
          : ev.dir === 0
            ? `${c.rbName} against ${ev.key}: the same name, so the descent stops here.`
            : `${c.rbName} against ${ev.key}: ${orderWhy(c.rbName, ev.key, c.rbOrder)}, so ${c.rbName} sorts ${ev.dir < 0 ? 'before' : 'after'} it: go ${ev.dir < 0 ? 'left' : 'right'}.`,
    }),
  },
  rb_link: {
    mechanism: 'rbtree',
    at: (ev, c) => ({
      fn: rbInsertFn(c),
      line: 'link',
      via: rbInsertVia(c),
      why: ev.parent === null ? `${ev.key} becomes the root.` : `An empty link is reached: ${ev.key} is linked as the ${ev.dir} child of node ${ev.parent}, red.`,
    }),
  },
  rb_rotate: {
    mechanism: 'rbtree',
    at: (ev, c) =>
      c.rbCase?.op === 'erase'
        ? { fn: 'rb_erase_color', line: `case${c.rbCase.n}`, via: ['rb_erase'], why: `Erase fix-up case ${c.rbCase.n}: rotate ${ev.dir} at node ${ev.pivot} to move a black node into the short side.` }
        : {
            fn: 'rb_insert_color',
            line: c.rbCase?.n === 2 ? 'case2' : 'case3',
            via: [rbInsertFn(c)],
            why: `Insert fix-up case ${c.rbCase?.n ?? 3}: the red parent and child are in a line${c.rbCase?.n === 2 ? ' after this' : ''}, so rotate ${ev.dir} at node ${ev.pivot}.`,
          },
  },
  rb_recolour: {
    mechanism: 'rbtree',
    at: (ev, c) =>
      c.rbCase === null
        ? { fn: 'rb_insert_color', line: 'root', via: [rbInsertFn(c)], why: `Node ${ev.node} is the root, so it is black.` }
        : c.rbCase.op === 'erase'
          ? { fn: 'rb_erase_color', line: `case${c.rbCase.n}`, via: ['rb_erase'], why: `Erase fix-up case ${c.rbCase.n}: node ${ev.node} turns ${ev.colour}.` }
          : {
              fn: 'rb_insert_color',
              line: c.rbCase.n === 1 ? 'case1' : 'case3',
              via: [rbInsertFn(c)],
              why: c.rbCase.n === 1 ? `Case 1 (red uncle): node ${ev.node} turns ${ev.colour}, pushing the red up.` : `Case 3: node ${ev.node} turns ${ev.colour} after the rotation.`,
            },
  },
  rb_case: {
    mechanism: 'rbtree',
    at: (ev, c) =>
      ev.op === 'erase'
        ? { fn: 'rb_erase_color', line: `case${Math.min(4, Math.max(1, ev.case))}`, via: ['rb_erase'], why: `The erase left one black node missing: fix-up case ${ev.case}.` }
        : {
            fn: 'rb_insert_color',
            line: `case${Math.min(3, Math.max(1, ev.case))}`,
            via: [rbInsertFn(c)],
            why: `The new red node has a red parent: fix-up case ${ev.case}${ev.case === 1 ? ' (the uncle is red too)' : ev.case === 2 ? ' (it is the inner grandchild)' : ' (it is the outer grandchild)'}.`,
          },
  },
  rb_erase: { mechanism: 'rbtree', at: (ev) => ({ fn: 'rb_erase', line: 'unlink', via: ['remove_proc_entry'], why: `${ev.key} is unlinked from the tree (node ${ev.node}).` }) },
  list_step: {
    mechanism: 'procfs',
    at: (ev) => ({ fn: 'proc_register', line: 'walk', why: `Before 3.19 every registration compares the new name with each entry of the list: here ${ev.key}.` }),
  },
  proc_register: {
    mechanism: 'procfs',
    at: (ev, c) => ({
      fn: 'proc_register',
      line: c.config.proc_dir === 'list' ? 'link' : 'insert',
      why: `/proc/${ev.dir}/${ev.name} is registered (inode ${ev.low_ino})${c.config.proc_dir === 'list' ? ', at the head of the list' : ' in the rb-tree'}.`,
    }),
  },
  proc_remove: { mechanism: 'procfs', at: (ev) => ({ fn: 'remove_proc_entry', line: 'unlink', why: `/proc/${ev.dir}/${ev.name} goes with its device.` }) },
  proc_warn: { mechanism: 'procfs', at: (ev) => ({ fn: 'proc_register', line: 'warn', why: `The kernel warns: ${ev.message}.` }) },
  getdents: {
    mechanism: 'procfs',
    at: (ev) => ({
      fn: 'proc_readdir_de',
      line: ev.skipped > 0 ? 'skip' : 'emit',
      via: ['proc_readdir'],
      why: `getdents at position ${ev.pos} of /proc/${ev.dir}: ${ev.skipped} entries skipped from the first, ${ev.emitted} returned.`,
    }),
  },

  // --- net/core ------------------------------------------------------------------------------
  dev_name_scan: {
    mechanism: 'netdev',
    at: (ev) => ({
      fn: '__dev_alloc_name',
      line: 'scan',
      via: ['register_netdevice', 'dev_get_valid_name'],
      why: ev.bit === null ? `sscanf: ${ev.name} does not match the pattern.` : `sscanf: ${ev.name} claims number ${ev.bit}.`,
    }),
  },
  dev_name_alloc: {
    mechanism: 'netdev',
    at: (ev) => ({ fn: '__dev_alloc_name', line: 'first', via: ['register_netdevice', 'dev_get_valid_name'], why: `${ev.bit} is the first number no device claims: the name is ${ev.name}.` }),
  },
  netdev_register: { mechanism: 'netdev', at: (ev) => ({ fn: 'register_netdevice', line: 'list', via: ['rtnl_create_link'], why: `${ev.name} is registered as ifindex ${ev.ifindex}.` }) },
  netdev_unregister: { mechanism: 'netdev', at: (ev) => ({ fn: 'unregister_netdevice_many', line: 'unlist', why: `${ev.name} (ifindex ${ev.ifindex}) is unregistered.` }) },
  rtnl_request: {
    mechanism: 'netdev',
    at: (ev) => ({ fn: ev.op === 'newlink' ? 'rtnl_newlink' : 'rtnl_dellink', line: 'ret', why: `RTM_${ev.op.toUpperCase()} answers ${ev.ret === 0 ? '0 (done)' : ev.ret}.` }),
  },

  // --- lib/percpu_counter.c -------------------------------------------------------------------
  percpu_add: {
    mechanism: 'percpu',
    at: (ev, c) => ({
      fn: 'percpu_counter_add_batch',
      line: 'local',
      via: [c.entry === 'sys_msgrcv' ? 'do_msgrcv' : 'do_msgsnd', 'percpu_counter_add_local'],
      why: `${ev.counter} += ${ev.amount} on CPU ${ev.cpu}: below the batch, so only its cell changes (now ${ev.local}).`,
    }),
  },
  percpu_fold: {
    mechanism: 'percpu',
    at: (ev, c) => ({
      fn: 'percpu_counter_add_batch',
      line: 'fold',
      via: [c.entry === 'sys_msgrcv' ? 'do_msgrcv' : 'do_msgsnd', 'percpu_counter_add_local'],
      why: `CPU ${ev.cpu}'s cell would reach the batch: it is folded into the shared count (now ${ev.count}).`,
    }),
  },
  percpu_sum: { mechanism: 'percpu', at: (ev) => ({ fn: 'percpu_counter_sum', line: 'loop', via: ['msgctl_info'], why: `MSG_INFO sums ${ev.counter} over every CPU: ${ev.value}.` }) },
  atomic_add: {
    mechanism: 'percpu',
    at: (ev, c) =>
      c.entry === 'sys_msgrcv'
        ? { fn: 'do_msgrcv', line: 'remove', why: `${ev.counter} ${ev.amount < 0 ? '−' : '+'}= ${Math.abs(ev.amount)}: one locked add on the shared cache line (now ${ev.value}).` }
        : { fn: 'do_msgsnd', line: 'counters', why: `${ev.counter} += ${ev.amount}: one locked add on the shared cache line (now ${ev.value}).` },
  },
  atomic_read: { mechanism: 'percpu', at: (ev) => ({ fn: 'msgctl_info', line: 'counts', why: `MSG_INFO reads ${ev.counter}: ${ev.value}, one plain load.` }) },

  // --- the multi-CPU model ---------------------------------------------------------------------
  smp_cpu: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'cpu', why: `CPU ${ev.cpu} is ${ev.state} from ${ev.t0} to ${ev.t1} ns.` }) },
  smp_line: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'line', why: `${ev.line} moves to CPU ${ev.to} (${ev.how}, ${ev.ns} ns).` }) },
  smp_lock: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'lock', why: `Task ${ev.task} on CPU ${ev.cpu}: ${ev.op} ${ev.lock}.` }) },
  smp_op: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'op', why: `Task ${ev.task}: ${ev.text} = ${ev.result}.` }) },
  smp_wake: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'wake', why: `Task ${ev.from_task} wakes task ${ev.task}.` }) },
} satisfies EventCodeTable;

/** The mechanism an event kind belongs to (here, not in code_track, so the page can group events without the listings). */
export function mechanismOf(kind: TraceEvent['kind']): Mechanism {
  return EVENT_CODE[kind].mechanism;
}
