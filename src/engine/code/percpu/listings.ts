/**
 * lib/percpu_counter.c: adding to and summing a per-CPU counter.
 */
import type { CodeListing } from '../listings';

export const PERCPU_LISTINGS = {
  percpu_counter_add_batch: {
    name: 'percpu_counter_add_batch',
    file: 'lib/percpu_counter.c',
    lines: [
      ['entry', 'percpu_counter_add_batch(fbc, amount, batch):   ‹percpu_counter_add_local: batch = INT_MAX›'],
      ['read', '  count = __this_cpu_read(*fbc->counters) + amount'],
      ['fold', "  if abs(count) >= batch: fbc->count += count; this CPU's cell -= count - amount (under fbc->lock)"],
      ['local', "  else: this_cpu_add(*fbc->counters, amount)   (only this CPU's cell)"],
    ],
  },
  percpu_counter_sum: {
    name: '__percpu_counter_sum',
    file: 'lib/percpu_counter.c',
    lines: [
      ['entry', '__percpu_counter_sum(fbc):'],
      ['loop', '  ret = fbc->count; for_each_cpu_or(cpu, online, dying): ret += *per_cpu_ptr(fbc->counters, cpu)'],
      ['ret', '  return ret'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
