/**
 * The system calls a statement enters the kernel through (EntryFn), one
 * listing each: ipc/msg.c, ipc/shm.c, ipc/sem.c, kernel/exit.c,
 * fs/read_write.c, fs/readdir.c and net/core/rtnetlink.c of 6.18.
 * Simplified: each is the call it makes and what it returns.
 */
import type { CodeListing } from '../listings';

const syscall = (name: string, file: string, call: string, ret = 'return the result, or -errno'): CodeListing => ({
  name,
  file,
  lines: [
    ['entry', `${name}(...):   ‹the statement's system call›`],
    ['call', `  ${call}`],
    ['ret', `  ${ret}`],
  ],
});

export const ENTRY_LISTINGS = {
  sys_msgget: syscall('sys_msgget', 'ipc/msg.c', 'ipcget(ns, &msg_ids(ns), &msg_ops{newque}, key, msgflg)', 'return the queue id, or -errno'),
  sys_msgsnd: syscall('sys_msgsnd', 'ipc/msg.c', 'do_msgsnd(msqid, mtype, mtext, msgsz, msgflg)'),
  sys_msgrcv: syscall('sys_msgrcv', 'ipc/msg.c', 'do_msgrcv(msqid, buf, msgsz, msgtyp, msgflg, do_msg_fill)', 'return the bytes received, or -errno'),
  sys_msgctl: syscall('sys_msgctl', 'ipc/msg.c', 'switch (cmd): IPC_INFO/MSG_INFO → msgctl_info; *_STAT → msgctl_stat; IPC_RMID/IPC_SET → msgctl_down'),
  sys_shmget: syscall('sys_shmget', 'ipc/shm.c', 'ipcget(ns, &shm_ids(ns), &shm_ops{newseg}, key, shmflg)', 'return the segment id, or -errno'),
  sys_shmctl: syscall('sys_shmctl', 'ipc/shm.c', 'switch (cmd): IPC_INFO/SHM_INFO → shmctl_ipc_info/shm_get_stat; *_STAT → shmctl_stat; IPC_RMID → shmctl_down'),
  sys_shmat: syscall('sys_shmat', 'ipc/shm.c', 'do_shmat(shmid, shmaddr, shmflg, &addr, SHMLBA)', 'return the address, or -errno'),
  sys_shmdt: syscall('sys_shmdt', 'ipc/shm.c', 'ksys_shmdt(shmaddr)'),
  sys_semget: syscall('sys_semget', 'ipc/sem.c', 'ipcget(ns, &sem_ids(ns), &sem_ops{newary}, key, semflg)', 'return the set id, or -errno'),
  sys_semop: syscall('sys_semop', 'ipc/sem.c', 'do_semtimedop(semid, sops, nsops, NULL)', 'return 0, or -errno (a sleeper returns what its waker stored)'),
  sys_semtimedop: syscall('sys_semtimedop', 'ipc/sem.c', 'get_timespec64(&ts, timeout); do_semtimedop(semid, sops, nsops, &ts)', 'return 0, or -errno (-EAGAIN when the timeout ends the sleep)'),
  do_exit: syscall('do_exit', 'kernel/exit.c', 'exit_mm(); exit_sem(tsk)   ‹the undo list›; exit_shm(tsk)', 'the task is gone: nothing returns'),
  sys_semctl: syscall('sys_semctl', 'ipc/sem.c', 'switch (cmd): IPC_INFO/SEM_INFO → semctl_info; *_STAT → semctl_stat; IPC_RMID → semctl_down'),
  sys_read: syscall('sys_read', 'fs/read_write.c', "vfs_read(file, buf, count, &pos) → the file's read (seq_read_iter, proc_sys_read)", 'return the bytes read'),
  sys_write: syscall('sys_write', 'fs/read_write.c', "vfs_write(file, buf, count, &pos) → proc_sys_write → the sysctl's handler", 'return the bytes written, or -errno'),
  sys_getdents64: syscall('sys_getdents64', 'fs/readdir.c', "iterate_dir(file, &buf.ctx) → the directory's readdir (proc_readdir_de, proc_sys_readdir)", 'return the bytes of dirents filled'),
  syscall: {
    name: 'the system call',
    file: null,
    lines: [
      ['entry', 'the statement enters the kernel'],
      ['ret', 'and returns'],
    ],
  },
  rtnl_newlink: syscall('rtnl_newlink', 'net/core/rtnetlink.c', 'rtnl_create_link(net, ifname, ops) → register_netdevice(dev)', 'return 0, or -errno in the netlink ack'),
  rtnl_dellink: syscall('rtnl_dellink', 'net/core/rtnetlink.c', 'dev = __dev_get_by_name(net, ifname); rtnl_delete_link(dev) → unregister_netdevice_many', 'return 0, or -ENODEV in the netlink ack'),
} as const satisfies Record<string, CodeListing>;
