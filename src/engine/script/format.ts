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
  IPC_CREAT, IPC_EXCL, IPC_INFO, IPC_NOWAIT, IPC_RMID, IPC_SET, IPC_STAT, MSG_EXCEPT, MSG_INFO, MSG_NOERROR,
  MSG_STAT, MSG_STAT_ANY, SEM_INFO, SEM_STAT, SEM_STAT_ANY, SHM_INFO, SHM_STAT, SHM_STAT_ANY,
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

/** msgsnd/msgrcv flags: IPC_NOWAIT, MSG_NOERROR, MSG_EXCEPT, other bits as `%#x`; `0` when none. */
export function formatMsgFlags(flags: number): string {
  const u = flags >>> 0;
  const parts: string[] = [];
  if (u & IPC_NOWAIT) parts.push('IPC_NOWAIT');
  if (u & MSG_NOERROR) parts.push('MSG_NOERROR');
  if (u & MSG_EXCEPT) parts.push('MSG_EXCEPT');
  const rest = (u & ~(IPC_NOWAIT | MSG_NOERROR | MSG_EXCEPT)) >>> 0;
  if (rest !== 0) parts.push(hex(rest));
  return parts.length === 0 ? '0' : parts.join('|');
}

const COMMON_CMDS: Record<number, string> = {
  [IPC_RMID]: 'IPC_RMID', [IPC_SET]: 'IPC_SET', [IPC_STAT]: 'IPC_STAT', [IPC_INFO]: 'IPC_INFO',
};
const CMD_NAMES: Record<'msg_cmd' | 'shm_cmd' | 'sem_cmd', Record<number, string>> = {
  msg_cmd: { ...COMMON_CMDS, [MSG_STAT]: 'MSG_STAT', [MSG_INFO]: 'MSG_INFO', [MSG_STAT_ANY]: 'MSG_STAT_ANY' },
  shm_cmd: { ...COMMON_CMDS, [SHM_STAT]: 'SHM_STAT', [SHM_INFO]: 'SHM_INFO', [SHM_STAT_ANY]: 'SHM_STAT_ANY' },
  sem_cmd: { ...COMMON_CMDS, [SEM_STAT]: 'SEM_STAT', [SEM_INFO]: 'SEM_INFO', [SEM_STAT_ANY]: 'SEM_STAT_ANY' },
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
      return String(v);
    case 'key':
      return formatKey(v as number);
    case 'get_flags':
      return formatGetFlags(v as number);
    case 'msg_flags':
      return formatMsgFlags(v as number);
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
export const formatIpLinkAdd = (name: string | null, kind: string) =>
  `ip link add ${name === null ? '' : name + ' '}type ${kind}`;
export const formatIpLinkDel = (name: string) => `ip link del ${name}`;

/** The output line of an operation: `TEXT = RESULT\n`. */
export function formatLine(text: string, ret: number): string {
  return text + ' = ' + formatResult(ret) + '\n';
}
