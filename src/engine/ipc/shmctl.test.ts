import { describe, expect, it } from 'vitest';
import { EACCES, EINVAL, EPERM } from '../uapi/errno';
import { IPC_RMID, IPC_SET } from '../uapi/ipc';
import { KERNEL_SYSCALLS } from '../script/kernel_syscalls';
import { becomeUser, ipcKernel, ipcObject } from './ipc.test-helper';
import type { ShmidKernel } from './namespace';
import { SHM_LOCKED, shm_ids } from './shm';
import { ksys_shmctl } from './shmctl';
import { sys_shmctl, sys_shmget } from './syscall';

const segment = (k: ReturnType<typeof ipcKernel>, id: number): ShmidKernel => ipcObject(shm_ids(k), id);

describe('shmctl(id, IPC_SET) as IPC_STAT then IPC_SET with the same buffer', () => {
  it('gives the segment its own owner, group and mode back, SHM_LOCKED included, and stamps shm_ctim', () => {
    const k = ipcKernel();
    const s = sys_shmget(k, 0x5348, 8192n, 0o1640);
    const shp = segment(k, s);
    Object.assign(shp, { uid: 7, gid: 8, mode: SHM_LOCKED | 0o640, shm_ctim: 0 });
    expect(sys_shmctl(k, s, IPC_SET, true)).toBe(0);
    expect([shp.uid, shp.gid, shp.mode, shp.shm_ctim]).toEqual([7, 8, SHM_LOCKED | 0o640, k.config.clock]);
    expect([shp.key, shp.shm_segsz, shp.cuid, shp.cgid, shp.shm_atim, shp.shm_dtim]).toEqual([0x5348, 8192n, 0, 0, 0, 0]);
  });

  it('differs from the numeric form, whose zeroed buffer leaves only SHM_LOCKED, which it then gives back', () => {
    const k = ipcKernel();
    const s = sys_shmget(k, 0, 100n, 0o640);
    segment(k, s).mode |= SHM_LOCKED;
    expect(ksys_shmctl(k, s, IPC_SET)).toBe(0);
    expect(segment(k, s).mode).toBe(SHM_LOCKED);
    expect(sys_shmctl(k, s, IPC_SET, true)).toBe(0);
    expect(segment(k, s).mode).toBe(SHM_LOCKED);
  });

  it('returns the IPC_STAT error for a negative, unused, stale or removed id', () => {
    const k = ipcKernel();
    const s = sys_shmget(k, 0, 100n, 0o600);
    const before = [-1, 1, s + 32768, s | 0x7f000000].map((id) => sys_shmctl(k, id, IPC_SET, true));
    expect(ksys_shmctl(k, s, IPC_RMID)).toBe(0);
    expect([...before, sys_shmctl(k, s, IPC_SET, true)]).toEqual([-EINVAL, -EINVAL, -EINVAL, -EINVAL, -EINVAL]);
  });

  it('for a task without capabilities: the owner gets 0, a stranger the IPC_STAT EACCES (no read bit) or the IPC_SET EPERM', () => {
    const k = ipcKernel();
    const [mine, closed, readable] = [0o600, 0o600, 0o604].map((mode) => sys_shmget(k, 0, 100n, mode)) as [number, number, number];
    segment(k, mine).uid = 1000;
    for (const id of [mine, closed, readable]) segment(k, id).shm_ctim = 0;
    becomeUser(k, 1000, 1000);
    expect([mine, closed, readable].map((id) => sys_shmctl(k, id, IPC_SET, true))).toEqual([0, -EACCES, -EPERM]);
    expect([mine, closed, readable].map((id) => segment(k, id).shm_ctim)).toEqual([k.config.clock, 0, 0]);
    // the numeric form gives the segment to uid 0 with mode 000: the former owner cannot even IPC_STAT it
    expect(ksys_shmctl(k, mine, IPC_SET)).toBe(0);
    expect(sys_shmctl(k, mine, IPC_SET, true)).toBe(-EACCES);
  });

  it('counts two system calls, or one when the IPC_STAT fails', () => {
    const k = ipcKernel();
    const s = sys_shmget(k, 0, 100n, 0o600);
    const before = k.probe.costs.syscalls;
    expect(KERNEL_SYSCALLS.sys_shmctl(k, s, IPC_SET, true)).toBe(0);
    expect(k.probe.costs.syscalls - before).toBe(2);
    expect(KERNEL_SYSCALLS.sys_shmctl(k, 99, IPC_SET, true)).toBe(-EINVAL);
    expect(k.probe.costs.syscalls - before).toBe(3);
  });
});
