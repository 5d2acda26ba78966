/**
 * The playground's state and the requests that change it. The worker's
 * snapshot is the one source of what ran; everything shown of the run is
 * derived from it.
 *
 * Requests go one at a time: while one is on its way, the next target
 * waits, and a newer one replaces it (two waiting relative steps add up;
 * new views join the waiting target instead), so a fast scrub or a held
 * key never queues up work in the worker. A request made while a text is
 * being fetched (an example just opened, the tour: arrive) is for that
 * text, and waits for it.
 *
 * After each reply of a finished run, the page takes the next step's reply
 * from the worker, which made it ahead (SessionHost.ahead): the next step
 * over is then shown at once, in the task of the key press, and the worker
 * only told (shown). The round trip it saves was a quarter of a step's
 * keydown → frame at 32768 queues.
 */
import type { KernelChoice, WorkloadError } from '../engine/api';
import { engine, EngineFailedError, EngineRestartedError, type EngineClient, type Frames, type Progress, type Reply, type Snapshot, type Target } from './engine-client';
import type { ViewId, ViewOptions } from '../engine/view/types';
import type { TraceEvent } from '../engine/trace';
import { mechanismOf, VIEW_STEPS, viewAlso } from '../engine/code/event_code';
import { share } from './state/share';

/** the console's window of records moves by one a step: its records are matched by operation */
const SHARE_KEYS = { records: 'op' } as const;

/** Where the inner position lands after a move: the operation's first event, its last, its end, where it was, or that many events in. */
export type SubLanding = 'first' | 'last' | 'end' | 'keep' | number;

/** ms a request is on its way before the page shows it as busy (Playground.busyShown) */
export const BUSY_SHOWN_MS = 150;

/** How many operations Continue and "next event in this view" look through before they stop and say so. */
export const MAX_EVENT_HOPS = 500;

export type Speed = number | 'max';
export const SPEEDS: readonly Speed[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 'max'];

export interface Notice {
  id: number;
  kind: 'link' | 'run' | 'engine' | 'copy';
  text: string;
}

const normalize = (text: string) => text.replace(/\r\n?/g, '\n');

/** resolves in a task of its own: the page may draw what the current one changed before the next part */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const frame = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 16);
  });

/** a reply of a finished run's step, kept by the page, with the session text and the views (JSON) it was made for */
interface TakenReply {
  step: number;
  reply: Extract<Reply, { kind: 'snapshot' }>;
  text: string | null;
  kernel: string | null;
  views: string;
}

/** the settings a text on its way (arrive) may bring, which the user can also change while it comes */
type ChosenSetting = 'kernel' | 'views' | 'viewOptions';

export class Playground {
  /** the editor's text */
  text = $state('');
  /** changes when `text` is set from outside the editor */
  loadId = $state(0);
  /** the user typed since the last load */
  editedSinceLoad = $state(false);
  kernel = $state.raw<KernelChoice>({});
  views = $state.raw<string[]>([]);
  cursorLine = $state(1);
  parseError = $state.raw<WorkloadError | null>(null);

  /** the text the worker's session runs (null: no session) */
  sessionText = $state<string | null>(null);
  snapshot = $state.raw<Snapshot | null>(null);
  /** a request is on its way */
  busy = $state(false);
  /**
   * `busy` for what the page draws of it (buttons that grey out): true only
   * once a request has been on its way for BUSY_SHOWN_MS. A step takes
   * less, and greying out and back would draw a whole extra frame in the
   * middle of it (measured: 9 ms of paint at 32768 queues, which the
   * worker's reply then waits behind).
   */
  busyShown = $state(false);
  #busyTimer: ReturnType<typeof setTimeout> | null = null;
  /** the request on its way may run long (a run, run to cursor) */
  running = $state(false);
  progress = $state.raw<Progress | null>(null);
  playing = $state(false);
  speed = $state<Speed>(10);
  notices = $state.raw<Notice[]>([]);
  /** the frames of the selected views at the snapshot's step (from the worker, with the snapshot) */
  frames = $state.raw<Frames>({});
  /** the reply's frames come a task after its snapshot (a view is mounting): the stage is not drawn at the step yet */
  framesDue = $state(false);
  /** the inner position in the current operation: events of the frames that have happened (see ViewProps.sub) */
  sub = $state(0);
  /**
   * the position was reached event by event (step into, an event list
   * click, a breakpoint): the code panel shows the event's line; false after
   * a step over or a jump, which it shows as the system call's entry
   */
  inner = $state(false);
  /** the event kinds Continue stops at */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- $state.raw: replaced whole (toggleBreakpoint), never mutated
  breakpoints = $state.raw<ReadonlySet<TraceEvent['kind']>>(new Set());
  /** each view's options (which ipc, which subtree) */
  viewOptions = $state.raw<Partial<Record<ViewId, ViewOptions>>>({});

