import { describe, expect, it } from 'vitest';
import { O_RDONLY, O_WRONLY, sys_close, sys_open, sys_read, sys_write } from '../fs/vfs';
import { ipcKernel } from '../ipc/ipc.test-helper';
import type { Kernel } from '../kernel';
import { EACCES, EINVAL } from '../uapi/errno';
import { ipc_sysctl_mounts } from '../ipc/ipc_sysctl';
import { proc_douintvec, proc_douintvec_minmax, proc_dointvec, proc_doulongvec_minmax, type CtlTable, type SysctlIo } from './sysctl';
import { proc_sys_file_ops } from '../fs/proc/proc_sys_file';

/** One write(2) at offset `pos` of an open file: [result, new offset]. */
function writeAt(k: Kernel, path: string, data: string, pos = 0): [number, number] {
  const fd = sys_open(k, path, O_WRONLY);
  k.files[fd]!.pos = pos;
  const r = sys_write(k, fd, data);
  const after = k.files[fd]!.pos;
  sys_close(k, fd);
  return [r, after];
}

function readAt(k: Kernel, path: string, count: number, pos = 0): string | number {
  const fd = sys_open(k, path, O_RDONLY);
  k.files[fd]!.pos = pos;
  const r = sys_read(k, fd, count);
  sys_close(k, fd);
  return r;
}

function cell(values: number[]): CtlTable<number>['data'] {
  return { get: (_k, i) => values[i]!, set: (_k, i, v) => void (values[i] = v) };
}

describe('write(2) of a numeric sysctl', () => {
  it('consumes the value and its trailing blanks but not the next word: "7 8\\n" returns 2', () => {
    const k = ipcKernel();
    expect(writeAt(k, '/proc/sys/kernel/msgmni', '7 8\n')).toEqual([2, 2]);
    expect(k.state.ipc.msg_ctlmni).toBe(7);
  });

  it('ignores a write at a non-zero offset and reports it fully written (sysctl_writes_strict)', () => {
    const k = ipcKernel();
    expect(writeAt(k, '/proc/sys/kernel/msgmni', '8\n', 2)).toEqual([2, 4]);
    expect(k.state.ipc.msg_ctlmni).toBe(32000);
  });

  it('accepts a value without a newline, and only the first 4095 bytes are parsed', () => {
    const k = ipcKernel();
    expect(writeAt(k, '/proc/sys/kernel/msgmax', '123')).toEqual([3, 3]);
    expect(k.state.ipc.msg_ctlmax).toBe(123);
    expect(writeAt(k, '/proc/sys/kernel/msgmax', ' '.repeat(4095) + '5\n')).toEqual([-EINVAL, 0]);
    expect(writeAt(k, '/proc/sys/kernel/msgmax', ' '.repeat(4094) + '5\n')).toEqual([4096, 4096]);
    expect(k.state.ipc.msg_ctlmax).toBe(5);
  });

  it('a vector write that fails on its third value keeps the first two (kernel.sem)', () => {
    const k = ipcKernel();
    expect(writeAt(k, '/proc/sys/kernel/sem', '1 2 x\n')).toEqual([-EINVAL, 0]);
    expect(k.state.ipc.sem_ctls).toEqual([1, 2, 500, 32000]);
  });
});

describe('read(2) of a numeric sysctl', () => {
  it('gives the tab-separated values and a newline, truncated to the count, and EOF at a non-zero offset', () => {
    const k = ipcKernel();
    expect(readAt(k, '/proc/sys/kernel/sem', 4096)).toBe('32000\t1024000000\t500\t32000\n');
    expect(readAt(k, '/proc/sys/kernel/sem', 8)).toBe('32000\t10');
    expect(readAt(k, '/proc/sys/kernel/sem', 26)).toBe('32000\t1024000000\t500\t32000');
    expect(readAt(k, '/proc/sys/kernel/sem', 4096, 3)).toBe('');
    expect(readAt(k, '/proc/sys/kernel/shmmax', 100)).toBe('18446744073692774399\n');
  });
});

