/**
 * The max_idx view's note on one of its events while stepping into an
 * operation: the bound on max_idx the search has narrowed down to, in the
 * index line's terms (the numbered marks of a binary search, the indices of
 * a step-down or walk, the max_idx mark). ipc_search_maxidx builds
 * r = max_idx + 1 from its top bit down: once bit b is decided the bits
 * below are open, so max_idx lies in r - 1 … r + 2^b - 2.
 */
import type { TraceEvent } from '../../../engine/trace';
import type { MaxidxModel } from '../../../engine/view/maxidx';
import type { ViewFrame } from '../types';
import { maxidx_at } from './maxidx_at';

const fmt = (n: number) => n.toLocaleString('en');

/** The note for event `sub` (1-based) of `frame`, `ev`; '' for an event it has nothing to add to. */
export function maxidxNote(frame: ViewFrame<MaxidxModel>, ev: TraceEvent, sub: number): string {
  const m = frame.after;
  if (ev.kind === 'maxidx_probe') {
    const lo = ev.r - 1;
    const hi = Math.min(m.limit, ev.r + 2 ** ev.bit - 2);
    const mark = `Mark ${fmt(maxidx_at(frame, sub).done)} on the index line, at idx ${fmt(ev.probe)}`;
    return lo === hi ? ` ${mark}: the search's bound is closed, max_idx = ${fmt(lo)}.` : ` ${mark}: the search now has max_idx in ${fmt(lo)} … ${fmt(hi)} (${fmt(hi - lo + 1)} candidates left).`;
  }
  if (ev.kind === 'maxidx_step') {
    if (m.variant === 'linear')
      return ev.hit
        ? ` On the index line: idx ${fmt(ev.idx)} is used, so the new max_idx is ${fmt(ev.idx)}.`
        : ` On the index line: idx ${fmt(ev.idx)} is empty, so max_idx < ${fmt(ev.idx)}: the bound comes down one.`;
    let seen = 0;
    for (let i = 0; i < sub; i++) {
      const e = frame.events[i]!;
      if (e.kind === 'maxidx_step' && e.hit) seen++;
    }
    return ` On the index line: ${fmt(seen)} of the ${fmt(m.in_use)} used indices seen so far${ev.hit ? `, so max_idx ≥ ${fmt(ev.idx)}` : ''}.`;
  }
  if (ev.kind === 'maxidx_result') {
    if (m.variant === 'none' || m.variant === 'search') return ` The view marks max_idx ${fmt(ev.max_idx)}: this call's answer, which no cache keeps.`;
    const old = (frame.before ?? m).max_idx;
    return old === ev.max_idx ? ` The max_idx mark stays at ${fmt(old)}.` : ` The max_idx mark moves from ${fmt(old)} to ${fmt(ev.max_idx)}.`;
  }
  return '';
}
