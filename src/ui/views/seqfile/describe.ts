/** What the seq_file view shows, in words. */
import type { SysvipcFindIpc } from '../../../engine/config';
import type { SeqfileModel } from '../../../engine/view/seqfile';
import type { ViewFrame } from '../types';
import { seq_at } from './seq_at';

export const FIND_TEXT: Record<SysvipcFindIpc, string> = {
  count: 'up to 5.14: every call counts the objects from index 0',
  maxidx: '5.15: idr_find from the position up to max_idx',
  get_next: '6.x: one idr_get_next per call',
};

const fmt = (n: number) => n.toLocaleString('en');

export function describe_seqfile(frame: ViewFrame<SeqfileModel>, sub: number): string {
  const m = frame.after;
  if (m.reads_total === 0) return `No read of ${m.path} in this operation; it lists ${fmt(m.objects)} objects (${FIND_TEXT[m.find]}).`;
  const at = seq_at(frame, sub);
  const filled = at.pages.map((p) => p.records);
  const head = `${m.path}: ${fmt(m.reads_total)} read() calls, ${fmt(m.totals.lookups)} IDR lookups in all (${FIND_TEXT[m.find]}).`;
  const pages = filled.length === 0 ? ' No page filled yet.' : ` Records per page so far: ${filled.slice(0, 12).join(', ')}${filled.length > 12 ? ', …' : ''}.`;
  const c = at.current;
  const now = c === null || at.complete ? '' : ` Now ${c.kind}() at position ${c.pos}${c.lookups > 0 ? `, ${fmt(c.lookups)} lookup${c.lookups === 1 ? '' : 's'} from index ${c.first}` : ''}.`;
  const note = sourceNote(frame);
  return head + pages + now + (note === '' ? '' : ` ${note[0]!.toUpperCase()}${note.slice(1)}.`);
}

/** Which reads are drawn event by event and which from the engine's counters ('' when the trace has them all). */
export function sourceNote(frame: ViewFrame<SeqfileModel>): string {
  const m = frame.after;
  if (frame.dropped === 0) return '';
  const cut = `the trace stopped after ${fmt(frame.events.length)} events`;
  if (m.reads_traced >= m.reads_total) return `${cut}: the reads are whole, the costs panel has the totals`;
  const traced = m.reads_traced === 0 ? 'no read() is drawn event by event' : `read() ${m.reads_traced === 1 ? '1 is' : `1–${m.reads_traced} are`} drawn event by event`;
  return `${cut}: ${traced}, read() ${m.reads_traced + 1}–${fmt(m.reads_total)} and the totals come from the engine's exact counters`;
}
