import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EINVAL, ENOMEM } from '../uapi/errno';
import { IPC_RMID, IPC_STAT, SHM_REMAP, SHM_RDONLY, SHM_RND } from '../uapi/ipc';
import { ipcKernel } from './ipc.test-helper';
import { sys_shmat, sys_shmctl, sys_shmdt, sys_shmget } from './syscall';
import { exit_mm, exit_shm } from './shmat';
import { shm_ids } from './shm';
import { set_current, task_fork } from '../kernel/task';
import { ipc_obtain_object_check } from './util';
import { NO_PROBE, newProbe } from '../probe';
import type { Kernel } from '../kernel';
import type { TraceEvent } from '../trace';

const seg = (k: Kernel, id: number) => ipc_obtain_object_check(k.state.ipc, shm_ids(k), id, NO_PROBE);
const nattch = (k: Kernel, id: number) => seg(k, id)?.shm_nattch ?? null;

function exit(k: Kernel, pid: number): void {
  set_current(k, pid);
  exit_mm(k, pid);
  exit_shm(k, pid);
  k.state.tasks.tasks.delete(pid);
  set_current(k, k.config.pid);
}

describe('do_shmat and ksys_shmdt', () => {
  it('every attachment is one more in shm_nattch, also twice in one task, and shmdt takes only the start address', () => {
    const k = ipcKernel();
    const id = sys_shmget(k, 0, 8192n, 0o1600);
    const a = sys_shmat(k, id, 0n, 0);
    const b = sys_shmat(k, id, 0n, SHM_RDONLY);
    expect(a).toBeGreaterThan(0n);
    expect(b).not.toBe(a);
    expect(nattch(k, id)).toBe(2);
    expect(sys_shmdt(k, a + 1n)).toBe(-EINVAL);
    expect(sys_shmdt(k, a + 4096n)).toBe(-EINVAL);
    expect(sys_shmdt(k, a)).toBe(0);
    expect(sys_shmdt(k, a)).toBe(-EINVAL);
    expect(nattch(k, id)).toBe(1);
  });

  it('checks in the kernel order: id sign, address, SHM_REMAP without address, then the id', () => {
    const k = ipcKernel();
    expect(sys_shmat(k, -1, 0x1001n, 0)).toBe(BigInt(-EINVAL));
    expect(sys_shmat(k, 5, 0x1001n, 0)).toBe(BigInt(-EINVAL));
    const id = sys_shmget(k, 0, 4096n, 0o1600);
    expect(sys_shmat(k, id, 0n, SHM_REMAP)).toBe(BigInt(-EINVAL));
    expect(sys_shmat(k, id, 0xfffn, SHM_RND | SHM_REMAP)).toBe(BigInt(-EINVAL));
    expect(sys_shmat(k, id, 0x1fffn, SHM_RND)).toBe(0x1000n);
    expect(sys_shmat(k, id, 1n, SHM_RND)).toBe(0n);
    expect(nattch(k, id)).toBe(2);
  });

  it('a fixed address over a mapping is EINVAL, and SHM_REMAP replaces the mapping (the old attachment no longer counts)', () => {
    const k = ipcKernel();
    const m = sys_shmget(k, 0, 4096n, 0o1600);
    const n = sys_shmget(k, 0, 4096n, 0o1600);
    expect(sys_shmat(k, m, 0x8000n, 0)).toBe(0x8000n);
    expect(sys_shmat(k, n, 0x8000n, 0)).toBe(BigInt(-EINVAL));
    expect(sys_shmat(k, n, 0x8000n, SHM_REMAP)).toBe(0x8000n);
    expect([nattch(k, m), nattch(k, n)]).toEqual([0, 1]);
  });

  it('a remap over the first page of a two-page attachment splits it: nattch stays 1 and shmdt of the old start removes the rest', () => {
    const k = ipcKernel();
    const big = sys_shmget(k, 0, 8192n, 0o1600);
    const small = sys_shmget(k, 0, 4096n, 0o1600);
    expect(sys_shmat(k, big, 0x4000n, 0)).toBe(0x4000n);
    expect(sys_shmat(k, small, 0x4000n, SHM_REMAP)).toBe(0x4000n);
    expect(nattch(k, big)).toBe(1);
    // 0x4000 now starts `small`; the first VMA at or above it whose offset puts its segment's start there is small's
    expect(sys_shmdt(k, 0x4000n)).toBe(0);
    expect([nattch(k, big), nattch(k, small)]).toEqual([1, 0]);
    expect(sys_shmdt(k, 0x4000n)).toBe(0); // now big's fragment at 0x5000 (page 1 of the segment) matches
    expect(nattch(k, big)).toBe(0);
  });

  it('mmap refuses a segment longer than the address space (ENOMEM), which under shm_rmid_forced destroys it', () => {
    const k = ipcKernel();
    const id = sys_shmget(k, 0, 1n << 62n, 0o11600);
    expect(sys_shmat(k, id, 0n, 0)).toBe(BigInt(-ENOMEM));
    expect(nattch(k, id)).toBe(0);
    k.state.ipc.shm_rmid_forced = 1;
    expect(sys_shmat(k, id, 0n, 0)).toBe(BigInt(-ENOMEM));
    expect(seg(k, id)).toBeNull();
  });
});

