/**
 * ipc/msg.c of Linux 6.18, the sleeping half of do_msgsnd and do_msgrcv for
 * the processes of a multi-process workload: a caller that would sleep
 * links its `msg_sender` (ss_add) or `msg_receiver` on the queue and keeps
 * what its stack holds (the loaded message, the search) in its task; a
 * waker (pipelined_send, expunge_all, ss_wakeup in msg.ts) leaves its result
 * there; when the task runs again it returns that result (the lockless
 * receive), or goes round the kernel's loop once more (a sender woken for
 * room, a receiver woken by IPC_SET with -EAGAIN) and may sleep again at the
 * tail of the list.
 *
 * Simplified: the retry looks the queue up by id again (the kernel keeps its
 * pointer, under RCU); a removed queue cannot be seen there, since
 * freeque's EIDRM reaches every sleeper first. Signals are SIGALRM without
 * SA_RESTART (ERESTARTNOHAND becomes EINTR) and SIGKILL.
 *
 * Glossary: *wait* = what a sleeping task keeps on its stack; *woken* = the
 * waker's result: a message (handed over), 0 (a sender: there may be room
 * now), -EAGAIN (a receiver: search again) or -errno (the call's result).
 */
import type { Kernel } from '../kernel';
import { current, set_current } from '../kernel/task';
import { EIDRM, EINTR, EAGAIN } from '../uapi/errno';
import { MSG_NOERROR } from '../uapi/ipc';
import { ipc_obtain_object_check } from './util';
import { BLOCK, do_msgrcv, msg_ids, msg_search, msgsnd_check, msgsnd_queue, set_msg_woken_hook, type MsgRcvOut } from './msg';
import { load_msg, store_msg } from './msgutil';
import { msg_list_add, type MsgMsg, type MsgQueue } from './namespace';

const INT_MAX = 0x7fffffff;

/** What a task asleep in msgsnd or msgrcv keeps (plain data, in its TaskStruct). */
export interface MsgWait {
  call: 'msgsnd' | 'msgrcv';
  msqid: number;
  msgflg: number;
  /** msgsnd: the message load_msg made before the sleep */
  msg: MsgMsg | null;
  /** msgrcv: the type and buffer size as the call gave them */
  msgtyp: bigint;
  bufsz: bigint;
  /** the waker's result; null while nobody has woken the task */
  woken: MsgMsg | number | null;
}

/** A finished msgsnd/msgrcv: the result, and for msgrcv the bytes received (null: none, or all zero-filled). */
export interface MsgResult {
  r: number;
  bytes: string | null;
}

set_msg_woken_hook((k, pid, result) => {
  const w = k.state.tasks.tasks.get(pid)?.msg_wait;
  if (w !== undefined && w !== null) w.woken = result;
});

function queue(k: Kernel, msqid: number): MsgQueue | null {
  return ipc_obtain_object_check(k.state.ipc, msg_ids(k), msqid, k.probe);
}

/** The current task goes to sleep on the queue: ss_add, or its msg_receiver at the tail of q_receivers. */
function sleep(k: Kernel, w: MsgWait): void {
  const msq = queue(k, w.msqid)!;
  const task = current(k);
  w.woken = null;
  task.msg_wait = w;
  if (w.call === 'msgsnd') {
    msq.q_senders = msg_list_add(msq.q_senders, { tsk: task.pid, msgsz: w.msg!.m_ts, woken: false });
  } else {
    const { mode, msgtyp } = msg_search(w.msgtyp, w.msgflg);
    const bufsz = w.bufsz > BigInt(INT_MAX) ? INT_MAX : Number(w.bufsz);
    msq.q_receivers = msg_list_add(msq.q_receivers, { r_tsk: task.pid, r_mode: mode, r_msgtype: msgtyp, r_maxsize: w.msgflg & MSG_NOERROR ? INT_MAX : bufsz, r_msg: 0 });
  }
  const p = k.probe;
  if (p.trace)
    p.trace({ kind: 'msg_block', id: msq.id, pid: task.pid, call: w.call, mtype: String(w.call === 'msgsnd' ? w.msg!.m_type : w.msgtyp), size: w.call === 'msgsnd' ? w.msg!.m_ts : Number(w.bufsz) });
}

/**
 * msgsnd(2) for a process that may sleep. Return: as do_msgsnd, BLOCK when
 * the caller now sleeps on the queue.
 */
export function msgsnd_may_sleep(k: Kernel, msqid: number, mtype: bigint, msgsz: bigint, msgflg: number, mtext: string | null): number {
  const bad = msgsnd_check(k, msqid, mtype, msgsz);
  if (bad < 0) return bad;
  const msg = load_msg(mtype, Number(msgsz), mtext);
  const r = msgsnd_queue(k, msqid, msg, msgflg);
  if (r === BLOCK) sleep(k, { call: 'msgsnd', msqid, msgflg, msg, msgtyp: 0n, bufsz: 0n, woken: null });
  return r;
}

