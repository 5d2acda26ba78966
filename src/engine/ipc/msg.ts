/**
 * ipc/msg.c of Linux 6.18, the message path: msgget (newque), msgsnd
 * (do_msgsnd with the pipelined hand-over to a sleeping receiver), msgrcv
 * (do_msgrcv, convert_mode, find_msg, MSG_COPY) and queue removal (freeque).
 * msgctl lives in msgctl.ts.
 *
 * Simplified: one task, so nothing ever sleeps. The single point where the
 * kernel would put the caller to sleep returns BLOCK; the syscall layer turns
 * it into -EINTR, which is what the interrupted call reports. The receiver
 * and sender wait lists exist (and pipelined_send walks them) but stay empty
 * until a multi-task model fills them. Message bytes are not kept (every
 * message the language sends is zeros), only type and size.
 *
 * Glossary: m_ts = message size; q_qbytes = queue capacity, which caps both
 * the bytes and the number of messages; msgmax = per-message limit, checked at
 * send time; msgmnb = default q_qbytes, sampled when a queue is created.
 */
import type { Kernel } from '../kernel';
import type { Probe } from '../probe';
import { seq_put_dec, seq_put_oct, seq_puts, type SeqFile } from '../fs/seq_file';
import { E2BIG, EACCES, EAGAIN, EIDRM, EINVAL, ENOMSG } from '../uapi/errno';
import { IPC_NOWAIT, MSG_COPY, MSG_EXCEPT, MSG_NOERROR } from '../uapi/ipc';
import { IPC_MSG_IDS, type IpcIds, type MsgMsg, type MsgQueue } from './namespace';
import { msg_counter_add } from './msg_counters';
import { ipc_addid, ipc_obtain_object_check, ipc_rmid, ipcget, ipcperms, S_IRUGO, S_IRWXUGO, S_IWUGO, type IpcOps, type IpcParams } from './util';
import { current_cred, task_tgid } from '../kernel/task';

/**
 * Returned by do_msgsnd/do_msgrcv where the caller would sleep (queue full,
 * no matching message, no IPC_NOWAIT). Not an errno: the syscall layer maps
 * it to -EINTR (a single task is never woken; the signal interrupts it).
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
    q_messages: [],
    q_receivers: [],
    q_senders: [],
  };
  const idx = ipc_addid(ns, msg_ids(k), msq, ns.msg_ctlmni, current_cred(k), k.probe);
  if (idx < 0) return idx;
  return msq.id;
}

const msg_ops: IpcOps<MsgQueue> = { getnew: newque, more_checks: null };

/** ksys_msgget. Return: the queue id, or -ENOENT, -EEXIST, -EACCES, -ENOSPC. */
export function ksys_msgget(k: Kernel, key: number, msgflg: number): number {
  return ipcget(k, msg_ids(k), msg_ops, { key, flg: msgflg, size: 0n, nsems: 0 }, k.probe);
}

function msg_fits_inqueue(msq: MsgQueue, msgsz: number): boolean {
  return msgsz + msq.q_cbytes <= msq.q_qbytes && 1 + msq.q_qnum <= msq.q_qbytes;
}

/**
 * ss_wakeup: wake sleeping senders. With `kill` (queue removed) all of them;
 * otherwise those whose message now fits, the others rotated to the tail.
 */
export function ss_wakeup(msq: MsgQueue, kill: boolean): void {
  const list = msq.q_senders;
  if (kill) {
    for (const mss of list) mss.woken = true;
    list.length = 0;
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
    i++;
  }
}

/** expunge_all: wake every sleeping receiver with `res` (-EIDRM, or -EAGAIN to retry after IPC_SET). */
export function expunge_all(msq: MsgQueue, res: number): void {
  for (const msr of msq.q_receivers) msr.r_msg = res;
  msq.q_receivers.length = 0;
}

/** freeque: remove the queue (waking all waiters) and drop its messages from the namespace counters. */
export function freeque(k: Kernel, msq: MsgQueue): void {
  const ns = k.state.ipc;
  const p = k.probe;
  expunge_all(msq, -EIDRM);
  ss_wakeup(msq, true);
  ipc_rmid(ns, msg_ids(k), msq, p);
  for (let i = 0; i < msq.q_messages.length; i++) msg_counter_add(ns.msg_hdrs, 'msg_hdrs', -1, p);
  msg_counter_add(ns.msg_bytes, 'msg_bytes', -msq.q_cbytes, p);
  msq.q_messages.length = 0;
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
function pipelined_send(k: Kernel, msq: MsgQueue, msg: MsgMsg): boolean {
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
      continue;
    }
    msq.q_lrpid = msr.r_tsk;
    msq.q_rtime = k.config.clock;
    msr.r_msg = msg;
    return true;
  }
  return false;
}

