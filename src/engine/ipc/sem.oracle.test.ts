/**
 * Semaphore arrays (ipc/sem.c) against the real kernel: workloads with the output Linux 6.18.44
 * (x86_64, fresh IPC namespace) printed for them under
 * linux-oracle/kernel_replay.py, compared the way compare.py compares (pid
 * and time columns only as zero / non-zero). Generated: re-run the
 * workloads through the replayer to refresh the expectations.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from './ipc.test-helper';

describe('semget and semctl on Linux 6.18', () => {
  it('nsems is checked against semmsl before the key, against semmns when creating, against an existing array after', () => {
    expectLikeLinux(
      `semget(0x20, 5, IPC_CREAT|0600)
semget(0x20, 0, 0)
semget(0x20, 5, 0)
semget(0x20, 6, 0)
semget(0x20, 6, IPC_CREAT)
semget(0x20, -1, 0)
semget(0x20, 32001, 0)
semget(0x21, 0, IPC_CREAT)
semget(0x21, 1, 0)
semget(IPC_PRIVATE, 32000, IPC_CREAT)
semget(IPC_PRIVATE, 32001, IPC_CREAT)
semctl(0, 0, SEM_INFO)
cat /proc/sysvipc/sem
`,
      `semget(0x20, 5, IPC_CREAT|0600) = 0
semget(0x20, 0, 000) = 0
semget(0x20, 5, 000) = 0
semget(0x20, 6, 000) = -1 EINVAL (Invalid argument)
semget(0x20, 6, IPC_CREAT|000) = -1 EINVAL (Invalid argument)
semget(0x20, -1, 000) = -1 EINVAL (Invalid argument)
semget(0x20, 32001, 000) = -1 EINVAL (Invalid argument)
semget(0x21, 0, IPC_CREAT|000) = -1 EINVAL (Invalid argument)
semget(0x21, 1, 000) = -1 ENOENT (No such file or directory)
semget(IPC_PRIVATE, 32000, IPC_CREAT|000) = 1
semget(IPC_PRIVATE, 32001, IPC_CREAT|000) = -1 EINVAL (Invalid argument)
semctl(0, 0, SEM_INFO) = 1
cat /proc/sysvipc/sem = 3
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
        32          0   600          5     0     0     0     0          0 1795981694
         0          1     0      32000     0     0     0     0          0 1795981694
`,
    );
  });
  it('semmns bounds the semaphores of all arrays and semmni the arrays', () => {
    expectLikeLinux(
      `echo 7 16 32 2 > /proc/sys/kernel/sem
semget(IPC_PRIVATE, 7, 0)
semget(IPC_PRIVATE, 7, 0)
semget(IPC_PRIVATE, 3, 0)
semget(IPC_PRIVATE, 2, 0)
echo 7 100 32 3 > /proc/sys/kernel/sem
semget(IPC_PRIVATE, 3, 0)
semget(IPC_PRIVATE, 1, 0)
semctl(0, 0, IPC_RMID)
semget(IPC_PRIVATE, 1, 0)
semctl(0, 0, SEM_INFO)
cat /proc/sysvipc/sem
echo -1 > /proc/sys/kernel/sem
semget(IPC_PRIVATE, 1, 0)
semget(IPC_PRIVATE, 0, 0)
`,
      `echo 7 16 32 2 > /proc/sys/kernel/sem = 0
semget(IPC_PRIVATE, 7, 000) = 0
semget(IPC_PRIVATE, 7, 000) = 1
semget(IPC_PRIVATE, 3, 000) = -1 ENOSPC (No space left on device)
semget(IPC_PRIVATE, 2, 000) = -1 ENOSPC (No space left on device)
echo 7 100 32 3 > /proc/sys/kernel/sem = 0
semget(IPC_PRIVATE, 3, 000) = 2
semget(IPC_PRIVATE, 1, 000) = -1 ENOSPC (No space left on device)
semctl(0, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 1, 000) = 3
semctl(0, 0, SEM_INFO) = 3
cat /proc/sysvipc/sem = 4
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0          1     0          7     0     0     0     0          0 1795981694
         0          2     0          3     0     0     0     0          0 1795981694
         0          3     0          1     0     0     0     0          0 1795981694
echo -1 > /proc/sys/kernel/sem = 0
semget(IPC_PRIVATE, 1, 000) = -1 EINVAL (Invalid argument)
semget(IPC_PRIVATE, 0, 000) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('GETVAL, GETPID, GETNCNT, GETZCNT need a valid semnum; GETALL and SETALL ignore it; SETVAL is ERANGE before anything', () => {
    expectLikeLinux(
      `m = semget(IPC_PRIVATE, 3, IPC_CREAT|0600)
semctl(m, 0, 11)
semctl(m, 0, 12)
semctl(m, 0, 13)
semctl(m, 0, 14)
semctl(m, 0, 15)
semctl(m, 0, 16)
semctl(m, 5, 12)
semctl(m, -1, 12)
semctl(m, 5, 13)
semctl(m, 5, 17)
semctl(m, 0, 11)
semctl(m, 2, 11)
semctl(m, 3, 11)
semctl(m, 1, 12)
semctl(99, 0, 16)
semctl(-1, 0, 16)
semctl(99, 0, 13)
cat /proc/sysvipc/sem
`,
      `semget(IPC_PRIVATE, 3, IPC_CREAT|0600) = 0
semctl(0, 0, 11) = 0
semctl(0, 0, 12) = 0
semctl(0, 0, 13) = 0
semctl(0, 0, 14) = 0
semctl(0, 0, 15) = 0
semctl(0, 0, 16) = -1 ERANGE (Numerical result out of range)
semctl(0, 5, 12) = -1 EINVAL (Invalid argument)
semctl(0, -1, 12) = -1 EINVAL (Invalid argument)
semctl(0, 5, 13) = 0
semctl(0, 5, 17) = 0
semctl(0, 0, 11) = 12511
semctl(0, 2, 11) = 12511
semctl(0, 3, 11) = -1 EINVAL (Invalid argument)
semctl(0, 1, 12) = 0
semctl(99, 0, 16) = -1 ERANGE (Numerical result out of range)
semctl(-1, 0, 16) = -1 EINVAL (Invalid argument)
semctl(99, 0, 13) = -1 EINVAL (Invalid argument)
cat /proc/sysvipc/sem = 2
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0          0   600          3     0     0     0     0          0 1795981695
`,
      { pid: 12511 },
    );
  });
  it('IPC_SET with zeros clears the mode bits; unknown commands are EINVAL', () => {
    expectLikeLinux(
      `m = semget(IPC_PRIVATE, 3, IPC_CREAT|0600)
semctl(m, 0, 1)
cat /proc/sysvipc/sem
semctl(m, 0, 21)
semctl(m, 0, -5)
semctl(m, 0, 10)
semctl(99, 0, 1)
semctl(m, 0, IPC_STAT)
semctl(m, 0, SEM_STAT)
semctl(m, 0, IPC_RMID)
semctl(m, 0, IPC_RMID)
semctl(m, 0, SEM_INFO)
semctl(m, 0, IPC_INFO)
`,
      `semget(IPC_PRIVATE, 3, IPC_CREAT|0600) = 0
semctl(0, 0, IPC_SET) = 0
cat /proc/sysvipc/sem = 2
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0          0     0          3     0     0     0     0          0 1795981695
semctl(0, 0, 21) = -1 EINVAL (Invalid argument)
semctl(0, 0, -5) = -1 EINVAL (Invalid argument)
semctl(0, 0, 10) = -1 EINVAL (Invalid argument)
semctl(99, 0, IPC_SET) = -1 EINVAL (Invalid argument)
semctl(0, 0, IPC_STAT) = 0
semctl(0, 0, SEM_STAT) = 0
semctl(0, 0, IPC_RMID) = 0
semctl(0, 0, IPC_RMID) = -1 EINVAL (Invalid argument)
semctl(0, 0, SEM_INFO) = 0
semctl(0, 0, IPC_INFO) = 0
`,
    );
  });
  it('an array of more than (INT_MAX - sizeof(sem_array)) / 64 semaphores is ENOMEM', () => {
    expectLikeLinux(
      `echo 40000000 2147483647 500 32000 > /proc/sys/kernel/sem
semget(IPC_PRIVATE, 33554428, 0)
semget(IPC_PRIVATE, 33554427, 0)
semctl(0, 0, SEM_INFO)
semctl(0, 0, IPC_RMID)
`,
      `echo 40000000 2147483647 500 32000 > /proc/sys/kernel/sem = 0
semget(IPC_PRIVATE, 33554428, 000) = -1 ENOMEM (Cannot allocate memory)
semget(IPC_PRIVATE, 33554427, 000) = 0
semctl(0, 0, SEM_INFO) = 0
semctl(0, 0, IPC_RMID) = 0
`,
    );
  });
});
