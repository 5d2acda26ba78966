// The full-size shm workload of `npm run bench` (scripts/bench/), checked for
// what it computes; how long it takes is the bench's business, not a test's.
import { describe, expect, it } from 'vitest';
import { O_RDONLY, sys_close, sys_open, sys_read } from '../fs/vfs';
import { IPC_RMID } from '../uapi/ipc';
import { ipcKernel } from './ipc.test-helper';
import { IPC_SHM_IDS } from './namespace';
import { sys_shmctl, sys_shmget } from './syscall';

describe('32768 segments', () => {
  it('are created with ids 0 to 32767, listed in 5,570,730 bytes of /proc/sysvipc/shm over 1367 reads, and all removed', () => {
    const k = ipcKernel();
    k.state.ipc.shm_ctlmni = 32768;
    const ids: number[] = [];
    for (let i = 0; i < 32768; i++) ids.push(sys_shmget(k, 0, 4096n, 0o1600));
    expect(ids.every((id, i) => id === i)).toBe(true);
    const fd = sys_open(k, '/proc/sysvipc/shm', O_RDONLY);
    let bytes = 0;
    let reads = 0;
    for (;;) {
      const r = sys_read(k, fd, 131072);
      reads++;
      if (typeof r !== 'string' || r.length === 0) break;
      bytes += r.length;
    }
    sys_close(k, fd);
    expect([bytes, reads]).toEqual([5570730, 1367]);
    expect(ids.filter((id) => sys_shmctl(k, id, IPC_RMID) !== 0)).toEqual([]);
    expect(k.state.ipc.ids[IPC_SHM_IDS].in_use).toBe(0);
  });
});
