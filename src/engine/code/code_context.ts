/**
 * The walk over one operation's events that event_code.ts's rows read
 * (CodeContext): the statement's entry, the IDR operation under way, an
 * earlier removal, whose rb-tree an insert descends and the name a descent
 * is about. No listings here, so the views' narration (src/ui/views/narration.ts)
 * can use it from the page's main chunk; code_track.ts adds the code steps.
 *
 * Pure and deterministic: one pass per operation, plus a look ahead per
 * rb-tree descent. Simplified: the name a descent is about is not in its
 * rb_compare events (the engine traces the node compared with); it is the
 * name the descent ends on (an rb_compare that matched, the rb_link of the
 * new node, the rb_erase), kept only when that name and the order of its
 * directory give every comparison of the descent its direction.
 */
import type { KernelConfig } from '../config';
import type { TraceEvent } from '../trace';
import type { CodeContext, EntryFn, RbOrder } from './event_code';

/** What the walk starts from: the kernel, its release and the statement's source text. */
export interface CodeBase {
  config: KernelConfig;
  release: string;
  statement: string;
}

const CALLS: Record<string, EntryFn> = {
  msgget: 'sys_msgget',
  msgsnd: 'sys_msgsnd',
  msgrcv: 'sys_msgrcv',
  msgctl: 'sys_msgctl',
  shmget: 'sys_shmget',
  shmctl: 'sys_shmctl',
  shmat: 'sys_shmat',
  shmdt: 'sys_shmdt',
  semget: 'sys_semget',
  semctl: 'sys_semctl',
  semop: 'sys_semop',
  semtimedop: 'sys_semtimedop',
};

