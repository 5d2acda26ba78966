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
import type { TraceEvent } from '../trace';
import { before, CALLER_FILES, EVENT_CODE, type CodeAt, type CodeContext, type Mechanism } from './event_code';
import { startContext, type CodeBase } from './code_context';
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

// the walk lives in code_context.ts (the narration reads it without the listings); re-exported
export { codeContexts, entryOf, type CodeBase } from './code_context';
// mechanismOf lives in event_code.ts (the page groups events without loading the listings); re-exported for the engine
export { mechanismOf } from './event_code';

/** The statement's entry, its first line highlighted (stepping over: the operation as one call). */
export function entryStep(base: CodeBase): CodeStep {
  const ctx = startContext(base);
  return stepOf({ fn: ctx.entry, line: 'entry', why: `${base.statement.trim()}: the operation as one system call; step into to walk its events.` }, ctx, 'ipc');
}
