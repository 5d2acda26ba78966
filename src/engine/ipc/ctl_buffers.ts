/**
 * What the STAT and INFO commands of msgctl, shmctl and semctl copy out to
 * the user's buffer (Linux 6.18: kernel_to_ipc64_perm and the rest of
 * msgctl_stat, shmctl_stat and semctl_stat; msgctl_info, shmctl_ipc_info,
 * shmctl_shm_info and semctl_info), as BufferValues by field name
 * (uapi/ipc_buffers.ts). The system call layer (syscall.ts) asks for them
 * after a successful call: nothing changes between the copy and the read.
 *
 * Simplified: pid_vnr is the pid itself (one pid namespace); shm_rss and
 * shm_swp are 0, since no page of a segment is ever touched or swapped.
 */
import type { Kernel } from '../kernel';
import { BUFFERS, to_field, type BufferName, type BufferValues } from '../uapi/ipc_buffers';
import { IPC_INFO, IPC_STAT, MSG_INFO, SEM_INFO, SHM_INFO } from '../uapi/ipc';
import { NO_PROBE } from '../probe';
import type { IpcIds, KernIpcPerm, MsgQueue, SemArray, ShmidKernel } from './namespace';
import type { MsgInfo } from './msgctl';
import { msg_ids } from './msg';
import { sem_ids, SEMVMX } from './sem';
import { shm_ids } from './shm';
import { get_semotime } from './sem_update';
import { ipc_obtain_object_check, ipc_obtain_object_idr } from './util';

/** include/uapi/linux/sem.h: the seminfo constants semctl_info reports. */
export const SEMMNS = 32000 * 32000;
export const SEMOPM = 500;
export const SEMMAP = SEMMNS;
export const SEMMNU = SEMMNS;
export const SEMUME = SEMOPM;
export const SEMUSZ = 20;
export const SEMAEM = SEMVMX;
/** include/uapi/linux/shm.h */
export const SHMMIN = 1;

/** `out` with every field of `buffer` converted to its C type. */
function fill(buffer: BufferName, values: Readonly<Record<string, number | bigint>>): BufferValues {
  const out: BufferValues = {};
  for (const name of BUFFERS[buffer]) out[name] = to_field(name, BigInt(values[name] ?? 0));
  return out;
}

/** kernel_to_ipc64_perm */
function ipc64_perm(p: Readonly<KernIpcPerm>): Record<string, number> {
  return { key: p.key, uid: p.uid, gid: p.gid, cuid: p.cuid, cgid: p.cgid, mode: p.mode, seq: p.seq };
}

/** Which member of struct msg_queue each msqid64_ds field copies (after the ipc64_perm part). */
const MSQ_MEMBERS = {
  msg_stime: 'q_stime',
  msg_rtime: 'q_rtime',
  msg_ctime: 'q_ctime',
  msg_cbytes: 'q_cbytes',
  msg_qnum: 'q_qnum',
  msg_qbytes: 'q_qbytes',
  msg_lspid: 'q_lspid',
  msg_lrpid: 'q_lrpid',
} as const satisfies Record<string, keyof MsgQueue>;

/** Which member of struct shmid_kernel each shmid64_ds field copies. */
const SHM_MEMBERS = {
  shm_segsz: 'shm_segsz',
  shm_atime: 'shm_atim',
  shm_dtime: 'shm_dtim',
  shm_ctime: 'shm_ctim',
  shm_cpid: 'shm_cprid',
  shm_lpid: 'shm_lprid',
  shm_nattch: 'shm_nattch',
} as const satisfies Record<string, keyof ShmidKernel>;

/** The ipc64_perm part of `obj` and, for each buffer field of `members`, the member it names. */
function copy_members<T extends KernIpcPerm>(obj: Readonly<T>, members: Readonly<Record<string, keyof T>>): Record<string, number | bigint> {
  const out: Record<string, number | bigint> = ipc64_perm(obj);
  for (const [field, member] of Object.entries(members)) out[field] = obj[member] as number | bigint;
  return out;
}

/** msgctl_stat's copy: the msqid64_ds of `msq`. */
export function msqid64_ds(msq: Readonly<MsgQueue>): BufferValues {
  return fill('msqid64_ds', copy_members(msq, MSQ_MEMBERS));
}

/** shmctl_stat's copy: the shmid64_ds of `shp` (mode with SHM_DEST and SHM_LOCKED). */
export function shmid64_ds(shp: Readonly<ShmidKernel>): BufferValues {
  return fill('shmid64_ds', copy_members(shp, SHM_MEMBERS));
}

