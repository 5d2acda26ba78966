import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../presets';
import type { TraceEvent } from '../trace';
import { runWorkload, type RunWorkloadOptions } from '../run';
import { bootMachine } from '../api';
import { lock_config } from './lock_config';

function config(kernel: string) {
  const r = resolveConfig(kernel);
  if (!r.ok) throw new Error(r.message);
  return r.config;
}

function run(text: string, opts: RunWorkloadOptions = {}) {
  const r = runWorkload(text, opts);
  if (r.error !== null) throw new Error(`${r.error.line}:${r.error.column}: ${r.error.message}`);
  return r;
}

const PINGPONG = (cpus: number, duration = '200 us') => `
cpus ${cpus}
warmup 50 us
duration ${duration}
a = msgget(1, IPC_CREAT|0600)
b = msgget(2, IPC_CREAT|0600)
task ping on 0 { forever { msgsnd(a, 1, 8); msgrcv(b, 0, 8) } }
task pong on ${cpus - 1} { forever { msgrcv(a, 0, 8); msgsnd(b, 1, 8) } }
`;

/** 3.2 us per round trip half (the measured path, 250 ns of wake-up, 2 us until the remote CPU runs the task): 200 us hold 62 sends and 61 receives */
const [MSGRCV_OK, MSGSND_OK] = [61, 62];

describe('a multi-CPU run', () => {
  it('prints the setup lines as the contract does, then the summary', () => {
    const r = run(PINGPONG(2));
    const lines = r.output.split('\n');
    expect(lines.slice(0, 2)).toEqual(['msgget(0x1, IPC_CREAT|0600) = 0', 'msgget(0x2, IPC_CREAT|0600) = 1']);
    expect(lines[2]).toBe('# smp: 1 socket(s) x 2 core(s) x 1 thread(s) = 2 CPUs, machine icelake, 2 tasks, 200.00 us measured after 50.00 us of warm-up');
    expect(r.exitCode).toBe(0);
  });

  it('blocks a receiver and wakes it with the pipelined hand-over: messages never touch the queue or the counters', () => {
    const r = run(PINGPONG(2), { config: config('6.0') });
    const smp = r.smp!;
    expect(smp.results['msgsnd ok']).toBe(smp.messages);
    expect(smp.results).toEqual({ 'msgrcv ok': MSGRCV_OK, 'msgsnd ok': MSGSND_OK });
    // after the start, no message is ever queued: the atomic counters' line is not touched
    expect(smp.lines.find((l) => l.line === 'ns.msg_counters')!.accesses).toBe(0);
    expect(smp.tasks.map((t) => t.sleeping > 0)).toEqual([true, true]);
  });

  it('is deterministic: the same workload gives the same numbers and the same trace', () => {
    const once = () => {
      const events: TraceEvent[] = [];
      const r = runWorkload(PINGPONG(2, '50 us'), { probe: { costs: run('').costs, trace: (e) => events.push(e), mark: null } });
      return { smp: r.smp, events };
    };
    const a = once();
    const b = once();
    expect(a.events.length).toBeGreaterThan(300);
    expect(b).toEqual(a);
  });

  it('queues a message when nobody waits and counts it in the atomic line of 6.0, or in a per-CPU slot in 6.1', () => {
    const text = `
cpus 2 x 1 x 1
duration 100 us
q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
task s on 0 { repeat 4 { msgsnd(q, 1, 4) } }
task r on 1 { repeat 40 { msgrcv(q, 0, 4, IPC_NOWAIT) } }
`;
    const atomic = run(text, { config: config('6.0') }).smp!;
    const percpu = run(text, { config: config('6.1') }).smp!;
    expect(atomic.results).toEqual(percpu.results);
    expect(atomic.results['msgsnd ok']).toBe(4);
    expect(atomic.results['msgrcv ok']).toBe(4);
    expect(atomic.results['msgrcv ENOMSG']).toBe(36);
    const counters = atomic.lines.find((l) => l.line === 'ns.msg_counters')!;
    expect(counters.transfers.remote + counters.transfers.memory).toBeGreaterThan(0);
    expect(percpu.lines.find((l) => l.line === 'ns.msg_counters')).toBe(undefined);
    expect(percpu.lines.filter((l) => l.line.startsWith('percpu:')).map((l) => l.line)).toEqual(['percpu:0', 'percpu:1']);
  });

  it('takes the ids rwsem on every lookup in 2.6.25 and never in 2.6.27', () => {
    const old = run(PINGPONG(2), { config: config('2.6.25') }).smp!;
    const rcu = run(PINGPONG(2), { config: config('2.6.27') }).smp!;
    const sem = (r: typeof old) => r.locks.find((l) => l.lock === 'msg_ids')?.acquisitions ?? 0;
    expect(sem(old)).toBeGreaterThanOrEqual(old.ops);
    expect(sem(rcu)).toBe(0);
  });

  it('reports a bad CPU placement and an undefined variable in a task at their line and column', () => {
    const bad = runWorkload('cpus 2\ntask t on 5 { msgget(1, 0) }\n');
    expect(bad.error).toMatchObject({ code: 'bad_declaration', line: 2, column: 1, message: 'the CPU of task t 0 must be from 0 to 1, got 5' });
    expect(bad.exitCode).toBe(2);
    const undef = runWorkload('cpus 1\ntask t {\n  msgsnd(nope, 1, 1)\n}\n');
    expect(undef.error).toMatchObject({ code: 'undefined_variable', line: 3, column: 10 });
  });

  it('places tasks round-robin by default and gives each instance its TASK number', () => {
    const r = run('cpus 3\nduration 10 us\ntask a x 4 { msgget(TASK + 1, IPC_CREAT|0600) }\n').smp!;
    expect(r.tasks.map((t) => [t.name, t.instance, t.cpu])).toEqual([
      ['a', 0, 0],
      ['a', 1, 1],
      ['a', 2, 2],
      ['a', 3, 0],
    ]);
    expect(r.results).toEqual({ 'msgget ok': 4 });
  });
});

