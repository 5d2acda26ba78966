import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KernelConfig } from '../config';
import type { TraceEvent } from '../trace';
import { newProbe } from '../probe';
import { resolveConfig } from '../presets';
import { IPC_NOWAIT, IPC_RMID, MSG_INFO } from '../uapi/ipc';
import { ipcKernel, runIpc } from './ipc.test-helper';
import { msg_ids } from './msg';
import { sys_msgctl, sys_msgget, sys_msgrcv, sys_msgsnd } from './syscall';

function preset(name: string, sets: string[] = []): KernelConfig {
  const r = resolveConfig(name, sets);
  if (!r.ok) throw new Error(r.message);
  return r.config;
}

describe('ipc_idx_alloc=lowest (≤5.1)', () => {
  it('reuses the lowest free idx and advances seq on every allocation', () => {
    for (const kernel of ['2.6.25', '4.19']) {
      const k = ipcKernel(preset(kernel));
      const ids = [0, 1, 2].map(() => sys_msgget(k, 0, 0o600));
      expect(ids).toEqual([0, 32769, 65538]);
      expect(sys_msgctl(k, 32769, IPC_RMID)).toBe(0);
      expect(sys_msgget(k, 0, 0o600)).toBe(3 * 32768 + 1);
      expect(msg_ids(k).seq).toBe(4);
    }
  });

  it('wraps seq to 0 after ipcid_seq_max (65535 with 15 index bits)', () => {
    const k = ipcKernel(preset('4.19'));
    msg_ids(k).seq = 65535;
    expect(sys_msgget(k, 0, 0o600)).toBe(65535 * 32768);
    expect(msg_ids(k).seq).toBe(0);
    expect(sys_msgget(k, 0, 0o600)).toBe(1);
  });
});

