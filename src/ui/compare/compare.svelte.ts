/**
 * Compare mode: one workload on two kernels, each in a Playground with a
 * worker of its own, moved in lockstep: every move is an absolute step
 * sent to both, so the panes never drift apart (a pane whose run is
 * shorter stops at its end). The first divergence is searched by the left
 * pane's worker, which runs both kernels side by side (compare_runs.ts).
 */
import type { Divergence, DivergenceKind } from '../../engine/compare_runs';
import type { KernelChoice } from '../../engine/kernel_choice';
import { createEngineClient, EngineRestartedError, type EngineClient } from '../engine-client';
import { Playground } from '../playground.svelte';
import type { CompareState } from '../state/url_state';

export class CompareSession {
  readonly left: Playground;
  readonly right: Playground;
  divergence = $state.raw<Divergence | null>(null);
  /** which search `divergence` answers */
  divergenceKind = $state<DivergenceKind>('output');
  searching = $state(false);

  /** the step both panes are at (or are going to) */
  step = $state(0);
  // getters, not $derived fields: the panes are made in the constructor, after the fields (both are cheap to read again)
  get total(): number {
    return Math.max(this.left.snapshot?.total ?? 0, this.right.snapshot?.total ?? 0);
  }
  get busy(): boolean {
    return this.left.busy || this.right.busy || this.searching;
  }

  /** each pane with a worker of its own (the tests give fakes) */
  constructor(left: EngineClient = createEngineClient('ipcscope-left'), right: EngineClient = createEngineClient('ipcscope-right')) {
    this.left = new Playground(left);
    this.right = new Playground(right);
  }

  /** Loads `text` into both panes with the kernels, views and view options of `state`; call toStep to run. */
  open(text: string, state: CompareState): void {
    this.left.kernel = state.left;
    this.right.kernel = state.right;
    this.left.views = state.views[0];
    this.right.views = state.views[1];
    // a link's (or the last visit's) options, else none: a pane never keeps those of an earlier scenario
    this.left.viewOptions = state.viewOptions?.[0] ?? {};
    this.right.viewOptions = state.viewOptions?.[1] ?? {};
    this.left.load(text);
    this.right.load(text);
    this.step = state.step;
    this.divergence = null;
  }

  state(): CompareState {
    return {
      left: this.left.kernel,
      right: this.right.kernel,
      step: this.step,
      views: [this.left.views, this.right.views],
      viewOptions: [this.left.viewOptions, this.right.viewOptions],
    };
  }

  /** counts the moves: only the latest decides the step both panes end at (an earlier one answers with the panes short of it) */
  #moves = 0;

  async toStep(n: number): Promise<void> {
    const move = ++this.#moves;
    this.step = Math.max(0, n);
    await Promise.all([this.left.toStep(this.step), this.right.toStep(this.step)]);
    if (move !== this.#moves) return;
    const reached = Math.max(this.left.snapshot?.step ?? 0, this.right.snapshot?.step ?? 0);
    if (this.step > reached) this.step = reached;
  }

  stepOver = () => this.toStep(this.step + 1);
  stepBack = () => this.toStep(this.step - 1);
  reset = () => this.toStep(0);
  toEnd = async () => {
    const move = ++this.#moves;
    await Promise.all([this.left.run(), this.right.run()]);
    // a move pressed while the run was on its way: the panes end where it goes
    if (move !== this.#moves) return;
    this.step = Math.max(this.left.snapshot?.step ?? 0, this.right.snapshot?.step ?? 0);
    await this.toStep(this.step);
  };

  /** Changes one pane's kernel and runs it again to the current step. */
  async setKernel(side: 'left' | 'right', choice: KernelChoice): Promise<void> {
    this[side].kernel = choice;
    this.divergence = null;
    await this[side].toStep(this.step);
  }

  /** Finds the first operation where the panes differ (output, or also costs) and goes there. */
  async findDivergence(kind: DivergenceKind): Promise<void> {
    this.searching = true;
    try {
      const text = this.left.text;
      const [lk, rk] = [this.left.kernel, this.right.kernel];
      const d = await this.left.client.call((r) => r.firstDivergence(text, lk, rk, kind));
      this.divergence = d;
      this.divergenceKind = kind;
      if (d.step !== null) await this.toStep(d.step);
    } catch (e) {
      if (!(e instanceof EngineRestartedError)) throw e;
    } finally {
      this.searching = false;
    }
  }

  /** Stops what either pane is running. */
  async cancel(): Promise<void> {
    await Promise.all([this.left.cancel(), this.right.cancel()]);
  }
}
