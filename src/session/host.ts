/**
 * The worker side of the playground: the current session and the requests
 * that move it, run in slices so the worker keeps answering (a Cancel, a
 * newer request) during long runs.
 *
 * Steps shown lately are answered from a cache of their replies, without
 * moving the session: a step back over steps just stepped through (or
 * forward again) is then free, where it would restore a checkpoint and
 * replay (most of a second at 32768 queues: the copy of the checkpoint).
 * The page's position is the last reply's step (`shown`), which the live
 * machine may be away from; moves count from it. Only a finished run's
 * replies are kept (its frontier no longer moves, so a step's reply is a
 * pure function of the step and the views), within REPLY_CACHE_BYTES.
 * After each reply, once the worker is idle, the next step's reply is made
 * ahead and kept the same way: the next step over is then answered at once.
 * The page may also take that reply before it needs it (ahead()) and show
 * it without asking (the step over then costs no round trip to the
 * worker); it says so with shown(), which moves the page's position here
 * as a move there would.
 *
 * Latest request wins: every open() or navigate() takes a new job number;
 * a running job checks between slices whether it is still the latest and,
 * if not, stops where it is and answers 'superseded'. cancel() stops the
 * latest job, which answers with the snapshot where it stopped.
 */
import type { KernelChoice, WorkloadError } from '../engine/api';
import { createSession, type Session, type SessionOptions, type Snapshot } from './session';
import { buildFrames, knownViews, NO_FRAMES, type FrameRequest, type Frames } from './frames';
import { estimateCloneBytes } from './clone_size';

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
  /**
   * The reply of `step` if it is kept (made ahead after the last reply, or
   * shown lately) — what a move there would answer — else null. Nothing
   * moves: the page may show it later and say so with shown().
   */
  ahead: (step: number) => Promise<Reply | null>;
  /** The page shows the reply of `step` it took with ahead(): the position is there now, as after a move there. */
  shown: (step: number) => void;
}

export interface HostOptions {
  session?: SessionOptions;
  /** the most operations per seek call between two clock checks (fewer when operations are slow) */
  chunk?: number;
  /** milliseconds of work before the worker yields to its message queue */
  sliceMs?: number;
  /** milliseconds between two progress reports */
  progressMs?: number;
  /** a reply that took longer than this (ms) to make is not followed by the next step's, made ahead (default AHEAD_MAX_MS) */
  aheadMaxMs?: number;
}

const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** ms after a move's reply before the session readies its next step back (after the page has drawn it) */
const PREPARE_DELAY_MS = 30;
/** the longest the worker spends on one slice of that copy before it looks at its messages again */
const PREPARE_SLICE_MS = 8;
/** fields copied between two looks at the clock (~1 ms) */
const PREPARE_FIELDS = 4000;
/** a reply that took longer than this (ms) to make is not followed by the next step's, made ahead: that may take as long, and a newer request would wait behind it */
const AHEAD_MAX_MS = 25;
/** the estimated size of the replies kept for steps shown lately (a reply at 32768 queues is ~100 KB) */
export const REPLY_CACHE_BYTES = 32 * 1024 * 1024;

type SnapshotReply = Extract<Reply, { kind: 'snapshot' }>;

