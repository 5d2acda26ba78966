/**
 * The worker side of the playground: the current session and the requests
 * that move it, run in slices so the worker keeps answering (a Cancel, a
 * newer request) during long runs.
 *
 * Latest request wins: every open() or navigate() takes a new job number;
 * a running job checks between slices whether it is still the latest and,
 * if not, stops where it is and answers 'superseded'. cancel() stops the
 * latest job, which answers with the snapshot where it stopped.
 */
import type { KernelChoice, WorkloadError } from '../engine/api';
import { createSession, type Session, type SessionOptions, type Snapshot } from './session';
import { buildFrames, knownViews, NO_FRAMES, type FrameRequest, type Frames } from './frames';

export type Target = { kind: 'step'; step: number } | { kind: 'delta'; by: number } | { kind: 'end' } | { kind: 'line'; line: number };

export interface Progress {
  job: number;
  /** operations explored so far */
  explored: number;
  step: number;
}

export type Reply =
  | { kind: 'snapshot'; job: number; snapshot: Snapshot; cancelled: boolean; frames: Frames }
  | { kind: 'parse_error'; job: number; error: WorkloadError }
  | { kind: 'superseded'; job: number }
  | { kind: 'no_session'; job: number };

/** Closures, not methods: the worker hands them to Comlink one by one. */
export interface SessionHost {
  /** one listener for the progress of long jobs (a Comlink proxy in the worker) */
  setProgressListener: (listener: ((p: Progress) => void) | null) => void;
  /** starts a session for `text` (replacing the current one), explores it to the end and moves it to `target` */
  open: (text: string, choice: KernelChoice, target: Target) => Promise<Reply>;
  /** moves the current session */
  navigate: (target: Target) => Promise<Reply>;
  /** stops the running job, if any */
  cancel: () => void;
  /** the views whose frames come with every snapshot from now on (none at first) */
  setViews: (req: FrameRequest) => void;
}

export interface HostOptions {
  session?: SessionOptions;
  /** the most operations per seek call between two clock checks (fewer when operations are slow) */
  chunk?: number;
  /** milliseconds of work before the worker yields to its message queue */
  sliceMs?: number;
  /** milliseconds between two progress reports */
  progressMs?: number;
}

const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** ms after a move's reply before the session readies its next step back (after the page has drawn it) */
const PREPARE_DELAY_MS = 30;

export function createSessionHost(options: HostOptions = {}): SessionHost {
  const maxChunk = options.chunk ?? 256;
  const sliceMs = options.sliceMs ?? 40;
  const progressMs = options.progressMs ?? 100;
  let session: Session | null = null;
  let latest = 0;
  let cancelled = 0;
  let listener: ((p: Progress) => void) | null = null;
  let views: FrameRequest = NO_FRAMES;

  /**
   * Calls `work(n)` (at most n operations; true when finished) in slices of
   * about sliceMs; 'stopped' when the job was superseded or cancelled. The
   * chunk adapts so that a clock check comes every millisecond or so, even
   * when one operation takes long (a `cat` of 32000 queues).
   */
  const drive = async (job: number, s: Session, work: (n: number) => boolean): Promise<'done' | 'stopped'> => {
    let sliceStart = performance.now();
    let reported = sliceStart;
    let chunk = 1;
    for (;;) {
      const t0 = performance.now();
      if (work(chunk)) return 'done';
      const now = performance.now();
      chunk = now - t0 < 1 ? Math.min(maxChunk, chunk * 2) : Math.max(1, chunk >> 1);
      if (now - sliceStart < sliceMs) continue;
      if (listener !== null && now - reported >= progressMs) {
        listener({ job, explored: s.total(), step: s.position() });
        reported = now;
      }
      await yieldToMessages();
      if (job !== latest || job === cancelled || session !== s) return 'stopped';
      sliceStart = performance.now();
    }
  };

  const move = async (job: number, s: Session, target: Target): Promise<Reply> => {
    const framed = knownViews(views).length > 0;
    let work: (n: number) => boolean;
    /** the step to trace for the frames; null: wherever the move ends */
    let traceAt: number | null = null;
    if (target.kind === 'line') {
      work = (n) => s.seekLine(target.line, n) !== 'more';
    } else {
      let to = target.kind === 'end' ? Number.POSITIVE_INFINITY : target.kind === 'step' ? target.step : s.position() + target.by;
      if (s.finished()) to = Math.min(to, s.total());
      if (framed && Number.isFinite(to) && to > 0) {
        // stop one short: the frames run the last operation themselves, traced
        traceAt = to;
        work = (n) => s.seek(to - 1, n);
      } else work = (n) => s.seek(to, n);
    }
    const outcome = await drive(job, s, work);
    if (job !== latest || session !== s) return { kind: 'superseded', job };
    const stopped = outcome === 'stopped';
    const frames = framed ? buildFrames(s, stopped || traceAt === null ? s.position() : traceAt, views) : {};
    const reply: Reply = { kind: 'snapshot', job, snapshot: s.snapshot(), cancelled: stopped, frames };
    // once the reply is out and nothing newer came: copy the checkpoint a step back would restore
    setTimeout(() => {
      if (job === latest && session === s) s.prepare();
    }, PREPARE_DELAY_MS);
    return reply;
  };

  return {
    setProgressListener(l) {
      listener = l;
    },
    async open(text, choice, target) {
      const job = ++latest;
      const created = createSession(text, choice, options.session);
      if (!created.ok) {
        session = null;
        return { kind: 'parse_error', job, error: created.error };
      }
      const s = created.session;
      session = s;
      // explore the whole run first, so the page knows how many steps there are
      const outcome = await drive(job, s, (n) => s.seek(Number.POSITIVE_INFINITY, n));
      if (job !== latest || session !== s) return { kind: 'superseded', job };
      if (outcome === 'stopped') return { kind: 'snapshot', job, snapshot: s.snapshot(), cancelled: true, frames: {} };
      // a new session starts at step 0, whatever exploring it did
      if (target.kind === 'line') s.seek(0, 0);
      return move(job, s, target.kind === 'delta' ? { kind: 'step', step: target.by } : target);
    },
    async navigate(target) {
      const job = ++latest;
      if (session === null) return { kind: 'no_session', job };
      return move(job, session, target);
    },
    cancel() {
      cancelled = latest;
    },
    setViews(req) {
      views = { views: [...req.views], options: { ...req.options } };
    },
  };
}
