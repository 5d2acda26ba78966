/**
 * One narration line per trace event, for the view it is shown under: why
 * the event happened (the sentence of the engine's event → code table,
 * src/engine/code/event_code.ts, which names the key, the branch and the
 * rule), what the view does with it (a node drawn as a count, an rb-tree
 * that is another directory's), and, for an event another view draws,
 * where it is instead of a repeat of this view's last line.
 *
 * Pure: the sentence comes from the frame's events and the kernel alone
 * (the text is checked against the engine's events, not the page's state).
 * EVENT_NOUN is exhaustive over the event kinds, as EVENT_CODE is: a new
 * kind without its words is a compile error here.
 */
import type { TraceEvent } from '../../engine/trace';
import { EVENT_CODE, MECHANISM_VIEW, mechanismOf, type CodeAt, type CodeContext } from '../../engine/code/event_code';
import { codeContexts, type CodeBase } from '../../engine/code/code_context';
import { configForChoice, type KernelChoice } from '../../engine/kernel_choice';
import { DEFAULT_PRESET } from '../../engine/presets';
import { IDR_STRIPS_PER_LEVEL, type IdrModel, type IdrStrip } from '../../engine/view/idr';
import type { ProcModel } from '../../engine/view/proc';
import type { ShmModel } from '../../engine/view/shm';
import type { PercpuModel } from '../../engine/view/percpu';
import { KEYHT_CHAIN_KEYS, KEYHT_WINDOW, type KeyhtModel } from '../../engine/view/keyht';
import type { ViewFrame, ViewId } from './types';
import { frame_dir_events } from './proc/replay';
import { maxidxNote } from './maxidx/narration';
import { semNote } from './sem/narration';
import { seqfileNote } from './seqfile/narration';

/** Each event kind as a noun phrase, for "this event is …, drawn in the … view". */
export const EVENT_NOUN = {
  stmt_begin: "the statement's entry into the kernel",
  stmt_end: "the system call's return",
  idr_visit: 'an IDR node visit',
  idr_slot: 'an IDR slot test',
  idr_grow: 'an IDR root growing',
  idr_shrink: 'an IDR root shrinking',
  idr_node_new: 'a new IDR node',
  idr_node_free: 'an IDR node freed',
  idr_tag: 'an IDR_FREE mark change',
  idr_store: 'an IDR slot store',
  idr_result: "an IDR call's result",
  idr_layer_visit: 'an idr_layer visit',
  idr_layer_new: 'a new idr_layer',
  idr_layer_grow: 'an idr_layer tree growing',
  idr_layer_drop: 'an idr_layer tree shrinking',
  idr_layer_release: 'an idr_layer released',
  idr_layer_prealloc: 'an idr_pre_get refill',
  idr_layer_trim: 'a free-list trim',
  idr_layer_bit: 'an idr_layer bitmap change',
  idr_layer_store: 'an idr_layer slot store',
  idr_layer_warning: 'an idr_remove warning',
  idr_layer_result: "an idr_layer call's result",
  ipc_idr_alloc: 'the choice of an ipc index',
  ipc_addid: "an ipc id's making",
  ipc_findkey: 'a key lookup',
  ipc_findkey_step: 'a step of the key walk',
  ipc_rmid: 'an ipc object removed',
  maxidx_probe: 'a probe of the max_idx binary search',
  maxidx_step: 'a step of the max_idx walk',
  maxidx_result: 'the new max_idx',
  msg_send: 'a message sent',
  msg_recv: 'a message received',
  msg_block: 'a task going to sleep on a queue',
  msg_wake: 'a queue waking a task',
  sem_lock: 'a semaphore lock taken',
  sem_unlock: 'the global semaphore lock dropped',
  sem_merge: "waiters merged into the array's list",
  sem_perform: 'a try of semaphore operations',
  sem_sleep: 'a task going to sleep on a semaphore',
  sem_scan: 'a scan of sleeping semaphore operations',
  sem_wake: 'a semaphore sleeper woken',
  sem_semadj: 'a SEM_UNDO adjustment',
  sem_undo_alloc: 'an undo structure allocated',
  sem_exit: "exit_sem's undo",
  sem_count: 'a GETNCNT/GETZCNT count',
  shm_attach: 'a segment attached',
  shm_vma_open: 'a shared mapping opened',
  shm_vma_close: 'a shared mapping closed',
  shm_dest: 'a segment marked SHM_DEST',
  shm_destroy: 'a segment destroyed',
  shm_orphan: 'a segment orphaned',
  rht_bucket: 'a key-table bucket chosen',
  rht_step: 'a key-table chain step',
  rht_rehash: 'a key-table rehash',
  seq_read: 'a read() of a seq_file',
  seq_start: 'a seq_file start()',
  seq_next: 'a seq_file next()',
  seq_show: 'a seq_file show()',
  seq_stop: 'a seq_file stop()',
  rb_compare: 'an rb-tree comparison',
  rb_link: 'an rb-tree link',
  rb_rotate: 'an rb-tree rotation',
  rb_recolour: 'an rb-tree recolour',
  rb_case: 'an rb-tree fix-up case',
  rb_erase: 'an rb-tree erase',
  list_step: 'a step of a /proc list walk',
  proc_register: 'a /proc entry registered',
  proc_remove: 'a /proc entry removed',
  proc_warn: 'a procfs warning',
  getdents: 'a getdents call',
  dev_name_scan: 'a step of the device-name scan',
  dev_name_alloc: 'a device name chosen',
  netdev_register: 'a net device registered',
  netdev_unregister: 'a net device unregistered',
  rtnl_request: 'a netlink request',
  percpu_add: 'a per-CPU counter add',
  percpu_fold: 'a per-CPU counter fold',
  percpu_sum: 'a per-CPU counter sum',
  atomic_add: 'an atomic_t add',
  atomic_read: 'an atomic_t read',
  smp_cpu: 'a CPU interval',
  smp_line: 'a cache-line transfer',
  smp_lock: 'a lock event',
  smp_op: "a task's system call",
  smp_wake: 'a wake-up between CPUs',
} as const satisfies { readonly [K in TraceEvent['kind']]: string };

