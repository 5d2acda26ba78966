import { describe, expect, it } from 'vitest';
import { ipcKernel } from '../ipc/ipc.test-helper';
import { EBADF } from '../uapi/errno';
import { O_RDONLY, sys_close, sys_open, sys_read } from './vfs';

const MSGMNI = '/proc/sys/kernel/msgmni';

describe('the file descriptor table', () => {
  it('gives the lowest free descriptor above stdio, as alloc_fd does, and refuses closed ones', () => {
    const k = ipcKernel();
    const a = sys_open(k, MSGMNI, O_RDONLY);
    const b = sys_open(k, MSGMNI, O_RDONLY);
    const c = sys_open(k, MSGMNI, O_RDONLY);
    expect([a, b, c]).toEqual([3, 4, 5]);
    expect(sys_close(k, b)).toBe(0);
    expect(sys_close(k, b)).toBe(-EBADF);
    expect(sys_read(k, b, 10)).toBe(-EBADF);
    expect(sys_open(k, MSGMNI, O_RDONLY)).toBe(4);
    expect(sys_close(k, a)).toBe(0);
    expect(sys_close(k, c)).toBe(0);
    expect(sys_open(k, MSGMNI, O_RDONLY)).toBe(3);
    expect(sys_open(k, MSGMNI, O_RDONLY)).toBe(5);
    for (const fd of [0, 1, 2, -1, 99]) expect(sys_close(k, fd)).toBe(-EBADF);
    // the file opened as 4 is still readable
    expect(sys_read(k, 4, 100)).toBe('32000\n');
  });
});
