import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { event_peek_task, event_peek_time, event_pop, event_push, event_queue_new, event_requeue_first, event_second_time, event_take } from './event_queue';

describe('the event queue', () => {
  it('pops events in time order and equal times in the order they were queued', () => {
    const q = event_queue_new();
    const pushed: [number, number][] = [
      [5, 0],
      [1, 1],
      [5, 2],
      [3, 3],
      [1, 4],
      [0, 5],
      [5, 6],
    ];
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
    expect(event_pop(q)).toEqual({ time: 2, task: 7 });
  });

  it('interleaved pushes and pops, past its initial capacity, come out as a stable sort by time would give them', () => {
    // each command: a push (time, task) or a pop (null); times from a small set so that ties are common
    const command = fc.option(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -5, max: 1000 })), { nil: null, freq: 4 });
    fc.assert(
      fc.property(fc.array(command, { maxLength: 400 }), (commands) => {
        const q = event_queue_new(2);
        const model: { time: number; task: number; seq: number }[] = [];
        let seq = 0;
        const popModel = () => {
          if (model.length === 0) return null;
          let best = 0;
          for (let i = 1; i < model.length; i++) {
            const a = model[i]!;
            const b = model[best]!;
            if (a.time < b.time || (a.time === b.time && a.seq < b.seq)) best = i;
          }
          const [e] = model.splice(best, 1);
          return { time: e!.time, task: e!.task };
        };
        for (const c of commands) {
          if (c === null) expect(event_pop(q)).toEqual(popModel());
          else {
            event_push(q, c[0], c[1]);
            model.push({ time: c[0], task: c[1], seq: seq++ });
          }
        }
        for (let e = popModel(); e !== null; e = popModel()) expect(event_pop(q)).toEqual(e);
        expect(event_pop(q)).toBe(null);
      }),
    );
  });
  it('requeueing the first event in place and the second-earliest time agree with a take then a push', () => {
    // each command: a push (time, task), a requeue of the first event (a later time, task) or a pop (null)
    const command = fc.oneof(
      fc.tuple(fc.constant('push' as const), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 50 })),
      fc.tuple(fc.constant('requeue' as const), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 50 })),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 300 }), (commands) => {
        const a = event_queue_new(2);
        const b = event_queue_new(2);
        for (const c of commands) {
          if (c === null) {
            expect(event_pop(a)).toEqual(event_pop(b));
          } else if (c[0] === 'push') {
            event_push(a, c[1], c[2]);
            event_push(b, c[1], c[2]);
          } else if (a.size > 0) {
            const t = event_peek_time(a) + c[1];
            expect(event_peek_task(a)).toBe(event_peek_task(b));
            event_requeue_first(a, t, c[2]);
            event_take(b);
            event_push(b, t, c[2]);
          }
          if (a.size > 0) {
            // the earliest but the first: what a take would leave at the front
            const copy = structuredClone(a);
            event_take(copy);
            expect(event_second_time(a)).toBe(event_peek_time(copy));
          }
        }
        for (let e = event_pop(b); e !== null; e = event_pop(b)) expect(event_pop(a)).toEqual(e);
        expect(event_pop(a)).toBe(null);
      }),
    );
  });
});
