import { describe, expect, it } from 'vitest';
import { bootMachine } from './api';
import { plainCopier, plainCopy } from './plain_copy';

describe('plainCopy', () => {
  it('copies deeply, keeping shared references and cycles as they are', () => {
    const shared = { id: 7n, name: 'q' };
    const node: Record<string, unknown> = { slots: [shared, null] };
    node.parent = node;
    const v = { a: shared, b: [shared], m: new Map([['k', shared]]), s: new Set([shared]), buf: Uint8Array.from([1, 2, 3]), node };
    const c = plainCopy(v);
    expect(c).toEqual(v);
    expect(c.a).not.toBe(shared);
    expect(c.b[0]).toBe(c.a);
    expect(c.m.get('k')).toBe(c.a);
    expect([...c.s][0]).toBe(c.a);
    expect(c.node.parent).toBe(c.node);
    c.buf[0] = 9;
    expect(v.buf[0]).toBe(1);
    expect(c.buf).toBeInstanceOf(Uint8Array);
  });

  it('refuses what structuredClone refuses or would not keep: functions and class instances', () => {
    expect(() => plainCopy({ f: () => 1 })).toThrow(/cannot copy a function/);
    class Thing {
      x = 1;
    }
    expect(() => plainCopy({ t: new Thing() })).toThrow(/cannot copy a Thing instance/);
  });

  it('makes the same copy of a kernel state as structuredClone', () => {
    const b = bootMachine('for i in 0..300 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nshmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\nip link add type ifb\n');
    if (!b.ok) throw new Error(b.error.message);
    b.machine.run.runToEnd();
    expect(plainCopy(b.machine.kernel.state)).toEqual(structuredClone(b.machine.kernel.state));
    expect(plainCopy(b.machine.run.state)).toEqual(structuredClone(b.machine.run.state));
  });

  it('a slice at a time (plainCopier) makes the same copy, sharing and cycles included, and leaves the original alone', () => {
    const b = bootMachine('for i in 0..300 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nshmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\nip link add type ifb\n');
    if (!b.ok) throw new Error(b.error.message);
    b.machine.run.runToEnd();
    const state = b.machine.kernel.state;
    const before = structuredClone(state);
    const c = plainCopier(state);
    let slices = 0;
    while (!c.step(100)) slices++;
    expect(slices).toBeGreaterThan(10);
    expect(c.result).toEqual(before);
    expect(state).toEqual(before);
    const shared = { id: 7n };
    const node: Record<string, unknown> = { slots: [shared, null] };
    node.parent = node;
    const v = { a: shared, m: new Map([['k', shared]]), s: new Set([shared]), node, buf: Uint8Array.from([1, 2]) };
    const one = plainCopier(v);
    while (!one.step(1));
    expect(one.result).toEqual(v);
    expect(one.result.m.get('k')).toBe(one.result.a);
    expect([...one.result.s][0]).toBe(one.result.a);
    expect(one.result.node.parent).toBe(one.result.node);
    expect(one.result.a).not.toBe(shared);
    expect(() => plainCopier({ x: [{ f: () => 1 }] }).step(Infinity)).toThrow(/cannot copy a function/);
  });
});
