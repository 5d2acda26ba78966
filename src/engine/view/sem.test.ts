import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../presets';
import { extract_sem } from './sem';
import { tracedOps } from './trace_ops.test-helper';

const PRODCONS = readFileSync(new URL('../../../public/examples/sem-producer-consumer.ipc', import.meta.url), 'utf8');
const ops = tracedOps(PRODCONS);
const model = (i: number) => extract_sem(ops[i]!.after, ops[i]!.events, {});

describe('the semaphore-array view model', () => {
  it('shows the values, the sleeper on its semaphore and who is in the kernel', () => {
    const m = model(2); // @cons semop(s, {1, -1}) sleeps
    expect(m.array!.sems.map((s) => s.semval)).toEqual([1, 0]);
    expect(m.array!.sems[1]!.pending_alter).toEqual({ count: 1, waiters: [{ pid: 4243, name: 'cons', sops: '{1, -1, 0}', blocking: 1 }] });
    expect(m.procs.map((p) => [p.name, p.state, p.sleeping_on])).toEqual([
      ['main', 'ready', null],
      ['cons', 'current', 0],
    ]);
    expect(m.op.sleeps).toBe(1);
  });

  it("names who woke whom and why, and the waker's semadj in the undo list", () => {
    const m = model(4); // @prod semop(s, {0, 1, SEM_UNDO}, {1, 1}) wakes cons
    expect(m.wakes).toEqual([{ pid: 4243, name: 'cons', by: 4244, by_name: 'prod', error: 0, why: 'done' }]);
    expect(m.array!.sems[1]!.pending_alter.count).toBe(0);
    expect(m.array!.undos).toEqual([{ pid: 4244, name: 'prod', semadj: [0, 0] }]);
  });

  it('shows the undo list of the killed consumer applied by exit_sem, and the producer it wakes', () => {
    const before = model(7); // semctl GETNCNT: prod sleeps on the lock cons holds
    expect(before.array!.undos.map((u) => [u.name, u.semadj])).toEqual([
      ['cons', [1, 0]],
      ['prod', [0, 0]],
    ]);
    expect(before.array!.sems[0]!.pending_alter.waiters.map((w) => w.name)).toEqual(['prod']);
    const killed = model(8); // @cons kill
    expect(killed.wakes.map((w) => [w.name, w.by_name, w.why])).toEqual([['prod', 'cons', 'done']]);
    expect(killed.array!.undos.map((u) => u.name)).toEqual(['prod']);
    expect(killed.array!.sems[0]!.semval).toBe(0);
    expect(killed.procs.map((p) => p.name)).toEqual(['main', 'prod']);
  });

  it('gives the lock mode of the kernel: global on 3.9, use_global_lock on 6.18', () => {
    const r = resolveConfig('3.9');
    const old = tracedOps(PRODCONS, r.ok ? r.config : {});
    const m = extract_sem(old[3]!.after, old[3]!.events, {});
    expect([m.locking, m.array!.simple_lock, m.op.locks_global, m.op.locks_local]).toEqual(['global', 'global', 2, 0]);
    const now = model(3);
    expect([now.locking, now.array!.simple_lock, now.array!.use_global_lock]).toEqual(['hysteresis', 'global', 8]);
  });

  it('keeps the kernel unchanged and shows nothing without an array', () => {
    const empty = tracedOps('msgget(IPC_PRIVATE, IPC_CREAT|0600)\n');
    const m = extract_sem(empty[0]!.after, empty[0]!.events, {});
    expect(m.array).toBeNull();
    const k = ops[5]!.after;
    const copy = structuredClone(k.state);
    extract_sem(k, ops[5]!.events, {});
    expect(k.state).toEqual(copy);
  });
});
