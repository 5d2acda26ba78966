/**
 * The user buffers of msgctl, shmctl and semctl (x86_64, IPC_64 layout;
 * include/uapi/asm-generic/{msgbuf,shmbuf,sembuf}.h, include/uapi/linux/
 * {msg,shm,sem}.h): which fields each holds, the C type of each field, and
 * how the language prints it. The `ipc64_perm` part appears flattened under
 * its member names (key, uid, gid, cuid, cgid, mode, seq), as part 2 of the
 * language names them.
 *
 * A buffer travels between the interpreter and the kernel model as a
 * BufferValues record: field name → value, already in the field's C type.
 * Padding and the `__unused` members are not fields.
 */
import { IPC_INFO, IPC_STAT, MSG_INFO, MSG_STAT, MSG_STAT_ANY, SEM_INFO, SEM_STAT, SEM_STAT_ANY, SHM_INFO, SHM_STAT, SHM_STAT_ANY } from './ipc';

/** A field's C type: its width and signedness. */
export type FieldType = 'u16' | 'i32' | 'u32' | 'i64' | 'u64';

/** How a field prints: decimal, `%#x` (key), `%#o` (mode), `0`/`T` (a time), `pid(NAME)` (a pid). */
export type FieldShow = 'num' | 'key' | 'mode' | 'time' | 'pid';

export interface FieldSpec {
  type: FieldType;
  show: FieldShow;
}

const num = (type: FieldType): FieldSpec => ({ type, show: 'num' });
const time: FieldSpec = { type: 'i64', show: 'time' };
const pid: FieldSpec = { type: 'i32', show: 'pid' };

/** Every field name with its one C type (a name means the same in every buffer that has it). */
export const FIELDS: Readonly<Record<string, FieldSpec>> = {
  // struct ipc64_perm
  key: { type: 'i32', show: 'key' },
  uid: num('u32'),
  gid: num('u32'),
  cuid: num('u32'),
  cgid: num('u32'),
  mode: { type: 'u32', show: 'mode' },
  seq: num('u16'),
  // struct msqid64_ds
  msg_stime: time,
  msg_rtime: time,
  msg_ctime: time,
  msg_cbytes: num('u64'),
  msg_qnum: num('u64'),
  msg_qbytes: num('u64'),
  msg_lspid: pid,
  msg_lrpid: pid,
  // struct shmid64_ds
  shm_segsz: num('u64'),
  shm_atime: time,
  shm_dtime: time,
  shm_ctime: time,
  shm_cpid: pid,
  shm_lpid: pid,
  shm_nattch: num('u64'),
  // struct semid64_ds
  sem_otime: time,
  sem_ctime: time,
  sem_nsems: num('u64'),
  // struct msginfo
  msgpool: num('i32'),
  msgmap: num('i32'),
  msgmax: num('i32'),
  msgmnb: num('i32'),
  msgmni: num('i32'),
  msgssz: num('i32'),
  msgtql: num('i32'),
  msgseg: num('u16'),
  // struct shminfo64
  shmmax: num('u64'),
  shmmin: num('u64'),
  shmmni: num('u64'),
  shmseg: num('u64'),
  shmall: num('u64'),
  // struct shm_info
  used_ids: num('i32'),
  shm_tot: num('u64'),
  shm_rss: num('u64'),
  shm_swp: num('u64'),
  swap_attempts: num('u64'),
  swap_successes: num('u64'),
  // struct seminfo
  semmap: num('i32'),
  semmni: num('i32'),
  semmns: num('i32'),
  semmnu: num('i32'),
  semmsl: num('i32'),
  semopm: num('i32'),
  semume: num('i32'),
  semusz: num('i32'),
  semvmx: num('i32'),
  semaem: num('i32'),
};

export type BufferName = 'msqid64_ds' | 'shmid64_ds' | 'semid64_ds' | 'msginfo' | 'shminfo64' | 'shm_info' | 'seminfo';

const PERM = ['key', 'uid', 'gid', 'cuid', 'cgid', 'mode', 'seq'];

