/**
 * The model of the seq_file view: the read() calls of one operation on a
 * /proc/sysvipc file (fs/seq_file.c seq_read_iter) as pages filling with
 * records, and each start()/next()/show()/stop() with what it cost: the IDR
 * lookups of ipc/util.c sysvipc_find_ipc, which before 5.15 counted the
 * objects below the position from index 0 on every call
 * (KernelConfig.sysvipc_find_ipc = 'count') and since 6.x is one
 * idr_get_next.
 *
 * Read from the operation's trace: seq_read opens a page; seq_show adds a
 * record (or, overflowing, discards it for the next read); idr_result /
 * idr_layer_result events are lookups, charged to the start() they follow
 * or to the next() they precede (the trace names a next() after it ran).
 *
 * Past the trace cap the reads come from the operation's aggregate (the
 * cost counters split at each read(), view/aggregate.ts): a read whose
 * events were not all stored is drawn from its counters (`source:
 * 'counters'`: its lookups, calls, records and bytes exact, its calls not
 * listed), and the totals are the counters' sums, so a `cat` of any size
 * shows every read and every lookup.
 *
 * Simplified: the first MAX_READS reads and MAX_CALLS calls are kept in
 * full; the totals count them all.
 */
import type { SysvipcFindIpc } from '../config';
import type { IpcType, TraceEvent } from '../trace';
import { moved, type CostSegment, type OpAggregate } from './aggregate';
import type { Extractor } from './types';

export const MAX_READS = 256;
export const MAX_CALLS = 512;

export interface SeqCall {
  kind: 'start' | 'next' | 'show' | 'stop';
  /** read() it belongs to (index in the operation) */
  read: number;
  /** the iterator position (`m->index`) the trace reports */
  pos: number;
  /** IDR lookups it made */
  lookups: number;
  /** lowest and highest index looked up (null: none) */
  first: number | null;
  last: number | null;
  /** show(): bytes the record added; overflow: it did not fit and is shown again by the next read */
  bytes: number;
  overflow: boolean;
}

export interface SeqRead {
  /** file offset of the read */
  pos: number;
  /** bytes asked for */
  size: number;
  /** records that went into the page, and their bytes */
  records: number;
  bytes: number;
  /** a record that did not fit (shown again by the next read) */
  discarded: number;
  lookups: number;
  calls: number;
  /** drawn from the read's events, or from its counters (its events were past the trace cap) */
  source: 'events' | 'counters';
}

export interface SeqfileModel {
  ipc: IpcType;
  /** /proc/sysvipc/<ipc> */
  path: string;
  find: SysvipcFindIpc;
  /** objects of that type (in_use) */
  objects: number;
  reads: SeqRead[];
  reads_total: number;
  calls: SeqCall[];
  calls_total: number;
  totals: { start: number; next: number; show: number; stop: number; lookups: number };
  /** the leading reads drawn event by event (the others, from the counters) */
  reads_traced: number;
}

const IPC_INDEX: Record<IpcType, number> = { sem: 0, msg: 1, shm: 2 };

function ipc_of(events: readonly TraceEvent[], want: IpcType | undefined): IpcType {
  if (want !== undefined) return want;
  for (const e of events) {
    if (e.kind === 'seq_read') {
      const m = /\/proc\/sysvipc\/(msg|shm|sem)$/.exec(e.path);
      if (m !== null) return m[1] as IpcType;
    }
  }
  return 'msg';
}