describe('the sysctl handlers', () => {
  const io = (buf: string, ppos = 0): SysctlIo => ({ buf, lenp: buf.length, ppos });

  it('proc_douintvec_minmax takes one unsigned value, consumes the whole write, and maps range errors to EINVAL', () => {
    const k = ipcKernel();
    const v = [3];
    const t: CtlTable<number> = { procname: 'x', data: cell(v), maxlen: 1, mode: 0o644, proc_handler: proc_douintvec_minmax, extra1: 1, extra2: 10 };
    const w = io('7 8\n');
    expect(proc_douintvec_minmax(k, t, true, w)).toBe(0);
    expect([v[0], w.lenp, w.ppos]).toEqual([7, 4, 0]);
    expect(proc_douintvec_minmax(k, t, true, io('11\n'))).toBe(-EINVAL);
    expect(proc_douintvec_minmax(k, t, true, io('-1\n'))).toBe(-EINVAL);
    expect(proc_douintvec(k, t, true, io('4294967295\n'))).toBe(0);
    expect(v[0]).toBe(4294967295);
    expect(proc_douintvec(k, t, true, io('4294967296\n'))).toBe(-EINVAL);
    const r = io('');
    r.lenp = 100;
    expect(proc_douintvec(k, t, false, r)).toBe(0);
    expect([r.buf, r.lenp, r.ppos]).toEqual(['4294967295\n', 11, 11]);
  });

  it('proc_dointvec takes exactly the int range, in every base and past the exact-number digits, and reads negatives back', () => {
    const k = ipcKernel();
    const v = [0];
    const t: CtlTable<number> = { procname: 'x', data: cell(v), maxlen: 1, mode: 0o644, proc_handler: proc_dointvec };
    const cases: [string, number | null][] = [
      ['2147483647', 2147483647],
      ['-2147483648', -2147483648],
      ['0x7fffffff', 2147483647],
      ['017777777777', 2147483647],
      ['-0', 0],
      ['2147483648', null],
      ['-2147483649', null],
      ['281474976710656', null], // 2^48: where the digits go on in a bigint
      ['0x1000000000000', null],
      ['18446744073709551615', null],
      ['18446744073709551616', null], // more than 64 bits
    ];
    for (const [text, want] of cases) {
      v[0] = 12345;
      expect([text, proc_dointvec(k, t, true, io(text + '\n'))]).toEqual([text, want === null ? -EINVAL : 0]);
      expect([text, v[0]]).toEqual([text, want ?? 12345]);
    }
    v[0] = -2147483648;
    const r = io('');
    r.lenp = 100;
    expect(proc_dointvec(k, t, false, r)).toBe(0);
    expect(r.buf).toBe('-2147483648\n');
  });

  it('proc_douintvec refuses vectors', () => {
    const k = ipcKernel();
    const t: CtlTable<number> = { procname: 'x', data: cell([1, 2]), maxlen: 2, mode: 0o644, proc_handler: proc_douintvec };
    expect(proc_douintvec(k, t, true, io('1\n'))).toBe(-EINVAL);
  });

  it('proc_dointvec on a vector stops after maxlen values and reads them tab-separated', () => {
    const k = ipcKernel();
    const v = [0, 0];
    const t: CtlTable<number> = { procname: 'x', data: cell(v), maxlen: 2, mode: 0o644, proc_handler: proc_dointvec };
    const w = io(' -3\t0x20 9\n');
    expect(proc_dointvec(k, t, true, w)).toBe(0);
    expect([v, w.lenp]).toEqual([[-3, 32], 9]);
    const r = io('');
    r.lenp = 64;
    expect(proc_dointvec(k, t, false, r)).toBe(0);
    expect(r.buf).toBe('-3\t32\n');
  });

  it('proc_doulongvec_minmax enforces its bounds', () => {
    const k = ipcKernel();
    const v = [5n];
    const t: CtlTable<bigint> = {
      procname: 'x',
      data: { get: () => v[0]!, set: (_k, _i, x) => void (v[0] = x) },
      maxlen: 1,
      mode: 0o644,
      proc_handler: proc_doulongvec_minmax,
      extra1: 2n,
      extra2: 9n,
    };
    expect(proc_doulongvec_minmax(k, t, true, io('1\n'))).toBe(-EINVAL);
    expect(proc_doulongvec_minmax(k, t, true, io('10\n'))).toBe(-EINVAL);
    expect(proc_doulongvec_minmax(k, t, true, io('9\n'))).toBe(0);
    expect(v[0]).toBe(9n);
  });

  it('proc_doulongvec_minmax reads every digit exactly across 2^53, in all three bases, and refuses more than 64 bits', () => {
    const k = ipcKernel();
    const v = [0n];
    const t: CtlTable<bigint> = { procname: 'x', data: { get: () => v[0]!, set: (_k, _i, x) => void (v[0] = x) }, maxlen: 1, mode: 0o644, proc_handler: proc_doulongvec_minmax };
    const cases: [string, bigint][] = [
      ['281474976710655', 2n ** 48n - 1n],
      ['281474976710656', 2n ** 48n],
      ['9007199254740993', 2n ** 53n + 1n],
      ['18446744073709551615', 2n ** 64n - 1n],
      ['0xfffffffffffff1', 0xfffffffffffff1n],
      ['0xFFFFFFFFFFFFFFFF', 2n ** 64n - 1n],
      ['0777777777777777777', 2n ** 54n - 1n],
      ['0x7', 7n],
    ];
    for (const [text, want] of cases) {
      expect(proc_doulongvec_minmax(k, t, true, io(`${text}\n`)), text).toBe(0);
      expect(v[0], text).toBe(want);
    }
    expect(proc_doulongvec_minmax(k, t, true, io('18446744073709551616\n'))).toBe(-EINVAL);
    expect(proc_doulongvec_minmax(k, t, true, io('0x10000000000000000\n'))).toBe(-EINVAL);
    expect(v[0]).toBe(7n);
  });

  it('a 0444 file without a permissions hook cannot be opened for writing, even by root', () => {
    const k = ipcKernel();
    const t: CtlTable<number> = { procname: 'x', data: cell([1]), maxlen: 1, mode: 0o444, proc_handler: proc_dointvec };
    const f = { path: '/x', flags: O_WRONLY, pos: 0, ops: proc_sys_file_ops(t), private: null };
    expect(f.ops.open!(k, f)).toBe(-EACCES);
    expect(writeAt(k, '/proc/sys/kernel/msg_next_id', '5\n')).toEqual([2, 2]);
  });
});

