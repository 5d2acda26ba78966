/**
 * The playground's state and the requests that change it. The worker's
 * snapshot is the one source of what ran; everything shown of the run is
 * derived from it.
 *
 * Requests go one at a time: while one is on its way, the next target
 * waits, and a newer one replaces it (two waiting relative steps add up),
 * so a fast scrub or a held key never queues up work in the worker.
 */
import type { KernelChoice, WorkloadError } from '../engine/api';
import {
  engine, EngineRestartedError, type EngineClient, type Progress, type Reply, type Snapshot, type Target,
} from './engine-client';

export type Speed = number | 'max';
export const SPEEDS: readonly Speed[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 'max'];

export interface Notice {
  id: number;
  kind: 'link' | 'run' | 'engine' | 'copy';
  text: string;
}

const normalize = (text: string) => text.replace(/\r\n?/g, '\n');

const frame = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 16);
  });

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
  /** the request on its way may run long (a run, run to cursor) */
  running = $state(false);
  progress = $state.raw<Progress | null>(null);
  playing = $state(false);
  speed = $state<Speed>(10);
  notices = $state.raw<Notice[]>([]);

  /** the editor's text differs from what the session ran */
  stale = $derived(this.sessionText !== this.text);
  /** the snapshot, when it is about the text in the editor */
  live = $derived(this.stale ? null : this.snapshot);
  step = $derived(this.live?.step ?? 0);
  runError = $derived(this.live?.error ?? null);

  #pending: Target | null = null;
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

  /** Shows `text` in the editor (a link, the draft, an example): not an edit. */
  load(text: string): void {
    this.text = normalize(text);
    this.loadId++;
    this.editedSinceLoad = false;
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

  run = () => this.go({ kind: 'end' });
  stepOver = () => this.go({ kind: 'delta', by: 1 });
  stepBack = () => this.go({ kind: 'delta', by: -1 });
  reset = () => this.go({ kind: 'step', step: 0 });
  toStep = (step: number) => this.go({ kind: 'step', step });
  runToCursor = () => this.go({ kind: 'line', line: this.cursorLine });

  /** Moves the run to `target`, starting a session first when the text changed. */
  go(target: Target): Promise<void> {
    if (this.#inflight !== null) {
      const p = this.#pending;
      this.#pending =
        p !== null && p.kind === 'delta' && target.kind === 'delta' ? { kind: 'delta', by: p.by + target.by } : target;
      return this.#inflight;
    }
    const done = this.#send(target).finally(() => {
      this.#inflight = null;
      this.busy = false;
      this.running = false;
      this.progress = null;
      const next = this.#pending;
      this.#pending = null;
      if (next !== null) void this.go(next);
    });
    this.#inflight = done;
    return done;
  }

  async #send(target: Target): Promise<void> {
    this.busy = true;
    this.running = target.kind === 'end' || target.kind === 'line' || this.stale;
    const text = this.text;
    try {
      let opened = this.stale;
      let reply = opened ? await this.client.openWorkload(text, this.kernel, target) : await this.client.navigate(target);
      if (reply.kind === 'no_session') {
        opened = true;
        reply = await this.client.openWorkload(text, this.kernel, target);
      }
      this.#apply(reply, opened ? text : this.sessionText);
    } catch (e) {
      if (!(e instanceof EngineRestartedError)) throw e;
      this.sessionText = null;
      this.playing = false;
      this.#pending = null;
      this.notify('engine', 'The engine did not answer, so it was restarted. Your workload is kept: press Run to start again.');
    }
  }

  #apply(reply: Reply, text: string | null): void {
    switch (reply.kind) {
      case 'snapshot':
        this.sessionText = text;
        this.snapshot = reply.snapshot;
        if (reply.cancelled) {
          this.notify('run', `Run cancelled after ${reply.snapshot.total.toLocaleString('en')} operations. Step through what ran, or Run to go on.`);
        }
        return;
      case 'parse_error':
        this.sessionText = null;
        this.playing = false;
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
    this.#pending = null;
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
