/**
 * `ipcscope sweep`'s points on worker threads, one per core: each thread
 * loads this same bundle (build/cli/ipcscope.js, whose main.ts re-exports
 * sweepWorkerMain), gets the spec once and then one job at a time; the
 * engine's runSweepParallel hands the jobs out and puts the points back in
 * order, so the table is the one a serial run prints.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { runSweepJob, type SweepJob, type SweepPoint, type SweepResult, type SweepSpec } from '../engine/sweep';
import { runSweepParallel, type SweepPointDone } from '../engine/sweep_parallel';

/** What the main thread gives each worker. */
interface SweepWorkerData {
  bundle: string;
  spec: SweepSpec;
}

// CommonJS (an eval'd worker is a script): load the bundle and become a sweep worker
const BOOT = 'const { workerData } = require("node:worker_threads"); import(workerData.bundle).then((m) => m.sweepWorkerMain());';

/** The threads a sweep uses by default: one per core the process may use. */
export function defaultSweepThreads(): number {
  return availableParallelism();
}

/** Can this build start sweep workers? Only the bundle can (a worker cannot import the TypeScript sources). */
export function canUseThreads(): boolean {
  return import.meta.url.endsWith('.mjs') || import.meta.url.endsWith('.js');
}

/** The body of a sweep worker thread: runs each job it is sent, answers with the point. */
export function sweepWorkerMain(): void {
  if (isMainThread || parentPort === null) throw new Error('sweepWorkerMain runs in a worker thread');
  const { spec } = workerData as SweepWorkerData;
  const port = parentPort;
  port.on('message', (job: SweepJob) => port.postMessage(runSweepJob(spec, job)));
}

function startWorker(spec: SweepSpec): { run: (job: SweepJob) => Promise<SweepPoint>; stop: () => Promise<number> } {
  const data: SweepWorkerData = { bundle: import.meta.url, spec };
  const w = new Worker(BOOT, { eval: true, workerData: data });
  let pending: { resolve: (p: SweepPoint) => void; reject: (e: Error) => void } | null = null;
  let dead: Error | null = null;
  const fail = (e: Error) => {
    dead = e;
    pending?.reject(e);
    pending = null;
  };
  w.on('message', (p: SweepPoint) => {
    pending?.resolve(p);
    pending = null;
  });
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`a sweep worker exited (status ${code})`)));
  return {
    run: (job) =>
      new Promise<SweepPoint>((resolve, reject) => {
        if (dead !== null) return reject(dead);
        pending = { resolve, reject };
        w.postMessage(job);
      }),
    stop: () => w.terminate(),
  };
}

/** Runs the sweep's points on `threads` worker threads (at most one per point). */
export async function runSweepOnThreads(spec: SweepSpec, threads: number, onPoint?: SweepPointDone): Promise<SweepResult> {
  const n = Math.max(1, Math.min(threads, spec.values.length * spec.configs.length));
  const workers = Array.from({ length: n }, () => startWorker(spec));
  try {
    return await runSweepParallel(
      spec,
      workers.map((w) => w.run),
      onPoint,
      undefined,
      () => performance.now(),
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
