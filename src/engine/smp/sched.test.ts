import { describe, expect, it } from 'vitest';
import { runWorkload } from '../run';
import { event_pop } from './event_queue';
import { preempt_point, sched_slice, sched_tunables, select_idle_sibling, task_sleep, try_to_wake_up } from './sched';
import { machine } from './test_machine';
import { cpu_set_current } from './machine';
import { fabric_new } from './topology';

describe('CFS (kernel/sched/fair.c, 6.0)', () => {
  it('scales its tunables by 1 + ilog2(min(CPUs, 8)) and slices the period among the runnable tasks', () => {
    expect([1, 2, 4, 8, 160].map((n) => sched_tunables(n).latency)).toEqual([6e6, 12e6, 18e6, 24e6, 24e6]);
    const big = sched_tunables(160);
    expect([big.min_granularity, big.wakeup_granularity, big.tick]).toEqual([3e6, 4e6, 4e6]);
    expect([sched_slice(big, 1), sched_slice(big, 2), sched_slice(big, 8), sched_slice(big, 10)]).toEqual([24e6, 12e6, 3e6, 3e6]);
  });

  it('a task that slept and lags the current task by more than the wake-up granularity preempts it at the end of its statement', () => {
    const m = machine(1, 2);
    const [hog, sleeper] = m.tasks;
    m.cpus[0]!.runqueue = [];
    sleeper!.state = 'blocked';
    sleeper!.sleeping_on = 'msg';
    // the hog has run 10 ms since the sleeper went to sleep
    try_to_wake_up(m, null, sleeper!, 10e6, 'msg');
    expect(m.cpus[0]!.resched).toBe(true);
    expect(preempt_point(m, hog!, 10e6 + 500)).toBe(true);
    expect(m.cpus[0]!.current).toBe(sleeper!.id);
    expect(hog!.state).toBe('runnable');
    expect(m.cpus[0]!.runqueue).toEqual([hog!.id]);
    expect(hog!.vruntime).toBe(10e6 + 500);
    // placed at min_vruntime - latency / 2, not at 0: it does not get all its sleep back
    expect(sleeper!.vruntime).toBe(10e6 - 3e6);
  });

  it('a short sleeper does not preempt, and a task that blocks hands its CPU to the queued task with the smallest vruntime', () => {
    const m = machine(1, 3);
    const [a, b, c] = m.tasks;
    b!.vruntime = 5;
    c!.vruntime = 2;
    m.cpus[0]!.runqueue = [b!.id];
    c!.state = 'blocked';
    c!.sleeping_on = 'msg';
    try_to_wake_up(m, a!, c!, 1000, 'msg');
    expect(m.cpus[0]!.resched).toBe(false);
    expect(preempt_point(m, a!, 1500)).toBe(false);
    task_sleep(m, a!, 2000, 'msg');
    expect(m.cpus[0]!.current).toBe(c!.id);
    const e = event_pop(m.queue)!;
    expect(e).toEqual({ time: 2000 + m.constants.context_switch, task: c!.id });
  });

  it('shares one CPU between two tasks that never block, a slice each, switching at ticks', () => {
    const text = 'cpus 1\nwarmup 0 us\nduration 40 ms\nq = msgget(1, IPC_CREAT|0600)\ntask busy x 2 on 0 { forever { msgctl(q, IPC_STAT) } }\n';
    const r = runWorkload(text);
    if (r.error !== null) throw new Error(r.error.message);
    const [a, b] = r.smp!.tasks;
    expect(a!.ops).toBeGreaterThan(0);
    expect(b!.ops).toBeGreaterThan(0);
    expect(a!.ops / b!.ops).toBeGreaterThan(0.8);
    expect(a!.ops / b!.ops).toBeLessThan(1.25);
  });

  it('wakes a task on its own CPU when idle, else on an idle CPU of its socket, a wholly idle core first', () => {
    const m = machine(4);
    m.topology = { sockets: 1, cores: 2, threads: 2 };
    m.fabric = fabric_new(m.topology, m.constants);
    // CPUs 0 and 2 are the two threads of core 0, 1 and 3 those of core 1
    for (const c of m.cpus) cpu_set_current(m, c, -1);
    cpu_set_current(m, m.cpus[0]!, 0);
    expect(select_idle_sibling(m, 0)).toBe(1);
    cpu_set_current(m, m.cpus[1]!, 1);
    expect(select_idle_sibling(m, 0)).toBe(2);
    expect(select_idle_sibling(m, 3)).toBe(3);
    cpu_set_current(m, m.cpus[2]!, 2);
    cpu_set_current(m, m.cpus[3]!, 3);
    expect(select_idle_sibling(m, 1)).toBe(1);
  });

  it('moves a woken task that is not pinned off its busy CPU; a pinned one waits for its CPU', () => {
    const text = (on: string) => `cpus 3\nwarmup 0 us\nduration 2 ms\nq = msgget(1, IPC_CREAT|0600)\nq2 = msgget(2, IPC_CREAT|0600)
task hog on 0 { forever { msgctl(q2, IPC_STAT) } }
task r ${on} { forever { msgrcv(q, 0, 4) } }
task s on 1 { forever { msgsnd(q, 1, 4); repeat 20 { msgctl(q2, IPC_STAT) } } }
`;
    const free = runWorkload(text(''));
    const pinned = runWorkload(text('on 1'));
    if (free.error !== null || pinned.error !== null) throw new Error('run failed');
    // r starts on CPU 1 (round-robin), is first woken there with the sender running, and moves to idle CPU 2
    expect(free.smp!.tasks.map((t) => t.cpu)).toEqual([0, 2, 1]);
    expect(pinned.smp!.tasks.map((t) => t.cpu)).toEqual([0, 1, 1]);
    // the pinned receiver waits for the sender's slice (6 ms on 3 CPUs), longer than the run
    expect(free.smp!.results['msgrcv ok']).toBeGreaterThan(100);
    expect(pinned.smp!.results['msgrcv ok'] ?? 0).toBe(0);
  });
});
