/** What the per-CPU counter view shows, in words. */
import type { PercpuModel } from '../../../engine/view/percpu';
import type { ViewFrame } from '../types';
import { percpu_at } from './percpu_at';

const fmt = (n: number) => n.toLocaleString('en');

export function describe_percpu(frame: ViewFrame<PercpuModel>, sub: number): string {
  const { model: m, event: e } = percpu_at(frame, sub);
  const values = m.counters.map((c) => `${c.name} ${fmt(c.sum)}`).join(', ');
  const head =
    m.impl === 'atomic'
      ? `The atomic_t counters hold ${values}; ${m.owner === null ? 'this operation has not written their cache line' : `their cache line is at CPU ${m.owner}`}.`
      : `The percpu counters hold ${values} over ${fmt(m.nr_cpus)} CPUs (folded counts ${m.counters.map((c) => fmt(c.count)).join(' and ')}).`;
  if (e === null) return head;
  if (e.kind === 'percpu_add') return `${head} CPU ${e.cpu} adds ${fmt(e.amount)} to its ${e.counter} cell, now ${fmt(e.local)}.`;
  if (e.kind === 'percpu_fold') return `${head} CPU ${e.cpu} folds its ${e.counter} cell into the count under the lock: ${fmt(e.count)}.`;
  if (e.kind === 'percpu_sum') return `${head} percpu_counter_sum reads every cell of ${e.counter}: ${fmt(e.value)}.`;
  if (e.kind === 'atomic_add') return `${head} CPU ${e.cpu} adds ${fmt(e.amount)} to ${e.counter} with one locked instruction.`;
  if (e.kind === 'atomic_read') return `${head} MSG_INFO reads ${e.counter}: ${fmt(e.value)}.`;
  return head;
}
