import { describe, expect, it } from 'vitest';
import { ENOMEM } from '../uapi/errno';
import { IPC_RMID, SHM_INFO } from '../uapi/ipc';
import { ipcKernel } from './ipc.test-helper';
import { sys_semctl, sys_semget, sys_shmctl, sys_shmget } from './syscall';
import { shm_numpages, TOTALRAM_PAGES } from './shm';
import { GETPID, GETVAL, SETALL } from './semctl';

describe('shm_tot and used_sems accounting', () => {
  it('shm_tot counts each segment in whole pages, also for 2^63-byte SHM_NORESERVE segments', () => {
    const k = ipcKernel();
    const ns = k.state.ipc;
    expect(sys_shmget(k, 0, 1n, 0o1600)).toBe(0);
    expect(sys_shmget(k, 0, 4097n, 0o1600)).toBe(1);
    expect(ns.shm_tot).toBe(3n);
    expect(sys_shmget(k, 0, 0x7fffffffffffffffn, 0o11600)).toBe(2);
    expect(ns.shm_tot).toBe(3n + (1n << 51n));
    expect(sys_shmctl(k, 2, IPC_RMID)).toBe(0);
    expect(sys_shmctl(k, 0, IPC_RMID)).toBe(0);
    expect(ns.shm_tot).toBe(2n);
  });

  it('the overcommit limit is RAM + swap in pages, for one segment at a time', () => {
    const k = ipcKernel();
    const limit = TOTALRAM_PAGES * 4096n;
    expect(shm_numpages(limit)).toBe(TOTALRAM_PAGES);
    expect(sys_shmget(k, 0, limit, 0o1600)).toBe(0);
    expect(sys_shmget(k, 0, limit, 0o1600)).toBe(1);
    expect(sys_shmget(k, 0, limit + 1n, 0o1600)).toBe(-ENOMEM);
  });

  it('SHM_INFO walks the IDR with idr_find until it has seen in_use segments', () => {
    const k = ipcKernel();
    for (let i = 0; i < 10; i++) sys_shmget(k, 0, 1n, 0o1600);
    for (let i = 0; i < 9; i++) sys_shmctl(k, i, IPC_RMID);
    const before = k.probe.costs.idr_find;
    expect(sys_shmctl(k, 0, SHM_INFO)).toBe(9);
    expect(k.probe.costs.idr_find - before).toBe(10);
  });

  it('used_sems follows semget and IPC_RMID; SETALL writes zeros and the caller pid', () => {
    const k = ipcKernel({ pid: 31337 });
    expect(sys_semget(k, 0, 250, 0o1600)).toBe(0);
    expect(sys_semget(k, 0, 3, 0o1600)).toBe(1);
    expect(k.state.ipc.used_sems).toBe(253);
    expect(sys_semctl(k, 1, 2, GETPID)).toBe(0);
    expect(sys_semctl(k, 1, 0, SETALL)).toBe(0);
    expect([sys_semctl(k, 1, 2, GETPID), sys_semctl(k, 1, 2, GETVAL)]).toEqual([31337, 0]);
    expect(sys_semctl(k, 0, 0, IPC_RMID)).toBe(0);
    expect(k.state.ipc.used_sems).toBe(3);
  });
});
