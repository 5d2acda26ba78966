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
 * The order jobs are handed out when nothing is known of their run times:
 * the largest value first (a point's run time grows with the swept value in
 * most seeds), configurations in their order among equal values, so that
 * the last points to start are the short ones and the workers finish close
 * together. nextJob refines it as points run.
 */
export function sweepOrder(spec: Pick<SweepSpec, 'values' | 'configs'>): SweepJob[] {
  return sweepJobs(spec).sort((a, b) => spec.values[b.index]! - spec.values[a.index]! || a.series - b.series || a.index - b.index);
}

/** A job handed out: when it started and, once its point is back, when it ended (a clock's ms). */
export interface JobTiming {
  job: SweepJob;
  start: number;
  end: number | null;
}

/**
 * Which of `waiting` (in sweepOrder's order) to hand out at `now`, given
 * the jobs handed out so far (their values are `values`): the one that looks
 * longest, so that long points start early and short ones are left for the
 * end (list scheduling's longest-first rule). A point looks as long as the
 * timed point of its configuration nearest in value: a finished one's run
 * time, a running one's time so far doubled (it is not done yet; with
 * nothing else known, it is as likely to be before as past the middle of
 * its run). A point of a configuration with no timed point yet looks 0;
 * ties go in sweepOrder's order, which is therefore the order until points
 * are timed. Seed 001 is the case it is for: 6.1's points take 1.5-3 times
 * as long as 6.0's, and its largest value is not its longest point.
 * Return: an index into `waiting`.
 */
export function nextJob(waiting: readonly SweepJob[], handed: readonly JobTiming[], now: number, values: readonly number[]): number {
  const looks = (job: SweepJob): number => {
    let t = 0;
    let nearest = NaN;
    const v = values[job.index]!;
    for (const h of handed) {
      if (h.job.series !== job.series) continue;
      const hv = values[h.job.index]!;
      const d = Math.abs(hv - v);
      const best = Math.abs(nearest - v);
      // equally near: the larger value's time (NaN: none yet)
      if (!(d >= best) || (d === best && hv > nearest)) {
        nearest = hv;
        t = h.end === null ? 2 * (now - h.start) : h.end - h.start;
      }
    }
    return t;
  };
  let best = 0;
  let longest = looks(waiting[0]!);
  for (let i = 1; i < waiting.length; i++) {
    const t = looks(waiting[i]!);
    if (t > longest) {
      best = i;
      longest = t;
    }
  }
  return best;
}

/**
 * Runs every point of `spec` on `runners` (one per worker; each takes the
 * next job, nextJob's pick, when its previous one is done). Rejects with
 * the first runner error; `cancelled` stops handing out jobs (the promise
 * then rejects with SweepCancelled). `clock`: the caller's wall clock in
 * ms (the engine has none), for nextJob only: the points and their order in
 * the result do not depend on it; without one, jobs go in sweepOrder's order.
 */
export async function runSweepParallel(
  spec: SweepSpec,
  runners: readonly SweepRunner[],
  onPoint?: SweepPointDone,
  cancelled: () => boolean = () => false,
  clock: () => number = () => 0,
): Promise<SweepResult> {
  const waiting = sweepOrder(spec);
  const total = waiting.length;
  const handed: JobTiming[] = [];
  const points: SweepPoint[][] = spec.configs.map(() => []);
  let done = 0;
  const work = async (run: SweepRunner) => {
    while (waiting.length > 0) {
      if (cancelled()) throw new SweepCancelled();
      const now = clock();
      const [job] = waiting.splice(nextJob(waiting, handed, now, spec.values), 1);
      const timing: JobTiming = { job: job!, start: now, end: null };
      handed.push(timing);
      const point = await run(job!);
      timing.end = clock();
      points[job!.series]![job!.index] = point;
      done++;
      onPoint?.(job!, point, done, total);
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
