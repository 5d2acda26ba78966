import { describe, expect, it } from 'vitest';
import { ipc_idr_alloc_lowest, ipc_idr_find, ipc_idr_remove } from './ipc_idr';
import { rhashtable_lookup_fast } from '../lib/rhashtable';
import { COST_NAMES, newProbe } from '../probe';
import type { TraceEvent } from '../trace';
import { ipcKernel } from './ipc.test-helper';
import { ipc_init_ids, type KernIpcPerm } from './namespace';
import { sys_msgctl, sys_msgget, sys_semctl, sys_semget, sys_shmctl, sys_shmget } from './syscall';
import { ipc_search_maxidx, ipcid_seq_max } from './util';
import { IPC_INFO, IPC_RMID, IPC_STAT, MSG_INFO, SEM_INFO, SHM_INFO } from '../uapi/ipc';
import { ENOSPC } from '../uapi/errno';

function obj(): KernIpcPerm {
  return { key: 0, id: 0, seq: 0, mode: 0, uid: 0, gid: 0, cuid: 0, cgid: 0, deleted: false };
}

function searchWith(indexes: number[], limit: number): { result: number; probes: number[]; costs: number } {
  const ids = ipc_init_ids<KernIpcPerm>('msg');
  for (const i of indexes) ipc_idr_alloc_lowest(ids.ipcs_idr, obj(), i, i + 1);
  const events: TraceEvent[] = [];
  const p = newProbe((e) => events.push(e));
  const result = ipc_search_maxidx(ids, limit, p);
  const probes = events.flatMap((e) => (e.kind === 'maxidx_probe' ? [e.probe] : []));
  return { result, probes, costs: p.costs.ipc_search_maxidx_probes };
}

describe('ipc_search_maxidx', () => {
  it('finds 9 among {0, 3, 9} below 14 with the probes 7, 11, 9, 10', () => {
    expect(searchWith([0, 3, 9], 14)).toEqual({ result: 9, probes: [7, 11, 9, 10], costs: 4 });
  });

  it('finds idx 0 with the single probe 0', () => {
    expect(searchWith([0], 0)).toEqual({ result: 0, probes: [0], costs: 1 });
  });

  it('returns -1 for an empty set after probing 3, 1, 0', () => {
    expect(searchWith([], 6)).toEqual({ result: -1, probes: [3, 1, 0], costs: 3 });
  });

  it('counts the same costs untraced as traced, on an empty set (whose probes are counted, not made) and a used one', () => {
    for (const indexes of [[], [3], [0, 9215]]) {
      for (const limit of [0, 6, 9215, 32766]) {
        const costs = [newProbe(), newProbe(() => {})].map((p) => {
          const ids = ipc_init_ids<KernIpcPerm>('msg');
          for (const i of indexes) ipc_idr_alloc_lowest(ids.ipcs_idr, obj(), i, i + 1);
          // allocated and removed again: an emptied tree, as after the last IPC_RMID
          ipc_idr_alloc_lowest(ids.ipcs_idr, obj(), 9216, 9217);
          ipc_idr_remove(ids.ipcs_idr, 9216);
          const before = { ...p.costs };
          const result = ipc_search_maxidx(ids, limit, p);
          return { result, costs: COST_NAMES.filter((n) => p.costs[n] !== before[n]).map((n) => [n, p.costs[n] - before[n]]) };
        });
        expect(costs[0]).toEqual(costs[1]);
        if (indexes.length === 0) expect(costs[0]!.result).toBe(-1);
      }
    }
  });

  it('costs floor(log2(limit + 1)) + 1 probes: 15 for limit 32766', () => {
    expect(searchWith([5, 32766], 32766)).toMatchObject({ result: 32766, costs: 15 });
  });
});

