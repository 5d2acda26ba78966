import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import { percpu_counter_add, percpu_counter_add_local, percpu_counter_batch, percpu_counter_init, percpu_counter_read, percpu_counter_set, percpu_counter_sum } from './percpu_counter';

describe('percpu_counter', () => {
  it('uses batch max(32, 2 * nr_cpus)', () => {
    expect([1, 2, 16, 17, 160].map(percpu_counter_batch)).toEqual([32, 32, 32, 34, 320]);
  });

  it('keeps an add in the CPU cell while |local| stays below batch, and folds at batch', () => {
    const c = percpu_counter_init(2);
    const p = newProbe();
    expect(percpu_counter_add(c, 31, 0, 'x', p)).toBe(false);
    expect(c).toEqual({ count: 0, counters: [31, 0] });
    expect(percpu_counter_read(c)).toBe(0);
    expect(percpu_counter_add(c, 1, 0, 'x', p)).toBe(true);
    expect(c).toEqual({ count: 32, counters: [0, 0] });
    expect(percpu_counter_add(c, -31, 1, 'x', p)).toBe(false);
    expect(percpu_counter_add(c, -1, 1, 'x', p)).toBe(true);
    expect(c).toEqual({ count: 0, counters: [0, 0] });
    expect([p.costs.percpu_add, p.costs.percpu_fold]).toEqual([4, 2]);
  });

  it('percpu_counter_add_local folds only at INT_MAX', () => {
    const c = percpu_counter_init(4);
    const p = newProbe();
    percpu_counter_add_local(c, 0x7ffffffe, 3, 'x', p);
    expect(c.counters[3]).toBe(0x7ffffffe);
    percpu_counter_add_local(c, -5, 2, 'x', p);
    expect(percpu_counter_sum(c, 'x', p)).toBe(0x7ffffffe - 5);
    percpu_counter_add_local(c, 1, 3, 'x', p);
    expect(c).toEqual({ count: 0x7fffffff, counters: [0, 0, -5, 0] });
    expect([p.costs.percpu_fold, p.costs.percpu_sum]).toEqual([1, 1]);
  });

  it('percpu_counter_set zeroes every cell', () => {
    const c = percpu_counter_init(2);
    percpu_counter_add(c, 7, 1, 'x');
    percpu_counter_set(c, 100);
    expect(c).toEqual({ count: 100, counters: [0, 0] });
  });
});
