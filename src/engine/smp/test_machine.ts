/**
 * A hand-built SmpMachine for the mechanism tests: `n` CPUs on one socket,
 * task i running on CPU i (more tasks than CPUs wait in CPU i mod n's run
 * queue). Test support only.
 */
import { smpConstants } from './constants';
import { event_queue_new } from './event_queue';
import { smp_task_new, type SmpMachine, type SmpTask } from './machine';
import { sched_tunables } from './sched';
import { fabric_new } from './topology';

export function machine(n: number, tasks = n): SmpMachine {
  const list: SmpTask[] = Array.from({ length: tasks }, (_, id) => ({
    ...smp_task_new({ id, name: 't', instance: id, pid: 1000 + id, cpu: id % n, pinned: true }),
    state: id < n ? 'running' : 'runnable',
    pc: 1,
  }));
  const topology = { sockets: 1, cores: n, threads: 1 };
  const constants = smpConstants('icelake');
  return {
    machine: 'icelake',
    topology,
    constants,
    fabric: fabric_new(topology, constants),
    busy: Uint8Array.from({ length: n }, (_, id) => (id < tasks ? 1 : 0)),
    locks: { spinlock: 'queued', rwsem: 'optimistic' },
    measure_from: 0,
    end: 1e9,
    sched: sched_tunables(n),
    cpus: Array.from({ length: n }, (_, id) => ({
      id,
      current: id < tasks ? id : -1,
      runqueue: list.filter((t) => t.id >= n && t.cpu === id).map((t) => t.id),
      min_vruntime: 0,
      resched: false,
      next_tick: 0,
      running: 0,
      spinning: 0,
      stalled: 0,
    })),
    tasks: list,
    lines: new Map(),
    spinlocks: new Map(),
    line_refs: [],
    lock_refs: [],
    rwsems: new Map(),
    wait_list_lines: new Map(),
    queue: event_queue_new(),
    trace: null,
    timeline: [],
    timeline_limit: 0,
    results: new Map(),
    sem: { global: 0, per_sem: 0, sweeps: 0, sweep_ns: 0 },
    events: 0,
  };
}
