/**
 * semctl's read and write commands on one array, recorded on Linux 6.18.44
 * with linux-oracle/kernel_replay.py in a fresh IPC namespace: the commands
 * print by name, GETALL its values and GETPID the process (`pid(main)`), as
 * part 2 of the language prints them.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from './ipc.test-helper';

describe('semget and semctl on Linux 6.18', () => {
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
semctl(0, 0, GETPID) = 0
semctl(0, 0, GETVAL) = 0
semctl(0, 0, GETALL) = 0 {0, 0, 0}
semctl(0, 0, GETNCNT) = 0
semctl(0, 0, GETZCNT) = 0
semctl(0, 0, SETVAL) = -1 ERANGE (Numerical result out of range)
semctl(0, 5, GETVAL) = -1 EINVAL (Invalid argument)
semctl(0, -1, GETVAL) = -1 EINVAL (Invalid argument)
semctl(0, 5, GETALL) = 0 {0, 0, 0}
semctl(0, 5, SETALL) = 0
semctl(0, 0, GETPID) = pid(main)
semctl(0, 2, GETPID) = pid(main)
semctl(0, 3, GETPID) = -1 EINVAL (Invalid argument)
semctl(0, 1, GETVAL) = 0
semctl(99, 0, SETVAL) = -1 ERANGE (Numerical result out of range)
semctl(-1, 0, SETVAL) = -1 EINVAL (Invalid argument)
semctl(99, 0, GETALL) = -1 EINVAL (Invalid argument)
cat /proc/sysvipc/sem = 2
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0          0   600          3     0     0     0     0          0 1796120091
`,
      { pid: 12511 },
    );
  });
});