describe('ipc id allocation', () => {
  it('a full set reports 32767, refuses a 32769th queue, and re-searches the max on removal', () => {
    // tail of the same workload on Linux 6.18 (the conformance corpus has the short forms)
    const k = ipcKernel();
    k.state.ipc.msg_ctlmni = 32768;
    for (let i = 0; i < 32768; i++) expect(sys_msgget(k, 0, 0)).toBe(i);
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(32767);
    expect(sys_msgget(k, 0, 0)).toBe(-ENOSPC);
    expect(sys_msgctl(k, 32767, IPC_RMID)).toBe(0);
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(32766);
    expect(sys_msgctl(k, 0, IPC_RMID)).toBe(0);
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(32766);
    expect(sys_msgget(k, 0, 0)).toBe(32768);
    expect(sys_msgget(k, 0, 0)).toBe(65535);
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(32767);
  });

  it('the default limits stop creation at 32000 queues, 4096 segments and 32000 arrays (as on Linux 6.18)', () => {
    const k = ipcKernel();
    for (let i = 0; i < 32000; i++) sys_msgget(k, 0, 0);
    for (let i = 0; i < 4096; i++) sys_shmget(k, 0, 1n, 0);
    for (let i = 0; i < 32000; i++) sys_semget(k, 0, 1, 0);
    expect([sys_msgget(k, 0, 0), sys_shmget(k, 0, 1n, 0), sys_semget(k, 0, 1, 0)]).toEqual([-ENOSPC, -ENOSPC, -ENOSPC]);
    expect([sys_msgctl(k, 0, MSG_INFO), sys_shmctl(k, 0, SHM_INFO), sys_semctl(k, 0, 0, SEM_INFO)]).toEqual([31999, 4095, 31999]);
  });

  it('a get refused by a full set counts one ipc_addid, changes nothing and leaves a pending *_next_id pending', () => {
    const k = ipcKernel();
    const ns = k.state.ipc;
    ns.msg_ctlmni = 2;
    ns.shm_ctlmni = 2;
    ns.sem_ctls[3] = 2;
    for (let i = 0; i < 2; i++) expect([sys_msgget(k, 0, 0), sys_shmget(k, 0, 1n, 0), sys_semget(k, 0, 1, 0)]).toEqual([i, i, i]);
    for (const ids of ns.ids) ids.next_id = 5;
    const before = structuredClone(ns);
    const p = k.probe;
    const addids = p.costs.ipc_addid;
    expect([sys_msgget(k, 0, 0), sys_shmget(k, 0, 1n, 0), sys_semget(k, 0, 1, 0)]).toEqual([-ENOSPC, -ENOSPC, -ENOSPC]);
    expect(p.costs.ipc_addid - addids).toBe(3);
    expect(ns).toEqual(before);
    // a slot freed: the pending next_id is used by the next get
    expect(sys_msgctl(k, 0, IPC_RMID)).toBe(0);
    expect(sys_msgget(k, 0, 0)).toBe(5);
  });

  it('seq reaches 65534 and then wraps to 0 (ipcid_seq_max is 65535 with 15 index bits)', () => {
    const k = ipcKernel();
    expect(ipcid_seq_max(k.state.ipc)).toBe(65535);
    const ids = k.state.ipc.ids[1];
    const cycle = (): number => {
      let id = 0;
      for (let i = 0; i < 64; i++) {
        id = sys_msgget(k, 0, 0);
        sys_msgctl(k, id, IPC_RMID);
      }
      return id;
    };
    cycle();
    ids.seq = 65533;
    expect(cycle()).toBe(65534 * 32768 + 63);
    expect(cycle()).toBe(63);
    expect(ids.seq).toBe(0);
  });

  it('with ipcmni_extend ids have 24 index bits and the cursor first wraps after 4096', () => {
    const k = ipcKernel({ ipcmni_extend: true });
    expect(ipcid_seq_max(k.state.ipc)).toBe(127);
    let last = 0;
    for (let i = 0; i < 4097; i++) {
      last = sys_msgget(k, 0, 0);
      expect(sys_msgctl(k, last, IPC_RMID)).toBe(0);
    }
    expect(last).toBe(1 << 24);
    expect(sys_msgctl(k, 1 << 24, IPC_STAT)).toBe(-22);
  });

  it('the namespace state is plain data: a structuredClone checkpoint continues identically', () => {
    const k = ipcKernel();
    for (let i = 0; i < 70; i++) sys_msgget(k, i % 3 === 0 ? 0 : 0x100 + i, 0o1600);
    for (let i = 0; i < 70; i += 2) sys_msgctl(k, i, IPC_RMID);
    const k2 = ipcKernel();
    k2.state = structuredClone(k.state);
    const ids2 = k2.state.ipc.ids[1];
    expect(rhashtable_lookup_fast(ids2.key_ht!, 0x101)).toBe(ipc_idr_find(ids2.ipcs_idr, 1));
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 50; i++) {
      a.push(sys_msgget(k, 0x100 + i, 0o1600), sys_msgctl(k, i, IPC_RMID), sys_msgctl(k, 0, IPC_INFO));
      b.push(sys_msgget(k2, 0x100 + i, 0o1600), sys_msgctl(k2, i, IPC_RMID), sys_msgctl(k2, 0, IPC_INFO));
    }
    expect(b).toEqual(a);
  });

  it('traces how each idx was chosen: the window, the wrap that bumps seq, and a consumed next_id', () => {
    const events: TraceEvent[] = [];
    const k = ipcKernel(
      {},
      newProbe((e) => events.push(e)),
    );
    for (let i = 0; i < 65; i++) sys_msgctl(k, sys_msgget(k, 0, 0), IPC_RMID);
    k.state.ipc.ids[1].next_id = 40000;
    sys_msgget(k, 0x77, 0o1600);
    const allocs = events.filter((e) => e.kind === 'ipc_idr_alloc');
    expect(allocs.slice(63)).toEqual([
      { kind: 'ipc_idr_alloc', ipc: 'msg', next_id: -1, window: 64, idx: 63, seq: 0, seq_bump: false },
      { kind: 'ipc_idr_alloc', ipc: 'msg', next_id: -1, window: 64, idx: 0, seq: 1, seq_bump: true },
      { kind: 'ipc_idr_alloc', ipc: 'msg', next_id: 40000, window: 32768, idx: 7232, seq: 1, seq_bump: false },
    ]);
    expect(events.filter((e) => e.kind === 'ipc_findkey')).toEqual([{ kind: 'ipc_findkey', ipc: 'msg', key: 0x77, id: null }]);
  });
});
