/**
 * Structural sharing between the page's previous reply from the worker and
 * the next one: every part of `next` that equals the same part of `prev`
 * (plain data: objects, arrays, primitives) is replaced by `prev`'s object,
 * so that what did not change between two steps keeps its identity and the
 * page's reactive updates stop there (Svelte compares by identity: a view,
 * a table row or a console line whose data is the same object is not
 * updated). A structured clone from the worker makes every object new even
 * when nothing in it changed.
 *
 * `keyed` names arrays whose elements are matched by a key rather than by
 * position (the console's window of records shifts by one each step).
 */

type Keyed = Readonly<Record<string, string>>;

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
};

function shareArray(prev: readonly unknown[], next: unknown[], key: string | undefined, keyed: Keyed): unknown[] {
  let same = prev.length === next.length;
  if (key !== undefined) {
    const byKey = new Map<unknown, unknown>();
    for (const p of prev) if (isPlain(p)) byKey.set(p[key], p);
    for (let i = 0; i < next.length; i++) {
      const n = next[i];
      const old = isPlain(n) ? byKey.get(n[key]) : undefined;
      const s = old === undefined ? n : share(old, n, keyed);
      next[i] = s;
      if (s !== prev[i]) same = false;
    }
  } else {
    for (let i = 0; i < next.length; i++) {
      const s = i < prev.length ? share(prev[i], next[i], keyed) : next[i];
      next[i] = s;
      if (s !== prev[i]) same = false;
    }
  }
  return same ? (prev as unknown[]) : next;
}

/**
 * `next` with its parts equal to `prev`'s replaced by them (`prev` itself
 * when all of `next` equals it). `next` is taken over: its containers may
 * be changed in place. `keyed[name]` = the key of the elements of an array
 * held in a property `name`.
 */
export function share<T>(prev: unknown, next: T, keyed: Keyed = {}): T {
  if (prev === next) return next;
  if (Array.isArray(prev) && Array.isArray(next)) return shareArray(prev, next, undefined, keyed) as T;
  if (!isPlain(prev) || !isPlain(next)) return next;
  const into: Record<string, unknown> = next;
  let same = Object.keys(prev).length === Object.keys(into).length;
  for (const k of Object.keys(into)) {
    const n = into[k];
    const p = prev[k];
    const key = keyed[k];
    const s = Object.prototype.hasOwnProperty.call(prev, k) ? (key !== undefined && Array.isArray(p) && Array.isArray(n) ? shareArray(p, n, key, keyed) : share(p, n, keyed)) : n;
    into[k] = s;
    if (s !== p) same = false;
  }
  return same ? (prev as T) : next;
}
