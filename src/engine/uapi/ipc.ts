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

/** The names the workload language accepts as integer constants. */
export const LANGUAGE_CONSTANTS: Readonly<Record<string, number>> = {
  IPC_PRIVATE, IPC_CREAT, IPC_EXCL, IPC_NOWAIT, MSG_NOERROR, MSG_EXCEPT,
  IPC_RMID, IPC_STAT, IPC_INFO, MSG_STAT, MSG_INFO, MSG_STAT_ANY,
  SHM_STAT, SHM_INFO, SHM_STAT_ANY, SEM_STAT, SEM_INFO, SEM_STAT_ANY,
};
