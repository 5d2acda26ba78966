/**
 * What the page opens with: the state of a link (`#s=...`) when there is
 * one, else the local draft, else the tour. A link that cannot be read
 * opens the tour and says why; the draft is never the one thrown away.
 */
import type { KernelChoice } from '../../engine/api';
import type { Draft } from './draft';
import { decodeState, encodedFromHash } from './url_state';

export interface Startup {
  workload: string;
  step: number;
  views: string[];
  kernel: KernelChoice;
  source: 'link' | 'draft' | 'tour';
  /** why the link in the address bar was not opened */
  problem: string | null;
}

export function chooseStartup(hash: string, draft: Draft | null, tour: string): Startup {
  const encoded = encodedFromHash(hash);
  const base = { step: 0, views: [], kernel: {}, problem: null };
  if (encoded !== null) {
    const decoded = decodeState(encoded);
    if (decoded.ok) {
      const { workload, step, views, kernel } = decoded.state;
      return { workload, step, views, kernel, source: 'link', problem: null };
    }
    return { ...base, workload: tour, source: 'tour', problem: `${decoded.message} The tour opened instead.` };
  }
  if (draft !== null) return { ...base, workload: draft.workload, source: 'draft' };
  return { ...base, workload: tour, source: 'tour' };
}
