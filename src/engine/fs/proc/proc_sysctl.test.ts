import { describe, expect, it } from 'vitest';
import { createKernel } from '../../kernel';
import { O_RDONLY, sys_listdir, sys_open, UnmodeledPathError } from '../vfs';
import { ENOENT, ENOTDIR } from '../../uapi/errno';

const unmodelled = (path: string) => {
  const k = createKernel();
  expect(() => sys_open(k, path, O_RDONLY), path).toThrow(UnmodeledPathError);
};

describe('/proc/sys names the engine does not model', () => {
  it('a name Linux 6.18 does not have is ENOENT, in /proc/sys, /proc/sys/kernel, /proc/sys/fs and their directories', () => {
    const k = createKernel();
    for (const path of ['/proc/sys/kernel/nosuchsysctl', '/proc/sys/nosuch', '/proc/sys/fs/nosuch', '/proc/sys/kernel/keys/nosuch', '/proc/sys/fs/xfs/nosuch']) {
      expect(sys_open(k, path, O_RDONLY), path).toBe(-ENOENT);
    }
  });

  it('a path through a file is ENOTDIR, whether its contents are modelled or not', () => {
    const k = createKernel();
    for (const path of ['/proc/sys/kernel/osrelease/x', '/proc/sys/kernel/osrelease/', '/proc/sys/kernel/pty/max/x', '/proc/sys/kernel/msgmni/x']) {
      expect(sys_open(k, path, O_RDONLY), path).toBe(-ENOTDIR);
    }
  });

  it('a name that exists but whose contents are not modelled stays not modelled', () => {
    for (const path of ['/proc/sys/kernel/osrelease', '/proc/sys/kernel/pty/max', '/proc/sys/fs/file-max', '/proc/sys/vm/swappiness', '/proc/sys/fs/binfmt_misc/status']) unmodelled(path);
  });

  it("the reference host's own entries (init_private*) are not modelled, not ENOENT", () => {
    unmodelled('/proc/sys/kernel/init_private');
    unmodelled('/proc/sys/kernel/init_private_helper/x');
  });

  it('lists /proc/sys and /proc/sys/fs bytewise; /proc/sys/kernel, whose host listing is not Linux, is not listed', () => {
    const k = createKernel();
    expect(sys_listdir(k, '/proc/sys')).toEqual(['abi', 'debug', 'dev', 'fs', 'kernel', 'net', 'user', 'vm']);
    const fs = sys_listdir(k, '/proc/sys/fs') as string[];
    expect(fs).toHaveLength(31);
    expect([...fs].sort()).toEqual(fs);
    expect(sys_listdir(k, '/proc/sys/kernel/pty')).toEqual(['max', 'nr', 'reserve']);
    expect(() => sys_listdir(k, '/proc/sys/kernel')).toThrow(UnmodeledPathError);
  });

  it('the modelled mechanisms keep their own answers', () => {
    const k = createKernel();
    expect(sys_open(k, '/proc/sys/kernel/msgmni', O_RDONLY)).toBeGreaterThanOrEqual(0);
    expect(sys_listdir(k, '/proc/sys/fs/mqueue')).toEqual(['msg_default', 'msg_max', 'msgsize_default', 'msgsize_max', 'queues_max']);
    expect(sys_open(k, '/proc/sys/net/nosuch', O_RDONLY)).toBe(-ENOENT);
  });
});
