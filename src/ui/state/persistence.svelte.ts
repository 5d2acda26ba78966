/**
 * What outlives the page: the address bar (the state of a link, kept
 * current with history.replaceState, so no history entry per step) and the
 * local draft (saved a moment after each edit by the user, never by a
 * load). Also what the page opens with.
 *
 * Two tabs share one draft. When another tab saves a different one (the
 * `storage` event), a tab that has not been edited just offers it back; a
 * tab with edits of its own stops saving and asks which to keep, instead of
 * overwriting the other tab's draft with its next keystroke.
 */
import type { Playground } from '../playground.svelte';
import { fetchExample, TOUR } from '../gallery/examples';
import { DRAFT_KEY, loadDraft, saveDraft, type Draft } from './draft';
import { chooseStartup, type Startup } from './startup';
import { AddressBar, WINDOW_HASH } from './address_bar';
import { linkHashFor, linkedCompare, linkedOptions, type ChartsState, type CompareState, type PageMode, type SmpState, type UrlState } from './url_state';

const URL_DELAY_MS = 250;
const DRAFT_DELAY_MS = 400;

export class Persistence {
  readonly #pg: Playground;
  /** the multi-CPU run's settings, read for the link and set by a link (the page's SmpRunner) */
  readonly #smp: SmpState;
  draft = $state.raw<Draft | null>(loadDraft());
  /** the page has chosen what to open; from then on the address bar follows the state */
  started = $state(false);
  /** which page is shown */
  mode = $state<PageMode>('play');
  /** compare mode's kernels, step, views and view options (null until it was opened) */
  compare = $state.raw<CompareState | null>(null);
  /** the charts page's choices (it reports them; null until it did); a link carries them in charts mode */
  charts = $state.raw<ChartsState | null>(null);
  /** nothing was linked or drafted: the gallery is the landing view */
  firstVisit = $state(false);
  /** a draft another tab saved while this one had edits of its own: saving waits until the user chooses */
  otherTabDraft = $state.raw<Draft | null>(null);

  /** the address bar's hash: the page's own, or a link waiting for its hashchange */
  readonly #bar: AddressBar;
  /** the saves track() has waiting on a timer: the page going away (pagehide) does them at once, so an edit just before a reload or a close is kept */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- timers' callbacks, not state anything is drawn from
  readonly #due = new Set<() => void>();

  constructor(pg: Playground, smp: SmpState) {
    this.#pg = pg;
    this.#smp = smp;
    this.#bar = new AddressBar(WINDOW_HASH);
  }

  /** the draft differs from a text that was loaded, not typed: offer it back */
  get draftOffered(): boolean {
    return this.draft !== null && !this.#pg.editedSinceLoad && this.draft.workload !== this.#pg.text;
  }

