/**
 * The frames of the selected views at one step (runs in the worker): the
 * operation is run again from the state before it with a tracer, and each
 * view's extractor reads the kernel before and after it.
 *
 * The tracer keeps at most MAX_FRAME_EVENTS events; past the cap it only
 * counts them, and past MAX_COUNTED_EVENTS it detaches from the probe, so
 * that the rest of the operation runs as fast as untraced: a traced
 * mechanism takes its slower traced path and builds an object per event
 * even for a bare counter (measured: a `cat` of 8000 queues under the old
 * counting loop, 131 million events, 0.3 s untraced, 14 s counted). The
 * frame then says the count is a lower bound (`dropped_more`). What the
 * events do not cover, the frame's aggregate does (view/aggregate.ts: the
 * counters the operation moved, whole and per read(), exact at any length),
 * and the extractors receive it.
 */
import type { Kernel } from '../engine/kernel';
import type { Probe, Tracer } from '../engine/probe';
import type { TraceEvent } from '../engine/trace';
import { beginAggregate, type AggregateSink, type OpAggregate } from '../engine/view/aggregate';
import { EXTRACTORS } from '../engine/view/index';
import { MAX_FRAME_EVENTS, type ViewFrame, type ViewId, type ViewOptions } from '../engine/view/types';
import type { Session } from './session';

/** The views the page shows and the options of each. */
export interface FrameRequest {
  views: ViewId[];
  options: Partial<Record<ViewId, ViewOptions>>;
}

export type Frames = Partial<Record<ViewId, ViewFrame>>;

export const NO_FRAMES: FrameRequest = { views: [], options: {} };

/** Events counted past the stored ones before the tracer detaches. */
export const MAX_COUNTED_EVENTS = 1_000_000;

export interface CappedTracer {
  trace: Tracer;
  events: TraceEvent[];
  /** events not stored (a lower bound when `detached`) */
  dropped(): number;
  /** the tracer left the probe after MAX_COUNTED_EVENTS: the operation had more events than counted */
  detached(): boolean;
  /** the probe to leave (set before the operation runs) */
  attach(p: Probe): void;
}

/** A tracer that stores the first `cap` events, counts the next `countCap` and then detaches. */
export function cappedTracer(cap: number = MAX_FRAME_EVENTS, countCap: number = MAX_COUNTED_EVENTS): CappedTracer {
  const events: TraceEvent[] = [];
  let dropped = 0;
  let gone = false;
  let probe: Probe | null = null;
  const trace = (ev: TraceEvent) => {
    if (events.length < cap) {
      events.push(ev);
      return;
    }
    if (gone) return; // a mechanism that kept the tracer in a local
    if (++dropped >= countCap) {
      gone = true;
      if (probe !== null && probe.trace === trace) probe.trace = null;
    }
  };
  return {
    trace,
    events,
    dropped: () => dropped,
    detached: () => gone,
    attach(p) {
      probe = p;
    },
  };
}

/** The views of `req` that have an extractor, in order, without repeats. */
export function knownViews(req: FrameRequest): ViewId[] {
  return [...new Set(req.views)].filter((v) => EXTRACTORS[v] !== undefined);
}

/**
 * Moves `session` to `step` (see Session.retrace) and returns a frame per
 * requested view; an extractor that throws leaves its view out rather than
 * failing the step.
 */
export function buildFrames(session: Session, step: number, req: FrameRequest, cap: number = MAX_FRAME_EVENTS): Frames {
  const views = knownViews(req);
  if (views.length === 0) {
    session.seek(step, Number.POSITIVE_INFINITY);
    return {};
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const t = cappedTracer(cap);
    const before = new Map<ViewId, unknown>();
    const after = new Map<ViewId, unknown>();
    let sink: AggregateSink | null = null;
    let aggregate: OpAggregate | null = null;
    const extract = (into: Map<ViewId, unknown>, k: Kernel, events: readonly TraceEvent[]) => {
      for (const v of views) {
        try {
          into.set(v, EXTRACTORS[v]!(k, events, req.options[v] ?? {}, aggregate));
        } catch (e) {
          console.warn(`view ${v}: the extractor failed`, e);
        }
      }
    };
    const reached = session.retrace(
      step,
      t.trace,
      (k) => {
        t.attach(k.probe);
        extract(before, k, []);
        sink = beginAggregate(k.probe, () => (t.detached() ? null : t.events.length + t.dropped()));
      },
      (k) => {
        aggregate = sink?.finish() ?? null;
        extract(after, k, t.events);
      },
    );
    if (reached < 0) {
      step = session.position();
      continue;
    }
    const frames: Frames = {};
    for (const v of views) {
      if (!after.has(v)) continue;
      frames[v] = {
        step: reached,
        events: t.events,
        dropped: t.dropped(),
        ...(t.detached() ? { dropped_more: true } : {}),
        ...(aggregate !== null ? { aggregate } : {}),
        before: reached === 0 ? null : (before.get(v) ?? null),
        after: after.get(v),
      };
    }
    return frames;
  }
  return {};
}
