/** The interpreter's system calls bound to the simulated kernel. */
import type { Kernel } from '../kernel';
import type { Syscalls } from './syscalls';
import {
  sys_msgctl, sys_msgget, sys_msgrcv, sys_msgsnd, sys_semctl, sys_semget, sys_shmctl, sys_shmget,
} from '../ipc/syscall';
import { sys_close, sys_listdir, sys_open, sys_read, sys_write } from '../fs/vfs';
import { rtnl_dellink, rtnl_newlink } from '../net/rtnetlink';

export const KERNEL_SYSCALLS: Syscalls<Kernel> = {
  sys_msgget, sys_msgsnd, sys_msgrcv, sys_msgctl, sys_shmget, sys_shmctl, sys_semget, sys_semctl,
  sys_open, sys_read, sys_write, sys_close, sys_listdir,
  rtnl_newlink, rtnl_dellink,
};
