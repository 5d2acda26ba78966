/**
 * The shape of the event → code table (event_code.ts) and of its parts, one
 * per mechanism (msg/events.ts, sem/events.ts, …): what a row reads (the
 * walk's CodeContext, code_context.ts) and what it gives (CodeAt).
 *
 * Glossary: `row` — one event kind's mechanism and its `at`, from the
 * event and the context to the function, pseudo-code line, callers and
 * why; `part` — the rows of one mechanism, `satisfies MechanismRows<M>`, so
 * a row of another mechanism or of a kind trace.ts does not have is a
 * compile error in the part; `via` — the callers between the entry and
 * `fn`, outermost first.
 */
import type { KernelConfig } from '../config';
import type { IdrOp, TraceEvent } from '../trace';
import type { Mechanism } from './event_code';
import type { FnName } from './listings';

/** The system call a statement enters the kernel through. */
export type EntryFn =
  | 'sys_msgget'
  | 'sys_msgsnd'
  | 'sys_msgrcv'
  | 'sys_msgctl'
  | 'sys_shmget'
  | 'sys_shmctl'
  | 'sys_shmat'
  | 'sys_shmdt'
  | 'sys_semget'
  | 'sys_semctl'
  | 'sys_semop'
  | 'sys_semtimedop'
  /** `@NAME exit` / `@NAME kill`: the task's exit (exit_sem) */
  | 'do_exit'
  | 'sys_read'
  | 'sys_write'
  | 'sys_getdents64'
  | 'rtnl_newlink'
  | 'rtnl_dellink'
  /** a statement this table does not know yet */
  | 'syscall';

/** What the walk over one operation's events knows when it reaches an event. */
export interface CodeContext {
  config: KernelConfig;
  /** the preset's release ('2.6.25' … '6.18'), for what a function was called then */
  release: string;
  entry: EntryFn;
  /** the statement is an *_INFO command */
  info: boolean;
  /** the IDR operation under way (the last idr_visit/idr_layer_visit) */
  idrOp: IdrOp | null;
  /** an ipc_rmid happened earlier in the operation */
  removed: boolean;
  /** a seq_file read is under way */
  seq: boolean;
  /** the last rb_case seen */
  rbCase: { op: 'insert' | 'erase'; n: number } | null;
  /** whose rb-tree the current insert descends (set from the events after it: procfs's insert ends in proc_register) */
  rbTree: 'procfs' | 'sysctl';
  /** the name the current rb-tree descent is about, and the order its comparisons follow (null: not known) */
  rbName: string | null;
  rbOrder: RbOrder | null;
}

/** How a directory's rb-tree orders names: procfs's proc_match (length first, 3.19+), /proc/sys's namecmp (lexical). */
export type RbOrder = 'length' | 'lexical';

export interface CodeAt {
  fn: FnName;
  /** a label of fn's listing */
  line: string;
  /** callers between the entry and fn, outermost first (names; listings.ts or CALLER_FILES says where they live) */
  via?: readonly string[];
  /** why the event happened, in one sentence */
  why: string;
}

type Row<K extends TraceEvent['kind']> = {
  mechanism: Mechanism;
  at: (ev: Extract<TraceEvent, { kind: K }>, c: CodeContext) => CodeAt;
};

/** One row per event kind: a kind without one is a compile error here. */
export type EventCodeTable = { [K in TraceEvent['kind']]: Row<K> };

/** The rows of mechanism `M`: some event kinds, each one's row tagged `M`. */
export type MechanismRows<M extends Mechanism> = { [K in TraceEvent['kind']]?: Row<K> & { mechanism: M } };

/**
 * The keys more than one of `Parts` has (never: none). The indexes join the
 * parts with spreads, where a key given twice would silently keep the last
 * one; `satisfies ... & Record<InTwoParts<...>, never>` makes it an error
 * naming the key.
 */
export type InTwoParts<Parts extends readonly object[]> = Parts extends readonly [infer H, ...infer T extends readonly object[]]
  ? (keyof H & { [I in keyof T]: keyof T[I] }[number]) | InTwoParts<T>
  : never;

/** `a` is an older release than `b` ('3.18' < '3.19' < '5.10'). */
export function before(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}
