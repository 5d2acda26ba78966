/**
 * The namespace-wide message counters of ipc/msg.c, `msg_bytes` and
 * `msg_hdrs`, in their two historical forms:
 * - ≤ 6.0: `atomic_t` in struct ipc_namespace; every update is one locked
 *   read-modify-write of a shared cache line (counted in `atomic_ops`).
 *   Modelled as a counter without per-CPU cells (`counters` is empty).
 * - 6.1+ (Jiebin Sun, 72d1e611082e): `struct percpu_counter`, updated with
 *   percpu_counter_add_local (batch INT_MAX) and read with percpu_counter_sum
 *   (lib/percpu_counter.ts).
 * Only these functions touch the counters, so msg.c's callers do not change.
 * Simplified: the single task runs on CPU 0.
 */
import type { Probe } from '../probe';
import { percpu_counter_add_local, percpu_counter_init as percpu_init, percpu_counter_sum, type PercpuCounter } from '../lib/percpu_counter';

/** A percpu_counter, or an atomic_t when `counters` is empty. */
export type MsgCounter = PercpuCounter;

export type MsgCounterName = 'msg_bytes' | 'msg_hdrs';

/** A 6.1+ counter with `nr_cpus` local cells (default 1). */
export function percpu_counter_init(nr_cpus = 1): MsgCounter {
  return percpu_init(nr_cpus);
}

/** A ≤ 6.0 `atomic_t` (ATOMIC_INIT(0)). */
export function atomic_counter_init(): MsgCounter {
  return { count: 0, counters: [] };
}

/**
 * atomic_add (≤ 6.0) or percpu_counter_add_local on `cpu` (6.1+): the local
 * cell absorbs the amount unless it would reach ±INT_MAX, then it is folded.
 */
export function msg_counter_add(c: MsgCounter, name: MsgCounterName, amount: number, p: Probe, cpu = 0): void {
  if (c.counters.length === 0) {
    p.costs.atomic_ops++;
    c.count += amount;
    if (p.trace) p.trace({ kind: 'atomic_add', counter: name, cpu, amount, value: c.count });
    return;
  }
  percpu_counter_add_local(c, amount, cpu, name, p);
}

/** atomic_read (≤ 6.0: a plain load, no cost) or percpu_counter_sum (6.1+). */
export function msg_counter_sum(c: MsgCounter, name: MsgCounterName, p: Probe): number {
  if (c.counters.length === 0) {
    if (p.trace) p.trace({ kind: 'atomic_read', counter: name, value: c.count });
    return c.count;
  }
  return percpu_counter_sum(c, name, p);
}
