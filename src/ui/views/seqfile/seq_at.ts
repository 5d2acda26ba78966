/**
 * A /proc/sysvipc read as far as "step into" has gone: how many of the
 * operation's seq_file calls have happened after `sub` events, the pages
 * filled so far and the call in progress. The calls themselves (with their
 * lookups) come from the extractor, which saw every event.
 */
import type { SeqCall, SeqfileModel } from '../../../engine/view/seqfile';
import type { ViewFrame } from '../types';

export interface PageAt {
  records: number;
  bytes: number;
  discarded: number;
}

export interface SeqAt {
  /** calls done (index into model.calls when below its length) */
  done: number;
  pages: PageAt[];
  /** the last call done, if the model kept it */
  current: SeqCall | null;
  complete: boolean;
}

/** seq_file calls of the model's file among the first `sub` events. */
function calls_done(frame: ViewFrame<SeqfileModel>, sub: number): number {
  const path = frame.after.path;
  let inFile = false;
  let n = 0;
  for (let i = 0; i < sub && i < frame.events.length; i++) {
    const e = frame.events[i]!;
    if (e.kind === 'seq_read') inFile = e.path === path;
    else if (inFile && (e.kind === 'seq_start' || e.kind === 'seq_next' || e.kind === 'seq_show' || e.kind === 'seq_stop')) n++;
  }
  return n;
}

export function seq_at(frame: ViewFrame<SeqfileModel>, sub: number): SeqAt {
  const m = frame.after;
  if (sub >= frame.events.length) {
    return {
      done: m.calls_total,
      pages: m.reads.map((r) => ({ records: r.records, bytes: r.bytes, discarded: r.discarded })),
      current: m.calls_total > 0 && m.calls_total <= m.calls.length ? m.calls[m.calls_total - 1]! : null,
      complete: true,
    };
  }
  const done = calls_done(frame, sub);
  const pages: PageAt[] = [];
  const kept = Math.min(done, m.calls.length);
  for (let i = 0; i < kept; i++) {
    const c = m.calls[i]!;
    while (pages.length <= c.read) pages.push({ records: 0, bytes: 0, discarded: 0 });
    if (c.kind !== 'show') continue;
    const p = pages[c.read]!;
    if (c.overflow) p.discarded++;
    else if (c.bytes > 0) {
      p.records++;
      p.bytes += c.bytes;
    }
  }
  return { done, pages, current: done > 0 && done <= m.calls.length ? m.calls[done - 1]! : null, complete: false };
}
