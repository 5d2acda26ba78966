import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KernelConfig } from '../../config';
import { ipcKernel, runIpc } from '../../ipc/ipc.test-helper';
import { newProbe } from '../../probe';
import { resolveConfig } from '../../presets';

function config(find: string, extra: string[] = []): KernelConfig {
  const r = resolveConfig('6.18', [`sysvipc_find_ipc=${find}`, ...extra]);
  if (!r.ok) throw new Error(r.message);
  return r.config;
}

function read(find: string, setup: string, extra: string[] = []) {
  const k = ipcKernel(config(find, extra));
  runIpc(setup, k);
  const c = k.probe.costs;
  const before = { find: c.idr_find, next: c.idr_get_next, calls: c.sysvipc_find_ipc };
  const out = runIpc('cat /proc/sysvipc/msg', k);
  return { out, idr_find: c.idr_find - before.find, idr_get_next: c.idr_get_next - before.next, calls: c.sysvipc_find_ipc - before.calls };
}

const THREE = 'repeat 3 { msgget(IPC_PRIVATE, 0600) }';

describe('sysvipc_find_ipc variants', () => {
  it('count (≤5.14) repeats the counting loop from idx 0 on every call', () => {
    // read 1: find(0) 0+1, find(1) 1+1, find(2) 2+1, find(3) counts 3 = in_use -> EOF;
    // read 2 (cat's EOF read) starts at pos 4: find(3) counts 3 again -> EOF
    expect(read('count', THREE)).toMatchObject({ idr_find: 12, idr_get_next: 0, calls: 5 });
  });

  it('maxidx (5.15) scans pos .. max_idx only', () => {
    // find(0), find(1), find(2): one idr_find each; find(3) and find(3) again: 3 > max_idx, no lookup
    expect(read('maxidx', THREE)).toMatchObject({ idr_find: 3, idr_get_next: 0, calls: 5 });
  });

  it('get_next (6.x) makes one idr_get_next per call', () => {
    expect(read('get_next', THREE)).toMatchObject({ idr_find: 0, idr_get_next: 5, calls: 5 });
  });

  it('count pays one idr_find per empty index between objects, and ~N²/2 for N dense objects', () => {
    const gap = read('count', 'q = msgget(IPC_PRIVATE, 0600)\necho 50 > /proc/sys/kernel/msg_next_id\nr = msgget(IPC_PRIVATE, 0600)');
    // find(0): 1; find(1): count 1, scan 1..50 = 50; find(51): count stops at in_use after idx 0..50 = 51; again at EOF read: 51
    expect(gap.idr_find).toBe(1 + 1 + 50 + 51 + 51);
    const dense = read('count', 'repeat 200 { msgget(IPC_PRIVATE, 0600) }');
    expect(dense.idr_find).toBeGreaterThan((200 * 199) / 2);
    expect(dense.idr_find).toBeLessThan((200 * 199) / 2 + 200 * 3 + 6 * 200);
  });

  it('all three print the same rows for any layout', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { minLength: 0, maxLength: 40 }), (idxs) => {
        const setup = idxs.map((i) => `echo ${i} > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)`).join('\n') || 'msgctl(0, MSG_INFO)';
        const outs = ['count', 'maxidx', 'get_next'].map((f) => read(f, setup).out);
        expect(outs[1]).toBe(outs[0]);
        expect(outs[2]).toBe(outs[0]);
      }),
      { numRuns: 25 },
    );
  });
});

describe('the ≤2.6.35 /proc/sysvipc/shm layout', () => {
  it('has no rss/swap columns and keeps the narrow header with %21lu sizes', () => {
    const k = ipcKernel(config('get_next', ['shm_proc_format=classic']));
    const out = runIpc('shmget(IPC_PRIVATE, 4096, 0600)\ncat /proc/sysvipc/shm', k);
    const lines = out.split('\n');
    expect(lines[2]).toBe('       key      shmid perms       size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime');
    expect(lines[3]).toBe('         0          0   600                  4096  4242     0      0     0     0     0     0          0          0 1767225600');
    expect(lines[3]!.length + 1).toBe(126);
  });
});

describe('the ≤5.14 count without a tracer', () => {
  it('counts the idr_find calls and node reads of the traced lookups, for any layout', () => {
    const costs = (setup: string, traced: boolean) => {
      const k = ipcKernel(config('count'), newProbe(traced ? () => {} : null));
      runIpc(setup, k);
      const c = k.probe.costs;
      const before = { find: c.idr_find, visits: c.idr_node_visits };
      const out = runIpc('cat /proc/sysvipc/msg\ncat /proc/sysvipc/msg', k);
      return { out, idr_find: c.idr_find - before.find, visits: c.idr_node_visits - before.visits };
    };
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(fc.nat(200), fc.nat(5000)), { maxLength: 70 }), (idxs) => {
        const setup = idxs.map((i) => `echo ${i} > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)`).join('\n') || 'msgctl(0, MSG_INFO)';
        expect(costs(setup, false)).toEqual(costs(setup, true));
      }),
      { numRuns: 20 },
    );
  });
});
