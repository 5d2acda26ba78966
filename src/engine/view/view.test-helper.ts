// Runs a workload to an operation and traces the next one, for the extractor tests.
import { bootMachine, type Machine } from '../api';
import type { KernelConfig } from '../config';
import type { TraceEvent } from '../trace';

/** msg queues at idx 0, 3 and 9 (msg_next_id places them), then the one at 9 — the highest — removed: max_idx must be found again */
export const SET_0_3_9 = [
  'a = msgget(IPC_PRIVATE, 0600)',
  'echo 3 > /proc/sys/kernel/msg_next_id',
  'b = msgget(IPC_PRIVATE, 0600)',
  'echo 9 > /proc/sys/kernel/msg_next_id',
  'c = msgget(IPC_PRIVATE, 0600)',
  'msgctl(c, IPC_RMID)',
].join('\n');

export function machineAt(text: string, ops: number, config: Partial<KernelConfig> = {}): Machine {
  const booted = bootMachine(text, config);
  if (!booted.ok) throw new Error(booted.error.message);
  for (let i = 0; i < ops; i++) {
    const r = booted.machine.run.step();
    if (r.kind !== 'op') throw new Error(`the run ended after ${i} operations`);
  }
  return booted.machine;
}

/** Executes the next operation with a tracer; its events. */
export function traceNext(m: Machine): TraceEvent[] {
  const events: TraceEvent[] = [];
  m.kernel.probe.trace = (e) => events.push(e);
  try {
    const r = m.run.step();
    if (r.kind !== 'op') throw new Error('no operation left');
  } finally {
    m.kernel.probe.trace = null;
  }
  return events;
}
