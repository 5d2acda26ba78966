/**
 * A playground session: one workload on one simulated kernel, explored
 * once and then travelled through in time. Runs in the engine worker.
 *
 * The live machine sits at operation `pos`. Going forward executes
 * operations; the first time an operation runs it extends the *frontier*
 * (operations explored so far) and may leave a checkpoint. Going anywhere
 * else restores the nearest checkpoint at or before the target and replays
 * from there, which gives exactly the same kernel, output and costs, since
 * the engine is deterministic. Every move is bounded by a budget of
 * operations so the worker can stay responsive between slices (host.ts).
 * Where the machine is against the frontier is one named state
 * (state.ts: exploring, at_frontier, replaying, ended), not a set of flags.
 */
import {
  bootMachine,
  checkpointMachine,
  checkpointCopier,
  COST_NAMES,
  restoreMachine,
  type Costs,
  type KernelChoice,
  type Machine,
  type MachineCheckpoint,
  type WorkloadError,
  configForChoice,
} from '../engine/api';
import type { Kernel } from '../engine/kernel';
import { task_states, type TaskStateRow } from '../engine/kernel/task_states';
import type { Tracer } from '../engine/probe';
import {
  addCheckpoint,
  checkpointAtOrBefore,
  checkpointDue,
  checkpointIndexAtOrBefore,
  cheapestCheckpointAtOrBefore,
  copyUnits,
  createCheckpointLog,
  DEFAULT_CHECKPOINT_POLICY,
  replayUnits,
  type Checkpoint,
  type CheckpointPolicy,
  unitsAt,
} from './checkpoint_log';
import { estimateCloneBytes } from './clone_size';
import { cachedRecord, cacheRecord, createRecordCache, firstMissing, makeRecord, recordWindow, type OpRecord } from './op_record';
import { costSeries, createCostHistory, recordCosts, type CostSeries } from '../ui/costs/cost_history';
import { endOf, frontierOf, START, stateAt, type SessionState, type SessionStateKind } from './state';

export interface SessionOptions {
  checkpoints?: CheckpointPolicy;
  /** the console window: at most this many operations ... */
  windowOps?: number;
  /** ... and about this many output lines */
  windowLines?: number;
}

/** What the page displays at one step; plain data. */
export interface Snapshot {
  /** operations executed, 0 to total */
  step: number;
  /** operations explored so far (all of them once `finished`) */
  total: number;
  /** the session's state at `step` (state.ts) */
  state: SessionStateKind;
  /** the run has ended: it ran to the end or stopped on `error` */
  finished: boolean;
  /** the run-time error that ended the run (step limit, undefined variable, ...) */
  error: WorkloadError | null;
  /** the statement of operation `step` (null at step 0) */
  current: { line: number; start: number; end: number } | null;
  /** the console: the records of the operations that end at `step` */
  records: OpRecord[];
  /** the cost counters after operation `step` */
  costs: Costs;
  /** what operation `step` alone cost */
  delta: Costs;
  /** lines whose statement returned an error at or before `step` */
  errorLines: number[];
  /** the counters sampled over steps 0..total for the sparklines (costs panel) */
  history: CostSeries;
  /** the processes after operation `step`: which runs, which are blocked and on what (the process strip) */
  tasks: TaskStateRow[];
}

export interface Session {
  readonly source: string;
  /** where the live machine is against the frontier, and how the run ended (state.ts) */
  state(): SessionState;
  position(): number;
  total(): number;
  finished(): boolean;
  /** Moves towards operation `target` (clamped to the run's end), executing at most `budget` operations; true on arrival. */
  seek(target: number, budget: number): boolean;
  /** Goes forward to the next operation on source line `line`: 'found', 'end' (none before the end) or 'more' (budget spent). */
  seekLine(line: number, budget: number): 'found' | 'end' | 'more';
  /** The snapshot at the current position (replays to fill the console window when needed). */
  snapshot(): Snapshot;
  /**
   * Moves to operation `step` (clamped to the run's end) by running it from
   * the state after `step - 1` with `trace` receiving its events; `before`
   * sees the kernel before it, `after` the kernel after it (at step 0 only
   * `after` is called). Returns the step reached, or -1 when the run ended
   * before `step` (the position is then the run's end and nothing was called).
   */
  retrace(step: number, trace: Tracer, before: (k: Kernel) => void, after: (k: Kernel) => void): number;
  /** how many checkpoints are kept and their estimated size; the operation of the checkpoint prepare() copied, if its copy is unused */
  memory(): { checkpoints: number; bytes: number; prepared: number | null };
  /**
   * Readies, ahead of time, a copy of the latest checkpoint a step back
   * from here could restore, so that the step copies nothing (the copy is
   * most of a step back's time with many objects; until it is ready, a step
   * back restores the checkpoint cheapest to copy and replay from). For
   * idle moments: `budget` fields copied per call (a slice; default all);
   * true once the copy is ready.
   */
  prepare(budget?: number): boolean;
}