export function createSessionHost(options: HostOptions = {}): SessionHost {
  const maxChunk = options.chunk ?? 256;
  const sliceMs = options.sliceMs ?? 40;
  const progressMs = options.progressMs ?? 100;
  const aheadMaxMs = options.aheadMaxMs ?? AHEAD_MAX_MS;
  let session: Session | null = null;
  let latest = 0;
  let cancelled = 0;
  let listener: ((p: Progress) => void) | null = null;
  let views: FrameRequest = NO_FRAMES;
  /** the step of the last reply (null: none yet); moves count from here, not from where the live machine is */
  let shown: number | null = null;
  /** replies by step, oldest first (a Map keeps insertion order), of the current session and views */
  const replies = new Map<number, { reply: SnapshotReply; bytes: number }>();
  let replyBytes = 0;
  const forget = () => {
    replies.clear();
    replyBytes = 0;
  };
  const keep = (reply: SnapshotReply) => {
    const old = replies.get(reply.snapshot.step);
    if (old !== undefined) replyBytes -= old.bytes;
    replies.delete(reply.snapshot.step);
    const bytes = estimateCloneBytes(reply);
    if (bytes > REPLY_CACHE_BYTES / 4) return;
    replies.set(reply.snapshot.step, { reply, bytes });
    replyBytes += bytes;
    for (const [step, r] of replies) {
      if (replyBytes <= REPLY_CACHE_BYTES) break;
      replies.delete(step);
      replyBytes -= r.bytes;
    }
  };

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
    const from = shown ?? s.position();
    let work: (n: number) => boolean;
    /** the step to trace for the frames; null: wherever the move ends */
    let traceAt: number | null = null;
    if (target.kind === 'line') {
      // the next operation on the line after the step shown, wherever the live machine is
      let there = s.position() === from;
      work = (n) => {
        if (!there) {
          there = s.seek(from, n);
          return false;
        }
        return s.seekLine(target.line, n) !== 'more';
      };
    } else {
      let to = target.kind === 'end' ? Number.POSITIVE_INFINITY : target.kind === 'step' ? target.step : from + target.by;
      if (s.finished()) to = Math.max(0, Math.min(to, s.total()));
      const cached = s.finished() ? replies.get(to) : undefined;
      if (cached !== undefined) {
        // the newest again (it is kept longest)
        replies.delete(to);
        replies.set(to, cached);
        shown = to;
        // a step back over kept replies readies nothing for the next: it is likely kept too
        idleAfter(job, s, to, 0, false);
        return { ...cached.reply, job };
      }
      if (framed && Number.isFinite(to) && to > 0) {
        // stop one short: the frames run the last operation themselves, traced
        traceAt = to;
        work = (n) => s.seek(to - 1, n);
      } else work = (n) => s.seek(to, n);
    }
    const outcome = await drive(job, s, work);
    if (job !== latest || session !== s) return { kind: 'superseded', job };
    const stopped = outcome === 'stopped';
    const t0 = performance.now();
    const reply = replyAt(job, s, stopped || traceAt === null ? s.position() : traceAt, stopped);
    shown = reply.snapshot.step;
    if (!stopped && s.finished()) keep(reply);
    idleAfter(job, s, reply.snapshot.step, stopped ? Number.POSITIVE_INFINITY : performance.now() - t0, true);
    return reply;
  };

  /**
   * Once a reply (of `step`, made in `took` ms) is out and nothing newer
   * came: make the next step's reply (the next F10 is then answered at
   * once), then (`prepare`) copy the checkpoint a step back would restore, in slices
   * between messages (all at once it blocks the worker ~0.5 s at 32768
   * queues).
   */
  const idleAfter = (job: number, s: Session, step: number, took: number, prepare: boolean) => {
    const prepareSlice = () => {
      if (job !== latest || session !== s) return;
      const t0 = performance.now();
      let done = s.prepare(PREPARE_FIELDS);
      while (!done && performance.now() - t0 < PREPARE_SLICE_MS) done = s.prepare(PREPARE_FIELDS);
      if (!done) setTimeout(prepareSlice, 0);
    };
    setTimeout(() => {
      if (job !== latest || session !== s) return;
      if (took <= aheadMaxMs) replyAhead(s, step + 1);
      if (prepare) setTimeout(prepareSlice, PREPARE_DELAY_MS);
    }, 0);
  };

  /** The reply at `step`: the frames of the views traced there (the session is moved there), then the snapshot. */
  const replyAt = (job: number, s: Session, step: number, cancelled: boolean): SnapshotReply => {
    const frames = knownViews(views).length > 0 ? buildFrames(s, step, views) : {};
    return { kind: 'snapshot', job, snapshot: s.snapshot(), cancelled, frames };
  };

  /**
   * Makes and keeps the reply of `step` ahead of its request, for a finished
   * run (whose replies are kept): what a move there would answer, since the
   * engine is deterministic. The page's position (`shown`) stays.
   */
  const replyAhead = (s: Session, step: number) => {
    if (!s.finished() || step > s.total() || replies.has(step)) return;
    // the state before `step` first, as a move there makes it (with views, the frames trace `step` itself)
    s.seek(knownViews(views).length > 0 ? step - 1 : step, Number.POSITIVE_INFINITY);
    keep(replyAt(0, s, step, false));
  };

  const open = async (text: string, choice: KernelChoice, target: Target): Promise<Reply> => {
    const job = ++latest;
    const created = createSession(text, choice, options.session);
    if (!created.ok) {
      session = null;
      return { kind: 'parse_error', job, error: created.error };
    }
    const s = created.session;
    session = s;
    shown = null;
    forget();
    // explore the whole run first, so the page knows how many steps there are
    const outcome = await drive(job, s, (n) => s.seek(Number.POSITIVE_INFINITY, n));
    if (job !== latest || session !== s) return { kind: 'superseded', job };
    if (outcome === 'stopped') {
      shown = s.position();
      return { kind: 'snapshot', job, snapshot: s.snapshot(), cancelled: true, frames: {} };
    }
    // a new session starts at step 0, whatever exploring it did
    if (target.kind === 'line') s.seek(0, 0);
    return move(job, s, target.kind === 'delta' ? { kind: 'step', step: target.by } : target);
  };

  /** open() and navigate() calls that have not answered yet */
  let working = 0;
  const answering = async (reply: Promise<Reply>): Promise<Reply> => {
    working++;
    try {
      return await reply;
    } finally {
      working--;
    }
  };

  return {
    setProgressListener(l) {
      listener = l;
    },
    open: (text, choice, target) => answering(open(text, choice, target)),
    navigate(target) {
      const job = ++latest;
      if (session === null) return Promise.resolve({ kind: 'no_session', job });
      return answering(move(job, session, target));
    },
    cancel() {
      cancelled = latest;
    },
    async ahead(step) {
      const s = session;
      if (s === null || !s.finished()) return null;
      // the reply ahead is made in the first task after the last reply: let it run if it has not
      if (!replies.has(step)) await yieldToMessages();
      const cached = session === s ? replies.get(step) : undefined;
      return cached === undefined ? null : { ...cached.reply, job: 0 };
    },
    shown(step) {
      const s = session;
      // a request on its way answers with where it ends, which the page shows next: a new job number here would stop it, and its reply would be 'superseded'
      if (s === null || !s.finished() || step < 0 || step > s.total() || working > 0) return;
      const job = ++latest;
      // the newest again (it is kept longest); dropped meanwhile, the position moves all the same
      const cached = replies.get(step);
      if (cached !== undefined) {
        replies.delete(step);
        replies.set(step, cached);
      }
      shown = step;
      idleAfter(job, s, step, 0, false);
    },
    setViews(req) {
      const next = { views: [...req.views], options: { ...req.options } };
      // the replies kept carry the frames of the views they were made for
      if (JSON.stringify(next) !== JSON.stringify(views)) forget();
      views = next;
    },
  };
}
