/** What the /proc directory view shows, in words (the stage's aria-live text and the svg's label). */
import type { ProcModel } from '../../../engine/view/proc';
import type { ViewFrame } from '../types';
import { scan_at } from './name_scan';
import { frame_dir_events, proc_lit, proc_model_at } from './replay';

const fmt = (n: number) => n.toLocaleString('en');

export function describe_proc(frame: ViewFrame<ProcModel>, sub: number): string {
  const mine = frame_dir_events(frame);
  const m = proc_model_at(frame, sub, mine);
  const kind = m.impl === 'list' ? 'a linked list' : 'an rb-tree';
  const head = `/proc/${m.dir} holds ${fmt(m.entries)} entries in ${kind}.`;
  const e = proc_lit(frame, sub, mine).event;
  let now = '';
  if (e !== null) {
    if (e.kind === 'rb_compare') now = ` Comparing with ${e.key}: go ${e.dir < 0 ? 'left' : e.dir > 0 ? 'right' : 'no further, found'}.`;
    else if (e.kind === 'rb_link') now = ` ${e.key} is linked as a red leaf${e.parent === null ? ' at the root' : ` on the ${e.dir}`}.`;
    else if (e.kind === 'rb_rotate') now = ` Rotation ${e.dir}.`;
    else if (e.kind === 'rb_recolour') now = ` A node turns ${e.colour}.`;
    else if (e.kind === 'rb_case') now = ` ${e.op === 'insert' ? 'Insert' : 'Erase'} fix-up, case ${e.case}.`;
    else if (e.kind === 'rb_erase') now = ` ${e.key} is unlinked.`;
    else if (e.kind === 'list_step') now = ` The list walk passes ${e.key}.`;
  }
  const scan = scan_at(frame, sub);
  const s = frame.after.op;
  const steps = m.impl === 'list' ? s.list_steps : s.compares;
  const scanText =
    scan === null
      ? ''
      : ` The name scan examined ${fmt(scan.scanned)} devices${scan.done && scan.name !== null ? ` and chose ${scan.name}` : ''}; the whole operation took ${fmt(s.scan?.scanned ?? 0)} name-scan steps against ${fmt(steps)} directory steps.`;
  const capped = frame.dropped > 0 ? ` The trace stopped after ${fmt(frame.events.length)} events, so these counts are lower bounds.` : '';
  return head + now + scanText + capped;
}
