import { describe, expect, test } from 'vitest';
import { newCosts } from '../../engine/probe';
import { costSeries, createCostHistory, recordCosts } from './cost_history';

function costsAt(step: number) {
  const c = newCosts();
  c.syscalls = step;
  c.idr_find = step * step;
  return c;
}

describe('cost history', () => {
  test('a short run keeps every step', () => {
    const log = createCostHistory(10);
    for (let s = 0; s <= 5; s++) recordCosts(log, s, costsAt(s), s === 5);
    const h = costSeries(log);
    expect(h.steps).toEqual([0, 1, 2, 3, 4, 5]);
    expect(h.series.syscalls).toEqual([0, 1, 2, 3, 4, 5]);
    expect(h.series.idr_find).toEqual([0, 1, 4, 9, 16, 25]);
    // counters still zero at the end are not sent
    expect(Object.keys(h.series).sort()).toEqual(['idr_find', 'syscalls']);
  });

  test('a long run is thinned to at most max evenly spaced steps plus the last one', () => {
    const log = createCostHistory(200);
    for (let s = 0; s <= 1001; s++) recordCosts(log, s, costsAt(s), s === 1001);
    const h = costSeries(log);
    expect(log.stride).toBe(8);
    expect(h.steps.length).toBe(126 + 1);
    expect(h.steps.slice(0, 4)).toEqual([0, 8, 16, 24]);
    expect(h.steps[h.steps.length - 2]).toBe(1000);
    expect(h.steps[h.steps.length - 1]).toBe(1001);
    expect(h.series.syscalls![h.steps.length - 1]).toBe(1001);
    expect(h.series.idr_find![1]).toBe(64);
  });

  test('a step recorded twice (explored, then the end of the run) is kept once', () => {
    const log = createCostHistory();
    recordCosts(log, 0, costsAt(0));
    recordCosts(log, 1, costsAt(1));
    recordCosts(log, 1, costsAt(1), true);
    expect(costSeries(log).steps).toEqual([0, 1]);
  });

  test('a run that has not started has one point at step 0', () => {
    const log = createCostHistory();
    recordCosts(log, 0, newCosts(), true);
    expect(costSeries(log)).toEqual({ steps: [0], series: {} });
  });
});
