/** The interpreter's system calls bound to the simulated kernel. */
import type { Kernel } from '../kernel';
import type { Syscalls } from './syscalls';
import { sys_msgctl, sys_msgget, sys_msgrcv, sys_msgsnd, sys_semctl, sys_semget, sys_semtimedop, sys_shmat, sys_shmctl, sys_shmdt, sys_shmget } from '../ipc/syscall';
import { exit_mm, exit_shm } from '../ipc/shmat';
import { semop_interrupt, semop_take_result } from '../ipc/semop';
import { exit_sem } from '../ipc/sem_undo';
import { msg_interrupt, msg_wake_run } from '../ipc/msg_sleep';
import { set_current, task_fork, task_setcreds } from '../kernel/task';
import { sem_ids } from '../ipc/sem';
import { ipc_obtain_object_check } from '../ipc/util';
import { NO_PROBE } from '../probe';
import { sys_close, sys_listdir, sys_open, sys_read, sys_read_into, sys_write } from '../fs/vfs';
import { rtnl_dellink, rtnl_newlink } from '../net/rtnetlink';

export const KERNEL_SYSCALLS: Syscalls<Kernel> = {
  sys_msgget,
  sys_msgsnd,
  sys_msgrcv,
  sys_msgctl,
  sys_shmget,
  sys_shmctl,
  sys_shmat,
  sys_shmdt,
  sys_semget,
  sys_semctl,
  sys_open,
  sys_read,
  sys_read_into,
  sys_write,
  sys_close,
  sys_listdir,
  rtnl_newlink,
  rtnl_dellink,
  sys_semtimedop,
  semop_interrupt,
  semop_take_result,
  msg_wake: msg_wake_run,
  msg_interrupt,
  sem_nsems: (k, semid) => (semid < 0 ? null : (ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, NO_PROBE)?.sem_nsems ?? null)),
  task_first: (k) => k.config.pid,
  task_fork,
  task_switch: set_current,
  task_setcreds,
  task_exit(k, pid) {
    // do_exit's order: exit_mm, exit_sem, exit_shm (the task is current)
    set_current(k, pid);
    exit_mm(k, pid);
    exit_sem(k, pid);
    exit_shm(k, pid);
    k.state.tasks.tasks.delete(pid);
    set_current(k, k.config.pid);
  },
};
