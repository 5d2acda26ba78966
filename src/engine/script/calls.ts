/**
 * The names the language knows: the eight SysV IPC calls, with their
 * parameters' C types (which decide how an unbounded argument value is
 * wrapped and printed) and how many trailing parameters may be omitted
 * (they default to 0); and the integer constants.
 */
import type { CallName } from './ast';
import { LANGUAGE_CONSTANTS } from '../uapi/ipc';

/**
 * `int`: id, nsems, semnum (C int, printed signed); `key`: key_t; `get_flags`:
 * the *get flags (mode printed in octal); `msg_flags`: msgsnd/msgrcv flags;
 * `long`: mtype; `size`: size_t; `*_cmd`: a ctl command, named per family;
 * `timeout`: semtimedop's nanoseconds, unbounded (split into a timespec by the call);
 * `addr`: an address (unsigned long, printed `%#x`); `shm_flags`: shmat's flags.
 * semop and semtimedop take their sembufs after these (CallStatement.sops).
 */
export type ParamKind = 'int' | 'key' | 'get_flags' | 'msg_flags' | 'shm_flags' | 'long' | 'size' | 'addr' | 'msg_cmd' | 'shm_cmd' | 'sem_cmd' | 'timeout';

export interface CallSignature {
  params: readonly ParamKind[];
  /** how many trailing params may be omitted */
  optional: number;
}

export const CALLS: Readonly<Record<CallName, CallSignature>> = {
  msgget: { params: ['key', 'get_flags'], optional: 0 },
  msgsnd: { params: ['int', 'long', 'size', 'msg_flags'], optional: 1 },
  msgrcv: { params: ['int', 'long', 'size', 'msg_flags'], optional: 1 },
  msgctl: { params: ['int', 'msg_cmd'], optional: 0 },
  shmget: { params: ['key', 'size', 'get_flags'], optional: 0 },
  shmctl: { params: ['int', 'shm_cmd'], optional: 0 },
  shmat: { params: ['int', 'addr', 'shm_flags'], optional: 0 },
  shmdt: { params: ['addr'], optional: 0 },
  semget: { params: ['key', 'int', 'get_flags'], optional: 0 },
  semctl: { params: ['int', 'int', 'sem_cmd'], optional: 0 },
  semop: { params: ['int'], optional: 0 },
  semtimedop: { params: ['int', 'timeout'], optional: 0 },
};

/** The call names, in the order of the contract's table. */
export const CALL_NAMES = Object.keys(CALLS) as CallName[];

/** Whether `name` is one of the calls. */
export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}

/** Whether `name` is one of the constants (IPC_CREAT, ...), which no variable may be named like. */
export function isConstantName(name: string): boolean {
  return Object.hasOwn(LANGUAGE_CONSTANTS, name);
}
