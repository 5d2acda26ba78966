/**
 * The only module that knows the engine runs in a Web Worker. Everything
 * else in the UI calls the async methods of an EngineClient.
 *
 * Each client owns one worker (compare mode runs two). A worker that stops
 * answering (a single statement can keep it busy for seconds) is
 * terminated and replaced: every call still waiting on it rejects with
 * EngineRestartedError, and the next call starts a fresh one. A worker that
 * cannot load or breaks (its script missing after a deploy, an uncaught
 * error, a message that does not deserialize) reports `error` or
 * `messageerror`: it is dropped the same way, but the waiting calls reject
 * with EngineFailedError and its reason, and the next call tries a new one.
 */
import * as Comlink from 'comlink';
import type { EngineApi } from '../../workers/engine.worker';
import type { SweepApi } from '../../workers/sweep.worker';
import type { SweepJob, SweepPoint, SweepSpec } from '../engine/sweep';
import type { KernelChoice } from '../engine/api';
import type { SmpProgress, SmpRunReply, SmpRunRequestOptions } from '../engine/smp/smp_api';
import type { Progress, Reply, Target } from '../session/host';
import type { FrameRequest } from '../session/frames';

export type { Progress, Reply, Target } from '../session/host';
export type { Snapshot } from '../session/session';
export type { OpRecord } from '../session/op_record';
export type { FrameRequest, Frames } from '../session/frames';

export class EngineRestartedError extends Error {
  constructor() {
    super('the engine was restarted');
  }
}

/** The worker could not load or broke; `message` says why, as far as the browser tells. */
export class EngineFailedError extends Error {}

/** What a worker's `error` / `messageerror` event says about the failure. */
function failureReason(event: Event): string {
  if (event.type === 'messageerror') return 'a message from the engine could not be read';
  const message = event instanceof ErrorEvent ? event.message : '';
  return message !== '' ? message : 'the engine worker could not be loaded (was the site updated? reload the page)';
}

interface Connection {
  worker: Worker;
  remote: Comlink.Remote<EngineApi>;
  /** rejects when this worker is terminated or fails */
  dead: Promise<never>;
  kill: (error: Error) => void;
}

export interface EngineClient {
  /** Calls the worker; rejects with EngineRestartedError if it is restarted meanwhile. */
  call<T>(f: (remote: Comlink.Remote<EngineApi>) => Promise<T>): Promise<T>;
  /** Terminates the worker; the next call starts a new one. */
  restart(): void;
  engineInfo(): ReturnType<Comlink.Remote<EngineApi>['engineInfo']>;
  /** Starts a session for `text` (the latest request wins) and moves it to `target`. */
  openWorkload(text: string, kernel: KernelChoice, target: Target): Promise<Reply>;
  navigate(target: Target): Promise<Reply>;
  /** The reply of `step` if the worker keeps it, without moving (SessionHost.ahead); null also when the call fails. */
  ahead(step: number): Promise<Reply | null>;
  /** The page shows the reply of `step` it took with ahead() (SessionHost.shown). */
  shown(step: number): void;
  /** Chooses the views whose frames come with every snapshot from now on (kept across a worker restart). */
  setViews(req: FrameRequest): Promise<void>;
  /** Receives the progress of long runs (one listener). */
  onProgress(listener: ((p: Progress) => void) | null): void;
  /**
   * Stops the running job. When the worker does not even take the request
   * within `timeoutMs`, it is restarted: 'restarted'.
   */
  cancelRun(timeoutMs?: number): Promise<'cancelled' | 'restarted'>;
  /**
   * Runs a multi-CPU workload to its end (smp_api.ts runSmpWorkload),
   * `onProgress` called as simulated time advances. It keeps the worker
   * busy: cancelSmp() restarts the worker, and the pending run
   * rejects with EngineRestartedError.
   */
  runSmp(text: string, kernel: KernelChoice, options: SmpRunRequestOptions, onProgress: SmpProgress): Promise<SmpRunReply>;
  cancelSmp(): void;
}