describe('removal while attached, exit and shm_rmid_forced', () => {
  it('IPC_RMID of an attached segment sets SHM_DEST and key 0; the last detach destroys it', () => {
    const k = ipcKernel();
    const id = sys_shmget(k, 0x5e, 4096n, 0o1600);
    const a = sys_shmat(k, id, 0n, 0);
    expect(sys_shmctl(k, id, IPC_RMID)).toBe(0);
    expect(seg(k, id)).toMatchObject({ key: 0, mode: 0o1600, shm_nattch: 1 });
    expect(sys_shmget(k, 0x5e, 4096n, 0o600)).toBeLessThan(0);
    expect(sys_shmdt(k, a)).toBe(0);
    expect(sys_shmctl(k, id, IPC_STAT)).toBe(-EINVAL);
  });

  it('exit detaches every attachment of the task (lpid the exiting task) and orphans what it created', () => {
    const k = ipcKernel();
    const pid = task_fork(k);
    set_current(k, pid);
    const id = sys_shmget(k, 0, 4096n, 0o1600);
    sys_shmat(k, id, 0n, 0);
    sys_shmat(k, id, 0n, 0);
    set_current(k, k.config.pid);
    expect(seg(k, id)).toMatchObject({ shm_nattch: 2, shm_creator: pid });
    exit(k, pid);
    expect(seg(k, id)).toMatchObject({ shm_nattch: 0, shm_lprid: pid, shm_creator: 0 });
  });

  it('with shm_rmid_forced a never-attached segment goes when its creator exits, an attached one at its last detach', () => {
    const k = ipcKernel();
    k.state.ipc.shm_rmid_forced = 1;
    const pid = task_fork(k);
    set_current(k, pid);
    const lone = sys_shmget(k, 0, 4096n, 0o1600);
    const used = sys_shmget(k, 0, 4096n, 0o1600);
    set_current(k, k.config.pid);
    const a = sys_shmat(k, used, 0n, 0);
    const events: TraceEvent[] = [];
    k.probe = newProbe((e) => events.push(e));
    exit(k, pid);
    expect(seg(k, lone)).toBeNull();
    expect(nattch(k, used)).toBe(1);
    expect(sys_shmdt(k, a)).toBe(0);
    expect(seg(k, used)).toBeNull();
    expect(events.filter((e) => e.kind === 'shm_destroy').map((e) => (e.kind === 'shm_destroy' ? e.why : ''))).toEqual(['creator_exit', 'last_detach']);
  });
});

type Op =
  | { op: 'get'; size: number }
  | { op: 'at'; task: number; seg: number; fixed: number; flags: number }
  | { op: 'dt'; task: number; pick: number; off: number }
  | { op: 'rmid'; seg: number }
  | { op: 'exit'; task: number }
  | { op: 'forced'; on: boolean };

const arb_op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('get' as const), size: fc.constantFrom(1, 4096, 4097, 8192, 12288) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('at' as const),
      task: fc.nat(3),
      seg: fc.nat(7),
      fixed: fc.constantFrom(0, 0, 1, 0x1000, 0x2000, 0x3000, 0x4fff),
      flags: fc.constantFrom(0, SHM_RDONLY, SHM_RND, SHM_REMAP, SHM_RND | SHM_REMAP),
    }),
  },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('dt' as const), task: fc.nat(3), pick: fc.nat(), off: fc.constantFrom(0, 0, 0, 1, 4096) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('rmid' as const), seg: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('exit' as const), task: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('forced' as const), on: fc.boolean() }) },
);

describe('nattch against the live attachments', () => {
  it('over random programs of 4 tasks, every segment counts exactly the VMAs that map it, and none maps a destroyed one', () => {
    fc.assert(
      fc.property(fc.array(arb_op, { minLength: 1, maxLength: 80 }), (ops) => {
        const k = ipcKernel();
        const pids = [k.config.pid, task_fork(k), task_fork(k), task_fork(k)];
        const ids: number[] = [];
        for (const o of ops) {
          switch (o.op) {
            case 'get':
              ids.push(sys_shmget(k, 0, BigInt(o.size), 0o1600));
              break;
            case 'at':
              set_current(k, pids[o.task]!);
              if (ids.length > 0) sys_shmat(k, ids[o.seg % ids.length]!, BigInt(o.fixed), o.flags);
              break;
            case 'dt': {
              set_current(k, pids[o.task]!);
              const mm = k.state.tasks.tasks.get(pids[o.task]!)!.mm;
              sys_shmdt(k, mm.length > 0 ? mm[o.pick % mm.length]!.vm_start + BigInt(o.off) : BigInt(o.off));
              break;
            }
            case 'rmid':
              if (ids.length > 0) sys_shmctl(k, ids[o.seg % ids.length]!, IPC_RMID);
              break;
            case 'exit':
              exit(k, pids[o.task]!);
              pids[o.task] = task_fork(k);
              break;
            case 'forced':
              k.state.ipc.shm_rmid_forced = o.on ? 1 : 0;
              break;
          }
          set_current(k, k.config.pid);
          const mapped = new Map<number, number>();
          for (const t of k.state.tasks.tasks.values()) for (const v of t.mm) mapped.set(v.shmid, (mapped.get(v.shmid) ?? 0) + 1);
          for (const [id, n] of mapped) expect(nattch(k, id)).toBe(n);
          for (const id of ids) {
            const s = seg(k, id);
            if (s !== null) expect(s.shm_nattch).toBe(mapped.get(id) ?? 0);
            if (s !== null && s.shm_nattch === 0) expect(s.mode & 0o1000).toBe(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
