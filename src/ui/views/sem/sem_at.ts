/**
 * The semaphore view part-way through an operation ("step into"): the model
 * before it until the operation completes, the sem event at `sub` (the one
 * to light), and the wake-ups made so far. The queues are not replayed
 * event by event: a wake-up is drawn on the waker's line as it happens, and
 * the queues change when the operation completes.
 */
import type { SemModel, SemWakeModel } from '../../../engine/view/sem';
import type { TraceEvent } from '../../../engine/trace';
import type { ViewFrame } from '../types';

export type SemTraceEvent = Extract<TraceEvent, { kind: `sem_${string}` }>;

export interface SemAt {
  model: SemModel;
  /** the sem event at `sub`, if it is one */
  event: SemTraceEvent | null;
  /** the wake-ups among the first `sub` events */
  wakes: SemWakeModel[];
}

const isSem = (e: TraceEvent): e is SemTraceEvent => e.kind.startsWith('sem_');

export function sem_at(frame: ViewFrame<SemModel>, sub: number): SemAt {
  const n = frame.events.length;
  const done = sub >= n || frame.before === null;
  const model = done ? frame.after : frame.before!;
  const cur = sub > 0 && sub <= n ? frame.events[sub - 1]! : null;
  const event = cur !== null && isSem(cur) ? cur : null;
  if (done) return { model, event, wakes: frame.after.wakes };
  let count = 0;
  for (let i = 0; i < sub; i++) if (frame.events[i]!.kind === 'sem_wake') count++;
  return { model, event, wakes: frame.after.wakes.slice(0, count) };
}
