/**
 * The model of the per-CPU counter view: the namespace's `msg_bytes` and
 * `msg_hdrs` (ipc/msg.c) as lib/percpu_counter.c keeps them since 6.1 (a
 * folded `count` under a spinlock plus one local cell per CPU, folded when
 * a cell would reach ±batch, summed exactly for MSG_INFO), or as the single
 * `atomic_t` of ≤ 6.0 whose cache line every writer must own.
 *
 * Simplified: the cells of at most MAX_CPUS_SHOWN CPUs are kept (the sum
 * covers all of them); the atomic_t's cache line owner is the CPU of the
 * operation's last atomic_add (the model has no cache, see src/engine/smp
 * for the multi-CPU one), null when the operation wrote none.
 */
import { PERCPU_COUNTER_LOCAL_BATCH } from '../lib/percpu_counter';
import type { MsgCounter, MsgCounterName } from '../ipc/msg_counters';
import type { TraceEvent } from '../trace';
import type { Extractor } from './types';

/** Cells kept per counter. */
export const MAX_CPUS_SHOWN = 256;

export interface PercpuCounterView {
  name: MsgCounterName;
  /** the folded count (`fbc->count`; the whole value of an atomic_t) */
  count: number;
  /** the local cell of CPU 0, 1, … (empty for an atomic_t) */
  locals: number[];
  /** count plus every cell: what percpu_counter_sum returns */
  sum: number;
}

/** What the operation did to the counters, from its trace. */
export interface PercpuOpSummary {
  adds: number;
  folds: number;
  sums: number;
  atomics: number;
  reads: number;
  /** CPUs whose cell the operation changed */
  cpus: number[];
}

export interface PercpuModel {
  impl: 'percpu' | 'atomic';
  nr_cpus: number;
  /** the fold threshold of these counters (percpu_counter_add_local: INT_MAX) */
  batch: number;
  counters: PercpuCounterView[];
  /** atomic_t: the CPU holding the counter's cache line after the operation, if it wrote it */
  owner: number | null;
  op: PercpuOpSummary;
}

function counter_view(name: MsgCounterName, c: MsgCounter): PercpuCounterView {
  let sum = c.count;
  for (const v of c.counters) sum += v;
  return { name, count: c.count, locals: c.counters.slice(0, MAX_CPUS_SHOWN), sum };
}

function summarise(events: readonly TraceEvent[]): { op: PercpuOpSummary; owner: number | null } {
  const op: PercpuOpSummary = { adds: 0, folds: 0, sums: 0, atomics: 0, reads: 0, cpus: [] };
  let owner: number | null = null;
  const cpus = new Set<number>();
  for (const e of events) {
    if (e.kind === 'percpu_add') {
      op.adds++;
      cpus.add(e.cpu);
    } else if (e.kind === 'percpu_fold') op.folds++;
    else if (e.kind === 'percpu_sum') op.sums++;
    else if (e.kind === 'atomic_add') {
      op.atomics++;
      owner = e.cpu;
    } else if (e.kind === 'atomic_read') op.reads++;
  }
  op.cpus = [...cpus].sort((a, b) => a - b);
  return { op, owner };
}

/** The per-CPU counter view's model (see the file comment). Pure. */
export const extract_percpu: Extractor<PercpuModel> = (kernel, events) => {
  const ns = kernel.state.ipc;
  const atomic = ns.msg_bytes.counters.length === 0;
  const { op, owner } = summarise(events);
  return {
    impl: atomic ? 'atomic' : 'percpu',
    nr_cpus: atomic ? kernel.config.nr_cpus : ns.msg_bytes.counters.length,
    batch: PERCPU_COUNTER_LOCAL_BATCH,
    counters: [counter_view('msg_bytes', ns.msg_bytes), counter_view('msg_hdrs', ns.msg_hdrs)],
    owner: atomic ? owner : null,
    op,
  };
};
