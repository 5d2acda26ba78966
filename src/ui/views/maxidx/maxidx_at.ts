/**
 * The max_idx view at an inner position: the index line of the model
 * (before the operation until its first event, after it from then on),
 * the cached max_idx (the old one until the search's result event has
 * happened) and the search's looks so far.
 */
import { maxidx_search, type MaxidxLook, type MaxidxModel } from '../../../engine/view/maxidx';
import type { ViewFrame } from '../types';

export interface MaxidxAt {
  model: MaxidxModel;
  /** the cached max_idx to show at this position */
  max_idx: number;
  /** all looks of the operation's search, and how many have happened */
  looks: MaxidxLook[];
  done: number;
  /** the search's result (null: no search in this operation) and whether it is known yet */
  result: number | null;
  resultShown: boolean;
  /** events of the operation not sent (a long step-down is cut) */
  dropped: number;
  /** looks of the whole search by the engine's counters (null: no aggregate); more than `looks` when the trace was cut */
  total: number | null;
}

export function maxidx_at(frame: ViewFrame<MaxidxModel>, sub: number): MaxidxAt {
  const after = frame.after;
  const n = frame.events.length;
  const model = sub === 0 && frame.before !== null ? frame.before : after;
  const s = maxidx_search(frame.events, after.ipc);
  const pos = Math.min(Math.max(sub, 0), n);
  const done = s.looks.filter((l) => l.event < pos).length;
  const resultShown = s.result_event >= 0 && s.result_event < pos;
  const before = frame.before ?? after;
  const max_idx = pos >= n ? after.max_idx : resultShown && s.result !== null ? s.result : before.max_idx;
  const c = after.counted;
  const total = c === null ? null : c.probes > 0 ? c.probes : c.steps;
  // a cut trace loses the result event: the counters say a search ran, the model after it says what it found
  const cut = s.result === null && frame.dropped > 0 && total !== null && total > 0;
  return { model, max_idx, looks: s.looks, done, result: cut ? after.max_idx : s.result, resultShown: cut ? pos >= n : resultShown, dropped: frame.dropped, total };
}

/** "binary search: 4 probes", "linear step-down: 6 idr_find", or null without a search. */
export function searchCount(at: MaxidxAt): string | null {
  const probing = at.looks.length > 0 ? at.looks[0]!.kind === 'probe' : (at.model.counted?.probes ?? 0) > 0;
  if (at.looks.length === 0 && !(at.total !== null && at.total > 0)) return at.result === null ? null : `max_idx refreshed to ${at.result} without a look`;
  const kind = probing ? 'binary search' : at.model.variant === 'none' ? 'walk from idx 0' : 'linear step-down';
  const unit = probing ? 'probes' : 'idr_find';
  const fmt = (n: number) => n.toLocaleString('en');
  if (at.total !== null && at.total > at.looks.length)
    return `${kind}: ${fmt(at.total)} ${unit} (the engine's exact counters; the first ${fmt(at.looks.length)} drawn event by event, the trace stopped there)`;
  const more = at.dropped > 0 && at.total === null ? ` (the first ${fmt(at.looks.length)} recorded; ${fmt(at.dropped)} more events not sent)` : '';
  return `${kind}: ${fmt(at.looks.length)} ${unit}${more}`;
}

/**
 * What the other refresh would cost for this removal: from the cached
 * max_idx `old` down to the result, ipc_maxidx_step_down looks at old-1 …
 * result (old - result idr_find; old of them when nothing is left), and
 * ipc_search_maxidx(old - 1) makes ⌊log2(old)⌋ + 1 probes. Null when the
 * operation ran neither.
 */
export function otherSearch(at: MaxidxAt, old: number): string | null {
  if (at.result === null || old <= 0 || at.looks.length === 0) return null;
  if (at.looks[0]!.kind === 'probe') {
    const steps = at.result >= 0 ? old - at.result : old;
    return `the linear step-down of 4.17–5.13 would look at ${steps.toLocaleString('en')} indices`;
  }
  if (at.model.variant !== 'linear') return null;
  return `the binary search of 5.14+ would make ${31 - Math.clz32(old) + 1} probes`;
}

export const VARIANT_TEXT: Record<MaxidxModel['variant'], string> = {
  none: 'no cache (2.6.25 – 4.16): every *_INFO walks the ids',
  linear: 'cached, linear step-down on removal (4.17 – 5.13)',
  bsearch: 'cached, binary ipc_search_maxidx on removal (5.14+)',
  search: 'no cache, binary search on every *_INFO (rejected experiment)',
};

export function describeMaxidx(frame: ViewFrame<MaxidxModel>, sub: number): string {
  const at = maxidx_at(frame, sub);
  const count = searchCount(at);
  const cur = at.done > 0 ? at.looks[at.done - 1]! : null;
  const look =
    cur === null
      ? ''
      : cur.kind === 'probe'
        ? ` Probe ${at.done}: bit ${cur.bit}, idr_get_next from ${cur.at} ${cur.hit === null ? 'finds nothing' : `finds ${cur.hit}`}.`
        : ` Look ${at.done}: idx ${cur.at} ${cur.hit === null ? 'is empty' : 'is used'}.`;
  return `${at.model.ipc} ids: ${at.model.in_use} in use, max_idx ${at.max_idx}, limit ${at.model.limit}.${count === null ? '' : ` ${count}.`}${look}`;
}
