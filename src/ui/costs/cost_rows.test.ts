import { expect, test } from 'vitest';
import { newCosts } from '../../engine/probe';
import { costRows } from './cost_rows';

test('costRows lists the non-zero counters in their order, with the step delta, and names the zero ones', () => {
  const costs = newCosts();
  const delta = newCosts();
  costs.idr_alloc = 3;
  costs.syscalls = 7;
  delta.syscalls = 1;
  const { active, zero } = costRows(costs, delta);
  expect(active).toEqual([
    { name: 'syscalls', value: 7, delta: 1 },
    { name: 'idr_alloc', value: 3, delta: 0 },
  ]);
  expect(zero.length).toBe(Object.keys(costs).length - 2);
  expect(zero).not.toContain('syscalls');
});