/**
 * do_msgsnd: send a message of `msgsz` zero bytes with type `mtype`.
 * Return: 0; -EINVAL (size > msgmax or ≥ 2^63, msqid < 0, mtype < 1, no such
 * queue), -EACCES, -EIDRM, -EAGAIN (full, IPC_NOWAIT), or BLOCK (full).
 */
export function do_msgsnd(k: Kernel, msqid: number, mtype: bigint, msgsz_l: bigint, msgflg: number): number {
  const ns = k.state.ipc;
  const p = k.probe;
  if (msgsz_l > ns.msg_ctlmax || msgsz_l >= SSIZE_LIMIT || msqid < 0) return -EINVAL;
  if (mtype < 1n) return -EINVAL;
  const msgsz = Number(msgsz_l);
  const msg: MsgMsg = { m_type: mtype, m_ts: msgsz };

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
  const pipelined = pipelined_send(k, msq, msg);
  if (!pipelined) {
    msq.q_messages.push(msg);
    msq.q_cbytes += msgsz;
    msq.q_qnum++;
    msg_counter_add(ns.msg_bytes, 'msg_bytes', msgsz, p);
    msg_counter_add(ns.msg_hdrs, 'msg_hdrs', 1, p);
  }
  if (p.trace) p.trace({ kind: 'msg_send', id: msq.id, mtype: String(mtype), size: msgsz, how: pipelined ? 'pipelined' : 'queue' });
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
export function do_msgrcv(k: Kernel, msqid: number, msgtyp_l: bigint, bufsz_l: bigint, msgflg: number): number {
  const ns = k.state.ipc;
  const p = k.probe;
  if (msqid < 0 || bufsz_l >= SSIZE_LIMIT) return -EINVAL;
  const bufsz = bufsz_l > MAX_SAFE ? Number.MAX_SAFE_INTEGER : Number(bufsz_l);
  let copy_ts = 0;
  if (msgflg & MSG_COPY) {
    if (msgflg & MSG_EXCEPT || !(msgflg & IPC_NOWAIT)) return -EINVAL;
    copy_ts = Math.min(bufsz, ns.msg_ctlmax);
  }
  const mode = convert_mode(msgtyp_l, msgflg);
  // LESSEQUAL searches for types ≤ |msgtyp|; -LONG_MIN does not exist, LONG_MAX stands in
  const msgtyp = mode !== SEARCH_LESSEQUAL ? msgtyp_l : msgtyp_l === LONG_MIN ? LONG_MAX : -msgtyp_l;

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
    return Math.min(bufsz, msg.m_ts);
  }
  msq.q_messages.splice(i, 1);
  msq.q_qnum--;
  msq.q_rtime = k.config.clock;
  msq.q_lrpid = task_tgid(k);
  msq.q_cbytes -= msg.m_ts;
  msg_counter_add(ns.msg_bytes, 'msg_bytes', -msg.m_ts, p);
  msg_counter_add(ns.msg_hdrs, 'msg_hdrs', -1, p);
  ss_wakeup(msq, false);
  if (p.trace) p.trace({ kind: 'msg_recv', id: msq.id, mtype: String(msg.m_type), size: msg.m_ts, how: 'remove', steps: p.costs.msg_find_steps - steps });
  return Math.min(bufsz, msg.m_ts);
}

/** sysvipc_msg_proc_show: one /proc/sysvipc/msg row (120 bytes with 10-digit times). */
export function sysvipc_msg_proc_show<V>(m: SeqFile<V>, msq: MsgQueue, p: Probe): number {
  p.costs.msg_proc_show++;
  // seq_printf(s, "%10d %10d  %4o  %10lu %10lu %5u %5u %5u %5u %5u %5u %10llu %10llu %10llu\n", ...),
  // one conversion at a time
  seq_put_dec(m, '', msq.key, 10);
  seq_put_dec(m, ' ', msq.id, 10);
  seq_put_oct(m, '  ', msq.mode, 4);
  seq_put_dec(m, '  ', msq.q_cbytes, 10);
  seq_put_dec(m, ' ', msq.q_qnum, 10);
  seq_put_dec(m, ' ', msq.q_lspid, 5);
  seq_put_dec(m, ' ', msq.q_lrpid, 5);
  seq_put_dec(m, ' ', msq.uid, 5);
  seq_put_dec(m, ' ', msq.gid, 5);
  seq_put_dec(m, ' ', msq.cuid, 5);
  seq_put_dec(m, ' ', msq.cgid, 5);
  seq_put_dec(m, ' ', msq.q_stime, 10);
  seq_put_dec(m, ' ', msq.q_rtime, 10);
  seq_put_dec(m, ' ', msq.q_ctime, 10);
  seq_puts(m, '\n');
  return 0;
}