/**
 * msgrcv(2) for a process that may sleep; `out` receives the bytes.
 * Return: as do_msgrcv, BLOCK when the caller now sleeps on the queue.
 */
export function msgrcv_may_sleep(k: Kernel, msqid: number, msgtyp: bigint, bufsz: bigint, msgflg: number, out: MsgRcvOut): number {
  const r = do_msgrcv(k, msqid, msgtyp, bufsz, msgflg, out);
  if (r === BLOCK) sleep(k, { call: 'msgrcv', msqid, msgflg, msg: null, msgtyp, bufsz, woken: null });
  return r;
}

/** The bytes a msgrcv of `n` bytes copies out of `msg`. */
function received(msg: MsgMsg | null, n: number): string | null {
  return msg === null || n <= 0 ? null : store_msg(msg, n);
}

/** ss_del: the sender's own entry off q_senders (ss_wakeup leaves woken senders on it). */
function ss_del(msq: MsgQueue | null, pid: number): void {
  if (msq === null) return;
  const i = msq.q_senders.findIndex((s) => s.tsk === pid);
  if (i >= 0) msq.q_senders.splice(i, 1);
}

/** list_del of the receiver's own entry, when it is still linked (expunge_all -EAGAIN leaves the list empty already). */
function receiver_del(msq: MsgQueue | null, pid: number): void {
  if (msq === null) return;
  const i = msq.q_receivers.findIndex((r) => r.r_tsk === pid);
  if (i >= 0) msq.q_receivers.splice(i, 1);
}

/**
 * The task `pid`, asleep in msgsnd/msgrcv, runs if it was woken: it returns
 * the waker's result, or goes round the loop again (and may sleep again).
 * Return: what the call returns, or null while the task sleeps.
 */
export function msg_wake_run(k: Kernel, pid: number): MsgResult | null {
  const task = k.state.tasks.tasks.get(pid);
  const w = task?.msg_wait ?? null;
  if (task === undefined || w === null || w.woken === null) return null;
  const got = w.woken;
  if (w.call === 'msgrcv') {
    if (typeof got !== 'number') {
      task.msg_wait = null;
      const n = Number(w.bufsz < BigInt(got.m_ts) ? w.bufsz : BigInt(got.m_ts));
      return { r: n, bytes: received(got, n) };
    }
    if (got !== -EAGAIN) {
      task.msg_wait = null;
      return { r: got, bytes: null };
    }
  } else if (typeof got !== 'number' || got < 0) {
    task.msg_wait = null;
    return { r: typeof got === 'number' ? got : -EIDRM, bytes: null };
  }
  // round the loop again, in the task's own context
  const was = k.state.tasks.current;
  set_current(k, pid);
  task.msg_wait = null;
  let res: MsgResult | null;
  if (w.call === 'msgsnd') {
    ss_del(queue(k, w.msqid), pid);
    const r = msgsnd_queue(k, w.msqid, w.msg!, w.msgflg);
    if (r === BLOCK) sleep(k, w);
    res = r === BLOCK ? null : { r, bytes: null };
  } else {
    const out: MsgRcvOut = { msg: null };
    const r = do_msgrcv(k, w.msqid, w.msgtyp, w.bufsz, w.msgflg, out);
    if (r === BLOCK) sleep(k, w);
    res = r === BLOCK ? null : { r, bytes: received(out.msg, r) };
  }
  set_current(k, was);
  return res;
}

/**
 * The task `pid`, asleep in msgsnd/msgrcv, takes a signal (SIGALRM, or
 * SIGKILL before it dies): a receiver that was already handed a message or
 * an error returns it; otherwise the task unlinks itself and the call
 * returns -EINTR (a woken sender still finds the signal first, unless the
 * queue went: -EIDRM).
 */
export function msg_interrupt(k: Kernel, pid: number): MsgResult {
  const task = k.state.tasks.tasks.get(pid)!;
  const w = task.msg_wait!;
  task.msg_wait = null;
  const got = w.woken;
  if (w.call === 'msgrcv' && got !== null && got !== -EAGAIN) {
    if (typeof got !== 'number') {
      const n = Number(w.bufsz < BigInt(got.m_ts) ? w.bufsz : BigInt(got.m_ts));
      return { r: n, bytes: received(got, n) };
    }
    return { r: got, bytes: null };
  }
  if (got === -EIDRM) return { r: -EIDRM, bytes: null };
  const msq = queue(k, w.msqid);
  if (w.call === 'msgsnd') ss_del(msq, pid);
  else receiver_del(msq, pid);
  return { r: -EINTR, bytes: null };
}
