/**
 * What the page opens with: the state of a link (`#s=...`) when there is
 * one, else the local draft, else the tour. A link that cannot be read,
 * or whose fragment is not ours at all (`#w=…`, `#garbage`), opens the tour
 * and says why; the draft is never the one thrown away.
 * Kernel names in a link that this version does not know are left out,
 * and the problem says which; so are view options, charts choices or
 * multi-CPU settings that are malformed, a charts scenario this version
 * does not have, or a kernel to compare a multi-CPU run with that it does
 * not have.
 */
import { cleanChoice, type KernelChoice } from '../../engine/kernel_choice';
import { KERNEL_PRESETS } from '../../engine/presets';
import { reproductionFor } from '../../engine/reproductions';
import type { Draft } from './draft';
import { decodeState, encodedFromHash, type ChartsState, type SmpState, type UrlState } from './url_state';

/** What the page opens with: the link's state (every part present), or the draft's or the tour's. */
export type Startup = Required<Omit<UrlState, 'v' | 'charts'>> & {
  /** the charts page's choices from a link (null: the page keeps its own) */
  charts: ChartsState | null;
  source: 'link' | 'draft' | 'tour';
  /** why the link in the address bar was not opened, or what of it was ignored */
  problem: string | null;
};

function clean(choice: KernelChoice, ignored: string[]): KernelChoice {
  const r = cleanChoice(choice);
  ignored.push(...r.ignored);
  return r.choice;
}

const NO_SMP: SmpState = { compareWith: '', constants: '' };

export function chooseStartup(hash: string, draft: Draft | null, tour: string): Startup {
  const encoded = encodedFromHash(hash);
  const base = { step: 0, event: null, views: [], kernel: {}, mode: 'play' as const, compare: null, viewOptions: {}, charts: null, smp: { ...NO_SMP }, problem: null };
  if (encoded !== null) {
    const decoded = decodeState(encoded);
    if (decoded.ok) {
      const { workload, step, event, views, kernel, mode, compare, viewOptions = {} } = decoded.state;
      const ignored: string[] = [];
      const k = clean(kernel, ignored);
      const c = compare === null ? null : { ...compare, left: clean(compare.left, ignored), right: clean(compare.right, ignored) };
      const dropped = [...(decoded.dropped ?? [])];
      let charts = decoded.state.charts ?? null;
      if (charts !== null && charts.file !== '' && reproductionFor(charts.file) === undefined) {
        dropped.push(`the charts scenario ${JSON.stringify(charts.file.slice(0, 64))} (not one this ipcscope has)`);
        charts = null;
      }
      let smp = decoded.state.smp ?? { ...NO_SMP };
      if (smp.compareWith !== '' && !Object.hasOwn(KERNEL_PRESETS, smp.compareWith)) {
        dropped.push(`the kernel to compare the multi-CPU run with ${JSON.stringify(smp.compareWith)} (not one this ipcscope has)`);
        smp = { ...smp, compareWith: '' };
      }
      const problems = [
        ...(ignored.length === 0 ? [] : [`The link names kernel settings this ipcscope does not know; they were ignored: ${ignored.join('; ')}.`]),
        ...(dropped.length === 0 ? [] : [`Parts of the link could not be used and were ignored: ${dropped.join('; ')}.`]),
      ];
      const problem = problems.length === 0 ? null : problems.join(' ');
      return { workload, step, event, views, kernel: k, mode, compare: c, viewOptions, charts, smp, source: 'link', problem };
    }
    return { ...base, workload: tour, source: 'tour', problem: `${decoded.message} The tour opened instead.` };
  }
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment !== '') {
    const shown = JSON.stringify(fragment.length > 40 ? `${fragment.slice(0, 40)}…` : fragment);
    return { ...base, workload: tour, source: 'tour', problem: `The link was not understood: its part after # (${shown}) holds no ipcscope state (#s=…). The tour opened instead.` };
  }
  if (draft !== null) return { ...base, workload: draft.workload, source: 'draft' };
  return { ...base, workload: tour, source: 'tour' };
}
