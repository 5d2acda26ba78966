/**
 * A sweep's points run on several workers at once (the CLI's worker
 * threads, the page's Web Workers). Each point is a pure function of the
 * spec and its job (sweep.ts), so where and in which order the points run
 * changes nothing in the result: assembleSweep puts every point back at its
 * place. This module only decides the order and hands out the jobs; how a
 * job reaches a worker is the caller's `run` function. No Node or DOM APIs.
 */
import { assembleSweep, sweepJobs, type SweepJob, type SweepPoint, type SweepResult, type SweepSpec } from './sweep';

/** Runs one job on one worker. */
export type SweepRunner = (job: SweepJob) => Promise<SweepPoint>;

/** Called as each point finishes, in the order they finish. */
export type SweepPointDone = (job: SweepJob, point: SweepPoint, done: number, total: number) => void;

/**
 * The order jobs are handed out: the largest value first (a point's run
 * time grows with the swept value in every seed), configurations in their
 * order among equal values, so that the last points to start are the
 * short ones and the workers finish close together.
 */
export function sweepOrder(spec: Pick<SweepSpec, 'values' | 'configs'>): SweepJob[] {
  return sweepJobs(spec).sort((a, b) => spec.values[b.index]! - spec.values[a.index]! || a.series - b.series || a.index - b.index);
}

/**
 * Runs every point of `spec` on `runners` (one per worker; each takes the
 * next job when its previous one is done). Rejects with the first runner
 * error; `cancelled` stops handing out jobs (the promise then rejects with
 * SweepCancelled).
 */
export async function runSweepParallel(spec: SweepSpec, runners: readonly SweepRunner[], onPoint?: SweepPointDone, cancelled: () => boolean = () => false): Promise<SweepResult> {
  const order = sweepOrder(spec);
  const points: SweepPoint[][] = spec.configs.map(() => []);
  let next = 0;
  let done = 0;
  const work = async (run: SweepRunner) => {
    while (next < order.length) {
      if (cancelled()) throw new SweepCancelled();
      const job = order[next++]!;
      const point = await run(job);
      points[job.series]![job.index] = point;
      done++;
      onPoint?.(job, point, done, order.length);
    }
  };
  await Promise.all(runners.map(work));
  if (cancelled()) throw new SweepCancelled();
  return assembleSweep(spec, points);
}

export class SweepCancelled extends Error {
  constructor() {
    super('the sweep was cancelled');
  }
}