  /** the kernel choice the session runs on, as JSON (set with sessionText) */
  sessionKernel = $state<string | null>(null);
  /** the editor's text or the kernel choice differs from what the session ran */
  stale = $derived(this.sessionText !== this.text || this.sessionKernel !== JSON.stringify(this.kernel));
  /** the snapshot, when it is about the text in the editor */
  live = $derived(this.stale ? null : this.snapshot);
  step = $derived(this.live?.step ?? 0);
  runError = $derived(this.live?.error ?? null);

  /** the reply of the step after the one shown, taken ahead of the press, with what it was taken for */
  #ahead: TakenReply | null = null;
  /** counts the asks for a reply ahead: one that answers after a newer ask or a request is dropped */
  #aheadAsked = 0;
  #pending: Target | null = null;
  #pendingLanding: SubLanding = 'end';
  #inflight: Promise<void> | null = null;
  #nextNotice = 1;

  /** the worker this playground drives (compare mode gives each pane its own) */
  readonly client: EngineClient;

  constructor(client: EngineClient = engine) {
    this.client = client;
    client.onProgress((p) => {
      if (this.busy) this.progress = p;
    });
  }

  /** Shows `text` in the editor (a link, the draft, an example): not an edit. A text still on its way (arrive) is dropped: this one came later. */
  load(text: string): void {
    this.text = normalize(text);
    this.loadId++;
    this.editedSinceLoad = false;
    this.#arrivals++;
    this.#arrived();
  }

  /** A kernel chosen by the user (the header's selector); made while a text is on its way, it wins over the kernel the text brings (arrive). */
  chooseKernel(choice: KernelChoice): void {
    this.kernel = choice;
    this.#chosen?.add('kernel');
  }

  /** a text is on its way (arrive): the session shown is of a text that is going away */
  get arriving(): boolean {
    return this.#arriving !== null;
  }

  /** the settings the user chose since the text on its way was asked for (arrive); null: none on its way */
  #chosen: Set<ChosenSetting> | null = null;

  /** counts the arrive() calls and loads: a fetch that answers after a newer one was asked for, or a text was loaded, is dropped */
  #arrivals = 0;
  /** resolves when the text on its way (arrive) is in place, failed or dropped; null: none on its way */
  #arriving: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  /** counts the Cancel presses: a request still waiting for its text is dropped by one */
  #cancels = 0;
  /** wakes the request waiting for its text when Cancel is pressed */
  #wakeOnCancel: (() => void) | null = null;