describe('the ipc sysctl lookup and its one-entry cache', () => {
  it('answers every path the same whatever was looked up before it (the same Dentry, -ENOTDIR, not modelled)', () => {
    const [kernel_mount] = ipc_sysctl_mounts;
    const k = ipcKernel();
    const dir = '/proc/sys/kernel/';
    const names = ['msgmni', 'shmmni', 'msg_next_id', 'shm_next_id', 'sem', 'hostname', 'msgmni/x', 'msgmnix', ''];
    // each path's answer when looked up first, right after a path of the other mount
    const fresh = names.map((n) => {
      ipc_sysctl_mounts[1]!.lookup(k, '/proc/sys/fs/mqueue/msg_max');
      kernel_mount!.lookup(k, '/proc/sys/kernel/none');
      return kernel_mount!.lookup(k, dir + n);
    });
    expect(fresh.filter((d) => typeof d === 'object' && d !== null)).toHaveLength(5);
    for (let i = 0; i < names.length; i++) {
      for (let j = 0; j < names.length; j++) {
        // the second lookup of the same path is a new string of the same text, then the same string again
        kernel_mount!.lookup(k, dir + names[i]);
        expect(kernel_mount!.lookup(k, (dir + names[j]).slice(0))).toBe(fresh[j]);
        const same = dir + names[j];
        expect([kernel_mount!.lookup(k, same), kernel_mount!.lookup(k, same)]).toEqual([fresh[j], fresh[j]]);
      }
    }
  });
});
