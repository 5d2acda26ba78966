import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { newProbe } from '../probe';
import { KERNEL_PRESETS, resolveConfig } from '../presets';
import { runWorkload } from '../run';
import type { TraceEvent } from '../trace';
import { ipcKernel, ipcObject } from './ipc.test-helper';
import { sys_semctl, sys_semget, sys_shmctl, sys_shmget } from './syscall';
import { IPC_CREAT, IPC_EXCL, IPC_RMID } from '../uapi/ipc';
import { EEXIST, ENOENT } from '../uapi/errno';

const preset = (name: string, sets: string[] = []) => {
  const r = resolveConfig(name, sets);
  if (!r.ok) throw new Error(r.message);
  return r.config;
};

describe('ipc_findkey', () => {
  it('every preset up to 4.13 walks the IDR, 4.14 and later look the key up in the rhashtable', () => {
    const walk = Object.keys(KERNEL_PRESETS).filter((n) => KERNEL_PRESETS[n]!.ipc_findkey === 'walk');
    expect(walk).toEqual(['2.6.25', '2.6.27', '3.9', '3.10', '3.11', '3.15', '3.18', '3.19', '4.8', '4.9', '4.10', '4.11', '4.13']);
    expect(KERNEL_PRESETS['4.14']!.ipc_findkey).toBe('rhashtable');
    expect(DEFAULT_CONFIG.ipc_findkey).toBe('rhashtable');
  });

  // the walk runs on each IDR of ipcscope's history: the 2.6.25 idr_layer tree, 3.18's 256-slot layers, 4.13's radix tree
  for (const name of ['2.6.25', '3.18', '4.13', '4.14', '6.18']) {
    it(`on ${name}, a new key after 100 keyed semaphores costs what the switch says`, () => {
      const probe = newProbe();
      const k = ipcKernel(preset(name), probe);
      for (let i = 0; i < 100; i++) expect(sys_semget(k, 0x424242 + i, 1, IPC_CREAT | 0o600)).toBeGreaterThanOrEqual(0);
      const before = { ...probe.costs };
      expect(sys_semget(k, 0x424242 + 100, 1, IPC_CREAT | 0o600)).toBeGreaterThanOrEqual(0);
      const d = (n: keyof typeof before) => probe.costs[n] - before[n];
      if (KERNEL_PRESETS[name]!.ipc_findkey === 'walk') {
        // a miss looks at idx 0 … 99, each with idr_find, and compares 100 keys
        expect([d('ipc_findkey_steps'), d('ipc_findkey_compares'), d('rht_hash')]).toEqual([100, 100, 0]);
        expect(d('idr_find')).toBeGreaterThanOrEqual(100);
        expect(k.state.ipc.ids[0].key_ht).toBe(null);
      } else {
        expect([d('ipc_findkey_steps'), d('ipc_findkey_compares')]).toEqual([0, 0]);
        // one hash for the lookup, one for the insert
        expect(d('rht_hash')).toBe(2);
        expect(k.state.ipc.ids[0].key_ht!.nelems).toBe(101);
      }
    });
  }

  it('the walk stops at the key: finding the key at idx 41 looks at 42 indices', () => {
    const probe = newProbe();
    const k = ipcKernel(preset('4.13'), probe);
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push(sys_semget(k, 0x1000 + i, 1, IPC_CREAT | 0o600));
    const events: TraceEvent[] = [];
    probe.trace = (e) => events.push(e);
    expect(sys_semget(k, 0x1000 + 41, 1, 0)).toBe(ids[41]);
    const steps = events.filter((e) => e.kind === 'ipc_findkey_step');
    expect(steps).toHaveLength(42);
    expect(steps.at(-1)).toEqual({ kind: 'ipc_findkey_step', ipc: 'sem', idx: 41, key: 0x1000 + 41, match: true });
    expect(events.filter((e) => e.kind === 'ipc_findkey')).toEqual([{ kind: 'ipc_findkey', ipc: 'sem', key: 0x1000 + 41, id: ids[41] }]);
  });

  it('the walk looks at the empty indices below the last object and stops once in_use objects were seen', () => {
    const probe = newProbe();
    const k = ipcKernel(preset('4.13'), probe);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(sys_semget(k, 0x2000 + i, 1, IPC_CREAT | 0o600));
    for (let i = 0; i < 9; i++) expect(sys_semctl(k, ids[i]!, 0, IPC_RMID)).toBe(0);
    const before = { ...probe.costs };
    expect(sys_semget(k, 0x3000, 1, 0)).toBe(-ENOENT);
    // idx 0 … 8 empty, idx 9 the one object: 10 steps, 1 compare
    expect(probe.costs.ipc_findkey_steps - before.ipc_findkey_steps).toBe(10);
    expect(probe.costs.ipc_findkey_compares - before.ipc_findkey_compares).toBe(1);
  });

  it('a segment removed while attached hides its key from either lookup, and the key can be used again', () => {
    for (const name of ['4.13', '6.18']) {
      const k = ipcKernel(preset(name));
      const id = sys_shmget(k, 0x99, 4096n, IPC_CREAT | 0o600);
      // no shmat in the model: attach by hand, as do_shm_rmid sees it
      ipcObject(k.state.ipc.ids[2], id).shm_nattch = 1;
      expect(sys_shmctl(k, id, IPC_RMID)).toBe(0);
      expect([name, sys_shmget(k, 0x99, 4096n, 0)]).toEqual([name, -ENOENT]);
      const again = sys_shmget(k, 0x99, 4096n, IPC_CREAT | IPC_EXCL | 0o600);
      expect(again).toBeGreaterThanOrEqual(0);
      expect(again).not.toBe(id);
      expect(sys_shmget(k, 0x99, 4096n, IPC_CREAT | IPC_EXCL | 0o600)).toBe(-EEXIST);
      expect(sys_shmget(k, 0x99, 4096n, 0)).toBe(again);
      if (name === '6.18') expect(k.state.ipc.ids[2].key_ht!.nelems).toBe(1);
    }
  });

  it("untraced, the walk is counted without loading every object, to exactly the traced loop's counts", () => {
    const text = [
      'for i in 0..300 { semget(0x5000 + i, 1, IPC_CREAT|0600) }',
      'for i in 0..300 { semget(0x5000 + 299 - i, 1, 0) }',
      'for i in 0..150 { semctl(i * 2 * 32768 + i * 2, 0, IPC_RMID) }',
      'for i in 0..400 { semget(0x5000 + i, 1, IPC_CREAT|0600) }',
      'semget(0x7777, 1, 0)',
      'm = shmget(0x42, 4096, IPC_CREAT|0600)',
      'shmctl(m, IPC_RMID)',
      'shmget(0x42, 4096, 0)',
    ].join('\n');
    const config = preset('4.13');
    const plain = runWorkload(text, { config });
    const traced = runWorkload(text, { config, probe: newProbe(() => {}) });
    expect(plain.exitCode).toBe(0);
    expect(traced.output).toBe(plain.output);
    expect(traced.costs).toEqual(plain.costs);
    expect(plain.costs.ipc_findkey_steps).toBeGreaterThan(100_000);
    // the removals happened, so the walks met empty indices
    expect(plain.output).not.toMatch(/semctl.* = -1/);
    expect(plain.output).toMatch(/shmget\(0x42, 4096, 0+\) = -1 ENOENT/);
  });

  it('every conformance workload prints the same with the walk as with the rhashtable (keys are found either way)', () => {
    const dir = new URL('../../../tests/conformance/workloads/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ipc'));
    expect(files.length).toBeGreaterThan(100);
    const walk = { ...DEFAULT_CONFIG, ipc_findkey: 'walk' as const };
    let keyed = 0;
    for (const f of files) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      const a = runWorkload(text);
      const b = runWorkload(text, { config: walk });
      expect([f, b.output, b.exitCode]).toEqual([f, a.output, a.exitCode]);
      if (a.costs.ipc_findkey > 0) keyed++;
    }
    // the comparison means something only if many workloads look keys up
    expect(keyed).toBeGreaterThan(10);
  });
});
