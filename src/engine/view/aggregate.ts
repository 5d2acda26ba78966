/**
 * The exact aggregates of one operation, kept whatever the trace cap: the
 * cost counters the operation moved (per mechanism, as COST_NAMES groups
 * them) and, for each read(2) inside it, what that read moved. A view draws
 * the part of an operation the stored events cover event by event and the
 * rest from these counters (the 44 reads of a `cat` of 1024 segments on 5.13
 * are 3 million events; their lookup counts are 44 numbers).
 *
 * Read from the probe, not from the trace: the counters are incremented on
 * every path, traced or not, and the read() boundaries come through
 * Probe.mark, which stays attached after a capped tracer has left.
 *
 * Simplified: at most MAX_SEGMENTS reads are kept one by one; the operation's
 * total counts them all. Glossary: a *segment* is one read(); `events` is its
 * span in the operation's event stream ([from, to), null past the point the
 * tracer stopped counting).
 */
import { COST_NAMES, type CostName, type Costs, type Marker, type Probe, type ProbeMark } from '../probe';

export const MAX_SEGMENTS = 4096;

/** The counters that moved, and by how much (zero deltas left out). */
export type CostDelta = Partial<Record<CostName, number>>;

export interface CostSegment {
  kind: 'read';
  /** the file read and its offset at the read's entry */
  path: string;
  pos: number;
  /** bytes asked for, and returned (or -errno) */
  count: number;
  ret: number;
  costs: CostDelta;
  /** the read's span in the operation's event stream; null: past the counted part */
  events: [number, number] | null;
}

export interface OpAggregate {
  /** what the whole operation moved */
  costs: CostDelta;
  /** its reads, in order (the first MAX_SEGMENTS) */
  segments: CostSegment[];
  segments_total: number;
}

export interface AggregateSink {
  /** the marker to set on the probe while the operation runs */
  mark: Marker;
  /** the aggregate of what ran since `begin`; the probe's marker is reset */
  finish(): OpAggregate;
}

function delta(now: Costs, then: Costs): CostDelta {
  const d: CostDelta = {};
  for (const n of COST_NAMES) if (now[n] !== then[n]) d[n] = now[n] - then[n];
  return d;
}

/**
 * Starts aggregating on `probe` (attaches a marker, copies the counters);
 * `eventsSeen()` says how many events the operation's tracer has received so
 * far, or null once it has stopped counting.
 */
export function beginAggregate(probe: Probe, eventsSeen: () => number | null): AggregateSink {
  const start: Costs = { ...probe.costs };
  const segments: CostSegment[] = [];
  let total = 0;
  let open: { m: ProbeMark; costs: Costs; from: number | null } | null = null;
  const mark = (m: ProbeMark) => {
    if (m.ret === null) {
      open = { m, costs: { ...probe.costs }, from: eventsSeen() };
      return;
    }
    if (open === null) return;
    total++;
    if (segments.length < MAX_SEGMENTS) {
      const to = eventsSeen();
      segments.push({
        kind: 'read',
        path: open.m.path,
        pos: open.m.pos,
        count: open.m.count,
        ret: m.ret,
        costs: delta(probe.costs, open.costs),
        events: open.from === null || to === null ? null : [open.from, to],
      });
    }
    open = null;
  };
  probe.mark = mark;
  return {
    mark,
    finish() {
      if (probe.mark === mark) probe.mark = null;
      return { costs: delta(probe.costs, start), segments, segments_total: total };
    },
  };
}

/** The value of `name` in a delta (0 when it did not move). */
export function moved(d: CostDelta, name: CostName): number {
  return d[name] ?? 0;
}
