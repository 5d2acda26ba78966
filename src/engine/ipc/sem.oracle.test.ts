/**
 * The one semctl case the conformance corpus (tests/conformance) cannot hold:
 * GETPID returns the pid of the last semop/SETALL caller as the call's
 * result, which no comparator masks, so the model is booted with the pid the
 * recording process had (12511). Recorded on Linux 6.18.44 in a fresh IPC
 * namespace; every other semget/semctl case lives in the corpus.
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
});
