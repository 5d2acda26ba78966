/**
 * The shared-memory model after the first `sub` events of an operation: the
 * model before it with each VMA open/close (the segment's new nattch), each
 * SHM_DEST mark (key 0) and each destruction applied, and the processes'
 * attachments of the model after once the operation's last shm event has
 * happened (the VMAs themselves are not in the events). All events give
 * the model after.
 */
import type { ShmModel } from '../../../engine/view/shm';
import type { ShmEvent, TraceEvent } from '../../../engine/trace';
import type { ViewFrame } from '../types';

export interface ShmAt {
  model: ShmModel;
  /** the event at `sub` when it is a shm event */
  event: ShmEvent | null;
  /** the segment that event is about */
  lit: number | null;
}

const SHM_KINDS: ReadonlySet<string> = new Set(['shm_attach', 'shm_vma_open', 'shm_vma_close', 'shm_dest', 'shm_destroy', 'shm_orphan']);

export const isShmEvent = (e: TraceEvent): e is ShmEvent => SHM_KINDS.has(e.kind);

export function shm_at(frame: ViewFrame<ShmModel>, sub: number): ShmAt {
  const cur = sub > 0 && sub <= frame.events.length ? frame.events[sub - 1]! : null;
  const event = cur !== null && isShmEvent(cur) ? cur : null;
  const lit = event === null ? null : event.id;
  const before = frame.before;
  let last = -1;
  frame.events.forEach((e, i) => {
    if (isShmEvent(e)) last = i;
  });
  if (before === null || sub >= frame.events.length || (last >= 0 && sub > last)) return { model: frame.after, event, lit };
  if (sub <= 0) return { model: before, event: null, lit: null };
  const segments = before.segments.map((s) => ({ ...s }));
  for (let i = 0; i < sub; i++) {
    const e = frame.events[i]!;
    if (!isShmEvent(e)) continue;
    const s = segments.find((x) => x.id === e.id);
    if (s === undefined) continue;
    if (e.kind === 'shm_vma_open' || e.kind === 'shm_vma_close' || e.kind === 'shm_attach') s.nattch = e.nattch;
    else if (e.kind === 'shm_dest') {
      s.dest = true;
      s.key = 0;
    } else if (e.kind === 'shm_destroy') segments.splice(segments.indexOf(s), 1);
    else s.creator = 0;
  }
  return { model: { ...before, segments, op: frame.after.op }, event, lit };
}