/** The fields of each buffer, in struct order. */
export const BUFFERS: Readonly<Record<BufferName, readonly string[]>> = {
  msqid64_ds: [...PERM, 'msg_stime', 'msg_rtime', 'msg_ctime', 'msg_cbytes', 'msg_qnum', 'msg_qbytes', 'msg_lspid', 'msg_lrpid'],
  shmid64_ds: [...PERM, 'shm_segsz', 'shm_atime', 'shm_dtime', 'shm_ctime', 'shm_cpid', 'shm_lpid', 'shm_nattch'],
  semid64_ds: [...PERM, 'sem_otime', 'sem_ctime', 'sem_nsems'],
  msginfo: ['msgpool', 'msgmap', 'msgmax', 'msgmnb', 'msgmni', 'msgssz', 'msgtql', 'msgseg'],
  shminfo64: ['shmmax', 'shmmin', 'shmmni', 'shmseg', 'shmall'],
  shm_info: ['used_ids', 'shm_tot', 'shm_rss', 'shm_swp', 'swap_attempts', 'swap_successes'],
  seminfo: ['semmap', 'semmni', 'semmns', 'semmnu', 'semmsl', 'semopm', 'semume', 'semusz', 'semvmx', 'semaem'],
};

export type CtlCall = 'msgctl' | 'shmctl' | 'semctl';

const CTL_BUFFERS: Readonly<Record<CtlCall, ReadonlyMap<number, BufferName>>> = {
  msgctl: new Map<number, BufferName>([
    [IPC_STAT, 'msqid64_ds'],
    [MSG_STAT, 'msqid64_ds'],
    [MSG_STAT_ANY, 'msqid64_ds'],
    [IPC_INFO, 'msginfo'],
    [MSG_INFO, 'msginfo'],
  ]),
  shmctl: new Map<number, BufferName>([
    [IPC_STAT, 'shmid64_ds'],
    [SHM_STAT, 'shmid64_ds'],
    [SHM_STAT_ANY, 'shmid64_ds'],
    [IPC_INFO, 'shminfo64'],
    [SHM_INFO, 'shm_info'],
  ]),
  semctl: new Map<number, BufferName>([
    [IPC_STAT, 'semid64_ds'],
    [SEM_STAT, 'semid64_ds'],
    [SEM_STAT_ANY, 'semid64_ds'],
    [IPC_INFO, 'seminfo'],
    [SEM_INFO, 'seminfo'],
  ]),
};

/** The buffer a STAT or INFO command of `call` fills, or null for any other command. */
export function ctl_buffer(call: CtlCall, cmd: number): BufferName | null {
  return CTL_BUFFERS[call].get(cmd) ?? null;
}

/** What IPC_SET reads from the buffer: ipc_update_perm's uid, gid and mode, and msg_qbytes for a queue. */
export const SETTABLE: Readonly<Record<CtlCall, readonly string[]>> = {
  msgctl: ['msg_qbytes', 'mode', 'uid', 'gid'],
  shmctl: ['mode', 'uid', 'gid'],
  semctl: ['mode', 'uid', 'gid'],
};

/** The *_STAT_ANY command of each call: how the replayer reads an object's current buffer without a permission check. */
export const STAT_ANY: Readonly<Record<CtlCall, number>> = { msgctl: MSG_STAT_ANY, shmctl: SHM_STAT_ANY, semctl: SEM_STAT_ANY };

/** A buffer's contents by field name, each value in its field's C type; a missing field reads as 0 (the zeroed buffer). */
export type BufferValues = Record<string, bigint>;

const BITS: Readonly<Record<FieldType, [bits: number, signed: boolean]>> = {
  u16: [16, false],
  i32: [32, true],
  u32: [32, false],
  i64: [64, true],
  u64: [64, false],
};

/** `v` converted to the C type of field `name` (two's complement wrap). */
export function to_field(name: string, v: bigint): bigint {
  const [bits, signed] = BITS[FIELDS[name]!.type];
  return signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
}

/** Whether `name` is a field of any buffer. */
export function isFieldName(name: string): boolean {
  return Object.hasOwn(FIELDS, name);
}