describe('ipc_maxidx variants', () => {
  it('linear: removing the highest steps down one idr_find per index', () => {
    const k = ipcKernel(preset('5.13'));
    expect(runIpc('q = msgget(IPC_PRIVATE, 0600)\necho 100 > /proc/sys/kernel/msg_next_id\nr = msgget(IPC_PRIVATE, 0600)', k)).toContain('= 100');
    const before = k.probe.costs.ipc_maxidx_steps;
    expect(sys_msgctl(k, 100, IPC_RMID)).toBe(0);
    expect(k.probe.costs.ipc_maxidx_steps - before).toBe(100);
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(0);
  });

  it('linear: each index the step-down looks at is traced with whether it was occupied', () => {
    const k = ipcKernel(preset('5.13'));
    runIpc('a = msgget(IPC_PRIVATE, 0600)\necho 3 > /proc/sys/kernel/msg_next_id\nb = msgget(IPC_PRIVATE, 0600)\necho 9 > /proc/sys/kernel/msg_next_id\nc = msgget(IPC_PRIVATE, 0600)', k);
    const events: TraceEvent[] = [];
    k.probe.trace = (e) => events.push(e);
    expect(sys_msgctl(k, 9, IPC_RMID)).toBe(0);
    const steps = events.flatMap((e) => (e.kind === 'maxidx_step' ? [[e.idx, e.hit]] : []));
    expect(steps).toEqual([
      [8, false],
      [7, false],
      [6, false],
      [5, false],
      [4, false],
      [3, true],
    ]);
    expect(events.find((e) => e.kind === 'maxidx_result')).toEqual({ kind: 'maxidx_result', ipc: 'msg', max_idx: 3 });
  });

  it('bsearch: the same removal takes ilog2(100)+1 = 7 probes', () => {
    const k = ipcKernel(preset('5.15'));
    runIpc('q = msgget(IPC_PRIVATE, 0600)\necho 100 > /proc/sys/kernel/msg_next_id\nr = msgget(IPC_PRIVATE, 0600)', k);
    expect(sys_msgctl(k, 100, IPC_RMID)).toBe(0);
    expect([k.probe.costs.ipc_search_maxidx_probes, k.probe.costs.ipc_maxidx_steps]).toEqual([7, 0]);
  });

  it('none: every *_INFO walks from idx 0 until in_use objects were seen', () => {
    const k = ipcKernel(preset('2.6.25'));
    for (let i = 0; i < 5; i++) sys_msgget(k, 0, 0o600);
    sys_msgctl(k, 3 * 32768 + 3, IPC_RMID);
    const p = k.probe.costs;
    const before = p.ipc_maxidx_steps;
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(4);
    expect(p.ipc_maxidx_steps - before).toBe(5);
    expect(sys_msgctl(k, 0, MSG_INFO)).toBe(4);
    expect(p.ipc_maxidx_steps - before).toBe(10);
  });

  it('all three give the same *_INFO results for any create/remove sequence', () => {
    const kernels = ['2.6.25', '4.19', '5.15', '6.18'].map((n) => preset(n, ['ipc_idx_alloc=lowest', 'idr=radix']));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(40)), { maxLength: 60 }), (ops) => {
        const results = kernels.map((cfg) => {
          const k = ipcKernel(cfg);
          const live: number[] = [];
          const out: number[] = [];
          for (const [create, pick] of ops) {
            if (create || live.length === 0) live.push(sys_msgget(k, 0, 0o600));
            else out.push(sys_msgctl(k, live.splice(pick % live.length, 1)[0]!, IPC_RMID));
            out.push(sys_msgctl(k, 0, MSG_INFO));
          }
          return out;
        });
        for (const r of results) expect(r).toEqual(results[0]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('msg_counters variants', () => {
  it('atomic_t and percpu_counter report the same MSG_INFO and count different primitives', () => {
    const run = (name: string) => {
      const k = ipcKernel(preset(name), newProbe());
      const q = sys_msgget(k, 0, 0o600);
      for (let i = 0; i < 3; i++) sys_msgsnd(k, q, 1n, 10n, IPC_NOWAIT);
      sys_msgrcv(k, q, 0n, 100n, IPC_NOWAIT);
      const info = runIpc('msgctl(0, MSG_INFO)', k);
      const c = k.probe.costs;
      return { info, atomic: c.atomic_ops, add: c.percpu_add, sum: c.percpu_sum, hdrs: k.state.ipc.msg_hdrs };
    };
    const old = run('6.0');
    const cur = run('6.1');
    expect(old.info).toBe(cur.info);
    expect([old.atomic, old.add, old.sum]).toEqual([8, 0, 0]);
    expect([cur.atomic, cur.add, cur.sum]).toEqual([0, 8, 2]);
    expect(old.hdrs).toEqual({ count: 2, counters: [] });
    expect(cur.hdrs).toEqual({ count: 0, counters: [2, 0] });
  });
});

describe('idr=layer under later mechanisms', () => {
  it('gives the same results as the radix IDR with get_next finds and the binary max_idx search', () => {
    const workload = [
      'repeat 70 { msgget(IPC_PRIVATE, 0600) }',
      'for i in 0..30 { msgctl(${i}, IPC_RMID) }',
      'echo 5000 > /proc/sys/kernel/msg_next_id',
      'msgget(IPC_PRIVATE, 0600)',
      'msgctl(0, MSG_INFO)',
      'cat /proc/sysvipc/msg',
      'msgctl(5000, IPC_RMID)',
      'msgctl(0, MSG_INFO)',
    ].join('\n');
    const sets = ['sysvipc_find_ipc=get_next', 'ipc_maxidx=bsearch', 'ipc_idx_alloc=lowest'];
    const layer = runIpc(workload, ipcKernel(preset('6.18', [...sets, 'idr=layer'])));
    const layer256 = runIpc(workload, ipcKernel(preset('6.18', [...sets, 'idr=layer256'])));
    const radix = runIpc(workload, ipcKernel(preset('6.18', [...sets, 'idr=radix'])));
    expect(layer).toBe(radix);
    expect(layer256).toBe(radix);
    expect(layer).toContain('msgctl(0, MSG_INFO) = 5000');
  });
});

describe('idr=layer256 (3.9–4.10) in the 3.18 preset', () => {
  it("gives 2.6.25's ids, and ipc_get_maxid's idr_find walk costs one layer visit in the hint's leaf, two elsewhere", () => {
    const visits: number[] = [];
    const ids: number[][] = [];
    for (const kernel of ['2.6.25', '3.18']) {
      const k = ipcKernel(preset(kernel));
      ids.push([...Array(300).keys()].map(() => sys_msgget(k, 0, 0o600)));
      const before = k.probe.costs.idr_layer_visits;
      // MSG_INFO without a cached max_idx: idr_find on idx 0, 1, ... until all 300 were seen
      expect(sys_msgctl(k, 0, MSG_INFO)).toBe(299);
      visits.push(k.probe.costs.idr_layer_visits - before);
    }
    expect(ids[1]).toEqual(ids[0]);
    // 2.6.25: two 64-slot levels for every idx; 3.18: idx 256-299 in the hint's leaf, 0-255 from the top
    expect(visits).toEqual([2 * 300, 2 * 256 + 44]);
  });
});
