import { describe, expect, it } from 'vitest';
import { share } from './share';

describe('share', () => {
  it('keeps the previous object for every equal part, and the new one where something changed', () => {
    const prev = { step: 1, costs: { a: 1, b: 2 }, list: [{ x: 1 }, { x: 2 }], deep: { same: { v: [1, 2] } } };
    const next = { step: 2, costs: { a: 1, b: 2 }, list: [{ x: 1 }, { x: 3 }], deep: { same: { v: [1, 2] } } };
    const out = share(prev, structuredClone(next));
    expect(out).toEqual(next);
    expect(out).not.toBe(prev);
    expect(out.costs).toBe(prev.costs);
    expect(out.deep).toBe(prev.deep);
    expect(out.list).not.toBe(prev.list);
    expect(out.list[0]).toBe(prev.list[0]);
    expect(out.list[1]).not.toBe(prev.list[1]);
  });

  it('returns the previous value itself when everything is equal', () => {
    const prev = { a: [1, { b: 'c' }], n: null, u: undefined };
    expect(share(prev, structuredClone(prev))).toBe(prev);
  });

  it('sees added, removed and renamed properties and changed lengths', () => {
    expect(share({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(share({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    const prev = { a: 1 };
    expect(share(prev, { b: 1 })).not.toBe(prev);
    const arr = [1, 2];
    expect(share(arr, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(share(arr, [1])).not.toBe(arr);
  });

  it('matches the elements of a keyed array by key, not by position (a window that moved by one)', () => {
    const prev = {
      records: [
        { op: 1, t: 'a' },
        { op: 2, t: 'b' },
        { op: 3, t: 'c' },
      ],
    };
    const next = {
      records: [
        { op: 2, t: 'b' },
        { op: 3, t: 'C' },
        { op: 4, t: 'd' },
      ],
    };
    const out = share(prev, structuredClone(next), { records: 'op' });
    expect(out).toEqual(next);
    expect(out.records[0]).toBe(prev.records[1]);
    expect(out.records[1]).not.toBe(prev.records[2]);
    expect(out.records[2]).toEqual({ op: 4, t: 'd' });
    // by position nothing lines up
    const plain = share(prev, structuredClone(next));
    expect(plain.records[0]).not.toBe(prev.records[1]);
  });

  it('does not share across types or class instances', () => {
    const d = new Date(0);
    expect(share({ d }, { d: new Date(0) }).d).not.toBe(d);
    const arr: unknown = [1];
    expect(share(arr, { 0: 1 })).toEqual({ 0: 1 });
    expect(share(1, 1)).toBe(1);
    expect(share('x', 'y')).toBe('y');
  });
});
