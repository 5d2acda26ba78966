/**
 * ipc/msg.c of Linux 6.18, the message path: msgget (newque), msgsnd
 * (do_msgsnd with the pipelined hand-over to a sleeping receiver), msgrcv
 * (do_msgrcv, convert_mode, find_msg, MSG_COPY) and queue removal (freeque).
 * msgctl lives in msgctl.ts, the payloads (ipc/msgutil.c: load_msg,
 * store_msg) in msgutil.ts.
 *
 * Sleeping: do_msgsnd/do_msgrcv are one pass of the kernel's loop; where the
 * kernel would sleep they return BLOCK. A caller that sleeps (the processes
 * of a multi-process workload: msg_sleep.ts; the multi-CPU tasks:
 * smp/task_syscalls.ts) links a msg_sender / msg_receiver on the queue and
 * runs the pass again when woken. pipelined_send, expunge_all and
 * ss_wakeup mark the entries they wake (and the task's wait, msg_sleep.ts);
 * the wake-ups themselves go out after the operation (wake_q, 4.9+) or at
 * the point of waking, under the queue lock (msg_wakeup 'locked', < 4.9):
 * the `msg_wake` trace events say which.
 *
 * Simplified: no LSM hooks; a message of the language's size form (zero
 * bytes) keeps no text (mtext null), only its size; the permission checks are
 * util.ts's ipcperms (the credentials of the caller are its hook).
 *
 * Glossary: m_ts = message size; q_qbytes = queue capacity, which caps both
 * the bytes and the number of messages; msgmax = per-message limit, checked at
 * send time; msgmnb = default q_qbytes, sampled when a queue is created;
 * wake_q = the list of tasks to wake once the lock is dropped.
 */
import type { Kernel } from '../kernel';
import type { Probe } from '../probe';
import type { SeqFile } from '../fs/seq_file';
import { seq_put_row, seq_row } from '../fs/seq_printf';
import { E2BIG, EACCES, EAGAIN, EIDRM, EINVAL, ENOMSG } from '../uapi/errno';
import { IPC_NOWAIT, MSG_COPY, MSG_EXCEPT, MSG_NOERROR } from '../uapi/ipc';
import { IPC_MSG_IDS, msg_list_add, NO_LIST, type IpcIds, type MsgMsg, type MsgQueue } from './namespace';
import { msg_counter_add } from './msg_counters';
import { load_msg } from './msgutil';
import { ipc_addid, ipc_addid_refuses, ipc_obtain_object_check, ipc_rmid, ipcget, ipcperms, S_IRUGO, S_IRWXUGO, S_IWUGO, type IpcOps, type IpcParams } from './util';
import { current_cred, task_tgid } from '../kernel/task';

/**
 * Returned by do_msgsnd/do_msgrcv where the caller would sleep (queue full,
 * no matching message, no IPC_NOWAIT). Not an errno: the caller queues
 * itself and sleeps, or (a single task) is interrupted at once (-EINTR).
 */
export const BLOCK = -0x10000;

export const SEARCH_ANY = 1;
export const SEARCH_EQUAL = 2;
export const SEARCH_NOTEQUAL = 3;
export const SEARCH_LESSEQUAL = 4;
export const SEARCH_NUMBER = 5;

const LONG_MAX = 0x7fffffffffffffffn;
const LONG_MIN = -0x8000000000000000n;
/** size_t values ≥ 2^63 are negative as `long` */
const SSIZE_LIMIT = 0x8000000000000000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function msg_ids(k: Kernel): IpcIds<MsgQueue> {
  return k.state.ipc.ids[IPC_MSG_IDS];
}

/** newque: a new empty queue with q_qbytes = msgmni's sibling msgmnb. Return: id, -ENOSPC. */
function newque(k: Kernel, params: IpcParams): number {
  const ns = k.state.ipc;
  const ids = msg_ids(k);
  const full = ipc_addid_refuses(ns, ids, ns.msg_ctlmni, k.probe);
  if (full) return full;
  const msq: MsgQueue = {
    key: params.key,
    id: -1,
    seq: 0,
    mode: params.flg & S_IRWXUGO,
    uid: 0,
    gid: 0,
    cuid: 0,
    cgid: 0,
    deleted: false,
    q_stime: 0,
    q_rtime: 0,
    q_ctime: k.config.clock,
    q_cbytes: 0,
    q_qnum: 0,
    q_qbytes: ns.msg_ctlmnb,
    q_lspid: 0,
    q_lrpid: 0,
    q_messages: NO_LIST,
    q_receivers: NO_LIST,
    q_senders: NO_LIST,
  };
  const idx = ipc_addid(ns, ids, msq, ns.msg_ctlmni, current_cred(k), k.probe);
  if (idx < 0) return idx;
  return msq.id;
}