/** The system call a statement's text enters through ('syscall' for one this table does not know). */
export function entryOf(statement: string): EntryFn {
  const s = statement
    .replace(/^\s*@[A-Za-z_]\w*\s+/, '')
    .replace(/^\s*[A-Za-z_]\w*\s*=\s*/, '')
    .trimStart();
  if (/^(exit|kill)\b/.test(s)) return 'do_exit';
  const call = /^([a-z]+)\s*\(/.exec(s);
  if (call !== null) return CALLS[call[1]!] ?? 'syscall';
  if (/^cat\b/.test(s)) return 'sys_read';
  if (/^echo\b/.test(s)) return 'sys_write';
  if (/^ls\b/.test(s)) return 'sys_getdents64';
  if (/^ip\s+link\s+add\b/.test(s)) return 'rtnl_newlink';
  if (/^ip\s+link\s+del(ete)?\b/.test(s)) return 'rtnl_dellink';
  return 'syscall';
}

/** fs/proc/generic.c proc_match: a shorter name first, then bytes. */
function lengthFirst(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a === b ? 0 : a < b ? -1 : 1;
}
/** fs/proc/proc_sysctl.c namecmp: bytes over the common length, then the shorter first (plain lexicographic order). */
function lexical(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}
const ORDER: Readonly<Record<RbOrder, (a: string, b: string) => number>> = { length: lengthFirst, lexical };
/** After a descent, the events of the same insert or erase (what follows them says whose tree it was). */
const RB_AFTER = new Set<TraceEvent['kind']>(['rb_link', 'rb_case', 'rb_rotate', 'rb_recolour', 'rb_erase']);

/** What one rb-tree descent (a run of rb_compare from `i`) is about: the name and the order its comparisons follow. */
function descent(events: readonly TraceEvent[], i: number, tree: 'procfs' | 'sysctl'): { end: number; name: string | null; order: RbOrder | null } {
  let j = i;
  let name: string | null = null;
  while (j < events.length) {
    const e = events[j]!;
    if (e.kind !== 'rb_compare') break;
    j++;
    if (e.dir === 0) {
      name = e.key;
      break;
    }
  }
  const end = j;
  const next = events[j];
  if (name === null && (next?.kind === 'rb_link' || next?.kind === 'rb_erase')) name = next.key;
  // the directory's order: procfs's when its register, warning or removal follows the insert or erase
  while (j < events.length && RB_AFTER.has(events[j]!.kind)) j++;
  const k = events[j]?.kind;
  const procfs = tree === 'procfs' || k === 'proc_register' || k === 'proc_warn' || k === 'proc_remove';
  const fits = (o: RbOrder) => name !== null && events.slice(i, end).every((e) => e.kind === 'rb_compare' && Math.sign(ORDER[o](name, e.key)) === e.dir);
  const first: RbOrder = procfs ? 'length' : 'lexical';
  const order = fits(first) ? first : fits(first === 'length' ? 'lexical' : 'length') ? (first === 'length' ? 'lexical' : 'length') : null;
  return { end, name: order === null ? null : name, order };
}
const RB_INSERT = new Set<TraceEvent['kind']>(['rb_compare', 'rb_link', 'rb_case', 'rb_rotate', 'rb_recolour']);

/**
 * For each event of an rb-tree insert (its comparisons, link and fix-up),
 * whose tree it is: procfs's when proc_register (or its warning) comes right
 * after the insert, else a /proc/sys directory's. Other events: 'sysctl'.
 */
function rbTrees(events: readonly TraceEvent[]): Array<'procfs' | 'sysctl'> {
  const out = new Array<'procfs' | 'sysctl'>(events.length).fill('sysctl');
  let i = 0;
  while (i < events.length) {
    if (!RB_INSERT.has(events[i]!.kind)) {
      i++;
      continue;
    }
    let j = i;
    let linked = false;
    while (j < events.length && RB_INSERT.has(events[j]!.kind)) {
      const k = events[j]!.kind;
      if (k === 'rb_compare' && linked) break; // the next insert's descent
      if (k === 'rb_link') linked = true;
      j++;
    }
    const next = events[j]?.kind;
    if (next === 'proc_register' || next === 'proc_warn') out.fill('procfs', i, j);
    i = j;
  }
  return out;
}

export function startContext(base: CodeBase): CodeContext {
  return {
    config: base.config,
    release: base.release,
    entry: entryOf(base.statement),
    info: /_INFO\b/.test(base.statement),
    idrOp: null,
    removed: false,
    seq: false,
    rbCase: null,
    rbTree: 'sysctl',
    rbName: null,
    rbOrder: null,
  };
}

/** The walk's state at each event of one operation (what the event's row reads). */
export function codeContexts(events: readonly TraceEvent[], base: CodeBase): CodeContext[] {
  const trees = rbTrees(events);
  let c = startContext(base);
  const out: CodeContext[] = [];
  // the end of the descent whose subject is known
  let until = 0;
  events.forEach((ev, i) => {
    const next: Partial<CodeContext> = {};
    if (ev.kind === 'idr_visit' || ev.kind === 'idr_layer_visit' || ev.kind === 'idr_result' || ev.kind === 'idr_layer_result') next.idrOp = ev.op;
    else if (ev.kind === 'seq_read') next.seq = true;
    else if (ev.kind === 'rb_case') next.rbCase = { op: ev.op, n: ev.case };
    else if (ev.kind === 'rb_link' || ev.kind === 'rb_erase') next.rbCase = null;
    if (trees[i] !== c.rbTree) next.rbTree = trees[i]!;
    if (ev.kind === 'rb_compare' && i >= until) {
      const d = descent(events, i, trees[i]!);
      until = d.end;
      if (d.name !== c.rbName) next.rbName = d.name;
      if (d.order !== c.rbOrder) next.rbOrder = d.order;
    }
    if (Object.keys(next).length > 0) c = { ...c, ...next };
    out.push(c);
    // the removal is known to the events after it (the refresh of max_idx)
    if (ev.kind === 'ipc_rmid') c = { ...c, removed: true };
  });
  return out;
}