/** The seq_file view's model (see the file comment). Pure. */
export const extract_seqfile: Extractor<SeqfileModel> = (kernel, events, options, aggregate) => {
  const ipc = ipc_of(events, options.ipc);
  const path = `/proc/sysvipc/${ipc}`;
  const ns = kernel.state.ipc;
  const model: SeqfileModel = {
    ipc,
    path,
    find: ns.variants.sysvipc_find_ipc,
    objects: ns.ids[IPC_INDEX[ipc]]!.in_use,
    reads: [],
    reads_total: 0,
    calls: [],
    calls_total: 0,
    totals: { start: 0, next: 0, show: 0, stop: 0, lookups: 0 },
    reads_traced: 0,
  };
  let read: SeqRead | null = null;
  let inFile = false;
  let prev: SeqCall | null = null;
  let pending = { n: 0, first: null as number | null, last: null as number | null };
  const charge = (c: SeqCall | null) => {
    if (c !== null && pending.n > 0) {
      c.lookups += pending.n;
      if (pending.first !== null) c.first = c.first === null ? pending.first : Math.min(c.first, pending.first);
      if (pending.last !== null) c.last = pending.last;
    }
    if (read !== null) read.lookups += pending.n;
    model.totals.lookups += pending.n;
    pending = { n: 0, first: null, last: null };
  };
  for (const e of events) {
    if (e.kind === 'seq_read') {
      inFile = e.path === path;
      if (!inFile) continue;
      charge(prev);
      prev = null;
      read = { pos: e.pos, size: e.count, records: 0, bytes: 0, discarded: 0, lookups: 0, calls: 0, source: 'events' };
      if (model.reads_total < MAX_READS) model.reads.push(read);
      model.reads_total++;
      continue;
    }
    if (!inFile || read === null) continue;
    if (e.kind === 'idr_result' || e.kind === 'idr_layer_result') {
      if (e.op !== 'find' && e.op !== 'get_next') continue;
      pending.n++;
      pending.first = pending.first === null ? e.index : Math.min(pending.first, e.index);
      pending.last = e.index;
      continue;
    }
    if (e.kind !== 'seq_start' && e.kind !== 'seq_next' && e.kind !== 'seq_show' && e.kind !== 'seq_stop') continue;
    const kind = e.kind.slice(4) as SeqCall['kind'];
    const call: SeqCall = { kind, read: model.reads_total - 1, pos: e.pos, lookups: 0, first: null, last: null, bytes: 0, overflow: false };
    // a next() is traced after it ran: the lookups before it are its own; the others belong to the start() before
    charge(kind === 'next' ? call : prev);
    if (e.kind === 'seq_show') {
      call.bytes = e.bytes;
      call.overflow = e.overflow;
      if (e.overflow) read.discarded++;
      else if (e.bytes > 0) {
        read.records++;
        read.bytes += e.bytes;
      }
    }
    model.totals[kind]++;
    read.calls++;
    if (model.calls_total < MAX_CALLS) model.calls.push(call);
    model.calls_total++;
    prev = call;
  }
  charge(prev);
  model.reads_traced = model.reads_total;
  if (aggregate) from_counters(model, aggregate, events.length);
  return model;
};

/** A read of the file as its counters tell it: exact numbers, no calls. */
function counted_read(seg: CostSegment): SeqRead {
  const c = seg.costs;
  const shows = moved(c, 'seq_show');
  const discarded = moved(c, 'seq_overflows');
  return {
    pos: seg.pos,
    size: seg.count,
    records: shows - discarded,
    bytes: Math.max(0, seg.ret),
    discarded,
    lookups: moved(c, 'idr_find') + moved(c, 'idr_get_next'),
    calls: moved(c, 'seq_start') + moved(c, 'seq_next') + shows + moved(c, 'seq_stop'),
    source: 'counters',
  };
}

/**
 * Completes a model read from capped events with the aggregate: the reads
 * whose events were not all stored are replaced by their counters, the
 * reads past the cap added, the totals made exact.
 */
function from_counters(model: SeqfileModel, aggregate: OpAggregate, stored: number): void {
  const segs = aggregate.segments.filter((s) => s.path === model.path);
  if (segs.length === 0) return;
  const complete = (s: CostSegment) => s.events !== null && s.events[1] <= stored;
  let traced = 0;
  while (traced < segs.length && traced < model.reads.length && complete(segs[traced]!)) traced++;
  const reads = model.reads.slice(0, traced);
  for (let i = traced; i < segs.length && reads.length < MAX_READS; i++) reads.push(counted_read(segs[i]!));
  model.reads = reads;
  model.reads_traced = traced;
  model.reads_total = segs.length + (aggregate.segments_total - aggregate.segments.length);
  const t = { start: 0, next: 0, show: 0, stop: 0, lookups: 0 };
  for (const s of segs) {
    t.start += moved(s.costs, 'seq_start');
    t.next += moved(s.costs, 'seq_next');
    t.show += moved(s.costs, 'seq_show');
    t.stop += moved(s.costs, 'seq_stop');
    t.lookups += moved(s.costs, 'idr_find') + moved(s.costs, 'idr_get_next');
  }
  model.totals = t;
  model.calls_total = t.start + t.next + t.show + t.stop;
}
