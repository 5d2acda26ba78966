/**
 * msgctl of ipc/msg.c, Linux 6.18: ksys_msgctl and its helpers msgctl_info
 * (IPC_INFO, MSG_INFO), msgctl_stat (IPC_STAT, MSG_STAT, MSG_STAT_ANY) and
 * msgctl_down (IPC_SET, IPC_RMID). Every other cmd is -EINVAL.
 *
 * Simplified: the user buffer is the language's zeroed one, so IPC_SET sets
 * uid 0, gid 0, mode 0 and q_qbytes 0 (the queue then accepts nothing); the
 * structures STAT/INFO would copy out are filled but only the return value
 * is reported. The one exception is the language's `msgctl(id, IPC_SET)`
 * (sys_msgctl's stat-then-set): IPC_STAT into a buffer, then IPC_SET with it
 * (stress-ng's "same data back"), so only the four fields IPC_SET reads are
 * carried from one call to the other.
 */
import type { Kernel } from '../kernel';
import { CAP_SYS_RESOURCE, cap_raised } from '../kernel/cred';
import { current_cred } from '../kernel/task';
import { EACCES, EAGAIN, EINVAL, EPERM } from '../uapi/errno';
import { IPC_INFO, IPC_RMID, IPC_SET, IPC_STAT, MSG_INFO, MSG_STAT, MSG_STAT_ANY } from '../uapi/ipc';
import type { MsgQueue } from './namespace';
import { msg_counter_sum } from './msg_counters';
import { expunge_all, freeque, msg_ids, ss_wakeup, wake_up_q, type WakeQ } from './msg';
import { ipc_get_maxidx, ipc_obtain_object_check, ipc_obtain_object_idr, ipc_update_perm, ipcctl_obtain_check, ipcperms, kernel_to_ipc64_perm, S_IRUGO } from './util';

/** include/uapi/linux/msg.h */
export const MSGSSZ = 16;
export const MSGPOOL = (32000 * 16384) / 1024;
export const MSGMAP = 16384;
export const MSGTQL = 16384;
export const MSGSEG = Math.min((MSGPOOL * 1024) / MSGSSZ, 0xffff);
const INT_MAX = 0x7fffffff;

/** The fields of `struct msqid64_ds` IPC_SET reads (msg_qbytes already cut to int, as msgctl_down takes it). */
export interface MsqidSet {
  uid: number;
  gid: number;
  mode: number;
  qbytes: number;
}

/** What a zeroed user buffer holds. */
export const ZERO_MSQID_SET: Readonly<MsqidSet> = { uid: 0, gid: 0, mode: 0, qbytes: 0 };

/** `struct msginfo` as IPC_INFO / MSG_INFO fill it. */
export interface MsgInfo {
  msgpool: number;
  msgmap: number;
  msgmax: number;
  msgmnb: number;
  msgmni: number;
  msgssz: number;
  msgtql: number;
  msgseg: number;
}

export function msginfo_zero(): MsgInfo {
  return { msgpool: 0, msgmap: 0, msgmax: 0, msgmnb: 0, msgmni: 0, msgssz: 0, msgtql: 0, msgseg: 0 };
}

/**
 * msgctl_info: limits, and for MSG_INFO the usage (msgpool = queues,
 * msgmap = messages, msgtql = bytes, the latter two summed from the percpu
 * counters and clamped to INT_MAX). Return: max(highest used idx, 0).
 */
export function msgctl_info(k: Kernel, cmd: number, info: MsgInfo): number {
  const ns = k.state.ipc;
  const ids = msg_ids(k);
  info.msgmni = ns.msg_ctlmni;
  info.msgmax = ns.msg_ctlmax;
  info.msgmnb = ns.msg_ctlmnb;
  info.msgssz = MSGSSZ;
  info.msgseg = MSGSEG;
  if (cmd === MSG_INFO) info.msgpool = ids.in_use;
  const max_idx = ipc_get_maxidx(ns, ids, k.probe);
  if (cmd === MSG_INFO) {
    info.msgmap = Math.min(msg_counter_sum(ns.msg_hdrs, 'msg_hdrs', k.probe), INT_MAX);
    info.msgtql = Math.min(msg_counter_sum(ns.msg_bytes, 'msg_bytes', k.probe), INT_MAX);
  } else {
    info.msgmap = MSGMAP;
    info.msgpool = MSGPOOL;
    info.msgtql = MSGTQL;
  }
  return max_idx < 0 ? 0 : max_idx;
}