function zeroCosts(): Costs {
  return Object.fromEntries(COST_NAMES.map((n) => [n, 0])) as Costs;
}

function costSum(costs: Costs): number {
  let sum = 0;
  for (const n of COST_NAMES) sum += costs[n];
  return sum;
}

/** A session for `text`, at operation 0; the parse error when the text does not parse. */
export function createSession(text: string, choice: KernelChoice = {}, options: SessionOptions = {}): { ok: true; session: Session } | { ok: false; error: WorkloadError } {
  const booted = bootMachine(text, configForChoice(choice));
  if (!booted.ok) return booted;
  let machine: Machine = booted.machine;
  const windowOps = options.windowOps ?? 200;
  const windowLines = options.windowLines ?? 600;
  const log = createCheckpointLog<MachineCheckpoint>(options.checkpoints ?? DEFAULT_CHECKPOINT_POLICY);
  const cache = createRecordCache(windowOps);
  const firstFailure = new Map<number, number>();
  const history = createCostHistory();
  const prev = zeroCosts();
  let prevFor = 0;
  /** where the live machine is, against the frontier (state.ts) */
  let state: SessionState = START;
  const ended = () => endOf(state) !== null;
  /** the live machine went through the failed attempt that ended the run: its costs are past step `state.pos` */
  const tainted = () => state.kind === 'ended' && state.end.tainted;

  const takeCheckpoint = (units: number) => {
    const data = checkpointMachine(machine);
    addCheckpoint(log, { op: state.pos, units, bytes: estimateCloneBytes(data), data });
  };
  takeCheckpoint(replayUnits(log, 0, costSum(machine.kernel.probe.costs)));
  recordCosts(history, 0, machine.kernel.probe.costs, true);

  const atEnd = () => state.kind === 'ended';
  /** a move has arrived: exploring gives way to resting at the frontier */
  const settle = () => {
    if (state.kind === 'exploring') state = { kind: 'at_frontier', pos: state.pos };
  };

  /**
   * Executes operation pos + 1; false when the run has ended. Records it
   * for the console from operation `recordFrom` on; keeps the costs before
   * it when it is operation `deltaAt` (copying them at every operation
   * would double the cost of a long run).
   */
  const forward = (recordFrom: number, deltaAt: number): boolean => {
    if (atEnd()) return false;
    const costs = machine.kernel.probe.costs;
    const frontier = frontierOf(state);
    const k = state.pos + 1;
    if (k === deltaAt) for (const n of COST_NAMES) prev[n] = costs[n];
    const r = machine.run.step();
    if (r.kind !== 'op') {
      if (state.kind === 'replaying') throw new Error(`replay diverged: the run ended at ${state.pos}, explored to ${frontier}`);
      // an error leaves the failed attempt's costs on the counters: not the costs of step `frontier`
      if (r.kind === 'done') recordCosts(history, frontier, costs, true);
      state = { kind: 'ended', pos: state.pos, end: { error: r.kind === 'error' ? r.error : null, tainted: r.kind === 'error' } };
      return false;
    }
    if (k === deltaAt) prevFor = k;
    if (k >= recordFrom) cacheRecord(cache, makeRecord(k, r.line, r.start, r.end, r.output, r.result));
    if (k > frontier) {
      state = { kind: 'exploring', pos: k };
      recordCosts(history, k, costs);
      if (r.result < 0 && !firstFailure.has(r.line)) firstFailure.set(r.line, k);
      const units = replayUnits(log, k, costSum(costs));
      if (checkpointDue(log, units)) takeCheckpoint(units);
    } else state = stateAt(k, frontier, endOf(state));
    return true;
  };

  /** a copy (maybe still in the making) of one checkpoint (the entry it copies), which the next restore of that checkpoint takes over */
  let spare: { of: Checkpoint<MachineCheckpoint>; copier: ReturnType<typeof checkpointCopier>; done: boolean } | null = null;

  const restore = (cp: Checkpoint<MachineCheckpoint>) => {
    const own = spare !== null && spare.of === cp;
    // a copy begun in idle slices is finished: only its rest is copied now
    if (own && !spare!.done) spare!.copier.step(Number.POSITIVE_INFINITY);
    machine = restoreMachine(machine.program, machine.config, own ? spare!.copier.result : cp.data, own);
    if (own) spare = null;
    state = stateAt(cp.op, frontierOf(state), endOf(state));
    prevFor = -1;
  };

  const seek = (target: number, budget: number): boolean => {
    let n = Math.max(0, Math.floor(target));
    const frontier = frontierOf(state);
    if (ended()) n = Math.min(n, frontier);
    const exploring = n > frontier;
    // operation n - 1's state is needed to know what operation n costs; the console window may make the
    // replay start one checkpoint earlier, not more (where operations are slow, checkpoints are dense)
    const last = n === 0 ? 0 : n - 1;
    const i = checkpointIndexAtOrBefore(log, last);
    const earliest = log.entries[Math.max(0, i - 1)]!;
    const wantLo = Math.max(1, n - windowOps + 1, earliest.op + 1);
    const missing = n === 0 || exploring ? n + 1 : firstMissing(cache, wantLo, n);
    if (state.pos === n && missing > n && (n === 0 || prevFor === n) && !tainted()) return true;
    const limit = Math.min(last, missing - 1);
    // the least work in all (a big checkpoint costs more to copy than replaying up to it from an earlier one)
    const ready = spare !== null && spare.done ? spare.of : null;
    const cp = cheapestCheckpointAtOrBefore(log, limit, ready)!;
    const live = state.pos <= limit && !tainted();
    // on from where the machine is, unless a restore saves more replay than its copy costs
    if (!live || (cp.op > state.pos && copyUnits(log, cp, ready) < cp.units - unitsAt(log, state.pos))) restore(cp);
    const recordFrom = exploring ? 1 : wantLo;
    while (state.pos < n && budget-- > 0) if (!forward(recordFrom, n)) break;
    // a move that stops short of its target past the frontier is still exploring (the host's next slice goes on)
    if (state.pos === n) settle();
    return state.pos === n || atEnd();
  };

  const seekLine = (line: number, budget: number): 'found' | 'end' | 'more' => {
    while (budget-- > 0) {
      if (!forward(1, state.pos + 1)) return 'end';
      if (cachedRecord(cache, state.pos)?.line === line) {
        settle();
        return 'found';
      }
    }
    return 'more';
  };

  const snapshot = (): Snapshot => {
    seek(state.pos, Number.POSITIVE_INFINITY);
    const pos = state.pos;
    const costs = { ...machine.kernel.probe.costs };
    const delta = zeroCosts();
    if (pos > 0 && prevFor === pos) for (const n of COST_NAMES) delta[n] = costs[n] - prev[n];
    const records = pos === 0 ? [] : recordWindow(cache, pos, windowOps, windowLines);
    const last = records[records.length - 1];
    const errorLines: number[] = [];
    for (const [line, op] of firstFailure) if (op <= pos) errorLines.push(line);
    return {
      step: pos,
      total: frontierOf(state),
      state: state.kind,
      finished: ended(),
      error: endOf(state)?.error ?? null,
      current: last === undefined ? null : { line: last.line, start: last.start, end: last.end },
      records,
      costs,
      delta,
      errorLines: errorLines.sort((a, b) => a - b),
      history: costSeries(history),
      tasks: task_states(machine.kernel),
    };
  };

  const retrace = (step: number, trace: Tracer, before: (k: Kernel) => void, after: (k: Kernel) => void): number => {
    let n = Math.max(0, Math.floor(step));
    if (ended()) n = Math.min(n, frontierOf(state));
    if (n === 0) {
      seek(0, Number.POSITIVE_INFINITY);
      after(machine.kernel);
      return 0;
    }
    seek(n - 1, Number.POSITIVE_INFINITY);
    if (state.pos !== n - 1) return -1;
    before(machine.kernel);
    const probe = machine.kernel.probe;
    probe.trace = trace;
    let ran: boolean;
    try {
      ran = forward(n, n);
      settle();
    } finally {
      probe.trace = null;
      probe.mark = null;
    }
    if (!ran) return -1;
    after(machine.kernel);
    return n;
  };

  const session: Session = {
    source: text,
    state: () => state,
    position: () => state.pos,
    total: () => frontierOf(state),
    finished: ended,
    seek,
    seekLine,
    snapshot,
    retrace,
    memory: () => ({ checkpoints: log.entries.length, bytes: log.bytes, prepared: spare !== null && spare.done ? spare.of.op : null }),
    prepare: (budget = Number.POSITIVE_INFINITY) => {
      // a step back with views open replays from a checkpoint at or before pos - 3: the latest, once its
      // copy is ready, restores for nothing and replays least (until then a step back copies the cheapest)
      const cp = checkpointAtOrBefore(log, Math.max(0, state.pos - 3));
      if (cp === undefined || cp.op === state.pos) return true;
      if (spare?.of !== cp) spare = { of: cp, copier: checkpointCopier(cp.data), done: false };
      if (!spare.done) spare.done = spare.copier.step(budget);
      return spare.done;
    },
  };
  return { ok: true, session };
}
