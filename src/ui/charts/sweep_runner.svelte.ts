/**
 * One sweep at a time on a pool of workers, one per core the browser
 * reports (navigator.hardwareConcurrency, at most MAX_WORKERS): each point
 * runs on a free worker, the largest values first (sweep_parallel.ts), and
 * `result` is re-assembled as each point finishes, so the chart fills in
 * point by point. The finished result is the one a serial run gives.
 * Cancel terminates the pool, because a point does not stop half-way; the
 * latest run wins: the points of an older run are dropped.
 */
import { sweepSpecOf, type SweepPoint, type SweepRequest, type SweepResult } from '../../engine/api';
import { assembleSweep, type SweepSpec } from '../../engine/sweep';
import { runSweepParallel } from '../../engine/sweep_parallel';
import { createSweepPool, EngineRestartedError, type SweepPool } from '../engine-client';

/** The pool's size when the browser reports more cores (each worker holds its own engine). */
export const MAX_WORKERS = 8;

export interface SweepProgressState {
  done: number;
  total: number;
  /** the configuration and value of the point that finished last ('' before the first) */
  label: string;
  value: number;
}

/** The result of the points finished so far: each series its finished points in value order. */
export function partialSweep(spec: SweepSpec, points: readonly (readonly (SweepPoint | undefined)[])[]): SweepResult {
  return assembleSweep(
    spec,
    points.map((ps) => spec.values.map((_, i) => ps[i]).filter((p): p is SweepPoint => p !== undefined)),
  );
}

export class SweepRunner {
  running = $state(false);
  progress = $state.raw<SweepProgressState | null>(null);
  /** the finished points so far while running, then the whole sweep */
  result = $state.raw<SweepResult | null>(null);
  /** what the last result was run for */
  request = $state.raw<SweepRequest | null>(null);
  error = $state<string | null>(null);
  /** workers the last sweep ran on */
  workers = $state(0);
  #pool: SweepPool | null = null;
  #run = 0;

  async run(req: SweepRequest): Promise<void> {
    const run = ++this.#run;
    this.error = null;
    const spec = sweepSpecOf(req);
    if (!spec.ok) {
      this.error = spec.message;
      return;
    }
    const s = spec.spec;
    const total = s.values.length * s.configs.length;
    this.#pool ??= createSweepPool(Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 2)));
    const runners = this.#pool.runners(s, total);
    const points: (SweepPoint | undefined)[][] = s.configs.map(() => []);
    this.running = true;
    this.workers = runners.length;
    this.request = req;
    this.result = partialSweep(s, points);
    this.progress = { done: 0, total, label: '', value: 0 };
    try {
      const out = await runSweepParallel(
        s,
        runners,
        (job, point, done) => {
          if (run !== this.#run) return;
          points[job.series]![job.index] = point;
          this.result = partialSweep(s, points);
          this.progress = { done, total, label: s.configs[job.series]!.label, value: point.value };
        },
        () => run !== this.#run,
        () => performance.now(),
      );
      if (run === this.#run) this.result = out;
    } catch (e) {
      if (run !== this.#run) return;
      this.error = e instanceof EngineRestartedError ? 'The sweep was cancelled.' : `The sweep failed: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      if (run === this.#run) {
        this.running = false;
        this.progress = null;
      }
    }
  }

  cancel(): void {
    if (!this.running) return;
    this.#pool?.terminate();
  }
}