const msg_ops: IpcOps<MsgQueue> = { getnew: newque, more_checks: null };

/** ksys_msgget's `struct ipc_params` (on the kernel's stack): one object, filled per call and read only during it. */
const msg_params: IpcParams = { key: 0, flg: 0, size: 0n, nsems: 0 };

/** ksys_msgget. Return: the queue id, or -ENOENT, -EEXIST, -EACCES, -ENOSPC. */
export function ksys_msgget(k: Kernel, key: number, msgflg: number): number {
  msg_params.key = key;
  msg_params.flg = msgflg;
  return ipcget(k, msg_ids(k), msg_ops, msg_params, k.probe);
}

function msg_fits_inqueue(msq: MsgQueue, msgsz: number): boolean {
  // a negative q_qbytes is at least 2^64 - 2^31: every message fits
  return msq.q_qbytes < 0 || (msgsz + msq.q_cbytes <= msq.q_qbytes && 1 + msq.q_qnum <= msq.q_qbytes);
}

/** What one operation woke: the pids, in wake_q order, and why (for the trace). */
export interface WakeQ {
  tasks: { pid: number; why: MsgWakeWhy }[];
}

export type MsgWakeWhy = 'message' | 'e2big' | 'eidrm' | 'eagain' | 'room';

/**
 * wake_q_add: `pid` is to be woken. With the 4.9+ wake_q it is woken after
 * the operation drops the lock (wake_up_q); before 4.9 (`msg_wakeup`
 * 'locked') wake_up_process runs here, under the queue lock.
 */
function wake(k: Kernel, msq: MsgQueue, q: WakeQ | null, pid: number, why: MsgWakeWhy): void {
  const p = k.probe;
  if (k.config.msg_wakeup === 'locked') {
    p.costs.msg_wakeups_locked++;
    if (p.trace) p.trace({ kind: 'msg_wake', id: msq.id, pid, why, deferred: false });
    return;
  }
  if (q === null) return;
  // a loop, not q.tasks.some(t => t.pid === pid): that closure would make every call allocate a context for pid
  for (const t of q.tasks) if (t.pid === pid) return;
  q.tasks.push({ pid, why });
}

/** wake_up_q: the tasks collected during the operation, woken now that the lock is dropped (4.9+). */
export function wake_up_q(k: Kernel, msq: MsgQueue, q: WakeQ): void {
  const p = k.probe;
  for (const t of q.tasks) {
    p.costs.msg_wakeups++;
    if (p.trace) p.trace({ kind: 'msg_wake', id: msq.id, pid: t.pid, why: t.why, deferred: true });
  }
  q.tasks.length = 0;
}

/**
 * Where a waker leaves its result: in the queue entry (the multi-CPU model
 * reads it there) and, for a process of the lockstep interpreter, in its
 * task's wait (msg_sleep.ts), since the entry leaves the list.
 */
export type MsgWokenHook = (k: Kernel, pid: number, result: MsgMsg | number) => void;
let woken_hook: MsgWokenHook | null = null;

/** msg_sleep.ts registers itself here (msg.ts does not import it, to keep the hot path free of it). */
export function set_msg_woken_hook(h: MsgWokenHook): void {
  woken_hook = h;
}

function woken(k: Kernel, pid: number, result: MsgMsg | number): void {
  if (woken_hook !== null) woken_hook(k, pid, result);
}

/**
 * ss_wakeup: wake sleeping senders. With `kill` (queue removed) all of them;
 * otherwise those whose message now fits, the others rotated to the tail
 * (the first rotated one marks where the walk began). A woken sender stays
 * on the list: it unlinks itself (ss_del) when it runs.
 */
export function ss_wakeup(msq: MsgQueue, kill: boolean, k: Kernel | null = null, q: WakeQ | null = null): void {
  const list = msq.q_senders;
  if (kill) {
    for (const mss of list) {
      mss.woken = true;
      if (k !== null) {
        wake(k, msq, q, mss.tsk, 'eidrm');
        woken(k, mss.tsk, -EIDRM);
      }
    }
    if (list.length !== 0) list.length = 0; // NO_LIST is frozen: its length cannot be stored, even unchanged
    return;
  }
  let stop = -1;
  for (let i = 0; i < list.length;) {
    const mss = list[i]!;
    if (mss.tsk === stop) break;
    if (!msg_fits_inqueue(msq, mss.msgsz)) {
      if (stop < 0) stop = mss.tsk;
      list.splice(i, 1);
      list.push(mss);
      continue;
    }
    mss.woken = true;
    if (k !== null) {
      wake(k, msq, q, mss.tsk, 'room');
      woken(k, mss.tsk, 0);
    }
    i++;
  }
}

