import { describe, expect, it } from 'vitest';
import { EAGAIN, EINVAL, EPERM } from '../uapi/errno';
import { IPC_SET } from '../uapi/ipc';
import { KERNEL_SYSCALLS } from '../script/kernel_syscalls';
import { dropCapability, ipcKernel } from './ipc.test-helper';
import { msg_ids } from './msg';
import { ksys_msgctl } from './msgctl';
import { ipc_idr_find } from './ipc_idr';
import { msg_list_add, type MsgQueue } from './namespace';
import { sys_msgctl, sys_msgget, sys_msgsnd } from './syscall';
import { CAP_SYS_RESOURCE } from '../kernel/cred';
import { runWorkload } from '../run';

function queue(k: ReturnType<typeof ipcKernel>, id: number): MsgQueue {
  return ipc_idr_find(msg_ids(k).ipcs_idr, id)!;
}

describe('msgctl(id, IPC_SET) as IPC_STAT then IPC_SET with the same buffer', () => {
  it('gives the queue its own owner, mode and q_qbytes back and stamps q_ctime', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o640);
    expect(sys_msgsnd(k, q, 1n, 100n, 0)).toBe(0);
    const msq = queue(k, q);
    msq.uid = 7;
    msq.gid = 8;
    msq.q_qbytes = 5000;
    msq.q_ctime = 0;
    expect(sys_msgctl(k, q, IPC_SET, true)).toBe(0);
    expect([msq.uid, msq.gid, msq.mode, msq.q_qbytes, msq.q_ctime]).toEqual([7, 8, 0o640, 5000, 1_767_225_600]);
    expect([msq.q_qnum, msq.q_cbytes]).toEqual([1, 100]);
  });

  it('differs from the numeric form, whose zeroed buffer clears mode and q_qbytes', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o640);
    expect(ksys_msgctl(k, q, IPC_SET)).toBe(0);
    expect([queue(k, q).mode, queue(k, q).q_qbytes]).toEqual([0, 0]);
  });

  it('wakes a sleeping receiver with EAGAIN, so that it retries', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    const msr = { r_tsk: 777, r_mode: 1, r_msgtype: 0n, r_maxsize: 100, r_msg: 0 };
    // linked as msg_sleep.ts links a sleeping receiver (a new queue's lists are the shared NO_LIST)
    queue(k, q).q_receivers = msg_list_add(queue(k, q).q_receivers, msr);
    expect(sys_msgctl(k, q, IPC_SET, true)).toBe(0);
    expect(msr.r_msg).toBe(-EAGAIN);
    expect(queue(k, q).q_receivers).toEqual([]);
  });

  it('returns the IPC_STAT error for a negative, unused or removed id', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    expect([-1, 1, q + 32768].map((id) => sys_msgctl(k, id, IPC_SET, true))).toEqual([-EINVAL, -EINVAL, -EINVAL]);
  });

  it('is EPERM from the IPC_SET when msgmnb was lowered below q_qbytes and CAP_SYS_RESOURCE is missing', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    k.state.ipc.msg_ctlmnb = 50;
    expect(sys_msgctl(k, q, IPC_SET, true)).toBe(0);
    dropCapability(k, CAP_SYS_RESOURCE);
    queue(k, q).q_ctime = 0;
    expect(sys_msgctl(k, q, IPC_SET, true)).toBe(-EPERM);
    expect([queue(k, q).q_qbytes, queue(k, q).q_ctime]).toEqual([16384, 0]);
  });

  it('counts two system calls, or one when the IPC_STAT fails', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    const before = k.probe.costs.syscalls;
    expect(KERNEL_SYSCALLS.sys_msgctl(k, q, IPC_SET, true)).toBe(0);
    expect(k.probe.costs.syscalls - before).toBe(2);
    expect(KERNEL_SYSCALLS.sys_msgctl(k, 99, IPC_SET, true)).toBe(-EINVAL);
    expect(k.probe.costs.syscalls - before).toBe(3);
  });
});

/** The lines a workload prints after its first two. */
const linesAfterTwo = (text: string) => runWorkload(text).output.split('\n').slice(2);

describe('a negative msg_qbytes in IPC_SET (msgctl_down takes an int, compares it with the unsigned msgmnb, stores it into an unsigned long)', () => {
  it('is above msgmnb for an owner without CAP_SYS_RESOURCE (EPERM, as recorded in 564), while 2^32 + 100 is cut to 100', () => {
    expect(
      linesAfterTwo(
        '@a creds 1000 1000\n@a q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n@a msgctl(q, IPC_SET, msg_qbytes=-1)\n@a msgctl(q, IPC_SET, msg_qbytes=0x100000064)\n@a msgctl(q, IPC_STAT, msg_qbytes)',
      ),
    ).toEqual([
      '[a] msgctl(0, IPC_SET, msg_qbytes=18446744073709551615) = -1 EPERM (Operation not permitted)',
      '[a] msgctl(0, IPC_SET, msg_qbytes=4294967396) = 0',
      '[a] msgctl(0, IPC_STAT, msg_qbytes) = 0 {msg_qbytes=100}',
      '',
    ]);
  });

  it('is stored sign-extended with CAP_SYS_RESOURCE: q_qbytes 2^64 - 1, so every message fits', () => {
    expect(
      linesAfterTwo(
        'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(q, IPC_SET, msg_qbytes=-1)\nmsgctl(q, IPC_STAT, msg_qbytes)\nmsgsnd(q, 1, "hello", IPC_NOWAIT)\nmsgsnd(q, 1, 8000, IPC_NOWAIT)\nmsgsnd(q, 1, 8000, IPC_NOWAIT)\nmsgsnd(q, 1, 8000, IPC_NOWAIT)\nmsgctl(q, IPC_STAT, msg_qnum, msg_cbytes)',
      ),
    ).toEqual([
      'msgctl(0, IPC_STAT, msg_qbytes) = 0 {msg_qbytes=18446744073709551615}',
      'msgsnd(0, 1, "hello", IPC_NOWAIT) = 0',
      'msgsnd(0, 1, 8000, IPC_NOWAIT) = 0',
      'msgsnd(0, 1, 8000, IPC_NOWAIT) = 0',
      'msgsnd(0, 1, 8000, IPC_NOWAIT) = 0',
      'msgctl(0, IPC_STAT, msg_qnum, msg_cbytes) = 0 {msg_qnum=4, msg_cbytes=24005}',
      '',
    ]);
  });
});
