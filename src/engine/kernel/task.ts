/**
 * The part of include/linux/sched.h `struct task_struct` that SysV IPC
 * touches (Linux 6.18): the tgid, `sysvsem.undo_list` (ipc/sem.c's
 * sem_undo_list), for a task asleep in semop the `status` word of the
 * sem_queue on its stack, which the waker writes (ipc/sem.c "all work is
 * done by the waker") and its shared-memory mappings (`mm`, see
 * mm/mmap.ts). `sysvshm.shm_clist`, the segments it created, is kept the
 * other way round: each segment names its creator (ShmidKernel.shm_creator).
 *
 * Simplified: a process is one thread (tgid = pid), its undo list is never
 * shared (no CLONE_SYSVSEM), pids are handed out in creation order from
 * config.pid (the first process, `main`), and a task only ever sleeps in
 * semop, msgsnd or msgrcv. `current` is the task making the next system call; the workload
 * interpreter sets it before each statement.
 *
 * Credentials (`cred`, kernel/cred.ts) start as root's with every
 * capability (a child of the root replayer) until the workload's `creds`.
 *
 * Glossary: *undo list* = the task's sem_undo structures, most recently
 * used first; *semadj* = per semaphore, what exit_sem adds back.
 */
import type { Kernel } from '../kernel';
import type { MsgWait } from '../ipc/msg_sleep';
import type { VmArea } from '../mm/mmap';
import { root_cred, set_groups_empty, setresgid, setresuid, type Cred } from './cred';

/** ipc/sem.c `struct sem_undo`: one per (task, array) with SEM_UNDO ops. */
export interface SemUndo {
  /** -1 once the array is removed (freeary) */
  semid: number;
  /** one short per semaphore, in [-32768, 32767] */
  semadj: number[];
}

export interface TaskStruct {
  pid: number;
  /** task_struct.comm: the process name (the workload's @NAME; `main` for the first) */
  comm: string;
  /** current->cred: the ids and capabilities every permission check uses */
  cred: Cred;
  /** sysvsem.undo_list.list_proc, head first; null until the first SEM_UNDO op (get_undo_list) */
  undo_list: SemUndo[] | null;
  /** the semid of the array the task sleeps on in semop, or -1 */
  sem_sleeping: number;
  /**
   * the status the waker stored in the task's sem_queue: null while it still
   * sleeps (the kernel's -EINTR placeholder), else 0 or -errno to return
   */
  sem_status: number | null;
  /** what the task keeps while it sleeps in msgsnd or msgrcv (ipc/msg_sleep.ts), else null */
  msg_wait: MsgWait | null;
  /** the shm VMAs of its address space, sorted by address (mm->mmap, shm mappings only) */
  mm: VmArea[];
}

/** The tasks and who runs: plain data in kernel.state. */
export interface TaskTable {
  /** by pid, in creation order */
  tasks: Map<number, TaskStruct>;
  current: number;
  next_pid: number;
  /** successful shmats so far, all tasks (each made its own file clone: VmArea.file) */
  shm_attaches: number;
  /** the user namespace's ucounts UCOUNT_RLIMIT_MEMLOCK: pages locked by SHM_LOCK, per real uid */
  memlock_pages: Map<number, number>;
}

export function create_task_table(first_pid: number): TaskTable {
  return { tasks: new Map([[first_pid, task_struct_new(first_pid, 'main')]]), current: first_pid, next_pid: first_pid + 1, shm_attaches: 0, memlock_pages: new Map() };
}

/** The task making the current system call. */
export function current(k: Kernel): TaskStruct {
  return k.state.tasks.tasks.get(k.state.tasks.current)!;
}

/** current_cred(): the credentials of the task making the current system call. */
export function current_cred(k: Kernel): Cred {
  return k.state.tasks.tasks.get(k.state.tasks.current)!.cred;
}

/** The tgid of the current task (what lspid, sempid, cpid record). */
export function task_tgid(k: Kernel): number {
  return k.state.tasks.current;
}

/** fork() from the replayer: a new task named `comm` with no undo list and no attachments. Return: its pid. */
export function task_fork(k: Kernel, comm = 'task'): number {
  const t = k.state.tasks;
  const pid = t.next_pid++;
  t.tasks.set(pid, task_struct_new(pid, comm));
  return pid;
}

/** A task with pid `pid` named `comm`, root's credentials, no undo list, asleep in nothing (not yet in any task table). */
export function task_struct_new(pid: number, comm: string): TaskStruct {
  return { pid, comm, cred: root_cred(), undo_list: null, sem_sleeping: -1, sem_status: null, msg_wait: null, mm: [] };
}

/** A new task with pid `pid` in the kernel's table (the multi-CPU model's tasks: pids chosen by the model). Return: it. */
export function task_create(k: Kernel, pid: number): TaskStruct {
  const t = task_struct_new(pid, 'task');
  k.state.tasks.tasks.set(pid, t);
  return t;
}

/** The task's name: its comm, `main` for the first task. */
export function task_comm(t: TaskStruct): string {
  return t.comm;
}

/** Makes `pid` the current task. */
export function set_current(k: Kernel, pid: number): void {
  k.state.tasks.current = pid;
}

/**
 * The language's `creds UID GID` in task `pid`: setgroups(0, NULL),
 * setresgid(gid, gid, gid), setresuid(uid, uid, uid), in that order, each
 * made by a task that is still root. Return: 0 (the first failing call's
 * -errno; none fails for root).
 */
export function task_setcreds(k: Kernel, pid: number, uid: number, gid: number): number {
  const cred = k.state.tasks.tasks.get(pid)!.cred;
  return set_groups_empty(cred) || setresgid(cred, gid, gid, gid) || setresuid(cred, uid, uid, uid);
}