/**
 * expunge_all: wake every sleeping receiver with `res` (-EIDRM, or -EAGAIN
 * after IPC_SET: the receiver searches again, under the new permissions).
 */
export function expunge_all(msq: MsgQueue, res: number, k: Kernel | null = null, q: WakeQ | null = null): void {
  for (const msr of msq.q_receivers) {
    msr.r_msg = res;
    if (k !== null) {
      wake(k, msq, q, msr.r_tsk, res === -EIDRM ? 'eidrm' : 'eagain');
      woken(k, msr.r_tsk, res);
    }
  }
  if (msq.q_receivers.length !== 0) msq.q_receivers.length = 0;
}

/** freeque: remove the queue (waking all waiters) and drop its messages from the namespace counters. */
export function freeque(k: Kernel, msq: MsgQueue): void {
  const ns = k.state.ipc;
  const p = k.probe;
  const q: WakeQ | null = msq.q_receivers.length + msq.q_senders.length > 0 ? { tasks: [] } : null;
  if (q !== null) {
    expunge_all(msq, -EIDRM, k, q);
    ss_wakeup(msq, true, k, q);
  }
  ipc_rmid(ns, msg_ids(k), msq, p);
  if (q !== null) wake_up_q(k, msq, q);
  for (let i = 0; i < msq.q_messages.length; i++) msg_counter_add(ns.msg_hdrs, 'msg_hdrs', -1, p);
  // 0 - x, not -x: an empty queue's -0 would be a heap number made per call (and the same 0 to the counter)
  msg_counter_add(ns.msg_bytes, 'msg_bytes', 0 - msq.q_cbytes, p);
  if (msq.q_messages.length !== 0) msq.q_messages.length = 0; // a store to length is a call into the runtime, even on an empty array
  msq.q_lspid = msq.q_lrpid = 0;
}

/** testmsg: does a message of type `m_type` match (`type`, `mode`)? */
function testmsg(m_type: bigint, type: bigint, mode: number): boolean {
  switch (mode) {
    case SEARCH_ANY:
    case SEARCH_NUMBER:
      return true;
    case SEARCH_LESSEQUAL:
      return m_type <= type;
    case SEARCH_EQUAL:
      return m_type === type;
    case SEARCH_NOTEQUAL:
      return m_type !== type;
  }
  return false;
}

/**
 * pipelined_send: hand `msg` to the first sleeping receiver that wants it.
 * A receiver whose buffer is too small is woken with -E2BIG and the search
 * goes on. Return: true if a receiver took it (the queue is not touched).
 */
function pipelined_send(k: Kernel, msq: MsgQueue, msg: MsgMsg, q: WakeQ): boolean {
  const list = msq.q_receivers;
  for (let i = 0; i < list.length;) {
    const msr = list[i]!;
    if (!testmsg(msg.m_type, msr.r_msgtype, msr.r_mode)) {
      i++;
      continue;
    }
    list.splice(i, 1);
    if (msr.r_maxsize < msg.m_ts) {
      msr.r_msg = -E2BIG;
      wake(k, msq, q, msr.r_tsk, 'e2big');
      woken(k, msr.r_tsk, -E2BIG);
      continue;
    }
    msq.q_lrpid = msr.r_tsk;
    msq.q_rtime = k.config.clock;
    msr.r_msg = msg;
    wake(k, msq, q, msr.r_tsk, 'message');
    woken(k, msr.r_tsk, msg);
    return true;
  }
  return false;
}

/**
 * do_msgsnd: send `msgsz` bytes with type `mtype`: `mtext` (a byte string
 * of that length) or, when null, zeros.
 * Return: 0; -EINVAL (size > msgmax or ≥ 2^63, msqid < 0, mtype < 1, no such
 * queue), -EACCES, -EIDRM, -EAGAIN (full, IPC_NOWAIT), or BLOCK (full).
 */
export function do_msgsnd(k: Kernel, msqid: number, mtype: bigint, msgsz_l: bigint, msgflg: number, mtext: string | null = null): number {
  const bad = msgsnd_check(k, msqid, mtype, msgsz_l);
  if (bad < 0) return bad;
  // the payload is copied in before the queue is looked up
  return msgsnd_queue(k, msqid, load_msg(mtype, Number(msgsz_l), mtext), msgflg);
}

