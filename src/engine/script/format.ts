/**
 * Canonical operation text: how each executed statement is printed before
 * its ` = RESULT`, computed from the evaluated (wrapped) arguments, never
 * from the source text. Follows the contract's table (the reference is
 * kernel_replay.py's printing, which mimics strace).
 */
import type { CallName } from './ast';
import type { ParamKind } from './calls';
import { CALLS } from './calls';
import {
  GETALL,
  GETNCNT,
  GETPID,
  GETVAL,
  GETZCNT,
  IPC_CREAT,
  IPC_EXCL,
  IPC_INFO,
  IPC_NOWAIT,
  IPC_RMID,
  IPC_SET,
  IPC_STAT,
  MSG_COPY,
  MSG_EXCEPT,
  MSG_INFO,
  MSG_NOERROR,
  MSG_STAT,
  MSG_STAT_ANY,
  SEM_INFO,
  SEM_STAT,
  SEM_STAT_ANY,
  SEM_UNDO,
  SETALL,
  SETVAL,
  SHM_EXEC,
  SHM_INFO,
  SHM_RDONLY,
  SHM_REMAP,
  SHM_RND,
  SHM_STAT,
  SHM_STAT_ANY,
} from '../uapi/ipc';
import { formatResult } from '../uapi/errno';

/** An argument after wrapping to its C type: `number` for int kinds, `bigint` for long and size. */
export type ArgValue = number | bigint;

const hex = (u: number) => '0x' + u.toString(16);

/** key_t: `IPC_PRIVATE` for 0, else `%#x` of the 32-bit value. */
export function formatKey(key: number): string {
  return key === 0 ? 'IPC_PRIVATE' : hex(key >>> 0);
}

/**
 * *get flags: IPC_CREAT, IPC_EXCL, IPC_NOWAIT in that order, the other
 * non-mode bits as one `%#x`, then the mode as C `%#03o` (`000`, `0600`).
 */
export function formatGetFlags(flags: number): string {
  const u = flags >>> 0;
  let s = '';
  if (u & IPC_CREAT) s += 'IPC_CREAT|';
  if (u & IPC_EXCL) s += 'IPC_EXCL|';
  if (u & IPC_NOWAIT) s += 'IPC_NOWAIT|';
  const rest = (u & ~(IPC_CREAT | IPC_EXCL | IPC_NOWAIT | 0o777)) >>> 0;
  if (rest !== 0) s += hex(rest) + '|';
  const mode = u & 0o777;
  return s + (mode === 0 ? '000' : ('0' + mode.toString(8)).padStart(3, '0'));
}

/** Named bits of `u` in the given order, the other bits as one `%#x`; `0` when none. */
function formatBits(u: number, names: readonly (readonly [number, string])[]): string {
  const parts: string[] = [];
  let rest = u;
  for (const [bit, name] of names) {
    if (u & bit) parts.push(name);
    rest &= ~bit;
  }
  if (rest >>> 0 !== 0) parts.push(hex(rest >>> 0));
  return parts.length === 0 ? '0' : parts.join('|');
}

const MSG_FLAG_NAMES = [
  [IPC_NOWAIT, 'IPC_NOWAIT'],
  [MSG_NOERROR, 'MSG_NOERROR'],
  [MSG_EXCEPT, 'MSG_EXCEPT'],
  [MSG_COPY, 'MSG_COPY'],
] as const;
const SEM_FLAG_NAMES = [
  [SEM_UNDO, 'SEM_UNDO'],
  [IPC_NOWAIT, 'IPC_NOWAIT'],
] as const;

const SHM_FLAG_NAMES = [
  [SHM_RDONLY, 'SHM_RDONLY'],
  [SHM_RND, 'SHM_RND'],
  [SHM_REMAP, 'SHM_REMAP'],
  [SHM_EXEC, 'SHM_EXEC'],
] as const;

/** shmat flags: SHM_RDONLY, SHM_RND, SHM_REMAP, SHM_EXEC, other bits as `%#x`; `0` when none. */
export function formatShmFlags(flags: number): string {
  return formatBits(flags >>> 0, SHM_FLAG_NAMES);
}

/** An address (unsigned long): `%#x`, `0` for 0. */
export function formatAddr(addr: bigint): string {
  return addr === 0n ? '0' : '0x' + addr.toString(16);
}

/** msgsnd/msgrcv flags: IPC_NOWAIT, MSG_NOERROR, MSG_EXCEPT, MSG_COPY, other bits as `%#x`; `0` when none. */
export function formatMsgFlags(flags: number): string {
  return formatBits(flags >>> 0, MSG_FLAG_NAMES);
}

