import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { becomeUser, ipcKernel, ipcObject } from './ipc.test-helper';
import { ipcctl_obtain_check, ipcperms, ipc_update_perm, S_IRUGO, S_IWUGO } from './util';
import { msg_ids } from './msg';
import { sys_msgget } from './syscall';
import { current_cred, task_fork, set_current } from '../kernel/task';
import { CAP_FULL_SET, CAP_IPC_OWNER, CAP_SYS_ADMIN, in_group_p, INVALID_ID, root_cred, setresuid } from '../kernel/cred';
import { EINVAL, EPERM } from '../uapi/errno';
import type { KernIpcPerm } from './namespace';

/** A queue with the given owner, creator and mode, made by root and then rewritten. */
function queueWith(k: ReturnType<typeof ipcKernel>, o: { uid: number; gid: number; cuid: number; cgid: number; mode: number }): KernIpcPerm {
  const q = ipcObject(msg_ids(k), sys_msgget(k, 0, 0o600));
  Object.assign(q, o);
  return q;
}

/** The rule of ipcperms written out directly: which rwx triple applies, and whether it holds every bit asked for. */
function allowedByModel(euid: number, fsgid: number, obj: KernIpcPerm, flag: number): boolean {
  const triple = euid === obj.uid || euid === obj.cuid ? obj.mode >> 6 : fsgid === obj.gid || fsgid === obj.cgid ? obj.mode >> 3 : obj.mode;
  const asked = ((flag >> 6) | (flag >> 3) | flag) & 7;
  return (asked & ~triple & 7) === 0;
}

const id = fc.integer({ min: 1, max: 5 });

describe('ipcperms', () => {
  it('for a task without capabilities, grants exactly what the owner, group or other triple allows', () => {
    fc.assert(
      fc.property(id, id, id, id, id, id, fc.integer({ min: 0, max: 0o777 }), fc.integer({ min: 0, max: 0o777 }), (euid, egid, uid, gid, cuid, cgid, mode, flag) => {
        const k = ipcKernel();
        const obj = queueWith(k, { uid, gid, cuid, cgid, mode });
        becomeUser(k, euid, egid);
        expect(ipcperms(k, obj, flag) === 0).toBe(allowedByModel(euid, egid, obj, flag));
      }),
    );
  });

  it('never refuses root (CAP_IPC_OWNER), whatever the mode and owner', () => {
    fc.assert(
      fc.property(id, id, fc.integer({ min: 0, max: 0o777 }), fc.integer({ min: 0, max: 0o777 }), (uid, gid, mode, flag) => {
        const k = ipcKernel();
        const obj = queueWith(k, { uid, gid, cuid: uid, cgid: gid, mode });
        expect(ipcperms(k, obj, flag)).toBe(0);
      }),
    );
  });

  it('uses the owner triple alone when the euid matches, even if the group triple would allow more', () => {
    const k = ipcKernel();
    const obj = queueWith(k, { uid: 1000, gid: 1000, cuid: 0, cgid: 0, mode: 0o060 });
    becomeUser(k, 1000, 1000);
    expect([ipcperms(k, obj, S_IRUGO), ipcperms(k, obj, S_IWUGO)]).toEqual([-1, -1]);
  });

  it('matches the group of the creator as well as of the owner, and asks nothing for flag 0', () => {
    const k = ipcKernel();
    const obj = queueWith(k, { uid: 0, gid: 0, cuid: 0, cgid: 50, mode: 0o040 });
    becomeUser(k, 1000, 50);
    expect([ipcperms(k, obj, S_IRUGO), ipcperms(k, obj, S_IWUGO), ipcperms(k, obj, 0)]).toEqual([0, -1, 0]);
  });

  it('reads the short of the flag: bits above 16 do not ask for anything', () => {
    const k = ipcKernel();
    const obj = queueWith(k, { uid: 0, gid: 0, cuid: 0, cgid: 0, mode: 0 });
    becomeUser(k, 1000, 1000);
    expect([ipcperms(k, obj, 0x10000), ipcperms(k, obj, 0x10004)]).toEqual([0, -1]);
  });

  it('is the calling task that counts: another task keeps root', () => {
    const k = ipcKernel();
    const obj = queueWith(k, { uid: 0, gid: 0, cuid: 0, cgid: 0, mode: 0o600 });
    const main = k.state.tasks.current;
    const other = task_fork(k);
    set_current(k, other);
    becomeUser(k, 1000, 1000);
    expect(ipcperms(k, obj, S_IRUGO)).toBe(-1);
    set_current(k, main);
    expect(ipcperms(k, obj, S_IRUGO)).toBe(0);
  });
});

describe('ipcctl_obtain_check', () => {
  it('lets the creator and the owner through and refuses anyone else without CAP_SYS_ADMIN, whatever the mode', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o666);
    Object.assign(ipcObject(msg_ids(k), q), { uid: 2000, cuid: 1000 });
    const result = (uid: number) => {
      const c = current_cred(k);
      Object.assign(c, root_cred());
      setresuid(c, uid, uid, uid);
      const r = ipcctl_obtain_check(k, msg_ids(k), q);
      return typeof r === 'number' ? r : 0;
    };
    expect([1000, 2000, 3000].map(result)).toEqual([0, 0, -EPERM]);
    current_cred(k).cap_effective = 1n << BigInt(CAP_SYS_ADMIN);
    expect(result(3000)).toBe(-EPERM); // setresuid to a non-root uid drops it again
    Object.assign(current_cred(k), { euid: 3000, cap_effective: 1n << BigInt(CAP_SYS_ADMIN) });
    expect(ipcctl_obtain_check(k, msg_ids(k), q)).not.toBe(-EPERM);
    expect(ipcctl_obtain_check(k, msg_ids(k), q + 1)).toBe(-EINVAL);
  });
});

describe('credentials', () => {
  it('setresuid to a non-root uid drops every capability; to uid 0 keeps them', () => {
    const c = root_cred();
    setresuid(c, 0, 0, 0);
    expect(c.cap_effective).toBe(CAP_FULL_SET);
    setresuid(c, 1000, 1000, 1000);
    expect([c.cap_effective, c.euid, c.fsuid]).toEqual([0n, 1000, 1000]);
  });

  it('setresuid with (uid_t)-1 leaves the ids and the capabilities as they were', () => {
    const c = root_cred();
    setresuid(c, INVALID_ID, INVALID_ID, INVALID_ID);
    expect([c.uid, c.euid, c.suid, (c.cap_effective >> BigInt(CAP_IPC_OWNER)) & 1n]).toEqual([0, 0, 0, 1n]);
  });

  it('in_group_p looks at the fsgid and the supplementary groups', () => {
    const c = { ...root_cred(), fsgid: 5, groups: [7, 9] };
    expect([5, 7, 9, 0].map((g) => in_group_p(c, g))).toEqual([true, true, true, false]);
  });

  it('ipc_update_perm refuses (uid_t)-1 and (gid_t)-1 and changes nothing', () => {
    const k = ipcKernel();
    const obj = queueWith(k, { uid: 1, gid: 2, cuid: 0, cgid: 0, mode: 0o600 });
    expect([ipc_update_perm(obj, INVALID_ID, 5, 0o644), ipc_update_perm(obj, 5, INVALID_ID, 0o644)]).toEqual([-EINVAL, -EINVAL]);
    expect([obj.uid, obj.gid, obj.mode]).toEqual([1, 2, 0o600]);
    expect(ipc_update_perm(obj, 5, 6, 0o1777)).toBe(0);
    expect([obj.uid, obj.gid, obj.mode]).toEqual([5, 6, 0o777]);
  });
});