const fmt = (n: number) => n.toLocaleString('en');

/** What the narration starts from: the kernel the page runs and the current statement's text. */
export function narrationBase(kernel: KernelChoice, statement: string | null): CodeBase {
  return { config: configForChoice(kernel), release: kernel.preset ?? DEFAULT_PRESET, statement: statement ?? '' };
}

// one walk per operation (every open view narrates the same events)
const walks = new WeakMap<readonly TraceEvent[], { key: string; contexts: CodeContext[] }>();
function contextsOf(events: readonly TraceEvent[], base: CodeBase): CodeContext[] {
  const key = `${base.release}\n${base.statement}\n${JSON.stringify(base.config)}`;
  const hit = walks.get(events);
  if (hit !== undefined && hit.key === key) return hit.contexts;
  const contexts = codeContexts(events, base);
  walks.set(events, { key, contexts });
  return contexts;
}

/** Why event `i` of the operation happened (the event → code table's sentence). */
export function whyOf(events: readonly TraceEvent[], i: number, base: CodeBase): string {
  const ev = events[i]!;
  const row = EVENT_CODE[ev.kind] as { at: (e: TraceEvent, c: CodeContext) => CodeAt };
  return row.at(ev, contextsOf(events, base)[i]!).why;
}

const nodeOf = (ev: TraceEvent): number | null =>
  ev.kind.startsWith('idr_layer_') && 'layer' in ev ? ev.layer : ev.kind.startsWith('idr_') && 'node' in ev && typeof ev.node === 'number' ? ev.node : null;

const IDR_STRIPS_TEXT = `${IDR_STRIPS_PER_LEVEL} strips`;

function idrStrip(frame: ViewFrame<IdrModel>, id: number): IdrStrip | undefined {
  return frame.after.strips.find((s) => s.id === id) ?? frame.before?.strips.find((s) => s.id === id);
}

/** The IDR view: the ids the event's slot covers, and a node the view folds into a count. */
function idrNote(frame: ViewFrame<IdrModel>, ev: TraceEvent): string {
  const node = nodeOf(ev);
  if (node === null) return '';
  const s = idrStrip(frame, node);
  if (s === undefined) {
    const where = frame.after.focus === null ? '' : ' or outside the zoomed subtree';
    return ` Node ${node} is not drawn as a strip: the view keeps ${IDR_STRIPS_TEXT} a level (the operation's path first)${where}, so it is inside its parent's count.`;
  }
  const offset = 'offset' in ev && typeof ev.offset === 'number' && ev.offset < s.count ? ev.offset : null;
  let note = '';
  if (offset !== null && s.unit > 1) {
    const lo = s.first + offset * s.unit;
    note += ` Slot ${offset} of node ${node} covers ids ${fmt(lo)}–${fmt(lo + s.unit - 1)} (${fmt(s.unit)} each at level ${s.level}).`;
  }
  if (s.hidden > 0) {
    note += ` ${fmt(s.hidden)} of its children (${fmt(s.hidden_entries)} ids) are drawn as one count, not strip by strip: at most ${IDR_STRIPS_TEXT} a level.`;
  }
  return note;
}
/** The /proc view: whether the event's tree is the directory drawn, and what a cut tree leaves out. */
function procNote(frame: ViewFrame<ProcModel>, ev: TraceEvent): string {
  if (!ev.kind.startsWith('rb_') && ev.kind !== 'list_step') return '';
  const dir = `/proc/${frame.after.dir}`;
  if (!frame_dir_events(frame).includes(ev)) return ` This happens in another directory's tree, not in ${dir}, which the view draws: nothing moves here.`;
  return frame.after.cut ? ` ${dir} is too big to draw whole: the view keeps its top levels and the nodes this operation touches, the rest as counts.` : '';
}

