/**
 * The contract between the engine and the views (src/ui/views): what the
 * worker sends the page for one operation. Each view has an *extractor*, a
 * pure function from the kernel (and the operation's trace) to a small
 * plain-data *model*; the page draws the model and never sees the kernel.
 *
 * A frame carries the model before and after operation `step` and the
 * trace events of that operation, so a view can light the path of the
 * operation event by event ("step into") and animate to the result.
 */
import type { Kernel } from '../kernel';
import type { TraceEvent } from '../trace';
import type { OpAggregate } from './aggregate';

export type ViewId = 'idr' | 'maxidx' | 'proc' | 'percpu' | 'seqfile' | 'keyht' | 'sem' | 'shm';

/** Which instance of a structure a view shows; a view picks a sensible default from the events when unset. */
export interface ViewOptions {
  /** the ipc type whose ids are shown (idr, maxidx, seqfile) */
  ipc?: 'msg' | 'shm' | 'sem';
  /** the /proc directory whose entries are shown (proc), e.g. "net/dev_snmp6" */
  dir?: string;
  /** the node (radix tree node or idr_layer id) a tree view is zoomed to (idr), or the bucket whose window the key table lists (keyht); unset = the whole tree, the operation's bucket */
  focus?: number;
}

/**
 * Builds a view's model. Must be pure and deterministic, must not change
 * the kernel, and must keep the model small (a kernel of 32768 objects
 * still gives a model the page can receive every step: collapse, count,
 * summarise). `aggregate` is the operation's exact counters (after it;
 * null or absent before it), for what the capped `events` do not cover.
 */
export type Extractor<M = unknown> = (kernel: Kernel, events: readonly TraceEvent[], options: ViewOptions, aggregate?: OpAggregate | null) => M;

/** At most this many trace events of one operation are kept in a frame; the rest are only counted. */
export const MAX_FRAME_EVENTS = 20000;

/** What a view receives for operation `step`. */
export interface ViewFrame<M = unknown> {
  /** the operation (0 = before the first one: no events, `before` null) */
  step: number;
  /** the trace events of operation `step`, in order, at most MAX_FRAME_EVENTS */
  events: readonly TraceEvent[];
  /** events of the operation beyond the cap, not sent */
  dropped: number;
  /** true when counting stopped too (an operation of millions of events): `dropped` is then a lower bound */
  dropped_more?: boolean;
  /** the operation's exact counters, whole and per read() (absent at step 0): the part past the cap is drawn from them */
  aggregate?: OpAggregate;
  /** the model before operation `step` (null at step 0) */
  before: M | null;
  /** the model after operation `step` */
  after: M;
}
