/**
 * The states of a playground session (session.ts), named: where the live
 * machine is against the operations explored so far (the *frontier*) and
 * whether the run has ended there. Plain data, so a snapshot can carry it.
 *
 *   exploring    going past the frontier: every operation run extends it
 *   at_frontier  pos = frontier, the run not ended: the next operation has never run
 *   replaying    pos < frontier: re-running explored operations from a checkpoint
 *   ended        pos = frontier and the run ended there (done, or stopped on an error)
 *
 * The page extends the state it receives with the position inside the
 * operation (the event list, breakpoints and the frame's aggregate all work
 * on operation `pos`); the worker never holds that part.
 */
import type { WorkloadError } from '../engine/api';

/** How the run ended at the frontier. */
export interface RunEnd {
  /** the run-time error that stopped it (null: it ran to the end) */
  error: WorkloadError | null;
  /** the live machine went through the failed attempt: its costs are past operation `pos` (only in 'ended') */
  tainted: boolean;
}

export type SessionState =
  { kind: 'exploring'; pos: number } | { kind: 'at_frontier'; pos: number } | { kind: 'replaying'; pos: number; frontier: number; end: RunEnd | null } | { kind: 'ended'; pos: number; end: RunEnd };

export type SessionStateKind = SessionState['kind'];

export const START: SessionState = { kind: 'at_frontier', pos: 0 };

/** Operations explored so far. */
export function frontierOf(s: SessionState): number {
  return s.kind === 'replaying' ? s.frontier : s.pos;
}

/** How the run ended, if it has (known in every state once it has). */
export function endOf(s: SessionState): RunEnd | null {
  return s.kind === 'ended' ? s.end : s.kind === 'replaying' ? s.end : null;
}

/**
 * The state at operation `pos` of a run explored to `frontier` that ended
 * there with `end` (null: not yet); `exploring` when the move under way goes
 * past the frontier. A machine that is not the live one after the failed
 * attempt (a replay, a restore) is never tainted.
 */
export function stateAt(pos: number, frontier: number, end: RunEnd | null, exploring = false): SessionState {
  if (pos < frontier) return { kind: 'replaying', pos, frontier, end: end === null ? null : { ...end, tainted: false } };
  if (end !== null) return { kind: 'ended', pos, end };
  return exploring ? { kind: 'exploring', pos } : { kind: 'at_frontier', pos };
}