  /** Keeps the address bar and the draft up to date; call while a component initialises. */
  track(): void {
    $effect(() => {
      if (!this.started) return;
      const state = this.#urlState();
      // a state too large for a link leaves the address bar without one: a reload opens the draft, not the tour with "too large"
      return this.#later(() => this.#bar.write(linkHashFor(state) ?? ''), URL_DELAY_MS);
    });
    $effect(() => {
      const text = this.#pg.text;
      if (this.otherTabDraft !== null) this.#unsaved = null;
      if (!this.#pg.editedSinceLoad || this.otherTabDraft !== null) return;
      this.#unsaved = text;
      return this.#later(() => this.#saveUnsaved(), DRAFT_DELAY_MS);
    });
    $effect(() => {
      const onPageHide = () => {
        for (const save of [...this.#due]) save();
      };
      window.addEventListener('pagehide', onPageHide);
      return () => window.removeEventListener('pagehide', onPageHide);
    });
    $effect(() => {
      // a text loaded over an edit before its save (an example that came as the user typed, a link): the edit is saved now.
      // The save used to go with the timer, and the last keystrokes with it: the draft offer could not give them back.
      void this.#pg.loadId;
      this.#saveUnsaved();
    });
    $effect(() => {
      const onStorage = (e: StorageEvent) => {
        if (e.key === DRAFT_KEY) this.onOtherTabDraft(loadDraft());
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    });
  }

  /** an edit whose draft is not saved yet (it is, DRAFT_DELAY_MS after the last keystroke, when a text is loaded over it, or at pagehide) */
  #unsaved: string | null = null;

  #saveUnsaved(): void {
    const text = this.#unsaved;
    this.#unsaved = null;
    if (text !== null && saveDraft(text)) this.draft = { v: 1, workload: text };
  }

  /** Does `save` in `ms` (or at pagehide, if sooner); returns what cancels it. */
  #later(save: () => void, ms: number): () => void {
    const run = () => {
      cancel();
      save();
    };
    const t = setTimeout(run, ms);
    const cancel = () => {
      clearTimeout(t);
      this.#due.delete(run);
    };
    this.#due.add(run);
    return cancel;
  }

  /** Another tab saved `draft` (null: it was removed). */
  onOtherTabDraft(draft: Draft | null): void {
    if (draft === null || draft.workload === this.#pg.text) {
      this.otherTabDraft = null;
      if (draft !== null) this.draft = draft;
      return;
    }
    if (this.#pg.editedSinceLoad && this.draft?.workload !== draft.workload) this.otherTabDraft = draft;
    else this.draft = draft;
  }

  /** Opens the other tab's draft in the editor (this tab's edits are dropped). */
  takeOtherTabDraft(): void {
    const d = this.otherTabDraft;
    if (d === null) return;
    this.otherTabDraft = null;
    this.draft = d;
    this.#pg.load(d.workload);
  }

  /** Keeps this tab's text as the draft, over the other tab's. */
  keepThisTabDraft(): void {
    this.otherTabDraft = null;
    const text = this.#pg.text;
    if (saveDraft(text)) this.draft = { v: 1, workload: text };
  }

  /**
   * Opens what `hash` links to, else the draft, else the tour; a link's step
   * is run to. `restoreCharts` gets a link's charts choices (before the run).
   */
  async start(hash: string, restoreCharts?: (charts: ChartsState) => void): Promise<void> {
    this.#bar.opened(hash);
    const s = chooseStartup(hash, this.draft, '');
    if (s.source === 'tour') {
      // a Run pressed before the tour comes is for the tour (Playground.arrive); a card or a link opened meanwhile wins over it,
      // and so does a mode chosen meanwhile (with the compare it opened), as a kernel or views do (Playground.arrive)
      const mode = this.mode;
      await this.#pg.arrive(this.#tour(), (tour) => this.#open({ ...s, workload: tour, ...(this.mode === mode ? {} : { mode: this.mode, compare: this.compare }) }, restoreCharts));
      this.started = true;
      return;
    }
    this.#open(s, restoreCharts);
    if (s.source === 'link') await this.#pg.toEvent(s.step, s.event);
  }

  /** Puts in place what the page opens with (start). */
  #open(s: Startup, restoreCharts?: (charts: ChartsState) => void): void {
    if (s.problem !== null) this.#pg.notify('link', s.problem);
    this.#pg.kernel = s.kernel;
    this.#pg.views = s.views;
    this.#pg.viewOptions = s.viewOptions;
    this.mode = s.mode;
    if (s.charts !== null) {
      this.charts = s.charts;
      restoreCharts?.(s.charts);
    }
    this.compare = s.compare;
    this.#smp.compareWith = s.smp.compareWith;
    this.#smp.constants = s.smp.constants;
    this.firstVisit = s.source === 'tour' && s.problem === null;
    this.#pg.load(s.workload);
    this.started = true;
  }

  /** The address bar changed: true when it was not this page (a pasted link), which the caller then opens with start(). */
  onHashChange(hash: string): boolean {
    return this.#bar.isNavigation(hash);
  }

  /** A link to the state right now (the address bar is brought up to date too); null when the state is too large for a link. */
  link(): string | null {
    const hash = linkHashFor(this.#urlState());
    this.#bar.write(hash ?? '');
    return hash === null ? null : location.href;
  }

  restoreDraft(): void {
    if (this.draft !== null) this.#pg.load(this.draft.workload);
  }

  #urlState(): UrlState {
    const pg = this.#pg;
    const state: UrlState = { v: 3, workload: pg.text, step: pg.step, event: pg.linkedEvent, views: pg.views, kernel: pg.kernel, mode: this.mode, compare: linkedCompare(this.compare, this.mode) };
    const viewOptions = linkedOptions(pg.viewOptions);
    if (viewOptions !== null) state.viewOptions = viewOptions;
    if (this.mode === 'charts' && this.charts !== null) state.charts = this.charts;
    const { compareWith, constants } = this.#smp;
    if (compareWith !== '' || constants !== '') state.smp = { compareWith, constants };
    return state;
  }

  async #tour(): Promise<string> {
    try {
      return await fetchExample(TOUR);
    } catch (e) {
      this.#pg.notify('link', `The tour could not be loaded (${e instanceof Error ? e.message : String(e)}).`);
      return '';
    }
  }
}
