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
import { IPC_SET, IPC_STAT } from '../uapi/ipc';
import { ksys_msgget, type MsgRcvOut } from './msg';
import { store_msg } from './msgutil';
import { msgrcv_may_sleep, msgsnd_may_sleep } from './msg_sleep';
import { ksys_msgctl, msginfo_zero, ZERO_MSQID_SET } from './msgctl';
import { ksys_semget } from './sem';
import { ksys_semctl, ZERO_SEMUN, type SemunArg } from './semctl';
import type { SemBuf } from './namespace';
import { do_semtimedop, type Timespec } from './semop';
import { sem_ids } from './sem';
import type { CtlFields, SemUnion } from '../script/syscalls';
import { ksys_shmget, shm_ids } from './shm';
import { ksys_shmctl, ZERO_SHMID_SET } from './shmctl';
import { do_shmat, ksys_shmdt } from './shmat';
import { msg_ids } from './msg';
import { msgctl_buffer, msqid64_ds, semctl_buffer, semid64_ds, shmctl_buffer, shmid64_ds, stat_any_buffer } from './ctl_buffers';
import type { BufferValues } from '../uapi/ipc_buffers';
import type { IpcIds, KernIpcPerm } from './namespace';

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

// The stat-then-set forms each in a function of their own: a closure in a
// syscall itself captures its arguments, and V8 then allocates a context for
// them on every call, also on the common ones that never make the closure.
function msgctl_stat_then_set(k: Kernel, msqid: number): number {
  return stat_then_set(k, { ...ZERO_MSQID_SET }, (c, buf) => ksys_msgctl(k, msqid, c, buf));
}

function shmctl_stat_then_set(k: Kernel, shmid: number): number {
  return stat_then_set(k, { ...ZERO_SHMID_SET }, (c, buf) => ksys_shmctl(k, shmid, c, buf));
}

function semctl_stat_then_set(k: Kernel, semid: number, semnum: number): number {
  return stat_then_set(k, { ...ZERO_SEMUN }, (c, buf) => ksys_semctl(k, semid, semnum, c, buf));
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
 * The language's IPC_SET with named fields: the replayer's *_STAT_ANY read
 * of the object's buffer (a system call of its own, counted; see
 * stat_any_buffer), with the named fields replaced. Return: the buffer.
 */
function buffer_with<T extends KernIpcPerm>(k: Kernel, ids: IpcIds<T>, id: number, copy: (obj: T) => BufferValues, set: CtlFields['set'] & {}): BufferValues {
  const [buf, called] = stat_any_buffer(k, ids, id, copy);
  if (called) k.probe.costs.syscalls++;
  for (const [name, value] of set) buf[name] = value;
  return buf;
}

/** A u32 field (uid, gid, mode) of a buffer, 0 when missing. */
const u32 = (buf: BufferValues, name: string): number => Number(buf[name] ?? 0n);

/**
 * msgctl(2) with a zeroed buffer, stat-then-set, IPC_SET with named fields
 * (msgctl_down takes msg_qbytes as an int), or a STAT/INFO command copying
 * its buffer out to `fields.out`.
 * Return: 0, an id, a max idx, or -EINVAL, -EACCES, -EPERM.
 */
export function sys_msgctl(k: Kernel, msqid: number, cmd: number, statSet?: true, fields?: CtlFields): number {
  k.probe.costs.syscalls++;
  if (fields?.set !== undefined) {
    const buf = buffer_with(k, msg_ids(k), msqid, msqid64_ds, fields.set);
    return ksys_msgctl(k, msqid, cmd, { uid: u32(buf, 'uid'), gid: u32(buf, 'gid'), mode: u32(buf, 'mode'), qbytes: Number(BigInt.asIntN(32, buf.msg_qbytes ?? 0n)) });
  }
  if (statSet) return msgctl_stat_then_set(k, msqid);
  if (fields?.out === undefined) return ksys_msgctl(k, msqid, cmd);
  const info = msginfo_zero();
  const r = ksys_msgctl(k, msqid, cmd, null, info);
  if (r >= 0) fields.out = msgctl_buffer(k, msqid, cmd, info);
  return r;
}

/** shmget(2). Return: segment id or -EINVAL, -ENOSPC, -ENOMEM, -ENOENT, -EEXIST, -EACCES. */
export function sys_shmget(k: Kernel, key: number, size: bigint, shmflg: number): number {
  k.probe.costs.syscalls++;
  return ksys_shmget(k, key, size, shmflg);
}

/** shmctl(2): like sys_msgctl (IPC_SET reads uid, gid, mode). Return: 0, an id, a max idx, or -EINVAL, -EACCES, -EPERM, -ENOMEM. */
export function sys_shmctl(k: Kernel, shmid: number, cmd: number, statSet?: true, fields?: CtlFields): number {
  k.probe.costs.syscalls++;
  if (fields?.set !== undefined) {
    const buf = buffer_with(k, shm_ids(k), shmid, shmid64_ds, fields.set);
    return ksys_shmctl(k, shmid, cmd, { uid: u32(buf, 'uid'), gid: u32(buf, 'gid'), mode: u32(buf, 'mode') });
  }
  if (statSet) return shmctl_stat_then_set(k, shmid);
  const r = ksys_shmctl(k, shmid, cmd);
  if (r >= 0 && fields?.out !== undefined) fields.out = shmctl_buffer(k, shmid, cmd);
  return r;
}

/** shmat(2). Return: the address, or -EINVAL, -EACCES, -ENOMEM (as a negative bigint). */
export function sys_shmat(k: Kernel, shmid: number, shmaddr: bigint, shmflg: number): bigint {
  k.probe.costs.syscalls++;
  return do_shmat(k, shmid, shmaddr, shmflg);
}

/** shmdt(2). Return: 0 or -EINVAL. */
export function sys_shmdt(k: Kernel, shmaddr: bigint): number {
  k.probe.costs.syscalls++;
  return ksys_shmdt(k, shmaddr);
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
  const fields = semun?.fields;
  if (fields?.set !== undefined) {
    const buf = buffer_with(k, sem_ids(k), semid, semid64_ds, fields.set);
    return ksys_semctl(k, semid, semnum, cmd, { ...ZERO_SEMUN, uid: u32(buf, 'uid'), gid: u32(buf, 'gid'), mode: u32(buf, 'mode') });
  }
  if (statSet) return semctl_stat_then_set(k, semid, semnum);
  if (semun === undefined) return ksys_semctl(k, semid, semnum, cmd);
  const buf: SemunArg = { ...ZERO_SEMUN, ...(semun.val === undefined ? {} : { val: semun.val }), array: semun.array ?? [] };
  const r = ksys_semctl(k, semid, semnum, cmd, buf);
  if (buf.getall !== undefined) semun.getall = buf.getall;
  if (r >= 0 && fields?.out !== undefined) fields.out = semctl_buffer(k, semid, cmd);
  return r;
}

/** semop(2) (timeout null) and semtimedop(2). Return: see do_semtimedop (SEM_SLEEPS when the caller sleeps). */
export function sys_semtimedop(k: Kernel, semid: number, sops: readonly SemBuf[], timeout: Timespec | null): number {
  k.probe.costs.syscalls++;
  return do_semtimedop(k, semid, sops, timeout);
}
