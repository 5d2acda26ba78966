/**
 * Shared memory segments (ipc/shm.c) against the real kernel: workloads with the output Linux 6.18.44
 * (x86_64, fresh IPC namespace) printed for them under
 * linux-oracle/kernel_replay.py, compared the way compare.py compares (pid
 * and time columns only as zero / non-zero). Generated: re-run the
 * workloads through the replayer to refresh the expectations.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from './ipc.test-helper';

describe('shmget and shmctl on Linux 6.18', () => {
  it('segment sizes: 0 is EINVAL, above shmmax EINVAL, rounding past 2^64 ENOSPC, ≥ 2^63 EINVAL for shmem', () => {
    expectLikeLinux(
      `shmget(IPC_PRIVATE, 0, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 1, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 18446744073692774399, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 18446744073692774400, IPC_CREAT|0600)
shmget(IPC_PRIVATE, -1, IPC_CREAT|0600)
echo 18446744073709551615 > /proc/sys/kernel/shmmax
shmget(IPC_PRIVATE, -1, IPC_CREAT|0600)
shmget(IPC_PRIVATE, -4096, IPC_CREAT|0600)
shmget(IPC_PRIVATE, -4095, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 0x8000000000000000, IPC_CREAT|0600)
echo 5000 > /proc/sys/kernel/shmmax
shmget(IPC_PRIVATE, 5000, 0600)
shmget(IPC_PRIVATE, 5001, 0600)
cat /proc/sysvipc/shm
`,
      `shmget(IPC_PRIVATE, 0, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0
shmget(IPC_PRIVATE, 18446744073692774399, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 18446744073692774400, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 18446744073709551615, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
echo 18446744073709551615 > /proc/sys/kernel/shmmax = 0
shmget(IPC_PRIVATE, 18446744073709551615, IPC_CREAT|0600) = -1 ENOSPC (No space left on device)
shmget(IPC_PRIVATE, 18446744073709547520, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 18446744073709547521, IPC_CREAT|0600) = -1 ENOSPC (No space left on device)
shmget(IPC_PRIVATE, 9223372036854775808, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
echo 5000 > /proc/sys/kernel/shmmax = 0
shmget(IPC_PRIVATE, 5000, 0600) = 1
shmget(IPC_PRIVATE, 5001, 0600) = -1 EINVAL (Invalid argument)
cat /proc/sysvipc/shm = 3
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0   600                     1 12086     0      0     0     0     0     0          0          0 1795981693                     0                     0
         0          1   600                  5000 12086     0      0     0     0     0     0          0          0 1795981693                     0                     0
`,
    );
  });
  it('a segment larger than RAM is ENOMEM unless SHM_NORESERVE skips the accounting', () => {
    expectLikeLinux(
      `shmget(IPC_PRIVATE, 25276510208, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 25276510209, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 0x7fffffffffffffff, IPC_CREAT|0600)
shmget(IPC_PRIVATE, 0x7fffffffffffffff, IPC_CREAT|010000|0600)
shmget(IPC_PRIVATE, 0x8000000000000000, IPC_CREAT|010000|0600)
shmctl(0, SHM_INFO)
cat /proc/sysvipc/shm
`,
      `shmget(IPC_PRIVATE, 25276510208, IPC_CREAT|0600) = 0
shmget(IPC_PRIVATE, 25276510209, IPC_CREAT|0600) = -1 ENOMEM (Cannot allocate memory)
shmget(IPC_PRIVATE, 9223372036854775807, IPC_CREAT|0600) = -1 ENOMEM (Cannot allocate memory)
shmget(IPC_PRIVATE, 9223372036854775807, IPC_CREAT|0x1000|0600) = 1
shmget(IPC_PRIVATE, 9223372036854775808, IPC_CREAT|0x1000|0600) = -1 EINVAL (Invalid argument)
shmctl(0, SHM_INFO) = 1
cat /proc/sysvipc/shm = 3
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0   600           25276510208 12105     0      0     0     0     0     0          0          0 1795981693                     0                     0
         0          1   600   9223372036854775807 12105     0      0     0     0     0     0          0          0 1795981693                     0                     0
`,
    );
  });
  it('SHM_HUGETLB needs a known huge page size and, with no huge pages reserved, SHM_NORESERVE', () => {
    expectLikeLinux(
      `shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x4000000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x54000000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x78000000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x7c000000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0xfc000000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0x54000000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|010000|0600)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|010000|0x78000000|0600)
shmget(IPC_PRIVATE, 0x8000000000000000, IPC_CREAT|IPC_NOWAIT|010000|0600)
shmget(IPC_PRIVATE, 18446744073692774399, IPC_CREAT|IPC_NOWAIT|010000|0600)
shmctl(0, 11)
shmctl(2, 11)
cat /proc/sysvipc/shm
`,
      `shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0600) = -1 ENOMEM (Cannot allocate memory)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x4000000|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x54000000|0600) = -1 ENOMEM (Cannot allocate memory)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x78000000|0600) = -1 ENOMEM (Cannot allocate memory)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x7c000000|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0xfc000000|0600) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0x54000000|0600) = 0
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x1000|0600) = 1
shmget(IPC_PRIVATE, 4096, IPC_CREAT|IPC_NOWAIT|0x78001000|0600) = 2
shmget(IPC_PRIVATE, 9223372036854775808, IPC_CREAT|IPC_NOWAIT|0x1000|0600) = 3
shmget(IPC_PRIVATE, 18446744073692774399, IPC_CREAT|IPC_NOWAIT|0x1000|0600) = 4
shmctl(0, 11) = 0
shmctl(2, 11) = 0
cat /proc/sysvipc/shm = 6
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0  2600                  4096 12172     0      0     0     0     0     0          0          0 1795981693                     0                     0
         0          1   600                  4096 12172     0      0     0     0     0     0          0          0 1795981693                     0                     0
         0          2   600                  4096 12172     0      0     0     0     0     0          0          0 1795981693                     0                     0
         0          3   600   9223372036854775808 12172     0      0     0     0     0     0          0          0 1795981693                     0                     0
         0          4   600  18446744073692774399 12172     0      0     0     0     0     0          0          0 1795981693                     0                     0
`,
    );
  });
  it('shmall counts whole pages per segment and shmmni caps the number of segments', () => {
    expectLikeLinux(
      `echo 2 > /proc/sys/kernel/shmall
shmget(IPC_PRIVATE, 4097, 0600)
shmget(IPC_PRIVATE, 1, 0600)
shmctl(0, IPC_RMID)
shmget(IPC_PRIVATE, 4096, 0600)
shmget(IPC_PRIVATE, 4096, 0600)
shmget(IPC_PRIVATE, 4096, 0600)
echo 0 > /proc/sys/kernel/shmall
shmget(IPC_PRIVATE, 1, 0600)
echo 100 > /proc/sys/kernel/shmall
echo 3 > /proc/sys/kernel/shmmni
shmget(IPC_PRIVATE, 4096, 0600)
shmget(IPC_PRIVATE, 4096, 0600)
shmget(IPC_PRIVATE, 25276510209, 0600)
shmctl(0, SHM_INFO)
shmctl(0, IPC_INFO)
`,
      `echo 2 > /proc/sys/kernel/shmall = 0
shmget(IPC_PRIVATE, 4097, 0600) = 0
shmget(IPC_PRIVATE, 1, 0600) = -1 ENOSPC (No space left on device)
shmctl(0, IPC_RMID) = 0
shmget(IPC_PRIVATE, 4096, 0600) = 1
shmget(IPC_PRIVATE, 4096, 0600) = 2
shmget(IPC_PRIVATE, 4096, 0600) = -1 ENOSPC (No space left on device)
echo 0 > /proc/sys/kernel/shmall = 0
shmget(IPC_PRIVATE, 1, 0600) = -1 ENOSPC (No space left on device)
echo 100 > /proc/sys/kernel/shmall = 0
echo 3 > /proc/sys/kernel/shmmni = 0
shmget(IPC_PRIVATE, 4096, 0600) = 3
shmget(IPC_PRIVATE, 4096, 0600) = -1 ENOSPC (No space left on device)
shmget(IPC_PRIVATE, 25276510209, 0600) = -1 ENOSPC (No space left on device)
shmctl(0, SHM_INFO) = 3
shmctl(0, IPC_INFO) = 3
`,
    );
  });
  it('an existing key is returned for size 0 up to its size; a larger size is EINVAL even with IPC_CREAT', () => {
    expectLikeLinux(
      `shmget(0x10, 8192, IPC_CREAT|0600)
shmget(0x10, 0, 0)
shmget(0x10, 8192, 0)
shmget(0x10, 8193, 0)
shmget(0x10, 8193, IPC_CREAT)
shmget(0x10, 8193, IPC_CREAT|IPC_EXCL)
shmget(0x10, -1, 0)
shmget(0x11, 0, IPC_CREAT)
shmget(0x11, 0, 0)
shmctl(0, IPC_RMID)
shmget(0x10, 0, 0)
shmget(0x10, 1, IPC_CREAT|0666)
cat /proc/sysvipc/shm
`,
      `shmget(0x10, 8192, IPC_CREAT|0600) = 0
shmget(0x10, 0, 000) = 0
shmget(0x10, 8192, 000) = 0
shmget(0x10, 8193, 000) = -1 EINVAL (Invalid argument)
shmget(0x10, 8193, IPC_CREAT|000) = -1 EINVAL (Invalid argument)
shmget(0x10, 8193, IPC_CREAT|IPC_EXCL|000) = -1 EEXIST (File exists)
shmget(0x10, 18446744073709551615, 000) = -1 EINVAL (Invalid argument)
shmget(0x11, 0, IPC_CREAT|000) = -1 EINVAL (Invalid argument)
shmget(0x11, 0, 000) = -1 ENOENT (No such file or directory)
shmctl(0, IPC_RMID) = 0
shmget(0x10, 0, 000) = -1 ENOENT (No such file or directory)
shmget(0x10, 1, IPC_CREAT|0666) = 1
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
        16          1   666                     1 12233     0      0     0     0     0     0          0          0 1795981694                     0                     0
`,
    );
  });
  it('SHM_LOCK and SHM_UNLOCK toggle SHM_LOCKED in the mode; IPC_SET with zeros keeps it', () => {
    expectLikeLinux(
      `s = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0640)
shmctl(s, 11)
shmctl(s, 12)
shmctl(s, 11)
shmctl(s, 11)
cat /proc/sysvipc/shm
shmctl(s, 1)
cat /proc/sysvipc/shm
shmctl(s, 12)
shmctl(s, 12)
cat /proc/sysvipc/shm
shmctl(99, 11)
shmctl(-1, 11)
shmctl(0x10000, 11)
shmctl(s, 13)
shmctl(s, 16)
shmctl(s, -1)
`,
      `shmget(IPC_PRIVATE, 4096, IPC_CREAT|0640) = 0
shmctl(0, 11) = 0
shmctl(0, 12) = 0
shmctl(0, 11) = 0
shmctl(0, 11) = 0
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0  2640                  4096 12293     0      0     0     0     0     0          0          0 1795981694                     0                     0
shmctl(0, IPC_SET) = 0
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0  2000                  4096 12293     0      0     0     0     0     0          0          0 1795981694                     0                     0
shmctl(0, 12) = 0
shmctl(0, 12) = 0
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0     0                  4096 12293     0      0     0     0     0     0          0          0 1795981694                     0                     0
shmctl(99, 11) = -1 EINVAL (Invalid argument)
shmctl(-1, 11) = -1 EINVAL (Invalid argument)
shmctl(65536, 11) = -1 EINVAL (Invalid argument)
shmctl(0, SHM_STAT) = 0
shmctl(0, 16) = -1 EINVAL (Invalid argument)
shmctl(0, -1) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('SHM_STAT takes an index, IPC_STAT an id, IPC_RMID destroys at once', () => {
    expectLikeLinux(
      `shmget(IPC_PRIVATE, 1, 0600)
shmget(IPC_PRIVATE, 1, 0600)
shmctl(0, IPC_RMID)
shmget(IPC_PRIVATE, 1, 0600)
shmctl(1, IPC_STAT)
shmctl(1, SHM_STAT)
shmctl(1, SHM_STAT_ANY)
shmctl(2, SHM_STAT)
shmctl(32768, IPC_STAT)
shmctl(32768, SHM_STAT)
shmctl(0, SHM_STAT)
shmctl(0, SHM_INFO)
shmctl(2, IPC_RMID)
shmctl(2, IPC_RMID)
shmctl(0, SHM_INFO)
shmctl(0, IPC_INFO)
cat /proc/sysvipc/shm
`,
      `shmget(IPC_PRIVATE, 1, 0600) = 0
shmget(IPC_PRIVATE, 1, 0600) = 1
shmctl(0, IPC_RMID) = 0
shmget(IPC_PRIVATE, 1, 0600) = 2
shmctl(1, IPC_STAT) = 0
shmctl(1, SHM_STAT) = 1
shmctl(1, SHM_STAT_ANY) = 1
shmctl(2, SHM_STAT) = 2
shmctl(32768, IPC_STAT) = -1 EINVAL (Invalid argument)
shmctl(32768, SHM_STAT) = -1 EINVAL (Invalid argument)
shmctl(0, SHM_STAT) = -1 EINVAL (Invalid argument)
shmctl(0, SHM_INFO) = 2
shmctl(2, IPC_RMID) = 0
shmctl(2, IPC_RMID) = -1 EINVAL (Invalid argument)
shmctl(0, SHM_INFO) = 1
shmctl(0, IPC_INFO) = 1
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          1   600                     1 12346     0      0     0     0     0     0          0          0 1795981694                     0                     0
`,
    );
  });
});
