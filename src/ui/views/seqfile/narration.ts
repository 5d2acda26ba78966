/**
 * The seq_file view's note on one of its events while stepping into a read:
 * the page the read fills, what the call read and why — start() and next()
 * find the object at the position through sysvipc_find_ipc (its IDR
 * lookups, as the kernel's variant makes them; position 0 is the header,
 * SEQ_START_TOKEN), show() only formats it, stop() ends the page. From the view's model, which saw every event.
 */
import type { TraceEvent } from '../../../engine/trace';
import type { SeqfileModel } from '../../../engine/view/seqfile';
import type { ViewFrame } from '../types';
import { FIND_TEXT } from './describe';
import { seq_at } from './seq_at';

const fmt = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string) => `${fmt(n)} ${one}${n === 1 ? '' : 's'}`;

/** The note for event `sub` (1-based) of `frame`, `ev`; '' for an event it has nothing to add to. */
export function seqfileNote(frame: ViewFrame<SeqfileModel>, ev: TraceEvent, sub: number): string {
  if (!ev.kind.startsWith('seq_')) return '';
  const m = frame.after;
  let path: string | null = null;
  let read = -1;
  for (let i = 0; i < sub; i++) {
    const e = frame.events[i]!;
    if (e.kind !== 'seq_read') continue;
    path = e.path;
    if (path === m.path) read++;
  }
  if (path !== m.path) return ` This read is of ${path ?? 'another file'}; the view draws ${m.path}: nothing moves here.`;
  const at = seq_at(frame, sub);
  const page = at.pages[read] ?? { records: 0, bytes: 0, discarded: 0 };
  const n = read + 1;
  if (ev.kind === 'seq_read') return ` Page ${n} of the view's ${fmt(m.reads_total)} opens: it fills with records until the ${fmt(ev.count)} bytes are reached or the file ends.`;
  const c = at.current;
  if (c === null || `seq_${c.kind}` !== ev.kind) return '';
  switch (c.kind) {
    case 'start':
    case 'next': {
      if (c.kind === 'start' && c.pos === 0) return ' start() at position 0 returns the header token (SEQ_START_TOKEN): no IDR lookup.';
      const looks = c.lookups === 0 ? 'no IDR lookup' : `${plural(c.lookups, 'IDR lookup')} (index ${fmt(c.first ?? 0)}${c.last !== c.first ? ` to ${fmt(c.last ?? 0)}` : ''})`;
      return ` ${c.kind}() looks for the object at position ${fmt(c.pos)} through sysvipc_find_ipc: ${looks}, because ${FIND_TEXT[m.find]}.`;
    }
    case 'show':
      return c.overflow
        ? ` Page ${n} keeps its ${plural(page.records, 'record')} (${plural(page.bytes, 'byte')}); the record is drawn as discarded and heads the next page.`
        : ` show() formats ${c.pos === 0 ? 'the header line' : 'the object start()/next() found'}, with no lookup of its own: page ${n} now holds ${plural(page.records, 'record')}, ${plural(page.bytes, 'byte')}.`;
    case 'stop':
      return ` Page ${n} is done: ${plural(page.records, 'record')}, ${plural(page.bytes, 'byte')} of the ${fmt(m.reads[read]?.size ?? 0)} asked for.`;
  }
}
