/**
 * The per-CPU counters after the first `sub` events of an operation: the
 * model before it with each percpu_add (a cell's new value), percpu_fold
 * (the new folded count) and atomic_add (the new value, and the writing CPU
 * owning the cache line) applied. A fold over the trace; all events give
 * the model after.
 */
import type { PercpuModel } from '../../../engine/view/percpu';
import type { TraceEvent } from '../../../engine/trace';
import type { ViewFrame } from '../types';

export interface PercpuAt {
  model: PercpuModel;
  /** the event at `sub` when it is a counter event */
  event: TraceEvent | null;
}

function is_counter_event(e: TraceEvent): boolean {
  return e.kind === 'percpu_add' || e.kind === 'percpu_fold' || e.kind === 'percpu_sum' || e.kind === 'atomic_add' || e.kind === 'atomic_read';
}

export function percpu_at(frame: ViewFrame<PercpuModel>, sub: number): PercpuAt {
  const cur = sub > 0 && sub <= frame.events.length ? frame.events[sub - 1]! : null;
  const event = cur !== null && is_counter_event(cur) ? cur : null;
  const before = frame.before;
  if (before === null || before.impl !== frame.after.impl || sub >= frame.events.length) return { model: frame.after, event };
  if (sub <= 0) return { model: before, event: null };
  const counters = before.counters.map((c) => ({ ...c, locals: c.locals.slice() }));
  let owner = before.owner;
  for (let i = 0; i < sub; i++) {
    const e = frame.events[i]!;
    if (e.kind !== 'percpu_add' && e.kind !== 'percpu_fold' && e.kind !== 'atomic_add') continue;
    const c = counters.find((x) => x.name === e.counter);
    if (c === undefined) continue;
    if (e.kind === 'percpu_add') {
      if (e.cpu < c.locals.length) c.locals[e.cpu] = e.local;
      c.sum += e.amount;
    } else if (e.kind === 'percpu_fold') {
      c.count = e.count;
    } else {
      c.count = c.sum = e.value;
      owner = e.cpu;
    }
  }
  return { model: { ...frame.after, counters, owner }, event };
}