describe('locks', () => {
  it('a ticket spinlock collapses where a queued one does not: eight CPUs on one queue lock do less than four', () => {
    const text = (n: number) => `cpus 8\nduration 50 us\nq = msgget(1, IPC_CREAT|0600)\ntask s x ${n} { forever { msgsnd(q, 1, 0, IPC_NOWAIT) } }\n`;
    const ops = (spinlock: 'ticket' | 'queued') => [2, 4, 8].map((n) => run(text(n), { smpLocks: { spinlock } }).smp!.ops);
    expect(ops('queued')).toEqual([162, 321, 308]);
    expect(ops('ticket')).toEqual([162, 285, 74]);
  });

  it('the kernel presets choose the x86-64 lock implementations of their era', () => {
    const of = (k: string) => lock_config(config(k));
    expect([of('2.6.25'), of('2.6.27'), of('3.18'), of('6.0'), of('6.1')]).toEqual([
      { spinlock: 'ticket', rwsem: 'spinlock' },
      { spinlock: 'ticket', rwsem: 'spinlock' },
      { spinlock: 'ticket', rwsem: 'xadd' },
      { spinlock: 'queued', rwsem: 'optimistic' },
      { spinlock: 'queued', rwsem: 'optimistic' },
    ]);
    expect(lock_config(config('6.18'), { spinlock: 'ticket' })).toEqual({ spinlock: 'ticket', rwsem: 'optimistic' });
  });

  it('eight senders on one queue spin on its spinlock in turn, and the spinning is accounted', () => {
    const r = run('cpus 8\nduration 50 us\nq = msgget(1, IPC_CREAT|0600)\ntask s x 8 { forever { msgsnd(q, 1, 0, IPC_NOWAIT) } }\n', { config: config('6.0') }).smp!;
    const lock = r.locks.find((l) => l.lock === 'msq:0.lock')!;
    expect(lock.kind).toBe('spinlock');
    expect(lock.contended).toBeGreaterThan(lock.acquisitions / 4);
    expect(lock.wait_ns).toBeGreaterThan(0);
    expect(r.cpus.every((c) => c.spinning > 0)).toBe(true);
    // the queue fills up (16384 zero-byte messages at most): then EAGAIN
    expect(r.results['msgsnd ok']! + (r.results['msgsnd EAGAIN'] ?? 0)).toBe(r.ops);
  });

  it('msgget takes the ids rwsem for write: concurrent creators sleep on the FIFO semaphore, and spin on the 6.x one', () => {
    const text = 'cpus 2\nduration 50 us\ntask c x 2 { forever { msgget(IPC_PRIVATE, IPC_CREAT|0600) } }\n';
    const fifo = run(text, { smpLocks: { rwsem: 'xadd' } }).smp!;
    const spin = run(text).smp!;
    for (const r of [fifo, spin]) {
      const sem = r.locks.find((l) => l.lock === 'msg_ids')!;
      expect(sem.kind).toBe('rwsem');
      expect(sem.contended).toBeGreaterThan(0);
      expect(sem.wait_ns).toBeGreaterThan(0);
    }
    expect(fifo.tasks.every((t) => t.sleeping > 0)).toBe(true);
    // the owner is a running writer: the other creator spins on it instead of sleeping
    expect(spin.tasks.every((t) => t.sleeping === 0)).toBe(true);
    expect(spin.cpus.every((c) => c.spinning > 0)).toBe(true);
    expect(spin.ops).toBeGreaterThan(fifo.ops);
  });
});

