/** SysV IPC constants from include/uapi/linux/{ipc,msg,shm,sem}.h (x86_64, IPC_64 layout). */

export const IPC_PRIVATE = 0;
export const IPC_CREAT = 0o1000;
export const IPC_EXCL = 0o2000;
export const IPC_NOWAIT = 0o4000;
export const MSG_NOERROR = 0o10000;
export const MSG_EXCEPT = 0o20000;
export const MSG_COPY = 0o40000;

export const IPC_RMID = 0;
export const IPC_SET = 1;
export const IPC_STAT = 2;
export const IPC_INFO = 3;
export const MSG_STAT = 11;
export const MSG_INFO = 12;
export const MSG_STAT_ANY = 13;
export const SHM_STAT = 13;
export const SHM_INFO = 14;
export const SHM_STAT_ANY = 15;
export const SEM_STAT = 18;
export const SEM_INFO = 19;
export const SEM_STAT_ANY = 20;
export const GETPID = 11;
export const GETVAL = 12;
export const GETALL = 13;
export const GETNCNT = 14;
export const GETZCNT = 15;
export const SETVAL = 16;
export const SETALL = 17;
export const SEM_UNDO = 0x1000;
export const SHM_RDONLY = 0o10000;
export const SHM_RND = 0o20000;
export const SHM_REMAP = 0o40000;
export const SHM_EXEC = 0o100000;
export const SHM_LOCK = 11;
export const SHM_UNLOCK = 12;

/** The names the workload language accepts as integer constants. */
export const LANGUAGE_CONSTANTS: Readonly<Record<string, number>> = {
  IPC_PRIVATE,
  IPC_CREAT,
  IPC_EXCL,
  IPC_NOWAIT,
  MSG_NOERROR,
  MSG_EXCEPT,
  IPC_RMID,
  IPC_STAT,
  IPC_INFO,
  MSG_STAT,
  MSG_INFO,
  MSG_STAT_ANY,
  SHM_STAT,
  SHM_INFO,
  SHM_STAT_ANY,
  SEM_STAT,
  SEM_INFO,
  SEM_STAT_ANY,
  // part 2 of the language (workload-language-ops.md)
  IPC_SET,
  MSG_COPY,
  SEM_UNDO,
  GETPID,
  GETVAL,
  GETALL,
  GETNCNT,
  GETZCNT,
  SETVAL,
  SETALL,
  SHM_RDONLY,
  SHM_RND,
  SHM_REMAP,
  SHM_EXEC,
  SHM_LOCK,
  SHM_UNLOCK,
};
