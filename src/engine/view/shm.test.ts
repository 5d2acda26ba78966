import { describe, expect, test } from 'vitest';
import { extract_shm } from './shm';
import { tracedOps } from './trace_ops.test-helper';

/** the gallery card's story: a segment removed while two processes have it attached */
export const REMOVED_WHILE_ATTACHED = ['m = shmget(0x5e, 8192, IPC_CREAT|0600)', '@a x = shmat(m, 0, 0)', '@b y = shmat(m, 0, SHM_RDONLY)', 'shmctl(m, IPC_RMID)', '@a exit', '@b shmdt(y)'].join('\n');

describe('extract_shm', () => {
  test('lists segments with nattch and each process with its attachments by ADDR number', () => {
    const ops = tracedOps(REMOVED_WHILE_ATTACHED);
    const m = extract_shm(ops[2]!.after, ops[2]!.events, {});
    expect(m.segments).toEqual([{ id: 0, key: 0x5e, perms: 0o600, dest: false, locked: false, size: '8192', nattch: 2, cpid: 4242, lpid: 4244, creator: 4242 }]);
    expect(m.tasks.map((t) => [t.name, t.attachments.map((a) => [a.k, a.shmid, a.rdonly])])).toEqual([
      ['main', []],
      ['a', [[1, 0, false]]],
      ['b', [[2, 0, true]]],
    ]);
    expect(m.op).toMatchObject({ attached: [2], opened: [0] });
  });

  test('IPC_RMID while attached marks SHM_DEST with key 0; the exit detaches; the last shmdt destroys', () => {
    const ops = tracedOps(REMOVED_WHILE_ATTACHED);
    const rmid = extract_shm(ops[3]!.after, ops[3]!.events, {});
    expect(rmid.segments[0]).toMatchObject({ key: 0, dest: true, nattch: 2 });
    expect(rmid.op.dest).toEqual([0]);
    const exit = extract_shm(ops[4]!.after, ops[4]!.events, {});
    expect(exit.segments[0]).toMatchObject({ nattch: 1 });
    expect(exit.tasks.map((t) => t.name)).toEqual(['main', 'b']);
    expect(exit.op.closed).toEqual([0]);
    const last = extract_shm(ops[5]!.after, ops[5]!.events, {});
    expect(last.segments).toEqual([]);
    expect(last.op.destroyed).toEqual([{ id: 0, why: 'last_detach' }]);
  });
});
