/**
 * Message queues (ipc/msg.c) against the real kernel: workloads with the output Linux 6.18.44
 * (x86_64, fresh IPC namespace) printed for them under
 * linux-oracle/kernel_replay.py, compared the way compare.py compares (pid
 * and time columns only as zero / non-zero). Generated: re-run the
 * workloads through the replayer to refresh the expectations.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from './ipc.test-helper';

describe('msgsnd, msgrcv and msgctl on Linux 6.18', () => {
  it('msgrcv selects by type: equal, lowest at most |type|, anything but (MSG_EXCEPT), oldest first', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 5, 5, IPC_NOWAIT)
msgsnd(q, 3, 3, IPC_NOWAIT)
msgsnd(q, 7, 7, IPC_NOWAIT)
msgsnd(q, 3, 4, IPC_NOWAIT)
msgsnd(q, 1, 1, IPC_NOWAIT)
msgsnd(q, 2, 2, IPC_NOWAIT)
msgrcv(q, 3, 100, IPC_NOWAIT)
msgrcv(q, -4, 100, IPC_NOWAIT)
msgrcv(q, 3, 100, IPC_NOWAIT|MSG_EXCEPT)
msgrcv(q, -0x8000000000000000, 100, IPC_NOWAIT)
msgrcv(q, 0, 100, IPC_NOWAIT|MSG_EXCEPT)
msgrcv(q, -1, 100, IPC_NOWAIT)
msgrcv(q, 9, 100, IPC_NOWAIT)
msgrcv(q, 3, 100, IPC_NOWAIT)
msgrcv(q, 3, 100, IPC_NOWAIT)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 5, 5, IPC_NOWAIT) = 0
msgsnd(0, 3, 3, IPC_NOWAIT) = 0
msgsnd(0, 7, 7, IPC_NOWAIT) = 0
msgsnd(0, 3, 4, IPC_NOWAIT) = 0
msgsnd(0, 1, 1, IPC_NOWAIT) = 0
msgsnd(0, 2, 2, IPC_NOWAIT) = 0
msgrcv(0, 3, 100, IPC_NOWAIT) = 3
msgrcv(0, -4, 100, IPC_NOWAIT) = 1
msgrcv(0, 3, 100, IPC_NOWAIT|MSG_EXCEPT) = 5
msgrcv(0, -9223372036854775808, 100, IPC_NOWAIT) = 2
msgrcv(0, 0, 100, IPC_NOWAIT|MSG_EXCEPT) = 7
msgrcv(0, -1, 100, IPC_NOWAIT) = -1 ENOMSG (No message of desired type)
msgrcv(0, 9, 100, IPC_NOWAIT) = -1 ENOMSG (No message of desired type)
msgrcv(0, 3, 100, IPC_NOWAIT) = 4
msgrcv(0, 3, 100, IPC_NOWAIT) = -1 ENOMSG (No message of desired type)
`,
    );
  });
  it('MSG_COPY peeks by position, needs IPC_NOWAIT and no MSG_EXCEPT, and never removes', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 5, 5, IPC_NOWAIT)
msgsnd(q, 3, 3, IPC_NOWAIT)
msgsnd(q, 7, 7, IPC_NOWAIT)
msgrcv(q, 1, 100, IPC_NOWAIT|040000)
msgrcv(q, 2, 100, IPC_NOWAIT|040000)
msgrcv(q, 3, 100, IPC_NOWAIT|040000)
msgrcv(q, -1, 100, IPC_NOWAIT|040000)
msgrcv(q, 0, 100, 040000)
msgrcv(q, 0, 100, IPC_NOWAIT|MSG_EXCEPT|040000)
msgrcv(q, 2, 2, IPC_NOWAIT|040000)
msgrcv(q, 2, 2, IPC_NOWAIT|MSG_NOERROR|040000)
msgrcv(q, 2, 100, IPC_NOWAIT|MSG_NOERROR|040000)
echo 6 > /proc/sys/kernel/msgmax
msgrcv(q, 2, 100, IPC_NOWAIT|040000)
msgrcv(q, 0, 100, IPC_NOWAIT|040000)
msgctl(q, MSG_INFO)
cat /proc/sysvipc/msg
msgrcv(77, 1, 1, 040000|IPC_NOWAIT)
msgrcv(-1, 1, 1, 040000|IPC_NOWAIT)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 5, 5, IPC_NOWAIT) = 0
msgsnd(0, 3, 3, IPC_NOWAIT) = 0
msgsnd(0, 7, 7, IPC_NOWAIT) = 0
msgrcv(0, 1, 100, IPC_NOWAIT|0x4000) = 3
msgrcv(0, 2, 100, IPC_NOWAIT|0x4000) = 7
msgrcv(0, 3, 100, IPC_NOWAIT|0x4000) = -1 ENOMSG (No message of desired type)
msgrcv(0, -1, 100, IPC_NOWAIT|0x4000) = -1 ENOMSG (No message of desired type)
msgrcv(0, 0, 100, 0x4000) = -1 EINVAL (Invalid argument)
msgrcv(0, 0, 100, IPC_NOWAIT|MSG_EXCEPT|0x4000) = -1 EINVAL (Invalid argument)
msgrcv(0, 2, 2, IPC_NOWAIT|0x4000) = -1 E2BIG (Argument list too long)
msgrcv(0, 2, 2, IPC_NOWAIT|MSG_NOERROR|0x4000) = -1 EINVAL (Invalid argument)
msgrcv(0, 2, 100, IPC_NOWAIT|MSG_NOERROR|0x4000) = 7
echo 6 > /proc/sys/kernel/msgmax = 0
msgrcv(0, 2, 100, IPC_NOWAIT|0x4000) = -1 EINVAL (Invalid argument)
msgrcv(0, 0, 100, IPC_NOWAIT|0x4000) = 5
msgctl(0, MSG_INFO) = 0
cat /proc/sysvipc/msg = 2
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600          15          3 11312     0     0     0     0     0 1795981351          0 1795981351
msgrcv(77, 1, 1, IPC_NOWAIT|0x4000) = -1 EINVAL (Invalid argument)
msgrcv(-1, 1, 1, IPC_NOWAIT|0x4000) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('E2BIG leaves the message queued, MSG_NOERROR truncates and removes it, sizes of 2^63 and more are EINVAL', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 1, 7, IPC_NOWAIT)
msgsnd(q, 1, 4, IPC_NOWAIT)
msgrcv(q, 0, 2, IPC_NOWAIT)
msgctl(q, MSG_INFO)
msgrcv(q, 0, 2, IPC_NOWAIT|MSG_NOERROR)
msgrcv(q, 0, -1, IPC_NOWAIT)
msgrcv(q, 0, 0x8000000000000000, IPC_NOWAIT)
msgrcv(q, 0, 0x7fffffffffffffff, IPC_NOWAIT)
msgrcv(q, 0, 0x7fffffffffffffff, IPC_NOWAIT)
cat /proc/sysvipc/msg
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 1, 7, IPC_NOWAIT) = 0
msgsnd(0, 1, 4, IPC_NOWAIT) = 0
msgrcv(0, 0, 2, IPC_NOWAIT) = -1 E2BIG (Argument list too long)
msgctl(0, MSG_INFO) = 0
msgrcv(0, 0, 2, IPC_NOWAIT|MSG_NOERROR) = 2
msgrcv(0, 0, 18446744073709551615, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgrcv(0, 0, 9223372036854775808, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgrcv(0, 0, 9223372036854775807, IPC_NOWAIT) = 4
msgrcv(0, 0, 9223372036854775807, IPC_NOWAIT) = -1 ENOMSG (No message of desired type)
cat /proc/sysvipc/msg = 2
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600           0          0 11321 11321     0     0     0     0 1795981351 1795981351 1795981351
`,
    );
  });
  it('msgsnd checks size, id and type before the queue: EINVAL for mtype < 1, size > msgmax or ≥ 2^63, bad ids', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 0, 1, IPC_NOWAIT)
msgsnd(q, -1, 1, IPC_NOWAIT)
msgsnd(q, 1, 8193, IPC_NOWAIT)
msgsnd(q, 1, 8192, IPC_NOWAIT)
msgsnd(q, 1, -1, IPC_NOWAIT)
msgsnd(-1, 0, 1, IPC_NOWAIT)
msgsnd(77, 0, 1, IPC_NOWAIT)
msgsnd(77, 1, 1, IPC_NOWAIT)
msgsnd(32768, 1, 1, IPC_NOWAIT)
msgsnd(q, 0x7fffffffffffffff, 5, IPC_NOWAIT)
msgsnd(q, -0x8000000000000000, 5, IPC_NOWAIT)
msgrcv(q, -0x7fffffffffffffff, 9, IPC_NOWAIT)
msgrcv(q, 0x7fffffffffffffff, 9, IPC_NOWAIT|MSG_EXCEPT)
msgrcv(q, 0x7fffffffffffffff, 9, IPC_NOWAIT)
msgrcv(77, 1, -1, IPC_NOWAIT)
msgrcv(77, 1, 1, IPC_NOWAIT)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 0, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(0, -1, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(0, 1, 8193, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(0, 1, 8192, IPC_NOWAIT) = 0
msgsnd(0, 1, 18446744073709551615, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(-1, 0, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(77, 0, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(77, 1, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(32768, 1, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(0, 9223372036854775807, 5, IPC_NOWAIT) = 0
msgsnd(0, -9223372036854775808, 5, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgrcv(0, -9223372036854775807, 9, IPC_NOWAIT) = -1 E2BIG (Argument list too long)
msgrcv(0, 9223372036854775807, 9, IPC_NOWAIT|MSG_EXCEPT) = -1 E2BIG (Argument list too long)
msgrcv(0, 9223372036854775807, 9, IPC_NOWAIT) = 5
msgrcv(77, 1, 18446744073709551615, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgrcv(77, 1, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('a queue holds at most q_qbytes messages, even empty ones, and an empty one fits a byte-full queue', () => {
    expectLikeLinux(
      `echo 4 > /proc/sys/kernel/msgmnb
q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
repeat 5 { msgsnd(q, 1, 0, IPC_NOWAIT) }
echo 16384 > /proc/sys/kernel/msgmnb
msgsnd(q, 1, 0, IPC_NOWAIT)
r = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(r, 2, 8192, IPC_NOWAIT)
msgsnd(r, 2, 8192, IPC_NOWAIT)
msgsnd(r, 2, 1, IPC_NOWAIT)
msgsnd(r, 3, 0, IPC_NOWAIT)
cat /proc/sysvipc/msg
msgctl(0, MSG_INFO)
`,
      `echo 4 > /proc/sys/kernel/msgmnb = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 1, 0, IPC_NOWAIT) = 0
msgsnd(0, 1, 0, IPC_NOWAIT) = 0
msgsnd(0, 1, 0, IPC_NOWAIT) = 0
msgsnd(0, 1, 0, IPC_NOWAIT) = 0
msgsnd(0, 1, 0, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
echo 16384 > /proc/sys/kernel/msgmnb = 0
msgsnd(0, 1, 0, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgsnd(1, 2, 8192, IPC_NOWAIT) = 0
msgsnd(1, 2, 8192, IPC_NOWAIT) = 0
msgsnd(1, 2, 1, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
msgsnd(1, 3, 0, IPC_NOWAIT) = 0
cat /proc/sysvipc/msg = 3
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600           0          4 11360     0     0     0     0     0 1795981351          0 1795981351
         0          1   600       16384          3 11360     0     0     0     0     0 1795981351          0 1795981351
msgctl(0, MSG_INFO) = 1
`,
    );
  });
  it('msgmnb is sampled when a queue is created, msgmax is checked at every send', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
echo 10 > /proc/sys/kernel/msgmnb
r = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 1, 100, IPC_NOWAIT)
msgsnd(r, 1, 11, IPC_NOWAIT)
msgsnd(r, 1, 10, IPC_NOWAIT)
echo 50 > /proc/sys/kernel/msgmax
msgsnd(q, 1, 51, IPC_NOWAIT)
msgsnd(q, 1, 50, IPC_NOWAIT)
echo 0 > /proc/sys/kernel/msgmax
msgsnd(q, 1, 1, IPC_NOWAIT)
msgsnd(q, 1, 0, IPC_NOWAIT)
cat /proc/sysvipc/msg
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
echo 10 > /proc/sys/kernel/msgmnb = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgsnd(0, 1, 100, IPC_NOWAIT) = 0
msgsnd(1, 1, 11, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
msgsnd(1, 1, 10, IPC_NOWAIT) = 0
echo 50 > /proc/sys/kernel/msgmax = 0
msgsnd(0, 1, 51, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(0, 1, 50, IPC_NOWAIT) = 0
echo 0 > /proc/sys/kernel/msgmax = 0
msgsnd(0, 1, 1, IPC_NOWAIT) = -1 EINVAL (Invalid argument)
msgsnd(0, 1, 0, IPC_NOWAIT) = 0
cat /proc/sysvipc/msg = 3
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600         150          3 11403     0     0     0     0     0 1795981351          0 1795981351
         0          1   600          10          1 11403     0     0     0     0     0 1795981351          0 1795981351
`,
    );
  });
  it('a call that would sleep is interrupted: EINTR for a full queue or no matching message', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgrcv(q, 0, 100, 0)
msgrcv(q, 0, 100, MSG_NOERROR|MSG_EXCEPT)
msgsnd(q, 1, 8192, 0)
msgsnd(q, 1, 8192, 0)
msgsnd(q, 1, 1, 0)
msgrcv(q, 2, 100, 0)
msgrcv(q, 1, 100, 0)
msgctl(q, MSG_INFO)
cat /proc/sysvipc/msg
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgrcv(0, 0, 100, 0) = -1 EINTR (Interrupted system call)
msgrcv(0, 0, 100, MSG_NOERROR|MSG_EXCEPT) = -1 EINTR (Interrupted system call)
msgsnd(0, 1, 8192, 0) = 0
msgsnd(0, 1, 8192, 0) = 0
msgsnd(0, 1, 1, 0) = -1 EINTR (Interrupted system call)
msgrcv(0, 2, 100, 0) = -1 EINTR (Interrupted system call)
msgrcv(0, 1, 100, 0) = -1 E2BIG (Argument list too long)
msgctl(0, MSG_INFO) = 0
cat /proc/sysvipc/msg = 2
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600       16384          2 11415     0     0     0     0     0 1795981352          0 1795981351
`,
    );
  });
  it('MSG_INFO counts queues, messages and bytes of the whole namespace; IPC_INFO gives the constants', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
r = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 1, 2, IPC_NOWAIT)
msgsnd(q, 1, 2, IPC_NOWAIT)
msgsnd(r, 1, 2, IPC_NOWAIT)
msgctl(q, MSG_INFO)
msgctl(q, IPC_INFO)
msgctl(r, IPC_RMID)
msgctl(q, MSG_INFO)
msgctl(q, IPC_RMID)
msgctl(q, MSG_INFO)
msgctl(q, IPC_RMID)
msgctl(q, IPC_STAT)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgsnd(0, 1, 2, IPC_NOWAIT) = 0
msgsnd(0, 1, 2, IPC_NOWAIT) = 0
msgsnd(1, 1, 2, IPC_NOWAIT) = 0
msgctl(0, MSG_INFO) = 1
msgctl(0, IPC_INFO) = 1
msgctl(1, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 0
msgctl(0, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 0
msgctl(0, IPC_RMID) = -1 EINVAL (Invalid argument)
msgctl(0, IPC_STAT) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('IPC_SET with a zeroed buffer sets mode 0 and q_qbytes 0, after which nothing fits', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgsnd(q, 1, 3, IPC_NOWAIT)
msgctl(q, 1)
cat /proc/sysvipc/msg
msgsnd(q, 1, 0, IPC_NOWAIT)
msgsnd(q, 1, 0, 0)
msgrcv(q, 0, 10, IPC_NOWAIT)
msgsnd(q, 1, 0, IPC_NOWAIT)
msgctl(q, IPC_STAT)
msgctl(q, MSG_STAT)
msgctl(99, 1)
msgctl(-1, 1)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 1, 3, IPC_NOWAIT) = 0
msgctl(0, IPC_SET) = 0
cat /proc/sysvipc/msg = 2
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0     0           3          1 11539     0     0     0     0     0 1795981352          0 1795981352
msgsnd(0, 1, 0, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
msgsnd(0, 1, 0, 0) = -1 EINTR (Interrupted system call)
msgrcv(0, 0, 10, IPC_NOWAIT) = 3
msgsnd(0, 1, 0, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
msgctl(0, IPC_STAT) = 0
msgctl(0, MSG_STAT) = 0
msgctl(99, IPC_SET) = -1 EINVAL (Invalid argument)
msgctl(-1, IPC_SET) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('msgctl rejects every other command with EINVAL', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgctl(q, 4)
msgctl(q, 5)
msgctl(q, 10)
msgctl(q, 14)
msgctl(q, 15)
msgctl(q, 0x100)
msgctl(q, -1)
msgctl(-1, 99)
msgctl(0x7fff0000, IPC_STAT)
msgctl(q, IPC_STAT)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgctl(0, 4) = -1 EINVAL (Invalid argument)
msgctl(0, 5) = -1 EINVAL (Invalid argument)
msgctl(0, 10) = -1 EINVAL (Invalid argument)
msgctl(0, 14) = -1 EINVAL (Invalid argument)
msgctl(0, 15) = -1 EINVAL (Invalid argument)
msgctl(0, 256) = -1 EINVAL (Invalid argument)
msgctl(0, -1) = -1 EINVAL (Invalid argument)
msgctl(-1, 99) = -1 EINVAL (Invalid argument)
msgctl(2147418112, IPC_STAT) = -1 EINVAL (Invalid argument)
msgctl(0, IPC_STAT) = 0
`,
    );
  });
});
