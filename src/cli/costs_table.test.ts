import { describe, expect, it } from 'vitest';
import { newCosts } from '../engine/probe';
import { formatCostsTable } from './costs_table';

describe('formatCostsTable', () => {
  it('lists every counter, names padded and values right-aligned', () => {
    const costs = newCosts();
    costs.syscalls = 12345;
    costs.idr_alloc = 7;
    const lines = formatCostsTable(costs).split('\n');
    expect(lines[0]).toBe('costs:');
    expect(lines).toHaveLength(Object.keys(costs).length + 2);
    const width = Math.max(...Object.keys(costs).map((n) => n.length));
    expect(lines[1]).toBe(`  ${'syscalls'.padEnd(width)}  12345`);
    expect(lines).toContain(`  ${'idr_alloc'.padEnd(width)}      7`);
  });
});
