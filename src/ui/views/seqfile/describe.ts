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
  const capped = frame.dropped > 0 ? ` The trace stopped after ${fmt(frame.events.length)} events, so these counts cover its first part.` : '';
  return head + pages + now + capped;
}