  /** No text is on its way any more: the requests that waited for it go on (with it in place, when it came). */
  #arrived(): void {
    this.#arriving = null;
    this.#chosen = null;
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /**
   * Loads what `fetching` brings (an example, the tour) when it arrives:
   * `apply` puts it in place (load() and the kernel, views... that go with
   * it). A request made meanwhile (Run pressed right after Open) is for
   * that text: it waits until `apply` has run (or the fetch failed). It
   * used to be carried out at once on the text still in the editor, which
   * the arrival then made stale: the click was lost. Of two texts on their
   * way, the later asked for wins, and a load() wins over both: the
   * earlier is dropped (false) even if it answers last. A setting the user
   * chose meanwhile (the kernel: chooseKernel; the views or their options:
   * setViews) keeps the user's choice: the click came before it, so what
   * the text brings for that setting is older. `apply` used to overwrite
   * it, and the choice was lost. Rejects with the fetch's error (not for a
   * dropped one).
   */
  arrive<T>(fetching: Promise<T>, apply: (value: T) => void): Promise<boolean> {
    const ticket = ++this.#arrivals;
    // the requests waiting for an earlier text wait for this one now (#send looks again)
    this.#arrived();
    this.#arriving = new Promise<void>((resolve) => (this.#wake = resolve));
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- not state: which settings the user chose, read once when the text comes
    const chosen = new Set<ChosenSetting>();
    this.#chosen = chosen;
    return fetching.then(
      (value) => {
        if (ticket !== this.#arrivals) return false;
        const kept = { kernel: this.kernel, views: this.views, viewOptions: this.viewOptions };
        this.#arrived();
        apply(value);
        if (chosen.has('kernel')) this.kernel = kept.kernel;
        if (chosen.has('views')) this.views = kept.views;
        if (chosen.has('viewOptions')) this.viewOptions = kept.viewOptions;
        return true;
      },
      (e: unknown) => {
        if (ticket !== this.#arrivals) return false;
        this.#arrived();
        throw e;
      },
    );
  }

  /** The editor's text changed. */
  edit(text: string, byUser: boolean): void {
    this.text = text;
    if (byUser) this.editedSinceLoad = true;
  }

  notify(kind: Notice['kind'], text: string): void {
    this.notices = [...this.notices.filter((n) => n.kind !== kind), { id: this.#nextNotice++, kind, text }];
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((n) => n.id !== id);
  }

  #forget(kind: Notice['kind']): void {
    if (this.notices.some((n) => n.kind === kind)) this.notices = this.notices.filter((n) => n.kind !== kind);
  }

  /** events in the current operation's frames (the same for every view) */
  get events(): number {
    return this.eventList.length;
  }

  /** the current operation's events (those the frames carry; none without an open view) */
  get eventList(): readonly TraceEvent[] {
    for (const f of Object.values(this.frames)) if (f !== undefined && f.step === this.step) return f.events;
    return [];
  }

  /** the inner position a link carries: null at the operation's end */
  get linkedEvent(): number | null {
    return this.sub < this.events ? this.sub : null;
  }

  /** Shows the operation up to its event `n` (1-based; 0: before its first). */
  jumpToEvent = (n: number): void => {
    if (this.busy) return;
    this.sub = Math.max(0, Math.min(this.events, Math.floor(n)));
    this.inner = true;
  };

  toggleBreakpoint(kind: TraceEvent['kind']): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- the new value of a $state.raw, complete before it is assigned
    const next = new Set(this.breakpoints);
    if (!next.delete(kind)) next.add(kind);
    this.breakpoints = next;
  }

  /** Goes to the next event at which a breakpoint is set, in this operation or the following ones. */
  continueToBreakpoint = (): Promise<void> => {
    const kinds = this.breakpoints;
    if (kinds.size === 0) return Promise.resolve();
    return this.#seekEvent((e) => kinds.has(e.kind), 'breakpoint');
  };

  /** Goes to the next event that view `id` draws as its own (VIEW_STEPS), here or in the following operations. */
  nextInView = (id: ViewId): Promise<void> => {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup table, not state
    const mine = new Set(VIEW_STEPS[id]);
    const also = viewAlso(id);
    return this.#seekEvent(
      (e) => mine.has(mechanismOf(e.kind)),
      'event of that view',
      (e) => also.includes(mechanismOf(e.kind)),
    );
  };

  /**
   * The next event after the current one that `hit` accepts, looking through
   * at most MAX_EVENT_HOPS more operations; in an operation with no such
   * event at all, the next one `fallback` accepts.
   */
  async #seekEvent(hit: (e: TraceEvent) => boolean, what: string, fallback: (e: TraceEvent) => boolean = () => false): Promise<void> {
    if (this.busy) return;
    let from = this.sub;
    for (let hop = 0; hop <= MAX_EVENT_HOPS; hop++) {
      const evs = this.eventList;
      let found = -1;
      for (let i = from; i < evs.length && found < 0; i++) if (hit(evs[i]!)) found = i;
      // the fallback only in an operation that has none of the events sought at all
      if (found < 0 && !evs.some(hit)) for (let i = from; i < evs.length && found < 0; i++) if (fallback(evs[i]!)) found = i;
      if (found >= 0) {
        this.sub = found + 1;
        this.inner = true;
        return;
      }
      const at = this.live;
      if (at === null || (at.finished && at.step >= at.total)) {
        this.notify('run', `No further ${what}: the run ends here.`);
        return;
      }
      if (hop === MAX_EVENT_HOPS) break;
      await this.go({ kind: 'delta', by: 1 }, 0);
      if (this.live === null) return;
      from = 0;
    }
    this.notify('run', `No ${what} in the next ${MAX_EVENT_HOPS} operations; press again to look further.`);
  }

