/**
 * Where in the kernel's code one operation is, event by event: a walk over
 * the operation's trace that keeps what event_code.ts needs to know (the
 * IDR operation under way, an earlier removal, whose rb-tree an insert
 * descends), and the code step of any one event: function, pseudo-code
 * line, call stack with a source link per frame, and why it happened.
 *
 * Pure and deterministic. The walk is one pass per operation
 * (`codeContexts`); `codeStep` then costs one table row, so the page can
 * ask for the event on screen alone.
 */
import type { KernelConfig } from '../config';
import type { TraceEvent } from '../trace';
import { before, CALLER_FILES, EVENT_CODE, type CodeAt, type CodeContext, type EntryFn, type Mechanism } from './event_code';
import { LISTINGS, lineOf, type CodeListing, type FnName } from './listings';

export interface StackFrame {
  /** the function's name in the release shown */
  name: string;
  /** its source at that release on elixir.bootlin.com; null for what is not kernel code */
  href: string | null;
}

export interface CodeStep {
  fn: FnName;
  /** the function's name in the release shown */
  name: string;
  /** the highlighted pseudo-code line, 1-based */
  line: number;
  /** the entry first, `fn` last */
  stack: StackFrame[];
  mechanism: Mechanism;
  why: string;
}

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

/** The source of `file` at `release` on the cross-referencer (e.g. …/linux/v5.15/source/ipc/util.c). */
export function sourceHref(release: string, file: string): string {
  return `https://elixir.bootlin.com/linux/v${release}/source/${file}`;
}

/** The listing's name and file at `release` (what it was called before a rename). */
function asOf(l: CodeListing, release: string): { name: string; file: string | null } {
  if (l.older !== undefined && before(release, l.older.before)) return { name: l.older.name, file: l.older.file };
  return { name: l.name, file: l.file };
}

const isFn = (name: string): name is FnName => Object.hasOwn(LISTINGS, name);

function frame(name: string, release: string): StackFrame {
  if (isFn(name)) {
    const at = asOf(LISTINGS[name], release);
    return { name: at.name, href: at.file === null ? null : sourceHref(release, at.file) };
  }
  const file = CALLER_FILES[name];
  return { name, href: file === undefined ? null : sourceHref(release, file) };
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

function startContext(base: CodeBase): CodeContext {
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
  };
}

/** The walk's state at each event of one operation (what the event's row reads). */
export function codeContexts(events: readonly TraceEvent[], base: CodeBase): CodeContext[] {
  const trees = rbTrees(events);
  let c = startContext(base);
  const out: CodeContext[] = [];
  events.forEach((ev, i) => {
    const next: Partial<CodeContext> = {};
    if (ev.kind === 'idr_visit' || ev.kind === 'idr_layer_visit' || ev.kind === 'idr_result' || ev.kind === 'idr_layer_result') next.idrOp = ev.op;
    else if (ev.kind === 'seq_read') next.seq = true;
    else if (ev.kind === 'rb_case') next.rbCase = { op: ev.op, n: ev.case };
    else if (ev.kind === 'rb_link' || ev.kind === 'rb_erase') next.rbCase = null;
    if (trees[i] !== c.rbTree) next.rbTree = trees[i]!;
    if (Object.keys(next).length > 0) c = { ...c, ...next };
    out.push(c);
    // the removal is known to the events after it (the refresh of max_idx)
    if (ev.kind === 'ipc_rmid') c = { ...c, removed: true };
  });
  return out;
}

function stepOf(at: CodeAt, c: CodeContext, mechanism: Mechanism): CodeStep {
  const l = LISTINGS[at.fn];
  const names = [c.entry, ...(at.via ?? []), at.fn];
  const stack: StackFrame[] = [];
  for (const n of names) {
    const f = frame(n, c.release);
    if (stack[stack.length - 1]?.name !== f.name) stack.push(f);
  }
  const line = lineOf(at.fn, at.line);
  if (line === 0) throw new Error(`event_code: ${at.fn} has no line '${at.line}'`);
  return { fn: at.fn, name: asOf(l, c.release).name, line, stack, mechanism, why: at.why };
}

/** The code step of event `i` of an operation, given the walk's contexts. */
export function codeStep(events: readonly TraceEvent[], i: number, contexts: readonly CodeContext[]): CodeStep {
  const ev = events[i]!;
  const row = EVENT_CODE[ev.kind] as { mechanism: Mechanism; at: (e: TraceEvent, c: CodeContext) => CodeAt };
  return stepOf(row.at(ev, contexts[i]!), contexts[i]!, row.mechanism);
}

// mechanismOf lives in event_code.ts (the page groups events without loading the listings); re-exported for the engine
export { mechanismOf } from './event_code';

/** The statement's entry, its first line highlighted (stepping over: the operation as one call). */
export function entryStep(base: CodeBase): CodeStep {
  const ctx = startContext(base);
  return stepOf({ fn: ctx.entry, line: 'entry', why: `${base.statement.trim()}: the operation as one system call; step into to walk its events.` }, ctx, 'ipc');
}
