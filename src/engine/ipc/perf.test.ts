import { describe, expect, it } from 'vitest';
import { O_RDONLY, sys_close, sys_open, sys_read } from '../fs/vfs';
import { IPC_RMID } from '../uapi/ipc';
import { ipcKernel } from './ipc.test-helper';
import { sys_shmctl, sys_shmget } from './syscall';

/** 32768 × shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600), a cat of /proc/sysvipc/shm, 32768 × IPC_RMID: [ms, bytes read]. */
function fillReadRemove(): [number, number] {
  const k = ipcKernel();
  k.state.ipc.shm_ctlmni = 32768;
  const t0 = performance.now();
  for (let i = 0; i < 32768; i++) sys_shmget(k, 0, 4096n, 0o1600);
  const fd = sys_open(k, '/proc/sysvipc/shm', O_RDONLY);
  let bytes = 0;
  for (let r = sys_read(k, fd, 131072); typeof r === 'string' && r.length > 0; r = sys_read(k, fd, 131072)) bytes += r.length;
  sys_close(k, fd);
  for (let i = 0; i < 32768; i++) sys_shmctl(k, i, IPC_RMID);
  return [performance.now() - t0, bytes];
}

describe('speed', () => {
  it('creates 32768 segments, reads the 5.5 MB listing and removes them all in well under 0.3 s', () => {
    const runs = [fillReadRemove(), fillReadRemove(), fillReadRemove()];
    expect(runs.map((r) => r[1])).toEqual([5570730, 5570730, 5570730]);
    expect(Math.min(...runs.map((r) => r[0]))).toBeLessThan(300);
  });
});