/**
 * msgctl_stat: IPC_STAT takes an id (seq checked) and returns 0; MSG_STAT and
 * MSG_STAT_ANY take an idx (only its low bits count) and return the full id.
 * Return: 0 / id, -EINVAL (nothing there), -EACCES (no read permission, not for _ANY).
 */
export function msgctl_stat(k: Kernel, msqid: number, cmd: number, out: MsqidSet | null = null): number {
  const ns = k.state.ipc;
  const ids = msg_ids(k);
  const msq = cmd === MSG_STAT || cmd === MSG_STAT_ANY ? ipc_obtain_object_idr(ns, ids, msqid, k.probe) : ipc_obtain_object_check(ns, ids, msqid, k.probe);
  if (msq === null) return -EINVAL;
  if (cmd !== MSG_STAT_ANY && ipcperms(k, msq, S_IRUGO)) return -EACCES;
  if (out !== null) {
    kernel_to_ipc64_perm(msq, out);
    out.qbytes = msq.q_qbytes;
  }
  return cmd === IPC_STAT ? 0 : msq.id;
}

/**
 * msgctl_down: IPC_RMID frees the queue; IPC_SET sets owner, mode bits and
 * q_qbytes (above msgmnb needs CAP_SYS_RESOURCE) and wakes the waiters.
 * Return: 0, -EINVAL (no such id, or a uid/gid that does not map), -EPERM
 * (not creator or owner without CAP_SYS_ADMIN; q_qbytes above msgmnb without
 * CAP_SYS_RESOURCE, checked before the ids).
 */
export function msgctl_down(k: Kernel, msqid: number, cmd: number, set: Readonly<MsqidSet>): number {
  const ns = k.state.ipc;
  const r = ipcctl_obtain_check(k, msg_ids(k), msqid);
  if (typeof r === 'number') return r;
  const msq: MsgQueue = r;
  if (cmd === IPC_RMID) {
    freeque(k, msq);
    return 0;
  }
  // msg_ctlmnb is an unsigned int: the int msg_qbytes is compared as unsigned, so a negative one is "above msgmnb"
  if (set.qbytes >>> 0 > ns.msg_ctlmnb && !cap_raised(current_cred(k), CAP_SYS_RESOURCE)) return -EPERM;
  const err = ipc_update_perm(msq, set.uid, set.gid, set.mode);
  if (err) return err;
  msq.q_qbytes = set.qbytes; // sign-extended into the unsigned long: see MsgQueue.q_qbytes
  msq.q_ctime = k.config.clock;
  const q: WakeQ = { tasks: [] };
  expunge_all(msq, -EAGAIN, k, q); // receivers retry under the new permissions
  ss_wakeup(msq, false, k, q); // senders may fit in a larger queue
  wake_up_q(k, msq, q);
  return 0;
}

const scratch_info = msginfo_zero();

/**
 * ksys_msgctl. `buf`: the user's buffer, which the *_STAT commands fill and
 * IPC_SET reads; null for the language's zeroed one (nothing kept). `info`:
 * the msginfo IPC_INFO and MSG_INFO fill.
 * Return: see msgctl_info / msgctl_stat / msgctl_down; -EINVAL for msqid < 0,
 * cmd < 0 and unknown commands (checked first, so `msgctl(-1, MSG_INFO)` fails).
 */
export function ksys_msgctl(k: Kernel, msqid: number, cmd: number, buf: MsqidSet | null = null, info: MsgInfo = scratch_info): number {
  if (msqid < 0 || cmd < 0) return -EINVAL;
  switch (cmd) {
    case IPC_INFO:
    case MSG_INFO:
      return msgctl_info(k, cmd, info);
    case MSG_STAT:
    case MSG_STAT_ANY:
    case IPC_STAT:
      return msgctl_stat(k, msqid, cmd, buf);
    case IPC_SET:
    case IPC_RMID:
      return msgctl_down(k, msqid, cmd, buf ?? ZERO_MSQID_SET);
    default:
      return -EINVAL;
  }
}
