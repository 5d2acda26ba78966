/**
 * Interned micro-ops (machine.ts's MicroOp) and line names. A system call's
 * path is a list of a few dozen micro-ops, rebuilt for every statement a
 * task runs (millions per run); the ops themselves repeat (the same work,
 * the same lock of the same queue), so each distinct one is built once and
 * shared. Micro-ops are read-only once built: smp_run.ts only reads them.
 *
 * Every micro-op built here has all of MicroOp's fields (unused ones 0,
 * '' or false), so the event loop's `op.op`, `op.line`, ... read one
 * object shape instead of a dozen.
 *
 * The tables are keyed by plain values (a line name, a queue id, a CPU),
 * so sharing them between runs changes nothing a run computes; a table is
 * cleared when it grows past CACHE_LIMIT entries, so none grows without
 * bound.
 */
import type { Access } from './cacheline';
import { MICRO_OP_CODE, type MicroOp } from './machine';

const CACHE_LIMIT = 1 << 16;

type Fields = { ns: number; line: string; access: Access; count: number; lock: string; sem: string; write: boolean; task: number };
const NONE: Fields = { ns: 0, line: '', access: 'read', count: 1, lock: '', sem: '', write: false, task: -1 };

/**
 * A number for each line or lock name, so that a run finds the record of a
 * micro-op's line or lock in an array by this number (smp_run.ts's
 * lineRef) instead of in a Map by its name on every event. Numbers are
 * never reused: when the table is cleared (past CACHE_LIMIT names) a name
 * may get a second number, and a run maps both to the one record of that
 * name, which it looks up by name the first time it meets a number.
 */
const nameIds = new Map<string, number>();
let nextNameId = 0;
export function name_id(name: string): number {
  return intern(nameIds, name, () => nextNameId++);
}

/** A micro-op of the one shape (see the file comment), with the numbers (name_id) of its line and lock, -1 for none. */
export function micro<K extends MicroOp['op']>(op: K, fields: Partial<Fields> = {}): Extract<MicroOp, { op: K }> {
  const f = { ...NONE, ...fields };
  const line = f.line !== '' ? f.line : f.lock;
  return { op, code: MICRO_OP_CODE[op], ...f, line_id: line === '' ? -1 : name_id(line), lock_id: f.lock === '' ? -1 : name_id(f.lock) } as unknown as Extract<MicroOp, { op: K }>;
}

/** The micro-ops on one named line or lock: its three accesses and, as a spinlock, its lock and unlock. */
export interface LineOps {
  name: string;
  read: MicroOp;
  write: MicroOp;
  rmw: MicroOp;
  lock: MicroOp;
  unlock: MicroOp;
}

function lineOpsNew(name: string): LineOps {
  const a = (access: Access) => micro('access', { line: name, access });
  return { name, read: a('read'), write: a('write'), rmw: a('rmw'), lock: micro('spin_lock', { lock: name }), unlock: micro('spin_unlock', { lock: name }) };
}

function intern<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    v = make();
    cache.set(key, v);
  }
  return v;
}

const named = new Map<string, LineOps>();
const queues = new Map<number, LineOps>();
const percpu: LineOps[] = [];
const rq: string[] = [];
const wakes: MicroOp[] = [];

/** The micro-ops of the line or lock called `name`. */
export const lineOps = (name: string): LineOps => named.get(name) ?? intern(named, name, () => lineOpsNew(name));
/** A direct-mapped cache in front of `queues` (msqid mod its size): most calls find their queue's ops with no hashing. */
const QUEUE_SLOTS = 1024;
const queueSlotId = new Float64Array(QUEUE_SLOTS).fill(-1);
const queueSlot: (LineOps | null)[] = new Array<LineOps | null>(QUEUE_SLOTS).fill(null);
/** The spinlock (and line) of msg queue `msqid`: `msq:ID.lock`. */
export const queueOps = (msqid: number): LineOps => {
  const i = msqid & (QUEUE_SLOTS - 1);
  if (queueSlotId[i] === msqid) return queueSlot[i]!;
  const ops = queues.get(msqid) ?? intern(queues, msqid, () => lineOpsNew(`msq:${msqid}.lock`));
  queueSlotId[i] = msqid;
  queueSlot[i] = ops;
  return ops;
};
export const queueLock = (msqid: number): string => queueOps(msqid).name;
/** The line of CPU `cpu`'s percpu_counter slots: `percpu:CPU` (cpu < MAX_CPUS). */
export const percpuOps = (cpu: number): LineOps => (percpu[cpu] ??= lineOpsNew(`percpu:${cpu}`));
export const percpuLine = (cpu: number): string => percpuOps(cpu).name;
/** The line of CPU `cpu`'s run-queue lock: `rq:CPU`. */
export const runqueueLine = (cpu: number): string => (rq[cpu] ??= `rq:${cpu}`);
/** { op: 'wake', task } (task < 65536 × the task declarations) */
export const wake = (task: number): MicroOp => (wakes[task] ??= micro('wake', { task }));

export const END: MicroOp = micro('end');
export const SLEEP: MicroOp = micro('sleep');

const works = new Map<number, MicroOp>();
/** { op: 'work', ns } */
export const work = (ns: number): MicroOp => works.get(ns) ?? intern(works, ns, () => micro('work', { ns }));