  /**
   * Step into: the next event of the operation, or the first event of the
   * next one. While a move is on its way the events shown are not the ones
   * it will bring, so the press is dropped (a held key resumes on arrival).
   */
  stepInto = (): Promise<void> => {
    if (this.busy) return Promise.resolve();
    if (this.sub < this.events) {
      this.sub++;
      this.inner = true;
      return Promise.resolve();
    }
    return this.go({ kind: 'delta', by: 1 }, 'first');
  };

  /** Step out: to the end of the current operation (from its end, the end of the next one). */
  stepOut = (): Promise<void> => {
    if (this.busy) return Promise.resolve();
    if (this.sub < this.events) {
      this.sub = this.events;
      this.inner = false;
      return Promise.resolve();
    }
    return this.go({ kind: 'delta', by: 1 });
  };

  /** Step back one event; from the operation's start, to the last event of the previous one. */
  stepBackInner = (): Promise<void> => {
    if (this.busy) return Promise.resolve();
    if (this.sub > 0) {
      this.sub--;
      this.inner = true;
      return Promise.resolve();
    }
    return this.go({ kind: 'delta', by: -1 }, 'last');
  };

  /** Shows these views (and options); their frames come with the next snapshot, fetched now. */
  setViews(views: ViewId[], options: Partial<Record<ViewId, ViewOptions>> = this.viewOptions): Promise<void> {
    // while a text is on its way, what the user changed here wins over what it brings (arrive)
    if (views !== this.views) this.#chosen?.add('views');
    if (options !== this.viewOptions) this.#chosen?.add('viewOptions');
    this.views = views;
    this.viewOptions = options;
    // their frames come with the next request; fetched now, for a text on its way, they were a run of it nobody asked for
    if (this.sessionText === null || this.stale || this.arriving) return Promise.resolve();
    return this.go({ kind: 'delta', by: 0 }, 'keep');
  }

  /** the view request the worker has (JSON), so that each request goes with the views shown now */
  #sentViews = '';

  async #syncViews(): Promise<void> {
    const req = { views: this.views as ViewId[], options: this.viewOptions };
    const json = JSON.stringify(req);
    if (json === this.#sentViews) return;
    this.#sentViews = json;
    await this.client.setViews(req);
  }

  run = () => this.go({ kind: 'end' });
  stepOver = () => this.go({ kind: 'delta', by: 1 });
  stepBack = () => this.go({ kind: 'delta', by: -1 });
  reset = () => this.go({ kind: 'step', step: 0 });
  toStep = (step: number) => this.go({ kind: 'step', step });
  /** Operation `step` with `event` of its events happened (null: its end), as a link keeps them. */
  toEvent = (step: number, event: number | null) => this.go({ kind: 'step', step }, event === null ? 'end' : event);
  runToCursor = () => this.go({ kind: 'line', line: this.cursorLine });

  /**
   * Moves the run to `target`, starting a session first when the text
   * changed. Resolves once the move is carried out: for a target that waits
   * behind the request on its way, once the request it became (added up, or
   * a newer target in its place) is, or it was dropped (Cancel, a failed
   * engine). Resolving with the request on its way instead had a caller
   * that reads the snapshot next (compare mode's lockstep) see the step
   * before, and undo its own move.
   */
  go(target: Target, landing: SubLanding = 'end'): Promise<void> {
    if (this.#inflight !== null) {
      const p = this.#pending;
      // a request for the frames of new views (delta 0) comes with any request: it never takes a waiting target's place
      if (p !== null && target.kind === 'delta' && target.by === 0) return this.#waitPending();
      this.#pending = p !== null && p.kind === 'delta' && target.kind === 'delta' ? { kind: 'delta', by: p.by + target.by } : target;
      this.#pendingLanding = landing;
      return this.#waitPending();
    }
    const done = this.#send(target, landing).finally(() => {
      this.#inflight = null;
      this.busy = false;
      this.busyShown = false;
      if (this.#busyTimer !== null) clearTimeout(this.#busyTimer);
      this.#busyTimer = null;
      this.running = false;
      this.progress = null;
      const next = this.#pending;
      const waiters = this.#pendingWaiters;
      this.#pending = null;
      this.#pendingWaiters = null;
      if (next !== null) void this.go(next, this.#pendingLanding).then(waiters?.resolve, waiters?.reject);
      else waiters?.resolve();
    });
    this.#inflight = done;
    return done;
  }