describe('the playground', () => {
  it('refuses a multi-CPU workload with an error at its first declaration', () => {
    const r = bootMachine('q = msgget(1, IPC_CREAT)\n\n  task t { msgsnd(q, 1, 1) }\ncpus 2\n');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({ code: 'multi_cpu_not_steppable', line: 3, column: 3 });
    expect(bootMachine('q = msgget(1, IPC_CREAT)\n').ok).toBe(true);
  });
});

describe('reproduction 5 (seed 004): pmsg on 1 and 8 CPUs', () => {
  const text = readFileSync('public/examples/004-rcu-idr.ipc', 'utf8');
  const at = (kernel: string, cpus: number) => run(text, { config: config(kernel), vars: new Map([['CPUS', BigInt(cpus)]]) }).smp!.throughput;

  it('RCU lookups (2.6.27) scale at least 3x from 1 to 8 CPUs; with the rwsem (2.6.25) 8 CPUs do less than 1', () => {
    const rcu1 = at('2.6.27', 1);
    const rcu8 = at('2.6.27', 8);
    const sem1 = at('2.6.25', 1);
    const sem8 = at('2.6.25', 8);
    expect([rcu1, rcu8, sem1, sem8]).toEqual([712000, 5696000, 687500, 84500]);
    expect(rcu8 / rcu1).toBeGreaterThan(3);
    expect(sem8).toBeLessThan(sem1);
  });

  it("2.6.25 spends its time in the ids rwsem's wait_lock: two ticket-lock acquisitions per lookup", () => {
    const r = run(text, { config: config('2.6.25'), vars: new Map([['CPUS', 4n]]) }).smp!;
    const waitLock = r.locks.find((l) => l.lock === 'msg_ids' && l.kind === 'spinlock')!;
    const sem = r.locks.find((l) => l.lock === 'msg_ids' && l.kind === 'rwsem')!;
    // two per down_read + up_read (the window cuts one pair in half)
    expect([waitLock.acquisitions, sem.acquisitions]).toEqual([1524, 763]);
    expect(waitLock.contended).toBeGreaterThan(waitLock.acquisitions / 2);
    expect(sem.contended).toBe(0);
  });
});
