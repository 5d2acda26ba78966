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
 */

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

/** A deep copy of `value`, which must be plain data (see the file comment). */
export function plainCopy<T>(value: T): T {
  return copyOf(value, new Map()) as T;
}