/** A client with its own worker, started on the first call. `name` shows in the browser's devtools. */
export function createEngineClient(name = 'ipcscope-engine'): EngineClient {
  let connection: Connection | null = null;
  let progressListener: ((p: Progress) => void) | null = null;
  let views: FrameRequest | null = null;

  const connect = (): Connection => {
    if (connection) return connection;
    const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name });
    const remote = Comlink.wrap<EngineApi>(worker);
    let kill: (error: Error) => void = () => {};
    const dead = new Promise<never>((_, reject) => {
      kill = reject;
    });
    dead.catch(() => {}); // only the calls racing it report the restart
    const conn: Connection = { worker, remote, dead, kill };
    connection = conn;
    const fail = (event: Event) => {
      if (connection === conn) drop(conn, new EngineFailedError(failureReason(event)));
    };
    worker.addEventListener('error', fail);
    worker.addEventListener('messageerror', fail);
    void remote.setProgressListener(Comlink.proxy((p: Progress) => progressListener?.(p)));
    if (views !== null) void remote.setViews(views);
    return conn;
  };

  const call = <T>(f: (remote: Comlink.Remote<EngineApi>) => Promise<T>): Promise<T> => {
    const conn = connect();
    return Promise.race([f(conn.remote), conn.dead]);
  };

  /** Ends `conn`; the calls waiting on it reject with `error`, the next call starts a new worker. */
  function drop(conn: Connection, error: Error): void {
    connection = null;
    conn.remote[Comlink.releaseProxy]();
    conn.worker.terminate();
    conn.kill(error);
  }

  const restart = () => {
    if (connection) drop(connection, new EngineRestartedError());
  };

  return {
    call,
    restart,
    engineInfo: () => call((r) => r.engineInfo()),
    openWorkload: (text, kernel, target) => call(async (r): Promise<Reply> => await r.open(text, kernel, target)),
    navigate: (target) => call(async (r): Promise<Reply> => await r.navigate(target)),
    // only a worker already running has anything kept; a failure is the next request's to report
    ahead: (step) => (connection === null ? Promise.resolve(null) : call(async (r): Promise<Reply | null> => await r.ahead(step)).catch(() => null)),
    shown: (step) => {
      if (connection !== null) void call((r) => r.shown(step)).catch(() => {});
    },
    setViews: (req) => {
      views = req;
      return call((r) => r.setViews(req));
    },
    onProgress: (listener) => {
      progressListener = listener;
    },
    runSmp: (text, kernel, options, onProgress) => call(async (r): Promise<SmpRunReply> => await r.runSmp(text, kernel, options, Comlink.proxy(onProgress))),
    cancelSmp: restart,
    cancelRun: async (timeoutMs = 1500) => {
      if (!connection) return 'cancelled';
      const conn = connection;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = await Promise.race([
        conn.remote.cancel().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
        conn.dead,
      ])
        .catch(() => false)
        .finally(() => clearTimeout(timer));
      if (answered) return 'cancelled';
      if (connection === conn) restart();
      return 'restarted';
    },
  };
}

/**
 * The charts page's sweep workers: up to `size` of them, each started when
 * a sweep first needs it, each running one point at a time. terminate()
 * stops them all (a running point cannot be interrupted otherwise): the
 * points still running reject with EngineRestartedError, and the next
 * sweep starts fresh workers.
 */
export interface SweepPool {
  readonly size: number;
  /** a runner per worker for the first `n` workers (n ≤ size) */
  runners(spec: SweepSpec, n: number): ((job: SweepJob) => Promise<SweepPoint>)[];
  terminate(): void;
}

/** A pool of at most `size` sweep workers (the page sizes it by navigator.hardwareConcurrency). */
export function createSweepPool(size: number): SweepPool {
  let workers: { worker: Worker; remote: Comlink.Remote<SweepApi>; dead: Promise<never>; kill: () => void }[] = [];
  const start = (i: number) => {
    const worker = new Worker(new URL('../../workers/sweep.worker.ts', import.meta.url), { type: 'module', name: `ipcscope-sweep-${i + 1}` });
    let kill = () => {};
    const dead = new Promise<never>((_, reject) => {
      kill = () => reject(new EngineRestartedError());
    });
    dead.catch(() => {});
    return { worker, remote: Comlink.wrap<SweepApi>(worker), dead, kill };
  };
  return {
    size,
    runners(spec, n) {
      while (workers.length < Math.min(n, size)) workers.push(start(workers.length));
      return workers.slice(0, Math.min(n, size)).map((w) => (job: SweepJob) => Promise.race([w.remote.point(spec, job), w.dead]));
    },
    terminate() {
      for (const w of workers) {
        w.remote[Comlink.releaseProxy]();
        w.worker.terminate();
        w.kill();
      }
      workers = [];
    },
  };
}

/** The playground's engine (compare mode adds a second client of its own). */
export const engine: EngineClient = createEngineClient();