  /** settles the promises go() gave for the waiting target, when the request it becomes is done */
  #pendingWaiters: { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | null = null;

  #waitPending(): Promise<void> {
    if (this.#pendingWaiters === null) {
      let resolve = () => {};
      let reject: (e: unknown) => void = () => {};
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.#pendingWaiters = { promise, resolve, reject };
    }
    return this.#pendingWaiters.promise;
  }

  /** The waiting target is dropped (Cancel, the engine failed): who waits for it is done waiting. */
  #dropPending(): void {
    this.#pending = null;
    const waiters = this.#pendingWaiters;
    this.#pendingWaiters = null;
    waiters?.resolve();
  }

  async #send(target: Target, landing: SubLanding): Promise<void> {
    this.busy = true;
    this.#busyTimer ??= setTimeout(() => {
      this.#busyTimer = null;
      if (this.busy) this.busyShown = true;
    }, BUSY_SHOWN_MS);
    this.running = target.kind === 'end' || target.kind === 'line' || this.stale;
    if (this.#arriving !== null) {
      // the request is for the text on its way (arrive): it reads the text once that is in place, unless Cancel is pressed first
      const cancels = this.#cancels;
      const cancelled = new Promise<void>((resolve) => (this.#wakeOnCancel = resolve));
      while (this.#arriving !== null && cancels === this.#cancels) await Promise.race([this.#arriving, cancelled]);
      this.#wakeOnCancel = null;
      if (cancels !== this.#cancels) return;
      this.running = target.kind === 'end' || target.kind === 'line' || this.stale;
    }
    const text = this.text;
    const kernel = this.kernel;
    try {
      // a reply taken ahead is for this request or none: used once
      const taken = this.#ahead;
      this.#ahead = null;
      this.#aheadAsked++;
      // the reply shown now, as it was made (before the views of this request are sent)
      const before = this.#shownReply();
      await this.#syncViews();
      let opened = this.stale;
      const ahead = opened ? null : this.#aheadFor(taken, target);
      if (ahead !== null) this.client.shown(ahead.snapshot.step);
      let reply = ahead ?? (opened ? await this.client.openWorkload(text, kernel, target) : await this.client.navigate(target));
      if (reply.kind === 'no_session') {
        opened = true;
        reply = await this.client.openWorkload(text, kernel, target);
      }
      if (opened && reply.kind === 'snapshot') this.sessionKernel = JSON.stringify(kernel);
      // a run that got through: what the run before said of itself (its parse error, its cancel) no longer holds
      if (reply.kind === 'snapshot' && !reply.cancelled && (opened || target.kind === 'end' || target.kind === 'line')) this.#forget('run');
      await this.#apply(reply, opened ? text : this.sessionText, landing);
      if (reply.kind === 'snapshot' && !reply.cancelled && this.#pending === null) this.#takeAhead(before);
    } catch (e) {
      if (!(e instanceof EngineRestartedError || e instanceof EngineFailedError)) throw e;
      this.sessionText = null;
      this.playing = false;
      this.#dropPending();
      this.#sentViews = '';
      this.#ahead = null;
      this.notify(
        'engine',
        e instanceof EngineFailedError
          ? `The engine failed: ${e.message}. Your workload is kept: press Run to try again.`
          : 'The engine did not answer, so it was restarted. Your workload is kept: press Run to start again.',
      );
    }
  }

  /** The reply taken ahead, if it is the one `target` moves to (a step over from the step shown, same text and views); it is used once. */
  #aheadFor(a: TakenReply | null, target: Target): Extract<Reply, { kind: 'snapshot' }> | null {
    const at = this.live;
    if (a === null || target.kind !== 'delta' || target.by !== 1 || at === null) return null;
    return a.step === at.step + 1 && a.text === this.sessionText && a.kernel === this.sessionKernel && a.views === this.#sentViews ? a.reply : null;
  }

  /** The step shown as a reply of a finished run (what the worker would answer for it again), with what it was made for; null if none. */
  #shownReply(): TakenReply | null {
    const at = this.live;
    if (at === null || !at.finished) return null;
    return { step: at.step, reply: { kind: 'snapshot', job: 0, snapshot: at, cancelled: false, frames: this.frames }, text: this.sessionText, kernel: this.sessionKernel, views: this.#sentViews };
  }

  /**
   * Takes the reply of the next step: the one just replaced when it is that
   * step (a step back: no need to have the worker send it again), else from
   * the worker, which makes it ahead after each reply of a finished run.
   */
  #takeAhead(before: TakenReply | null): void {
    const at = this.live;
    if (at === null || !at.finished || at.step >= at.total) return;
    const step = at.step + 1;
    const text = this.sessionText;
    const kernel = this.sessionKernel;
    const views = this.#sentViews;
    if (before !== null && before.step === step && before.text === text && before.kernel === kernel && before.views === views) {
      this.#ahead = before;
      return;
    }
    const asked = ++this.#aheadAsked;
    void this.client.ahead(step).then((r) => {
      if (asked !== this.#aheadAsked || r === null || r.kind !== 'snapshot' || r.snapshot.step !== step) return;
      this.#ahead = { step, reply: r, text, kernel, views };
    });
  }

  async #apply(reply: Reply, text: string | null, landing: SubLanding): Promise<void> {
    switch (reply.kind) {
      case 'snapshot': {
        const sub = this.sub;
        this.sessionText = text;
        // a view drawn for the first time (a link opens, a long run arrives) mounts in a task of its own,
        // after the console and the costs: all of it in one task was the 1M-statement run's long task
        const mounts = Object.keys(reply.frames).some((v) => this.frames[v as ViewId] === undefined);
        // what did not change since the last reply keeps its identity, so the page updates only what did
        this.snapshot = share(this.snapshot, reply.snapshot, SHARE_KEYS);
        if (mounts) {
          this.sub = 0;
          this.framesDue = true;
          await nextTask();
          this.framesDue = false;
        }
        this.frames = share(this.frames, reply.frames);
        const n = this.events;
        this.sub = typeof landing === 'number' ? Math.min(landing, n) : landing === 'first' ? Math.min(1, n) : landing === 'last' ? Math.max(0, n - 1) : landing === 'keep' ? Math.min(sub, n) : n;
        if (landing !== 'keep') this.inner = landing !== 'end' && this.sub > 0;
        if (reply.cancelled) {
          this.notify('run', `Run cancelled after ${reply.snapshot.total.toLocaleString('en')} operations. Step through what ran, or Run to go on.`);
        }
        return;
      }
      case 'parse_error':
        this.sessionText = null;
        this.playing = false;
        // a multi-CPU workload is not an error here: the page runs it with the Multi-CPU run panel (src/ui/smp)
        if (reply.error.code === 'multi_cpu_not_steppable') return;
        this.notify('run', `The workload does not parse: line ${reply.error.line}, column ${reply.error.column}: ${reply.error.message}`);
        return;
      case 'superseded':
      case 'no_session':
        return;
    }
  }

  /** Stops a long run; restarts the worker if it does not even answer. */
  async cancel(): Promise<void> {
    this.playing = false;
    this.#cancels++;
    this.#wakeOnCancel?.();
    this.#dropPending();
    if (!this.busy) return;
    await this.client.cancelRun();
  }

  togglePlay = (): void => {
    if (this.playing) {
      this.playing = false;
      return;
    }
    this.playing = true;
    void this.#play();
  };

  async #play(): Promise<void> {
    const s = this.live;
    if (s !== null && s.finished && s.step >= s.total) await this.go({ kind: 'step', step: 0 });
    let last = performance.now();
    let carry = 0;
    let chunk = 64;
    while (this.playing) {
      await frame();
      if (!this.playing) break;
      const now = performance.now();
      let by: number;
      if (this.speed === 'max') by = chunk;
      else {
        carry = Math.min(carry + ((now - last) / 1000) * this.speed, Math.max(1, this.speed / 4));
        by = Math.floor(carry);
        carry -= by;
      }
      last = now;
      if (by === 0) continue;
      const t0 = performance.now();
      await this.go({ kind: 'delta', by });
      const took = performance.now() - t0;
      if (this.speed === 'max') chunk = took < 25 ? chunk * 2 : took > 80 ? Math.max(1, chunk >> 1) : chunk;
      const at = this.live;
      if (at === null || (at.finished && at.step >= at.total)) this.playing = false;
    }
  }
}
