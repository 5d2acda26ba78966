/**
 * A deep copy of plain data — what structuredClone makes of the kernel and
 * run state (objects, arrays, Maps, Sets, typed arrays, primitives), with
 * shared references and cycles kept as shared references and cycles (the
 * IDR slot and the key table point at one ipc object, a list node at its
 * parent) — made in memory, without structuredClone's serialisation round
 * trip. With 32768 queues a checkpoint restore takes about half the time
 * (api.ts's checkpointMachine / restoreMachine; measured in the commit
 * that brought it).
 *
 * Anything else (a function, a class instance with its own prototype)
 * is refused, as structuredClone refuses what it cannot clone, instead of
 * being shared between the copy and the original.
 *
 * The copy can also be made a slice at a time (plainCopier): each object
 * gets its empty copy when first reached and is filled later from a stack,
 * so a page's worker can copy a checkpoint of 32768 queues (a second of
 * work) between messages instead of in one block.
 */

// in one go, recursively: ~10% faster than plainCopier's stack (measured on 32768 queues)
function copyOf(v: unknown, memo: Map<object, unknown>): unknown {
  if (typeof v !== 'object' || v === null) {
    if (typeof v === 'function' || typeof v === 'symbol') throw new TypeError(`plainCopy: cannot copy a ${typeof v}`);
    return v;
  }
  const seen = memo.get(v);
  if (seen !== undefined) return seen;
  if (Array.isArray(v)) {
    const out: unknown[] = new Array(v.length);
    memo.set(v, out);
    for (let i = 0; i < v.length; i++) out[i] = copyOf(v[i], memo);
    return out;
  }
  if (v instanceof Map) {
    const out = new Map();
    memo.set(v, out);
    for (const [k, x] of v) out.set(copyOf(k, memo), copyOf(x, memo));
    return out;
  }
  if (v instanceof Set) {
    const out = new Set();
    memo.set(v, out);
    for (const x of v) out.add(copyOf(x, memo));
    return out;
  }
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const out = (v as unknown as Uint8Array).slice();
    memo.set(v, out);
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw new TypeError(`plainCopy: cannot copy a ${v.constructor?.name ?? 'class'} instance`);
  const out: Record<string, unknown> = {};
  memo.set(v, out);
  for (const k of Object.keys(v)) out[k] = copyOf((v as Record<string, unknown>)[k], memo);
  return out;
}

/** Makes the copy of one value a slice at a time; see plainCopier. */
export interface PlainCopier<T> {
  /** Copies about `budget` more fields (elements, entries, properties); true once the copy is complete. */
  step(budget: number): boolean;
  /** The copy: complete once step returned true. */
  readonly result: T;
}

/** A copier of `value` (plain data, see the file comment); nothing is copied before the first step. */
export function plainCopier<T>(value: T): PlainCopier<T> {
  const memo = new Map<object, unknown>();
  /** objects reached whose copy is still empty: original, copy, kind (0 object, 1 array, 2 Map, 3 Set) */
  const pending: unknown[] = [];
  const shell = (v: object): unknown => {
    let out: unknown;
    let kind = 0;
    if (Array.isArray(v)) {
      out = new Array(v.length);
      kind = 1;
    } else if (v instanceof Map) {
      out = new Map();
      kind = 2;
    } else if (v instanceof Set) {
      out = new Set();
      kind = 3;
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      out = (v as unknown as Uint8Array).slice();
      memo.set(v, out);
      return out;
    } else {
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) throw new TypeError(`plainCopy: cannot copy a ${v.constructor?.name ?? 'class'} instance`);
      out = {};
    }
    memo.set(v, out);
    pending.push(v, out, kind);
    return out;
  };
  const copy = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) {
      if (typeof v === 'function' || typeof v === 'symbol') throw new TypeError(`plainCopy: cannot copy a ${typeof v}`);
      return v;
    }
    const seen = memo.get(v);
    return seen !== undefined ? seen : shell(v);
  };
  const result = copy(value) as T;
  return {
    result,
    step(budget: number): boolean {
      while (pending.length > 0 && budget > 0) {
        const kind = pending.pop() as number;
        const out = pending.pop();
        const v = pending.pop() as object;
        if (kind === 1) {
          const src = v as unknown[];
          const a = out as unknown[];
          for (let i = 0; i < src.length; i++) a[i] = copy(src[i]);
          budget -= src.length + 1;
        } else if (kind === 2) {
          const m = out as Map<unknown, unknown>;
          for (const [k, x] of v as Map<unknown, unknown>) m.set(copy(k), copy(x));
          budget -= (v as Map<unknown, unknown>).size + 1;
        } else if (kind === 3) {
          const t = out as Set<unknown>;
          for (const x of v as Set<unknown>) t.add(copy(x));
          budget -= (v as Set<unknown>).size + 1;
        } else {
          const o = out as Record<string, unknown>;
          const keys = Object.keys(v);
          for (const k of keys) o[k] = copy((v as Record<string, unknown>)[k]);
          budget -= keys.length + 1;
        }
      }
      return pending.length === 0;
    },
  };
}

/** A deep copy of `value`, which must be plain data (see the file comment). */
export function plainCopy<T>(value: T): T {
  return copyOf(value, new Map()) as T;
}
