/**
 * Where a run keeps its checkpoints, spaced by replay cost. The cost of
 * replaying from one checkpoint to the next is measured in *units*:
 * operations / `interval` + cost counters / `work` (so 10,000 cheap
 * operations and a few `cat`s of a 32768-line file both make about one
 * unit). A checkpoint is due every `spacing` units, one at first.
 *
 * Memory stays within `maxBytes` (estimated): when a checkpoint pushes the
 * log over it, the checkpoints whose removal leaves the smallest gap go
 * first (never the first, at operation 0, nor the newest), and the spacing
 * grows to the smallest gap left, so the log stays evenly spread over the
 * run however long it gets, and a replay never runs much more than one gap.
 *
 * A restore copies its checkpoint (so it can be restored again), and a big
 * one costs more to copy than the replay it saves: the checkpoint to
 * restore is the one with the least work in all, copy plus replay
 * (cheapestCheckpointAtOrBefore), not simply the latest. Any of them gives
 * exactly the same state, the engine being deterministic.
 */

export interface CheckpointPolicy {
  /** operations that make one unit */
  interval: number;
  /** cost-counter total that makes one unit */
  work: number;
  /** budget for the estimated size of all checkpoints */
  maxBytes: number;
  /** replay units that copying one (estimated) megabyte of a checkpoint costs (default COPY_UNITS_PER_MB) */
  copyUnitsPerMB?: number;
}

/**
 * Measured with 32768 msg queues (Node 20, medians of 3): a checkpoint of
 * 7.8 estimated MB copies in ~490 ms (~63 ms per MB; 2.6 MB in 184 ms),
 * and a replay unit (~9,700 msgget) runs in ~45 ms.
 */
export const COPY_UNITS_PER_MB = 1.4;

export const DEFAULT_CHECKPOINT_POLICY: Readonly<CheckpointPolicy> = {
  interval: 10_000,
  work: 4_000_000,
  maxBytes: 96 * 1024 * 1024,
};

export interface Checkpoint<T> {
  /** operations executed when it was taken */
  op: number;
  /** replay units from operation 0 to here */
  units: number;
  bytes: number;
  data: T;
}

export interface CheckpointLog<T> {
  /** ascending by op; entries[0] is operation 0 */
  entries: Checkpoint<T>[];
  readonly policy: CheckpointPolicy;
  /** units between two checkpoints */
  spacing: number;
  bytes: number;
}

export function createCheckpointLog<T>(policy: CheckpointPolicy = DEFAULT_CHECKPOINT_POLICY): CheckpointLog<T> {
  return { entries: [], policy, spacing: 1, bytes: 0 };
}

/** The replay units of a run at `op` operations whose cost counters sum to `work`. */
export function replayUnits<T>(log: CheckpointLog<T>, op: number, work: number): number {
  return op / log.policy.interval + work / log.policy.work;
}

/** Whether a run at `units` is due for a checkpoint. */
export function checkpointDue<T>(log: CheckpointLog<T>, units: number): boolean {
  const last = log.entries[log.entries.length - 1];
  return last === undefined || units - last.units >= log.spacing;
}

/** Appends a checkpoint (its op must be larger than the last one's), then thins the log while it is over budget. */
export function addCheckpoint<T>(log: CheckpointLog<T>, cp: Checkpoint<T>): void {
  const e = log.entries;
  const last = e[e.length - 1];
  if (last !== undefined && cp.op <= last.op) throw new Error(`checkpoint at ${cp.op} after one at ${last.op}`);
  e.push(cp);
  log.bytes += cp.bytes;
  if (log.bytes <= log.policy.maxBytes) return;
  while (log.bytes > log.policy.maxBytes && e.length > 2) {
    let drop = 1;
    for (let i = 2; i < e.length - 1; i++) {
      if (e[i + 1]!.units - e[i - 1]!.units < e[drop + 1]!.units - e[drop - 1]!.units) drop = i;
    }
    log.bytes -= e[drop]!.bytes;
    e.splice(drop, 1);
  }
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < e.length; i++) gap = Math.min(gap, e[i]!.units - e[i - 1]!.units);
  if (gap !== Number.POSITIVE_INFINITY) log.spacing = Math.max(log.spacing, gap);
}

/** The index of the checkpoint with the largest op <= `op`, or -1 when there is none. */
export function checkpointIndexAtOrBefore<T>(log: CheckpointLog<T>, op: number): number {
  const e = log.entries;
  let lo = 0;
  let hi = e.length - 1;
  if (hi < 0 || e[0]!.op > op) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (e[mid]!.op <= op) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The checkpoint with the largest op <= `op`, or undefined when there is none. */
export function checkpointAtOrBefore<T>(log: CheckpointLog<T>, op: number): Checkpoint<T> | undefined {
  return log.entries[checkpointIndexAtOrBefore(log, op)];
}

/** The replay units from operation 0 to `op`, estimated between the checkpoints around it (past the last one: by operations alone). */
export function unitsAt<T>(log: CheckpointLog<T>, op: number): number {
  const e = log.entries;
  const i = checkpointIndexAtOrBefore(log, op);
  if (i < 0) return 0;
  const a = e[i]!;
  const b = e[i + 1];
  if (b === undefined) return a.units + (op - a.op) / log.policy.interval;
  return a.units + ((b.units - a.units) * (op - a.op)) / (b.op - a.op);
}

/** What restoring `cp` costs before any replay, in replay units: its copy, none when `ready` is a copy of it made already. */
export function copyUnits<T>(log: CheckpointLog<T>, cp: Checkpoint<T>, ready: Checkpoint<T> | null = null): number {
  return cp === ready ? 0 : (cp.bytes / (1024 * 1024)) * (log.policy.copyUnitsPerMB ?? COPY_UNITS_PER_MB);
}

/**
 * The checkpoint at or before `op` whose restore and replay up to `op` is
 * the least work (copyUnits plus the units between it and `op`; the later
 * one of equals), or undefined when there is none. `ready`: a checkpoint
 * whose copy is made already, which restores for nothing.
 */
export function cheapestCheckpointAtOrBefore<T>(log: CheckpointLog<T>, op: number, ready: Checkpoint<T> | null = null): Checkpoint<T> | undefined {
  let best: Checkpoint<T> | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  // the units up to `op` are the same for all: each costs its copy less the units it is into the run
  for (let i = checkpointIndexAtOrBefore(log, op); i >= 0; i--) {
    const cp = log.entries[i]!;
    const cost = copyUnits(log, cp, ready) - cp.units;
    if (cost < bestCost) {
      best = cp;
      bestCost = cost;
    }
  }
  return best;
}
