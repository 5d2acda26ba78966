import { describe, expect, it } from 'vitest';
import { ipcKernel } from '../../ipc/ipc.test-helper';
import type { IpcIds, KernIpcPerm } from '../../ipc/namespace';
import { sys_msgctl, sys_msgget, sys_shmctl, sys_shmget } from '../../ipc/syscall';
import { IPC_RMID } from '../../uapi/ipc';
import { seq_open, type SeqOperations } from '../seq_file';
import { O_RDONLY, sys_close, sys_open, sys_read } from '../vfs';
import { sysvipc_find_ipc, type SEQ_START_TOKEN } from './sysvipc';

type Item = KernIpcPerm | typeof SEQ_START_TOKEN;

describe('sysvipc_find_ipc (6.18: idr_get_next)', () => {
  it('jumps over unused indexes to the next object and leaves the position alone at EOF', () => {
    const k = ipcKernel();
    for (let i = 0; i < 6; i++) sys_msgget(k, 0, 0o1600);
    for (const id of [1, 2, 3]) sys_msgctl(k, id, IPC_RMID);
    const ids = k.state.ipc.ids[1] as IpcIds<KernIpcPerm>;
    const m = seq_open({} as SeqOperations<Item>, '/proc/sysvipc/msg', null);
    m.index = 2;
    expect(sysvipc_find_ipc(ids, m, k.probe)?.id).toBe(4);
    expect(m.index).toBe(5);
    m.index = 7;
    expect(sysvipc_find_ipc(ids, m, k.probe)).toBeNull();
    expect(m.index).toBe(7);
    expect(k.probe.costs.sysvipc_find_ipc).toBe(2);
  });

  it('one full read of N dense objects costs one idr_get_next per row, per page break and per EOF probe', () => {
    const k = ipcKernel();
    for (let i = 0; i < 1000; i++) sys_msgget(k, 0, 0o1600);
    const before = k.probe.costs.idr_get_next;
    const fd = sys_open(k, '/proc/sysvipc/msg', O_RDONLY);
    let reads = 0;
    while ((sys_read(k, fd, 131072) as string).length > 0) reads++;
    sys_close(k, fd);
    // every row is found once by next(); the row that overflowed a page is found
    // again by the next read's start(); the last next() and the EOF read's start() find nothing
    const calls = k.probe.costs.idr_get_next - before;
    expect(reads).toBe(30);
    expect(calls).toBe(1000 + (reads - 1) + 2);
  });

  it('a segment removed between two reads disappears from the rest of the listing', () => {
    const k = ipcKernel();
    k.state.ipc.shm_ctlmni = 100;
    for (let i = 0; i < 60; i++) sys_shmget(k, 0, 1n, 0o1600);
    const fd = sys_open(k, '/proc/sysvipc/shm', O_RDONLY);
    const first = sys_read(k, fd, 131072) as string;
    expect(first.split('\n').length - 1).toBe(24);
    sys_shmctl(k, 40, IPC_RMID);
    let rest = '';
    for (let r = sys_read(k, fd, 131072) as string; r.length; r = sys_read(k, fd, 131072) as string) rest += r;
    sys_close(k, fd);
    const ids = (first + rest)
      .split('\n')
      .slice(1, -1)
      .map((l) => Number(l.trim().split(/\s+/)[1]));
    expect(ids).toEqual([...Array(60).keys()].filter((i) => i !== 40));
  });
});
