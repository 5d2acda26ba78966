/**
 * lib/percpu_counter.c and include/linux/percpu_counter.h of Linux 6.18 (SMP
 * build): a 64-bit `count` plus one s32 cell per CPU. Adds go to the calling
 * CPU's cell and are folded into `count` under the counter's spinlock only
 * when the cell would reach ±batch; an exact read sums every cell.
 *
 * Simplified: the CPU is an argument (the model has no scheduler yet); the
 * spinlock and the IRQ/preemption disabling are not modelled, only counted
 * (`percpu_fold` = one trip through the slow path, the only time the shared
 * cache line is written). All CPUs are online; hotplug folding is not
 * modelled. Values are JS numbers (exact up to 2^53).
 *
 * Glossary: local = this CPU's cell (`*this_cpu_ptr(fbc->counters)`),
 * batch = fold threshold (`percpu_counter_batch` = max(32, 2 * nr_cpus) for
 * percpu_counter_add, INT_MAX for the `_local` helpers of 6.1).
 */
import { NO_PROBE, type Probe } from '../probe';

/** `struct percpu_counter`: the folded count and one local cell per CPU. */
export interface PercpuCounter {
  count: number;
  counters: number[];
}

/** PERCPU_COUNTER_LOCAL_BATCH (6.1+) */
export const PERCPU_COUNTER_LOCAL_BATCH = 0x7fffffff;

/** compute_batch_value: max(32, 2 * online CPUs). */
export function percpu_counter_batch(nr_cpus: number): number {
  return Math.max(32, 2 * nr_cpus);
}

/** percpu_counter_init: `count` = amount, every cell 0, `nr_cpus` ≥ 1 cells. */
export function percpu_counter_init(nr_cpus: number, amount = 0): PercpuCounter {
  return { count: amount, counters: new Array<number>(nr_cpus).fill(0) };
}

/**
 * percpu_counter_add_batch: add `amount` on `cpu` (0 ≤ cpu < nr_cpus). When
 * |local + amount| ≥ batch the sum goes into `count` and the cell becomes 0
 * (slow path, counted in `percpu_fold`); otherwise only the cell changes.
 * `name` labels the trace events. Return: true when it folded.
 */
export function percpu_counter_add_batch(c: PercpuCounter, amount: number, batch: number, cpu: number, name: string, p: Probe = NO_PROBE): boolean {
  p.costs.percpu_add++;
  const local = c.counters[cpu]! + amount;
  let folded = false;
  if (local >= batch || local <= -batch) {
    p.costs.percpu_fold++;
    c.count += local;
    c.counters[cpu] = 0;
    folded = true;
    if (p.trace) p.trace({ kind: 'percpu_fold', counter: name, cpu, count: c.count });
  } else {
    c.counters[cpu] = local;
  }
  if (p.trace) p.trace({ kind: 'percpu_add', counter: name, cpu, amount, local: c.counters[cpu] });
  return folded;
}

/** percpu_counter_add: add_batch with percpu_counter_batch. */
export function percpu_counter_add(c: PercpuCounter, amount: number, cpu: number, name: string, p: Probe = NO_PROBE): boolean {
  return percpu_counter_add_batch(c, amount, percpu_counter_batch(c.counters.length), cpu, name, p);
}

/** percpu_counter_add_local (6.1+): add_batch with batch INT_MAX, so it practically never folds. */
export function percpu_counter_add_local(c: PercpuCounter, amount: number, cpu: number, name: string, p: Probe = NO_PROBE): boolean {
  return percpu_counter_add_batch(c, amount, PERCPU_COUNTER_LOCAL_BATCH, cpu, name, p);
}

/** percpu_counter_read: `count` alone (cheap, off by up to batch × nr_cpus). */
export function percpu_counter_read(c: PercpuCounter): number {
  return c.count;
}

/** percpu_counter_sum: count plus every CPU's cell (exact, O(nr_cpus)). */
export function percpu_counter_sum(c: PercpuCounter, name: string, p: Probe = NO_PROBE): number {
  p.costs.percpu_sum++;
  let v = c.count;
  for (let i = 0; i < c.counters.length; i++) v += c.counters[i]!;
  if (p.trace) p.trace({ kind: 'percpu_sum', counter: name, value: v });
  return v;
}

/** percpu_counter_set: every cell 0, count = v. */
export function percpu_counter_set(c: PercpuCounter, v: number): void {
  c.counters.fill(0);
  c.count = v;
}
