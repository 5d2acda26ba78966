/**
 * The namespace-wide message counters of ipc/msg.c, Linux 6.18: `percpu_msg_bytes`
 * and `percpu_msg_hdrs`, updated with percpu_counter_add_local() (batch
 * INT_MAX, lib/percpu_counter.c) and read with percpu_counter_sum().
 *
 * Only these two functions touch the counters, so that the ≤ 6.0 `atomic_t`
 * variant (one shared cell, every update an atomic RMW) can replace them.
 * Simplified: the single task runs on CPU 0; the per-CPU s32 cells are numbers.
 */
import type { Probe } from '../probe';

/** `struct percpu_counter`: the folded count plus one local cell per CPU. */
export interface MsgCounter {
  count: number;
  counters: number[];
}

export type MsgCounterName = 'msg_bytes' | 'msg_hdrs';

/** PERCPU_COUNTER_LOCAL_BATCH */
const LOCAL_BATCH = 0x7fffffff;

export function percpu_counter_init(nr_cpus = 1): MsgCounter {
  return { count: 0, counters: new Array<number>(nr_cpus).fill(0) };
}

/**
 * percpu_counter_add_local(c, amount) on `cpu`: the local cell absorbs the
 * amount unless it would reach ±INT_MAX, in which case it is folded into count.
 */
export function msg_counter_add(c: MsgCounter, name: MsgCounterName, amount: number, p: Probe, cpu = 0): void {
  p.costs.percpu_add++;
  const local = c.counters[cpu]! + amount;
  if (local >= LOCAL_BATCH || local <= -LOCAL_BATCH) {
    p.costs.percpu_fold++;
    c.count += local;
    c.counters[cpu] = 0;
    if (p.trace) p.trace({ kind: 'percpu_fold', counter: name, cpu, count: c.count });
  } else {
    c.counters[cpu] = local;
  }
  if (p.trace) p.trace({ kind: 'percpu_add', counter: name, cpu, amount, local: c.counters[cpu]! });
}

/** percpu_counter_sum(c): count plus every CPU's local cell. */
export function msg_counter_sum(c: MsgCounter, name: MsgCounterName, p: Probe): number {
  p.costs.percpu_sum++;
  let v = c.count;
  for (let i = 0; i < c.counters.length; i++) v += c.counters[i]!;
  if (p.trace) p.trace({ kind: 'percpu_sum', counter: name, value: v });
  return v;
}
