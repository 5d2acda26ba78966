import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../presets';
import { runWorkload } from '../run';
import type { SemArray } from '../ipc/namespace';
import { sem_lock_mode } from './task_syscalls';

function smp(text: string, kernel: string, sets: [string, string][] = [], vars: Record<string, number> = {}) {
  const c = resolveConfig(kernel, sets);
  if (!c.ok) throw new Error(c.message);
  const r = runWorkload(text, { config: c.config, vars: new Map(Object.entries(vars).map(([k, v]) => [k, BigInt(v)])) });
  if (r.error !== null) throw new Error(`${r.error.line}:${r.error.column}: ${r.error.message}`);
  return r.smp!;
}

const sma = (complex_count: number, use_global_lock: number) => ({ id: 7, sem_nsems: 5, complex_count, use_global_lock }) as unknown as SemArray;
const simple = [{ sem_num: 3, sem_op: -1, sem_flg: 0 }];
const complex = [
  { sem_num: 1, sem_op: -1, sem_flg: 0 },
  { sem_num: 1, sem_op: 0, sem_flg: 0 },
];

describe('sem_lock on the multi-CPU model', () => {
  it('≤3.9 takes sem_perm.lock for every semop', () => {
    expect(sem_lock_mode({ sem_locking: 'global' }, sma(0, 0), simple)).toMatchObject({ mode: 'global', sweep: 0, semnum: 3, semid: 7 });
  });

  it('3.10 takes the semaphore lock for a simple op unless a complex op sleeps; a complex op waits on every semaphore lock', () => {
    const cfg = { sem_locking: 'per_sem' } as const;
    expect(sem_lock_mode(cfg, sma(0, 9), simple)).toMatchObject({ mode: 'sem', sweep: 0 });
    expect(sem_lock_mode(cfg, sma(1, 0), simple)).toMatchObject({ mode: 'global', sweep: 5 });
    expect(sem_lock_mode(cfg, sma(0, 0), complex)).toMatchObject({ mode: 'global', sweep: 5 });
  });

  it('4.11 follows use_global_lock: a complex op sweeps only when it switches from per-semaphore mode', () => {
    const cfg = { sem_locking: 'hysteresis' } as const;
    expect(sem_lock_mode(cfg, sma(0, 0), simple)).toMatchObject({ mode: 'sem' });
    expect(sem_lock_mode(cfg, sma(0, 3), simple)).toMatchObject({ mode: 'global', sweep: 0 });
    expect(sem_lock_mode(cfg, sma(0, 0), complex)).toMatchObject({ mode: 'global', sweep: 5 });
    expect(sem_lock_mode(cfg, sma(0, 10), complex)).toMatchObject({ mode: 'global', sweep: 0 });
  });

  it('a call with no array takes no lock', () => {
    expect(sem_lock_mode({ sem_locking: 'global' }, null, simple).mode).toBe('none');
  });
});

const MULTI = `cpus 1 x 8 x 1\nwarmup 100 us\nduration 400 us\ns = semget(IPC_PRIVATE, 8, IPC_CREAT|0600)\ntask t x 8 { forever { semop(s, {TASK, 1}); semop(s, {TASK, -1}) } }\n`;

describe('semop-multi on 8 CPUs', () => {
  it('on 3.9 every semop queues on sem_perm.lock and the CPUs spin; on 3.10 each takes only its own semaphore lock', () => {
    const old = smp(MULTI, '3.9');
    const fine = smp(MULTI, '3.10');
    expect(old.sem_locks).toMatchObject({ per_sem: 0, sweeps: 0 });
    expect(old.sem_locks!.global).toBeGreaterThan(0);
    const lock = old.locks.find((l) => l.lock === 'sma:0.lock')!;
    expect(lock.contended / lock.acquisitions).toBeGreaterThan(0.9);
    const spinning = old.cpus.reduce((a, c) => a + c.spinning, 0) / (old.duration * 8);
    expect(spinning).toBeGreaterThan(0.5);
    expect(fine.sem_locks).toMatchObject({ global: 0, sweeps: 0 });
    expect(fine.cpus.reduce((a, c) => a + c.spinning, 0)).toBe(0);
    expect(fine.throughput).toBeGreaterThan(5 * old.throughput);
    expect(fine.semops).toBe(fine.results['semop ok']);
  });

  it("3.10's shared sem_otime is the line every CPU writes; 3.11's layout (sem_zero_queue=separate) removes it", () => {
    const shared = smp(MULTI, '3.10');
    const aligned = smp(MULTI, '3.10', [['sem_zero_queue', 'separate']]);
    expect(shared.lines[0]!.line).toBe('sma:0.otime');
    expect(aligned.lines.find((l) => l.line === 'sma:0.otime')).toBeUndefined();
    expect(aligned.throughput).toBeGreaterThan(shared.throughput);
  });
});

const PINGPONG = `#@default X=10
cpus 1 x 4 x 1
warmup 100 us
duration 1 ms
s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
semctl(s, 0, SETVAL, 1)
task ping {
  forever {
    repeat X - 1 { semop(s, {0, -1}); semop(s, {1, 1}) }
    semop(s, {0, -1}, {0, 0}); semop(s, {1, 0}, {1, 1})
  }
}
task pong {
  forever {
    repeat X - 1 { semop(s, {1, -1}); semop(s, {0, 1}) }
    semop(s, {1, -1}, {1, 0}); semop(s, {0, 0}, {0, 1})
  }
}
`;

describe('sem-scalebench ping-pong on the multi-CPU model', () => {
  it('the two tasks sleep in semop and wake each other: they complete the same number of rounds', () => {
    const r = smp(PINGPONG, '4.13', [], { X: 1000000 });
    const [ping, pong] = r.tasks;
    expect(r.semops).toBeGreaterThan(100);
    expect(Math.abs(ping!.ops - pong!.ops)).toBeLessThanOrEqual(2);
    expect(ping!.sleeping).toBeGreaterThan(0);
    expect(pong!.sleeping).toBeGreaterThan(0);
    expect(r.results['semop ok']).toBe(r.semops);
  });

  it('with a complex round in every 10, 4.10 switches to global mode at each complex op and 4.11 far less often (the hysteresis)', () => {
    const before = smp(PINGPONG, '4.13', [['sem_locking', 'per_sem']]);
    const after = smp(PINGPONG, '4.13');
    expect(before.sem_locks!.sweeps).toBeGreaterThan(0);
    expect(before.sem_locks!.sweep_ns).toBeGreaterThan(0);
    expect(after.sem_locks!.sweeps).toBeLessThan(before.sem_locks!.sweeps / 4);
    // in global mode 4.11 also takes sem_perm.lock for the simple ops in between
    expect(after.sem_locks!.global).toBeGreaterThan(before.sem_locks!.global);
  });
});