/** One struct sembuf as wrapped: `{num, op, flags}` with SEM_UNDO, IPC_NOWAIT by name. */
export interface SemBufValue {
  sem_num: number;
  sem_op: number;
  sem_flg: number;
}

/** The sembufs, runs of identical ones folded as `{...} x N`. */
export function formatSops(sops: readonly SemBufValue[]): string {
  const out: string[] = [];
  for (let i = 0; i < sops.length;) {
    const a = sops[i]!;
    let j = i + 1;
    while (j < sops.length && sops[j]!.sem_num === a.sem_num && sops[j]!.sem_op === a.sem_op && sops[j]!.sem_flg === a.sem_flg) j++;
    const text = `{${a.sem_num}, ${a.sem_op}, ${formatBits(a.sem_flg & 0xffff, SEM_FLAG_NAMES)}}`;
    out.push(j - i === 1 ? text : `${text} x ${j - i}`);
    i = j;
  }
  return out.join(', ');
}

const COMMON_CMDS: Record<number, string> = {
  [IPC_RMID]: 'IPC_RMID',
  [IPC_SET]: 'IPC_SET',
  [IPC_STAT]: 'IPC_STAT',
  [IPC_INFO]: 'IPC_INFO',
};
const CMD_NAMES: Record<'msg_cmd' | 'shm_cmd' | 'sem_cmd', Record<number, string>> = {
  msg_cmd: { ...COMMON_CMDS, [MSG_STAT]: 'MSG_STAT', [MSG_INFO]: 'MSG_INFO', [MSG_STAT_ANY]: 'MSG_STAT_ANY' },
  shm_cmd: { ...COMMON_CMDS, [SHM_STAT]: 'SHM_STAT', [SHM_INFO]: 'SHM_INFO', [SHM_STAT_ANY]: 'SHM_STAT_ANY' },
  sem_cmd: {
    ...COMMON_CMDS,
    [GETPID]: 'GETPID',
    [GETVAL]: 'GETVAL',
    [GETALL]: 'GETALL',
    [GETNCNT]: 'GETNCNT',
    [GETZCNT]: 'GETZCNT',
    [SETVAL]: 'SETVAL',
    [SETALL]: 'SETALL',
    [SEM_STAT]: 'SEM_STAT',
    [SEM_INFO]: 'SEM_INFO',
    [SEM_STAT_ANY]: 'SEM_STAT_ANY',
  },
};

/** A ctl command: its name in that call family (13 is MSG_STAT_ANY for msgctl, SHM_STAT for shmctl), else decimal. */
export function formatCmd(family: 'msg_cmd' | 'shm_cmd' | 'sem_cmd', cmd: number): string {
  return CMD_NAMES[family][cmd] ?? String(cmd);
}

/** One wrapped argument of the given kind. */
export function formatArgument(kind: ParamKind, v: ArgValue): string {
  switch (kind) {
    case 'int':
    case 'long':
    case 'size':
    case 'timeout':
      return String(v);
    case 'key':
      return formatKey(v as number);
    case 'get_flags':
      return formatGetFlags(v as number);
    case 'msg_flags':
      return formatMsgFlags(v as number);
    case 'shm_flags':
      return formatShmFlags(v as number);
    case 'addr':
      return formatAddr(v as bigint);
    case 'msg_cmd':
    case 'shm_cmd':
    case 'sem_cmd':
      return formatCmd(kind, v as number);
  }
}

/** `name(arg, arg, ...)` with every parameter (omitted ones already filled with 0). */
export function formatCall(name: CallName, values: readonly ArgValue[]): string {
  const params = CALLS[name].params;
  let s = name + '(';
  for (let i = 0; i < params.length; i++) {
    if (i > 0) s += ', ';
    s += formatArgument(params[i]!, values[i]!);
  }
  return s + ')';
}

/** The other statements' canonical texts, from their interpolated words. */
export const formatEcho = (value: string, path: string) => `echo ${value} > ${path}`;
export const formatCat = (path: string) => `cat ${path}`;
export const formatLs = (path: string) => `ls -U ${path}`;
export const formatIpLinkAdd = (name: string | null, kind: string) => `ip link add ${name === null ? '' : name + ' '}type ${kind}`;
export const formatIpLinkDel = (name: string) => `ip link del ${name}`;

/** The output line of an operation: `TEXT = RESULT\n`. */
export function formatLine(text: string, ret: number): string {
  return text + ' = ' + formatResult(ret) + '\n';
}
