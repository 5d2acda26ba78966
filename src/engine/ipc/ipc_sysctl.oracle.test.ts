/**
 * IPC sysctls (ipc/ipc_sysctl.c, ipc/mq_sysctl.c, kernel/sysctl.c) against the real kernel: workloads with the output Linux 6.18.44
 * (x86_64, fresh IPC namespace) printed for them under
 * linux-oracle/kernel_replay.py, compared the way compare.py compares (pid
 * and time columns only as zero / non-zero). Generated: re-run the
 * workloads through the replayer to refresh the expectations.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from './ipc.test-helper';

describe('IPC sysctl files on Linux 6.18', () => {
  it('a fresh namespace has the compile-time defaults', () => {
    expectLikeLinux(
      `cat /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmax
cat /proc/sys/kernel/msgmnb
cat /proc/sys/kernel/auto_msgmni
cat /proc/sys/kernel/msg_next_id
cat /proc/sys/kernel/sem
cat /proc/sys/kernel/sem_next_id
cat /proc/sys/kernel/shmall
cat /proc/sys/kernel/shmmax
cat /proc/sys/kernel/shmmni
cat /proc/sys/kernel/shm_rmid_forced
cat /proc/sys/kernel/shm_next_id
cat /proc/sys/fs/mqueue/msg_default
cat /proc/sys/fs/mqueue/msg_max
cat /proc/sys/fs/mqueue/msgsize_default
cat /proc/sys/fs/mqueue/msgsize_max
cat /proc/sys/fs/mqueue/queues_max
ls -U /proc/sys/fs/mqueue
ls -U /proc/sys/fs/mqueue/
cat /proc/sys/fs/mqueue/nope
cat /proc/sys/fs/mqueue
cat /proc/sys/fs/mqueue/msg_max/
`,
      `cat /proc/sys/kernel/msgmni = 1
32000
cat /proc/sys/kernel/msgmax = 1
8192
cat /proc/sys/kernel/msgmnb = 1
16384
cat /proc/sys/kernel/auto_msgmni = 1
0
cat /proc/sys/kernel/msg_next_id = 1
-1
cat /proc/sys/kernel/sem = 1
32000\t1024000000\t500\t32000
cat /proc/sys/kernel/sem_next_id = 1
-1
cat /proc/sys/kernel/shmall = 1
18446744073692774399
cat /proc/sys/kernel/shmmax = 1
18446744073692774399
cat /proc/sys/kernel/shmmni = 1
4096
cat /proc/sys/kernel/shm_rmid_forced = 1
0
cat /proc/sys/kernel/shm_next_id = 1
-1
cat /proc/sys/fs/mqueue/msg_default = 1
10
cat /proc/sys/fs/mqueue/msg_max = 1
10
cat /proc/sys/fs/mqueue/msgsize_default = 1
8192
cat /proc/sys/fs/mqueue/msgsize_max = 1
8192
cat /proc/sys/fs/mqueue/queues_max = 1
256
ls -U /proc/sys/fs/mqueue = 5
msg_default
msg_max
msgsize_default
msgsize_max
queues_max
ls -U /proc/sys/fs/mqueue/ = 5
msg_default
msg_max
msgsize_default
msgsize_max
queues_max
cat /proc/sys/fs/mqueue/nope = -1 ENOENT (No such file or directory)
cat /proc/sys/fs/mqueue = -1 EISDIR (Is a directory)
cat /proc/sys/fs/mqueue/msg_max/ = -1 ENOTDIR (Not a directory)
`,
    );
  });
  it('values parse like C literals with base 0: octal, hex, and junk after the digits is EINVAL', () => {
    expectLikeLinux(
      `echo 010 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 0x10 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 0X1f > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 077 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 0x7FFF > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 09 > /proc/sys/kernel/msgmni
echo 0x > /proc/sys/kernel/msgmni
echo 0xg > /proc/sys/kernel/msgmni
echo 12abc > /proc/sys/kernel/msgmni
echo 5x > /proc/sys/kernel/msgmax
echo 5, > /proc/sys/kernel/msgmax
echo +5 > /proc/sys/kernel/msgmni
echo 00 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
`,
      `echo 010 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
8
echo 0x10 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
16
echo 0X1f > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
31
echo 077 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
63
echo 0x7FFF > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
32767
echo 09 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 0x > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 0xg > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 12abc > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 5x > /proc/sys/kernel/msgmax = -1 EINVAL (Invalid argument)
echo 5, > /proc/sys/kernel/msgmax = -1 EINVAL (Invalid argument)
echo +5 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 00 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
0
`,
    );
  });
  it('whitespace is skipped, extra words are ignored and an empty write is EINVAL', () => {
    expectLikeLinux(
      `echo \t5 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 5\t6 > /proc/sys/kernel/msgmni
echo 7 8 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 1 2 3 4 > /proc/sys/kernel/msg_next_id
cat /proc/sys/kernel/msg_next_id
echo > /proc/sys/kernel/msgmni
echo   > /proc/sys/kernel/msgmax
cat /proc/sys/kernel/msgmni
`,
      `echo 5 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
5
echo 5 6 > /proc/sys/kernel/msgmni = 0
echo 7 8 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
7
echo 1 2 3 4 > /proc/sys/kernel/msg_next_id = 0
cat /proc/sys/kernel/msg_next_id = 1
1
echo  > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo  > /proc/sys/kernel/msgmax = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/msgmni = 1
7
`,
    );
  });
  it('negative numbers, overflow and the 21-character limit', () => {
    expectLikeLinux(
      `echo -5 > /proc/sys/kernel/msgmni
echo - > /proc/sys/kernel/msgmni
echo -0 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 4294967296 > /proc/sys/kernel/msgmni
echo 18446744073709551615 > /proc/sys/kernel/msgmni
echo 18446744073709551616 > /proc/sys/kernel/msgmni
echo 999999999999999999999 > /proc/sys/kernel/msgmax
echo 000000000000000000005 > /proc/sys/kernel/msgmni
echo 00000000000000000005 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 2147483647 > /proc/sys/kernel/msgmax
echo 2147483648 > /proc/sys/kernel/msgmax
echo -2147483648 > /proc/sys/kernel/msgmax
cat /proc/sys/kernel/msgmax
`,
      `echo -5 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo - > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo -0 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
0
echo 4294967296 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 18446744073709551615 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 18446744073709551616 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 999999999999999999999 > /proc/sys/kernel/msgmax = -1 EINVAL (Invalid argument)
echo 000000000000000000005 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 00000000000000000005 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
5
echo 2147483647 > /proc/sys/kernel/msgmax = 0
echo 2147483648 > /proc/sys/kernel/msgmax = -1 EINVAL (Invalid argument)
echo -2147483648 > /proc/sys/kernel/msgmax = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/msgmax = 1
2147483647
`,
    );
  });
  it('msgmni and shmmni accept 0..32768, msgmax and msgmnb 0..INT_MAX, next_id 0..INT_MAX', () => {
    expectLikeLinux(
      `echo 32768 > /proc/sys/kernel/msgmni
echo 32769 > /proc/sys/kernel/msgmni
echo 0 > /proc/sys/kernel/msgmni
cat /proc/sys/kernel/msgmni
echo 32768 > /proc/sys/kernel/shmmni
echo 32769 > /proc/sys/kernel/shmmni
echo -1 > /proc/sys/kernel/shmmni
cat /proc/sys/kernel/shmmni
echo 0 > /proc/sys/kernel/msgmnb
echo 2147483647 > /proc/sys/kernel/msgmnb
echo 2147483648 > /proc/sys/kernel/msgmnb
cat /proc/sys/kernel/msgmnb
echo -1 > /proc/sys/kernel/msg_next_id
echo 2147483648 > /proc/sys/kernel/msg_next_id
echo 0 > /proc/sys/kernel/msg_next_id
cat /proc/sys/kernel/msg_next_id
echo 2147483647 > /proc/sys/kernel/sem_next_id
cat /proc/sys/kernel/sem_next_id
echo 1 > /proc/sys/kernel/shm_next_id
cat /proc/sys/kernel/shm_next_id
`,
      `echo 32768 > /proc/sys/kernel/msgmni = 0
echo 32769 > /proc/sys/kernel/msgmni = -1 EINVAL (Invalid argument)
echo 0 > /proc/sys/kernel/msgmni = 0
cat /proc/sys/kernel/msgmni = 1
0
echo 32768 > /proc/sys/kernel/shmmni = 0
echo 32769 > /proc/sys/kernel/shmmni = -1 EINVAL (Invalid argument)
echo -1 > /proc/sys/kernel/shmmni = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/shmmni = 1
32768
echo 0 > /proc/sys/kernel/msgmnb = 0
echo 2147483647 > /proc/sys/kernel/msgmnb = 0
echo 2147483648 > /proc/sys/kernel/msgmnb = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/msgmnb = 1
2147483647
echo -1 > /proc/sys/kernel/msg_next_id = -1 EINVAL (Invalid argument)
echo 2147483648 > /proc/sys/kernel/msg_next_id = -1 EINVAL (Invalid argument)
echo 0 > /proc/sys/kernel/msg_next_id = 0
cat /proc/sys/kernel/msg_next_id = 1
0
echo 2147483647 > /proc/sys/kernel/sem_next_id = 0
cat /proc/sys/kernel/sem_next_id = 1
2147483647
echo 1 > /proc/sys/kernel/shm_next_id = 0
cat /proc/sys/kernel/shm_next_id = 1
1
`,
    );
  });
  it('kernel.sem takes partial writes, ignores a fifth value, keeps earlier values on a bad one, and range-checks only semmni', () => {
    expectLikeLinux(
      `echo 1 2 3 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo 5 6 7 8 9 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo 11 12 x > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo 21 22 23 32769 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo 21 22 23 -1 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo 0 0 0 32768 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo -1 -2147483648 2147483647 0 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
echo -2147483649 > /proc/sys/kernel/sem
echo  1   2 > /proc/sys/kernel/sem
cat /proc/sys/kernel/sem
`,
      `echo 1 2 3 > /proc/sys/kernel/sem = 0
cat /proc/sys/kernel/sem = 1
1\t2\t3\t32000
echo 5 6 7 8 9 > /proc/sys/kernel/sem = 0
cat /proc/sys/kernel/sem = 1
5\t6\t7\t8
echo 11 12 x > /proc/sys/kernel/sem = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/sem = 1
11\t12\t7\t8
echo 21 22 23 32769 > /proc/sys/kernel/sem = -1 ERANGE (Numerical result out of range)
cat /proc/sys/kernel/sem = 1
21\t22\t23\t8
echo 21 22 23 -1 > /proc/sys/kernel/sem = -1 ERANGE (Numerical result out of range)
cat /proc/sys/kernel/sem = 1
21\t22\t23\t8
echo 0 0 0 32768 > /proc/sys/kernel/sem = 0
cat /proc/sys/kernel/sem = 1
0\t0\t0\t32768
echo -1 -2147483648 2147483647 0 > /proc/sys/kernel/sem = 0
cat /proc/sys/kernel/sem = 1
-1\t-2147483648\t2147483647\t0
echo -2147483649 > /proc/sys/kernel/sem = -1 EINVAL (Invalid argument)
echo 1 2 > /proc/sys/kernel/sem = 0
cat /proc/sys/kernel/sem = 1
1\t2\t2147483647\t0
`,
    );
  });
  it('shmall and shmmax are unsigned longs: any 64-bit value, no sign', () => {
    expectLikeLinux(
      `echo -1 > /proc/sys/kernel/shmall
echo 0 > /proc/sys/kernel/shmall
cat /proc/sys/kernel/shmall
echo 18446744073709551615 > /proc/sys/kernel/shmall
echo 18446744073709551616 > /proc/sys/kernel/shmall
cat /proc/sys/kernel/shmall
echo 1 2 > /proc/sys/kernel/shmall
cat /proc/sys/kernel/shmall
echo 0x7fffffffffffffff > /proc/sys/kernel/shmmax
cat /proc/sys/kernel/shmmax
echo 0xffffffffffffffff > /proc/sys/kernel/shmmax
cat /proc/sys/kernel/shmmax
echo 0x10000000000000000 > /proc/sys/kernel/shmmax
echo -0 > /proc/sys/kernel/shmmax
echo 0 > /proc/sys/kernel/shmmax
cat /proc/sys/kernel/shmmax
shmget(IPC_PRIVATE, 1, 0)
`,
      `echo -1 > /proc/sys/kernel/shmall = -1 EINVAL (Invalid argument)
echo 0 > /proc/sys/kernel/shmall = 0
cat /proc/sys/kernel/shmall = 1
0
echo 18446744073709551615 > /proc/sys/kernel/shmall = 0
echo 18446744073709551616 > /proc/sys/kernel/shmall = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/shmall = 1
18446744073709551615
echo 1 2 > /proc/sys/kernel/shmall = 0
cat /proc/sys/kernel/shmall = 1
1
echo 0x7fffffffffffffff > /proc/sys/kernel/shmmax = 0
cat /proc/sys/kernel/shmmax = 1
9223372036854775807
echo 0xffffffffffffffff > /proc/sys/kernel/shmmax = 0
cat /proc/sys/kernel/shmmax = 1
18446744073709551615
echo 0x10000000000000000 > /proc/sys/kernel/shmmax = -1 EINVAL (Invalid argument)
echo -0 > /proc/sys/kernel/shmmax = -1 EINVAL (Invalid argument)
echo 0 > /proc/sys/kernel/shmmax = 0
cat /proc/sys/kernel/shmmax = 1
0
shmget(IPC_PRIVATE, 1, 000) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('auto_msgmni forgets what is written, shm_rmid_forced is 0 or 1', () => {
    expectLikeLinux(
      `echo 0 > /proc/sys/kernel/auto_msgmni
echo 1 > /proc/sys/kernel/auto_msgmni
echo 2 > /proc/sys/kernel/auto_msgmni
echo -1 > /proc/sys/kernel/auto_msgmni
cat /proc/sys/kernel/auto_msgmni
shmget(IPC_PRIVATE, 1, 0)
echo 1 > /proc/sys/kernel/shm_rmid_forced
echo 2 > /proc/sys/kernel/shm_rmid_forced
cat /proc/sys/kernel/shm_rmid_forced
cat /proc/sysvipc/shm
echo 0 1 > /proc/sys/kernel/shm_rmid_forced
cat /proc/sys/kernel/shm_rmid_forced
`,
      `echo 0 > /proc/sys/kernel/auto_msgmni = 0
echo 1 > /proc/sys/kernel/auto_msgmni = 0
echo 2 > /proc/sys/kernel/auto_msgmni = -1 EINVAL (Invalid argument)
echo -1 > /proc/sys/kernel/auto_msgmni = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/auto_msgmni = 1
0
shmget(IPC_PRIVATE, 1, 000) = 0
echo 1 > /proc/sys/kernel/shm_rmid_forced = 0
echo 2 > /proc/sys/kernel/shm_rmid_forced = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/shm_rmid_forced = 1
1
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0     0                     1 16504     0      0     0     0     0     0          0          0 1795981407                     0                     0
echo 0 1 > /proc/sys/kernel/shm_rmid_forced = 0
cat /proc/sys/kernel/shm_rmid_forced = 1
0
`,
    );
  });
  it('the POSIX mqueue limits: queues_max is any int, the others have fixed ranges', () => {
    expectLikeLinux(
      `echo 0 > /proc/sys/fs/mqueue/msg_max
echo 1 > /proc/sys/fs/mqueue/msg_max
echo 65536 > /proc/sys/fs/mqueue/msg_max
echo 65537 > /proc/sys/fs/mqueue/msg_max
echo 127 > /proc/sys/fs/mqueue/msgsize_max
echo 128 > /proc/sys/fs/mqueue/msgsize_max
echo 16777216 > /proc/sys/fs/mqueue/msgsize_max
echo 16777217 > /proc/sys/fs/mqueue/msgsize_max
echo 0 > /proc/sys/fs/mqueue/msg_default
echo 65537 > /proc/sys/fs/mqueue/msg_default
echo 65536 > /proc/sys/fs/mqueue/msg_default
echo 127 > /proc/sys/fs/mqueue/msgsize_default
echo 16777216 > /proc/sys/fs/mqueue/msgsize_default
echo -5 > /proc/sys/fs/mqueue/queues_max
cat /proc/sys/fs/mqueue/queues_max
echo 1 2 > /proc/sys/fs/mqueue/queues_max
cat /proc/sys/fs/mqueue/queues_max
cat /proc/sys/fs/mqueue/msg_max
cat /proc/sys/fs/mqueue/msgsize_max
cat /proc/sys/fs/mqueue/msg_default
cat /proc/sys/fs/mqueue/msgsize_default
`,
      `echo 0 > /proc/sys/fs/mqueue/msg_max = -1 EINVAL (Invalid argument)
echo 1 > /proc/sys/fs/mqueue/msg_max = 0
echo 65536 > /proc/sys/fs/mqueue/msg_max = 0
echo 65537 > /proc/sys/fs/mqueue/msg_max = -1 EINVAL (Invalid argument)
echo 127 > /proc/sys/fs/mqueue/msgsize_max = -1 EINVAL (Invalid argument)
echo 128 > /proc/sys/fs/mqueue/msgsize_max = 0
echo 16777216 > /proc/sys/fs/mqueue/msgsize_max = 0
echo 16777217 > /proc/sys/fs/mqueue/msgsize_max = -1 EINVAL (Invalid argument)
echo 0 > /proc/sys/fs/mqueue/msg_default = -1 EINVAL (Invalid argument)
echo 65537 > /proc/sys/fs/mqueue/msg_default = -1 EINVAL (Invalid argument)
echo 65536 > /proc/sys/fs/mqueue/msg_default = 0
echo 127 > /proc/sys/fs/mqueue/msgsize_default = -1 EINVAL (Invalid argument)
echo 16777216 > /proc/sys/fs/mqueue/msgsize_default = 0
echo -5 > /proc/sys/fs/mqueue/queues_max = 0
cat /proc/sys/fs/mqueue/queues_max = 1
-5
echo 1 2 > /proc/sys/fs/mqueue/queues_max = 0
cat /proc/sys/fs/mqueue/queues_max = 1
1
cat /proc/sys/fs/mqueue/msg_max = 1
65536
cat /proc/sys/fs/mqueue/msgsize_max = 1
16777216
cat /proc/sys/fs/mqueue/msg_default = 1
65536
cat /proc/sys/fs/mqueue/msgsize_default = 1
16777216
`,
    );
  });
});
