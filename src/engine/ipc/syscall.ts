/**
 * The SysV IPC system calls as x86_64 enters them (SYSCALL_DEFINE in
 * ipc/{msg,shm,sem}.c, Linux 6.18; always the IPC_64 layout), called by the
 * workload interpreter.
 *
 * Arguments arrive already converted to their C types: `int` as an int32
 * JS number, `long` (mtype) and `size_t` (sizes) as bigint (size_t in
 * 0..2^64-1). Every user buffer is the language's zeroed one, except in the
 * language's stat-then-set form of the *ctl calls (`statSet`: the bare name
 * IPC_SET as the command), two system calls: IPC_STAT into a buffer, then
 * IPC_SET with it. Results are the kernel's: a non-negative value or -errno.
 *
 * msgsnd/msgrcv that would sleep return MSG_SLEEPS with the caller queued
 * on the message queue (msg_sleep.ts); the interpreter then keeps the process
 * blocked, or (a single-process workload) interrupts it at once with the
 * replayer's signal (msg_interrupt: -EINTR, ERESTARTNOHAND with a handler).
 */
import type { Kernel } from '../kernel';
import { IPC_INFO, IPC_SET, IPC_STAT, MSG_INFO, MSG_STAT, MSG_STAT_ANY } from '../uapi/ipc';
import { ksys_msgget, msg_ids, store_msg, type MsgRcvOut } from './msg';
import { msgrcv_may_sleep, msgsnd_may_sleep } from './msg_sleep';
import { ksys_msgctl, msginfo_zero, ZERO_MSQID_SET, type MsqidSet } from './msgctl';
import { ksys_semget } from './sem';
import { ksys_semctl, ZERO_SEMUN, type SemunArg } from './semctl';
import type { SemBuf } from './namespace';
import { do_semtimedop, get_semotime, type Timespec } from './semop';
import { sem_ids } from './sem';
import { ipc_obtain_object_check, ipc_obtain_object_idr } from './util';
import { NO_PROBE } from '../probe';
import type { MsgctlArg, SemUnion } from '../script/syscalls';
import { ksys_shmget } from './shm';
import { ksys_shmctl, ZERO_SHMID_SET } from './shmctl';

/**
 * The language's stat-then-set form of a *ctl call (stress-ng's "same data
 * back"): `ctl(IPC_STAT, &buf)`, then, if that returned 0, a second system
 * call `ctl(IPC_SET, &buf)` with the same buffer; the caller counted the first.
 * Return: the IPC_STAT's error, else the IPC_SET's result.
 */
function stat_then_set<B>(k: Kernel, buf: B, ctl: (cmd: number, buf: B) => number): number {
  const r = ctl(IPC_STAT, buf);
  if (r < 0) return r;
  k.probe.costs.syscalls++;
  return ctl(IPC_SET, buf);
}

/** msgget(2). Return: queue id or -ENOENT, -EEXIST, -EACCES, -ENOSPC. */
export function sys_msgget(k: Kernel, key: number, msgflg: number): number {
  k.probe.costs.syscalls++;
  return ksys_msgget(k, key, msgflg);
}

/**
 * msgsnd(2) of `mtext` (a byte string of `msgsz` bytes) or, when it is
 * absent, of `msgsz` zero bytes. Return: 0 or -EINVAL, -EACCES, -EIDRM,
 * -EAGAIN, or MSG_SLEEPS (the caller sleeps on the full queue).
 */
export function sys_msgsnd(k: Kernel, msqid: number, mtype: bigint, msgsz: bigint, msgflg: number, mtext: string | null = null): number {
  k.probe.costs.syscalls++;
  return msgsnd_may_sleep(k, msqid, mtype, msgsz, msgflg, mtext);
}

const no_bytes = { bytes: null as string | null };
const scratch_rcv: MsgRcvOut = { msg: null };

/**
 * msgrcv(2); `out.bytes` gets the bytes copied to the buffer (null when the
 * message was zero-filled). Return: bytes received or -EINVAL, -EACCES,
 * -EIDRM, -E2BIG, -ENOMSG, or MSG_SLEEPS (the caller sleeps on the queue).
 */
export function sys_msgrcv(k: Kernel, msqid: number, msgtyp: bigint, msgsz: bigint, msgflg: number, out: { bytes: string | null } = no_bytes): number {
  k.probe.costs.syscalls++;
  const r = msgrcv_may_sleep(k, msqid, msgtyp, msgsz, msgflg, scratch_rcv);
  const msg = scratch_rcv.msg;
  scratch_rcv.msg = null;
  out.bytes = r > 0 && msg !== null && msg.mtext !== null ? store_msg(msg, r) : null;
  return r;
}

/**
 * msgctl(2) with a zeroed buffer, or stat-then-set; with `arg`, the
 * language's named fields: `arg.set` (IPC_SET with the queue's buffer read
 * by MSG_STAT_ANY, those fields replaced) or `arg.stat` (filled with the
 * buffer a successful STAT or INFO command copied out).
 * Return: 0, an id, a max idx, or -EINVAL, -EACCES, -EPERM.
 */