/** do_msgsnd's argument checks, before load_msg. Return: 0 or -EINVAL (size > msgmax or ≥ 2^63, msqid < 0, mtype < 1). */
export function msgsnd_check(k: Kernel, msqid: number, mtype: bigint, msgsz_l: bigint): number {
  if (msgsz_l > k.state.ipc.msg_ctlmax || msgsz_l >= SSIZE_LIMIT || msqid < 0) return -EINVAL;
  return mtype < 1n ? -EINVAL : 0;
}

/**
 * The part of do_msgsnd after load_msg: the queue, its checks, and the
 * message handed to a receiver or queued. A woken sender runs it again
 * with the message it loaded (msg_sleep.ts).
 */
export function msgsnd_queue(k: Kernel, msqid: number, msg: MsgMsg, msgflg: number): number {
  const ns = k.state.ipc;
  const p = k.probe;
  const msgsz = msg.m_ts;
  const msq = ipc_obtain_object_check(ns, msg_ids(k), msqid, p);
  if (msq === null) return -EINVAL;

  if (ipcperms(k, msq, S_IWUGO)) return -EACCES;
  if (msq.deleted) return -EIDRM;
  if (!msg_fits_inqueue(msq, msgsz)) {
    if (msgflg & IPC_NOWAIT) return -EAGAIN;
    // The kernel queues a msg_sender here and sleeps until a receiver or
    // IPC_SET makes room (then loops back to the checks above), EIDRM, or a signal.
    return BLOCK;
  }

  msq.q_lspid = task_tgid(k);
  msq.q_stime = k.config.clock;
  const q: WakeQ | null = msq.q_receivers.length > 0 ? { tasks: [] } : null;
  const pipelined = q !== null && pipelined_send(k, msq, msg, q);
  if (!pipelined) {
    msq.q_messages = msg_list_add(msq.q_messages, msg);
    msq.q_cbytes += msgsz;
    msq.q_qnum++;
    msg_counter_add(ns.msg_bytes, 'msg_bytes', msgsz, p);
    msg_counter_add(ns.msg_hdrs, 'msg_hdrs', 1, p);
  }
  if (p.trace) p.trace({ kind: 'msg_send', id: msq.id, mtype: String(msg.m_type), size: msgsz, how: pipelined ? 'pipelined' : 'queue' });
  if (q !== null) wake_up_q(k, msq, q);
  return 0;
}

/** convert_mode: the search mode for (msgtyp, msgflg). */
function convert_mode(msgtyp: bigint, msgflg: number): number {
  if (msgflg & MSG_COPY) return SEARCH_NUMBER;
  if (msgtyp === 0n) return SEARCH_ANY;
  if (msgtyp < 0n) return SEARCH_LESSEQUAL;
  if (msgflg & MSG_EXCEPT) return SEARCH_NOTEQUAL;
  return SEARCH_EQUAL;
}

/** convert_mode with the type it leaves: LESSEQUAL searches for types ≤ |msgtyp| (-LONG_MIN does not exist, LONG_MAX stands in). */
export function msg_search(msgtyp_l: bigint, msgflg: number): { mode: number; msgtyp: bigint } {
  const mode = convert_mode(msgtyp_l, msgflg);
  return { mode, msgtyp: mode !== SEARCH_LESSEQUAL ? msgtyp_l : msgtyp_l === LONG_MIN ? LONG_MAX : -msgtyp_l };
}

/**
 * find_msg: index in q_messages of the message to receive, or -1. LESSEQUAL
 * scans the whole queue lowering its bound to each match's type − 1 (a type-1
 * match ends it); NUMBER takes the message at 0-based position `msgtyp`.
 */
function find_msg(msq: MsgQueue, msgtyp: bigint, mode: number, p: Probe): number {
  const list = msq.q_messages;
  let found = -1;
  let count = 0n;
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    p.costs.msg_find_steps++;
    if (!testmsg(m.m_type, msgtyp, mode)) continue;
    if (mode === SEARCH_LESSEQUAL && m.m_type !== 1n) {
      msgtyp = m.m_type - 1n;
      found = i;
    } else if (mode === SEARCH_NUMBER) {
      if (msgtyp === count) return i;
    } else {
      return i;
    }
    count++;
  }
  return found;
}

/**
 * do_msgrcv: receive into a buffer of `bufsz` bytes (size_t). MSG_COPY
 * (CONFIG_CHECKPOINT_RESTORE=y) peeks at position `msgtyp` without removing.
 * Return: bytes copied (min(bufsz, size)); -EINVAL (msqid < 0, bufsz ≥ 2^63,
 * MSG_COPY without IPC_NOWAIT or with MSG_EXCEPT, no such queue, MSG_COPY of a
 * message larger than min(bufsz, msgmax)), -EACCES, -EIDRM, -E2BIG (message
 * larger than bufsz without MSG_NOERROR: it stays queued), -ENOMSG (none,
 * IPC_NOWAIT), or BLOCK (none).
 */