/** The shared-memory view: segments and processes past the ones drawn. */
function shmNote(frame: ViewFrame<ShmModel>, ev: TraceEvent): string {
  if (!('id' in ev) || !ev.kind.startsWith('shm_')) return '';
  const m = frame.after;
  const drawn = m.segments.some((s) => s.id === ev.id) || frame.before?.segments.some((s) => s.id === ev.id);
  return drawn || m.more_segments === 0 ? '' : ` Segment ${ev.id} is among the ${fmt(m.more_segments)} not drawn one by one (the view lists the first segments).`;
}

/** The per-CPU view: a CPU past the cells drawn. */
function percpuNote(frame: ViewFrame<PercpuModel>, ev: TraceEvent): string {
  if (!('cpu' in ev) || !('counter' in ev)) return '';
  const drawn = frame.after.counters[0]?.locals.length ?? 0;
  return ev.cpu < drawn ? '' : ` CPU ${ev.cpu} is past the ${fmt(drawn)} CPUs drawn: its cell is not shown, but it is in the sum.`;
}

/** The key-table view: a bucket outside the window listed, a chain longer than the keys shown. */
function keyhtNote(frame: ViewFrame<KeyhtModel>, ev: TraceEvent): string {
  if (ev.kind !== 'rht_bucket' && ev.kind !== 'rht_step') return '';
  const chains = frame.after.table?.chains ?? [];
  const chain = chains.find((c) => c.bucket === ev.bucket);
  if (chain === undefined) return ` Bucket ${ev.bucket} is outside the ${KEYHT_WINDOW} buckets listed: the histogram and the density strip count it.`;
  if (ev.kind === 'rht_step' && ev.pos >= KEYHT_CHAIN_KEYS) return ` Entry ${ev.pos} is past the first ${KEYHT_CHAIN_KEYS} keys a row lists.`;
  return '';
}

/** What a view adds to the sentence of one of its own events (`sub`: the event's 1-based place in the frame). */
const VIEW_NOTE = {
  idr: idrNote,
  proc: procNote,
  shm: shmNote,
  percpu: percpuNote,
  keyht: keyhtNote,
  seqfile: seqfileNote,
  sem: semNote,
  maxidx: maxidxNote,
} satisfies { readonly [V in ViewId]: (frame: ViewFrame<never>, ev: TraceEvent, sub: number) => string };

export interface NarrationPlace {
  /** the views drawn beside this one */
  shown: readonly ViewId[];
  /** a view's title, for "drawn in the … view" */
  title: (id: ViewId) => string;
}

/**
 * The narration line of the event at `sub` (events[sub - 1]) of `frame` in
 * `view`; null when no event is current (before the operation's first).
 */
export function narrate(view: ViewId, frame: ViewFrame, sub: number, base: CodeBase, place: NarrationPlace): string | null {
  if (sub <= 0 || sub > frame.events.length) return null;
  const ev = frame.events[sub - 1]!;
  const why = whyOf(frame.events, sub - 1, base);
  const owner = MECHANISM_VIEW[mechanismOf(ev.kind)];
  const at = `Event ${fmt(sub)} (${ev.kind}):`;
  if (owner === view) return `${at} ${why}${(VIEW_NOTE[view] as (f: ViewFrame, e: TraceEvent, sub: number) => string)(frame, ev, sub)}`;
  if (owner === null) return `${at} ${why} No view draws ${EVENT_NOUN[ev.kind]}; the kernel-code panel shows where it runs.`;
  const there = place.shown.includes(owner) ? 'beside this one' : 'open its tab above';
  return `${at} this is ${EVENT_NOUN[ev.kind]}, drawn in the ${place.title(owner)} view (${there}), not here. ${why}`;
}