/** semctl_stat's copy: the semid64_ds of `sma`. */
export function semid64_ds(sma: Readonly<SemArray>): BufferValues {
  return fill('semid64_ds', { ...ipc64_perm(sma), sem_otime: get_semotime(sma), sem_ctime: sma.sem_ctime, sem_nsems: sma.sem_nsems });
}

/** msgctl_info's msginfo (the caller's MsgInfo, which ksys_msgctl filled). */
export function msginfo(info: Readonly<MsgInfo>): BufferValues {
  return fill('msginfo', { ...info });
}

/** shmctl_ipc_info's shminfo64 (IPC_INFO) or shmctl_shm_info's shm_info (SHM_INFO). */
export function shm_info(k: Kernel, cmd: number): BufferValues {
  const ns = k.state.ipc;
  if (cmd === SHM_INFO) return fill('shm_info', { used_ids: shm_ids(k).in_use, shm_tot: ns.shm_tot, shm_rss: 0, shm_swp: 0 });
  return fill('shminfo64', { shmmax: ns.shm_ctlmax, shmmin: SHMMIN, shmmni: ns.shm_ctlmni, shmseg: ns.shm_ctlmni, shmall: ns.shm_ctlall });
}

/** semctl_info's seminfo: the limits, and semusz/semaem = sets and semaphores in use for SEM_INFO, SEMUSZ/SEMAEM for IPC_INFO. */
export function seminfo(k: Kernel, cmd: number): BufferValues {
  const ns = k.state.ipc;
  const [semmsl, semmns, semopm, semmni] = ns.sem_ctls;
  const usage = cmd === SEM_INFO ? { semusz: sem_ids(k).in_use, semaem: ns.used_sems } : { semusz: SEMUSZ, semaem: SEMAEM };
  return fill('seminfo', { semmni, semmns, semmsl, semopm, semvmx: SEMVMX, semmnu: SEMMNU, semmap: SEMMAP, semume: SEMUME, ...usage });
}

/**
 * The object a successful STAT command read: IPC_STAT by id (seq checked),
 * the *_STAT commands by the id's idx. null when there is none.
 */
function stat_object<T extends KernIpcPerm>(k: Kernel, ids: IpcIds<T>, id: number, cmd: number): T | null {
  const ns = k.state.ipc;
  return cmd === IPC_STAT ? ipc_obtain_object_check(ns, ids, id, NO_PROBE) : ipc_obtain_object_idr(ns, ids, id, NO_PROBE);
}

/** The buffer a successful msgctl STAT or INFO command copied out; `info`: the msginfo it filled. */
export function msgctl_buffer(k: Kernel, msqid: number, cmd: number, info: Readonly<MsgInfo>): BufferValues {
  if (cmd === IPC_INFO || cmd === MSG_INFO) return msginfo(info);
  const msq = stat_object(k, msg_ids(k), msqid, cmd);
  return msq === null ? {} : msqid64_ds(msq);
}

/** The buffer a successful shmctl STAT or INFO command copied out. */
export function shmctl_buffer(k: Kernel, shmid: number, cmd: number): BufferValues {
  if (cmd === IPC_INFO || cmd === SHM_INFO) return shm_info(k, cmd);
  const shp = stat_object(k, shm_ids(k), shmid, cmd);
  return shp === null ? {} : shmid64_ds(shp);
}

/** The buffer a successful semctl STAT or INFO command copied out. */
export function semctl_buffer(k: Kernel, semid: number, cmd: number): BufferValues {
  if (cmd === IPC_INFO || cmd === SEM_INFO) return seminfo(k, cmd);
  const sma = stat_object(k, sem_ids(k), semid, cmd);
  return sma === null ? {} : semid64_ds(sma);
}

/** The replayer's *_STAT_ANY mask: the idx of an id in the default (15-bit) layout. */
const STAT_ANY_IDX_MASK = 0x7fff;

/**
 * The buffer the replayer starts an IPC_SET with named fields from: the
 * object's own, read by *_STAT_ANY on the id's idx when that returns the
 * same id (no permission needed), else zeroed (the kernel's EINVAL follows).
 * Return: the buffer, and whether the *_STAT_ANY system call was made.
 */
export function stat_any_buffer<T extends KernIpcPerm>(k: Kernel, ids: IpcIds<T>, id: number, copy: (obj: T) => BufferValues): [BufferValues, boolean] {
  if (id < 0) return [{}, false];
  const obj = ipc_obtain_object_idr(k.state.ipc, ids, id & STAT_ANY_IDX_MASK, k.probe);
  return [obj !== null && obj.id === id ? copy(obj) : {}, true];
}