export function sys_msgctl(k: Kernel, msqid: number, cmd: number, statSet?: true, arg?: MsgctlArg): number {
  k.probe.costs.syscalls++;
  if (arg?.set !== undefined) {
    const buf: MsqidSet = { ...ZERO_MSQID_SET };
    // the replayer's MSG_STAT_ANY on the id's index: no permission needed; zeroed when nothing is there
    const msq = msqid < 0 ? null : ipc_obtain_object_idr(k.state.ipc, msg_ids(k), msqid, NO_PROBE);
    if (msq !== null) Object.assign(buf, { uid: msq.uid, gid: msq.gid, mode: msq.mode, qbytes: msq.q_qbytes });
    for (const f of arg.set) {
      if (f.name === 'msg_qbytes') buf.qbytes = Number(BigInt.asUintN(64, f.value) > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : BigInt.asUintN(64, f.value));
      else buf[f.name] = Number(BigInt.asUintN(f.name === 'mode' ? 16 : 32, f.value));
    }
    return ksys_msgctl(k, msqid, cmd, buf);
  }
  if (statSet) return stat_then_set(k, { ...ZERO_MSQID_SET }, (c, buf) => ksys_msgctl(k, msqid, c, buf));
  if (arg?.stat === undefined) return ksys_msgctl(k, msqid, cmd);
  const info = msginfo_zero();
  const r = ksys_msgctl(k, msqid, cmd, null, info);
  if (r >= 0) arg.stat = cmd === IPC_INFO || cmd === MSG_INFO ? { ...info } : msqid64_ds(k, msqid, cmd);
  return r;
}

/** The msqid64_ds a successful IPC_STAT / MSG_STAT(_ANY) of `msqid` copied out, by field name. */
function msqid64_ds(k: Kernel, msqid: number, cmd: number): Record<string, number> {
  const ns = k.state.ipc;
  const msq = cmd === MSG_STAT || cmd === MSG_STAT_ANY ? ipc_obtain_object_idr(ns, msg_ids(k), msqid, NO_PROBE) : ipc_obtain_object_check(ns, msg_ids(k), msqid, NO_PROBE);
  if (msq === null) return {};
  return {
    key: msq.key,
    uid: msq.uid,
    gid: msq.gid,
    cuid: msq.cuid,
    cgid: msq.cgid,
    mode: msq.mode,
    seq: msq.seq,
    msg_stime: msq.q_stime,
    msg_rtime: msq.q_rtime,
    msg_ctime: msq.q_ctime,
    msg_cbytes: msq.q_cbytes,
    msg_qnum: msq.q_qnum,
    msg_qbytes: msq.q_qbytes,
    msg_lspid: msq.q_lspid,
    msg_lrpid: msq.q_lrpid,
  };
}

/** shmget(2). Return: segment id or -EINVAL, -ENOSPC, -ENOMEM, -ENOENT, -EEXIST, -EACCES. */
export function sys_shmget(k: Kernel, key: number, size: bigint, shmflg: number): number {
  k.probe.costs.syscalls++;
  return ksys_shmget(k, key, size, shmflg);
}

/** shmctl(2) with a zeroed buffer, or stat-then-set. Return: 0, an id, a max idx, or -EINVAL, -EACCES, -EPERM. */
export function sys_shmctl(k: Kernel, shmid: number, cmd: number, statSet?: true): number {
  k.probe.costs.syscalls++;
  if (statSet) return stat_then_set(k, { ...ZERO_SHMID_SET }, (c, buf) => ksys_shmctl(k, shmid, c, buf));
  return ksys_shmctl(k, shmid, cmd);
}

/** semget(2). Return: array id or -EINVAL, -ENOSPC, -ENOMEM, -ENOENT, -EEXIST, -EACCES. */
export function sys_semget(k: Kernel, key: number, nsems: number, semflg: number): number {
  k.probe.costs.syscalls++;
  return ksys_semget(k, key, nsems, semflg);
}

/**
 * semctl(2) with the language's 4th argument: SETVAL's value, SETALL's
 * values, GETALL's buffer (`semun.getall` receives the values), else a
 * zeroed buffer; or stat-then-set.
 * Return: 0, a value, an id, a max idx, or -EINVAL, -EACCES, -EPERM, -ERANGE.
 */
export function sys_semctl(k: Kernel, semid: number, semnum: number, cmd: number, statSet?: true, semun?: SemUnion): number {
  k.probe.costs.syscalls++;
  if (statSet) return stat_then_set(k, { ...ZERO_SEMUN }, (c, buf) => ksys_semctl(k, semid, semnum, c, buf));
  if (semun === undefined) return ksys_semctl(k, semid, semnum, cmd);
  const buf: SemunArg = { ...ZERO_SEMUN, ...(semun.val === undefined ? {} : { val: semun.val }), array: semun.array ?? [] };
  const r = ksys_semctl(k, semid, semnum, cmd, buf);
  if (buf.getall !== undefined) semun.getall = buf.getall;
  if (semun.stat !== undefined && r >= 0) semun.stat = semid64_ds(k, semid, cmd);
  return r;
}

/** The semid64_ds a successful IPC_STAT / SEM_STAT(_ANY) of `semid` copied out, by field name. */
function semid64_ds(k: Kernel, semid: number, cmd: number): Record<string, number> {
  const ns = k.state.ipc;
  const sma = cmd === IPC_STAT ? ipc_obtain_object_check(ns, sem_ids(k), semid, NO_PROBE) : ipc_obtain_object_idr(ns, sem_ids(k), semid, NO_PROBE);
  if (sma === null) return {};
  return {
    key: sma.key,
    uid: sma.uid,
    gid: sma.gid,
    cuid: sma.cuid,
    cgid: sma.cgid,
    mode: sma.mode,
    seq: sma.seq,
    sem_otime: get_semotime(sma),
    sem_ctime: sma.sem_ctime,
    sem_nsems: sma.sem_nsems,
  };
}

/** semop(2) (timeout null) and semtimedop(2). Return: see do_semtimedop (SEM_SLEEPS when the caller sleeps). */
export function sys_semtimedop(k: Kernel, semid: number, sops: readonly SemBuf[], timeout: Timespec | null): number {
  k.probe.costs.syscalls++;
  return do_semtimedop(k, semid, sops, timeout);
}
