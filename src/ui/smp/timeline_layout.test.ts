import { describe, expect, test } from 'vitest';
import { emptyBins, bin_add } from '../../engine/smp/smp_api';
import { columnEdges, dominantRuns, laneColumns, panDomain, stackedColumns, wheelZoomFactor, zoomDomain } from './timeline_layout';

describe('timeline layout', () => {
  // 2 CPUs, 4 bins of 10 ns from t = 100
  const bins = emptyBins(100, 40, 2, 4);
  bin_add(bins, 0, 'running', 100, 125); // bins 0, 1 full, bin 2 half
  bin_add(bins, 1, 'spinning', 130, 140);
  bin_add(bins, 1, 'stalled', 120, 125);

  test('bin_add splits an interval over the bins it overlaps', () => {
    expect(bins.running).toEqual([10, 10, 5, 0, 0, 0, 0, 0]);
    expect(bins.spinning).toEqual([0, 0, 0, 0, 0, 0, 0, 10]);
    expect(bins.stalled).toEqual([0, 0, 0, 0, 0, 0, 5, 0]);
  });

  test('columns of a lane add its CPUs and split bins in proportion', () => {
    const edges = columnEdges([100, 140], 2);
    expect(edges).toEqual([100, 120, 140]);
    const cols = laneColumns(bins, { key: 'all', label: 'all', cpus: [0, 1] }, edges);
    expect(cols).toEqual([
      { running: 20, spinning: 0, stalled: 0, idle: 20 },
      { running: 5, spinning: 10, stalled: 5, idle: 20 },
    ]);
    const half = laneColumns(bins, { key: 'c0', label: 'CPU 0', cpus: [0] }, columnEdges([115, 125], 1));
    expect(half).toEqual([{ running: 7.5, spinning: 0, stalled: 0, idle: 2.5 }]);
  });

  test("a lane's columns over the whole run add up to its CPU times", () => {
    const cols = laneColumns(bins, { key: 'c1', label: 'CPU 1', cpus: [1] }, columnEdges([100, 140], 7));
    const sum = cols.reduce((a, c) => ({ running: a.running + c.running, spinning: a.spinning + c.spinning, stalled: a.stalled + c.stalled, idle: a.idle + c.idle }));
    expect(sum.running).toBe(0);
    expect(sum.spinning).toBeCloseTo(10, 9);
    expect(sum.stalled).toBeCloseTo(5, 9);
    expect(sum.idle).toBeCloseTo(25, 9);
  });

  test('dominant runs merge neighbouring columns of the same state, a tie going to running', () => {
    const cols = laneColumns(bins, { key: 'c0', label: 'CPU 0', cpus: [0] }, columnEdges([100, 140], 4));
    expect(dominantRuns(cols, columnEdges([100, 140], 4))).toEqual([
      { state: 'running', t0: 100, t1: 130, y0: 0, y1: 1 },
      { state: 'idle', t0: 130, t1: 140, y0: 0, y1: 1 },
    ]);
  });

  test('stacked columns give each busy state its share from the bottom and leave idle empty', () => {
    const edges = [130, 140];
    const r = stackedColumns([{ running: 0, spinning: 10, stalled: 5, idle: 5 }], edges);
    expect(r).toEqual([
      { state: 'spinning', t0: 130, t1: 140, y0: 0.5, y1: 1 },
      { state: 'stalled', t0: 130, t1: 140, y0: 0.25, y1: 0.5 },
    ]);
  });

  test('zooming keeps the point under the cursor and stays inside the run', () => {
    expect(zoomDomain([0, 100], [0, 100], 0.5, 50)).toEqual([25, 75]);
    expect(zoomDomain([0, 100], [0, 100], 0.5, 0)).toEqual([0, 50]);
    expect(zoomDomain([25, 75], [0, 100], 4)).toEqual([0, 100]);
    expect(zoomDomain([0, 100], [0, 100], 0.001, 50, 10)).toEqual([45, 55]);
  });

  test('panning stops at the ends of the run', () => {
    expect(panDomain([25, 75], [0, 100], 0.25)).toEqual([37.5, 87.5]);
    expect(panDomain([25, 75], [0, 100], 1)).toEqual([50, 100]);
    expect(panDomain([25, 75], [0, 100], -1)).toEqual([0, 50]);
  });

  test('a wheel event zooms by its travel: a mouse notch halves or doubles, a pinch step barely moves, a big fling stops at 4x', () => {
    expect(wheelZoomFactor(-100)).toBe(0.5);
    expect(wheelZoomFactor(100)).toBe(2);
    expect(wheelZoomFactor(-3)).toBeGreaterThan(0.97);
    expect(wheelZoomFactor(-3)).toBeLessThan(1);
    expect(wheelZoomFactor(-5000)).toBe(0.25);
    expect(wheelZoomFactor(-3, 1)).toBeCloseTo(2 ** -0.48);
    expect(wheelZoomFactor(0)).toBe(1);
  });
});