export function do_msgrcv(k: Kernel, msqid: number, msgtyp_l: bigint, bufsz_l: bigint, msgflg: number, out: MsgRcvOut | null = null): number {
  const ns = k.state.ipc;
  const p = k.probe;
  if (msqid < 0 || bufsz_l >= SSIZE_LIMIT) return -EINVAL;
  const bufsz = bufsz_l > MAX_SAFE ? Number.MAX_SAFE_INTEGER : Number(bufsz_l);
  let copy_ts = 0;
  if (msgflg & MSG_COPY) {
    if (msgflg & MSG_EXCEPT || !(msgflg & IPC_NOWAIT)) return -EINVAL;
    copy_ts = Math.min(bufsz, ns.msg_ctlmax);
  }
  const { mode, msgtyp } = msg_search(msgtyp_l, msgflg);

  const msq = ipc_obtain_object_check(ns, msg_ids(k), msqid, p);
  if (msq === null) return -EINVAL;

  if (ipcperms(k, msq, S_IRUGO)) return -EACCES;
  if (msq.deleted) return -EIDRM;
  const steps = p.costs.msg_find_steps;
  const i = find_msg(msq, msgtyp, mode, p);
  if (i < 0) {
    if (msgflg & IPC_NOWAIT) return -ENOMSG;
    // The kernel queues a msg_receiver (mode, msgtyp, max size = bufsz or
    // INT_MAX with MSG_NOERROR) and sleeps until pipelined_send hands it a
    // message, expunge_all wakes it (EIDRM; EAGAIN = retry) or a signal.
    return BLOCK;
  }
  const msg = msq.q_messages[i]!;
  if (bufsz < msg.m_ts && !(msgflg & MSG_NOERROR)) return -E2BIG;
  if (msgflg & MSG_COPY) {
    if (msg.m_ts > copy_ts) return -EINVAL;
    if (p.trace) p.trace({ kind: 'msg_recv', id: msq.id, mtype: String(msg.m_type), size: msg.m_ts, how: 'copy', steps: p.costs.msg_find_steps - steps });
    if (out !== null) out.msg = msg;
    return Math.min(bufsz, msg.m_ts);
  }
  msq.q_messages.splice(i, 1);
  msq.q_qnum--;
  msq.q_rtime = k.config.clock;
  msq.q_lrpid = task_tgid(k);
  msq.q_cbytes -= msg.m_ts;
  msg_counter_add(ns.msg_bytes, 'msg_bytes', 0 - msg.m_ts, p);
  msg_counter_add(ns.msg_hdrs, 'msg_hdrs', -1, p);
  const q: WakeQ | null = msq.q_senders.length > 0 ? { tasks: [] } : null;
  if (q !== null) ss_wakeup(msq, false, k, q);
  if (p.trace) p.trace({ kind: 'msg_recv', id: msq.id, mtype: String(msg.m_type), size: msg.m_ts, how: 'remove', steps: p.costs.msg_find_steps - steps });
  if (q !== null) wake_up_q(k, msq, q);
  if (out !== null) out.msg = msg;
  return Math.min(bufsz, msg.m_ts);
}

/** Where do_msgrcv puts the message it received or copied (do_msg_fill copies min(bufsz, m_ts) bytes of it). */
export interface MsgRcvOut {
  msg: MsgMsg | null;
}

const MSG_ROW = seq_row('%10d %10d  %4o  %10lu %10lu %5u %5u %5u %5u %5u %5u %10llu %10llu %10llu\n');

/** sysvipc_msg_proc_show: one /proc/sysvipc/msg row (120 bytes with 10-digit times). */
export function sysvipc_msg_proc_show<V>(m: SeqFile<V>, msq: MsgQueue, p: Probe): number {
  p.costs.msg_proc_show++;
  const v = MSG_ROW.values;
  v[0] = msq.key;
  v[1] = msq.id;
  v[2] = msq.mode;
  v[3] = msq.q_cbytes;
  v[4] = msq.q_qnum;
  v[5] = msq.q_lspid;
  v[6] = msq.q_lrpid;
  v[7] = msq.uid;
  v[8] = msq.gid;
  v[9] = msq.cuid;
  v[10] = msq.cgid;
  v[11] = msq.q_stime;
  v[12] = msq.q_rtime;
  v[13] = msq.q_ctime;
  seq_put_row(m, MSG_ROW);
  return 0;
}
