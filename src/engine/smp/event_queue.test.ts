import { describe, expect, it } from 'vitest';
import { event_pop, event_push, event_queue_new } from './event_queue';

describe('the event queue', () => {
  it('pops events in time order and equal times in the order they were queued', () => {
    const q = event_queue_new();
    const pushed: [number, number][] = [[5, 0], [1, 1], [5, 2], [3, 3], [1, 4], [0, 5], [5, 6]];
    for (const [t, task] of pushed) event_push(q, t, task);
    const out: number[] = [];
    for (let e = event_pop(q); e !== null; e = event_pop(q)) out.push(e.task);
    expect(out).toEqual([5, 1, 4, 3, 0, 2, 6]);
  });

  it('is empty after the last pop and survives structuredClone', () => {
    const q = event_queue_new();
    event_push(q, 2, 7);
    const copy = structuredClone(q);
    expect(event_pop(copy)).toEqual({ time: 2, task: 7 });
    expect(event_pop(copy)).toBe(null);
    expect(q.time).toEqual([2]);
  });
});
