import { describe, expect, it } from 'vitest';
import { EACCES, EINVAL, EPERM } from '../uapi/errno';
import { IPC_RMID, IPC_SET } from '../uapi/ipc';
import { KERNEL_SYSCALLS } from '../script/kernel_syscalls';
import { becomeUser, ipcKernel, ipcObject } from './ipc.test-helper';
import type { SemArray } from './namespace';
import { sem_ids } from './sem';
import { ksys_semctl, SETALL, ZERO_SEMUN } from './semctl';
import { sys_semctl, sys_semget } from './syscall';

const array = (k: ReturnType<typeof ipcKernel>, id: number): SemArray => ipcObject(sem_ids(k), id);

describe('semctl(id, semnum, IPC_SET) as IPC_STAT then IPC_SET with the same buffer', () => {
  it('gives the array its own owner, group and mode back whatever semnum is, keeps the values, and stamps sem_ctime', () => {
    const k = ipcKernel();
    const m = sys_semget(k, 0x5345, 4, 0o1640);
    expect(ksys_semctl(k, m, 0, SETALL, { ...ZERO_SEMUN, array: [1, 2, 3, 4] })).toBe(0);
    const sma = array(k, m);
    for (const semnum of [0, 3, -1, 99]) {
      Object.assign(sma, { uid: 7, gid: 8, sem_ctime: 0 });
      expect(sys_semctl(k, m, semnum, IPC_SET, true)).toBe(0);
      expect([sma.uid, sma.gid, sma.mode, sma.sem_ctime]).toEqual([7, 8, 0o640, k.config.clock]);
    }
    expect([sma.key, sma.sem_nsems, sma.sem_vals, sma.cuid]).toEqual([0x5345, 4, [1, 2, 3, 4], 0]);
  });

  it('after the numeric form, which zeroes the mode, gives mode 000 back', () => {
    const k = ipcKernel();
    const m = sys_semget(k, 0, 1, 0o660);
    expect(sys_semctl(k, m, 0, IPC_SET)).toBe(0);
    expect(sys_semctl(k, m, 0, IPC_SET, true)).toBe(0);
    expect(array(k, m).mode).toBe(0);
  });

  it('is EINVAL from the IPC_STAT for a negative, unused or stale id, and once the array is gone', () => {
    const k = ipcKernel();
    const m = sys_semget(k, 0, 2, 0o600);
    expect([-1, 1, m + 32768].map((id) => sys_semctl(k, id, 0, IPC_SET, true))).toEqual([-EINVAL, -EINVAL, -EINVAL]);
    expect(sys_semctl(k, m, 0, IPC_RMID)).toBe(0);
    expect(sys_semctl(k, m, 1, IPC_SET, true)).toBe(-EINVAL);
  });

  it('for a stranger without capabilities: EACCES from the IPC_STAT on mode 0600, EPERM from the IPC_SET on 0644', () => {
    const k = ipcKernel();
    const closed = sys_semget(k, 0, 1, 0o600);
    const readable = sys_semget(k, 0, 1, 0o644);
    becomeUser(k, 1000, 1000);
    const before = k.probe.costs.syscalls;
    expect(KERNEL_SYSCALLS.sys_semctl(k, closed, 0, IPC_SET, true)).toBe(-EACCES);
    expect(k.probe.costs.syscalls - before).toBe(1);
    expect(KERNEL_SYSCALLS.sys_semctl(k, readable, 0, IPC_SET, true)).toBe(-EPERM);
    expect(k.probe.costs.syscalls - before).toBe(3);
  });
});
