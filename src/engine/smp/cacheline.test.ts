import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cacheline_access, cacheline_hit, cacheline_new } from './cacheline';
import { smpConstants } from './constants';
import { cpu_distance, fabric_distance, fabric_new, fabric_transfer_ns, nr_cpu_ids, topology_core_id, topology_physical_package_id, transfer_ns } from './topology';

const T = { sockets: 2, cores: 40, threads: 2 };
const C = smpConstants('icelake');
const F = fabric_new(T, C);

describe('topology', () => {
  it('numbers CPUs like Linux on a two-socket SMT machine: sockets first, then the sibling threads', () => {
    expect(nr_cpu_ids(T)).toBe(160);
    expect([0, 39, 40, 79, 80, 120, 159].map((c) => topology_physical_package_id(T, c))).toEqual([0, 0, 1, 1, 0, 1, 1]);
    expect(topology_core_id(T, 80)).toBe(0);
    expect([cpu_distance(T, 0, 0), cpu_distance(T, 0, 80), cpu_distance(T, 0, 39), cpu_distance(T, 0, 40)]).toEqual(['local', 'smt', 'socket', 'remote']);
  });

  it('gives the same distances and transfer times from its per-CPU tables (fabric_new) as from the arithmetic', () => {
    const cpus = [-1, 0, 1, 39, 40, 79, 80, 119, 120, 159];
    for (const a of cpus.slice(1)) {
      for (const b of cpus) {
        if (b >= 0) expect(fabric_distance(F, a, b)).toBe(cpu_distance(T, a, b));
        expect(fabric_transfer_ns(F, b, a)).toBe(transfer_ns(T, C, b, a));
      }
    }
    const odd = { sockets: 3, cores: 5, threads: 4 };
    const f = fabric_new(odd, C);
    for (let a = 0; a < nr_cpu_ids(odd); a++) for (let b = 0; b < nr_cpu_ids(odd); b++) expect(fabric_transfer_ns(f, a, b)).toBe(transfer_ns(odd, C, a, b));
  });
});

describe('cacheline_access', () => {
  it('fetches a line from memory once, then hits', () => {
    const l = cacheline_new('x');
    expect(cacheline_access(F, l, 0, 'rmw', 0)).toEqual({ end: 80 + 7.5, stall: 80, work: 7.5, how: 'memory', from: -1, rereads: [] });
    expect(cacheline_access(F, l, 0, 'rmw', 100)).toEqual({ end: 107.5, stall: 0, work: 7.5, how: null, from: 0, rereads: [] });
    expect(l.transfers).toEqual({ smt: 0, socket: 0, remote: 0, memory: 1 });
  });

  it('charges the SMT, socket and cross-socket transfer of an owned line', () => {
    const l = cacheline_new('x');
    cacheline_access(F, l, 0, 'write', 0);
    expect(cacheline_access(F, l, 80, 'write', 1000).stall).toBe(10);
    expect(cacheline_access(F, l, 1, 'write', 2000).stall).toBe(50);
    expect(cacheline_access(F, l, 40, 'write', 3000).stall).toBe(110);
    expect(l.transfers).toEqual({ smt: 1, socket: 1, remote: 1, memory: 1 });
    expect(l.owner).toBe(40);
  });

  it('serves the transfers of one line one after the other, reads as well as writes', () => {
    const l = cacheline_new('x');
    cacheline_access(F, l, 0, 'write', 0);
    // two CPUs of socket 0 write at t = 1000: the second waits for the first transfer
    expect(cacheline_access(F, l, 1, 'rmw', 1000).stall).toBe(50);
    expect(cacheline_access(F, l, 2, 'rmw', 1000).stall).toBe(100);
    // readers after the writes: the first waits for the last write, the second for the first read
    expect(cacheline_access(F, l, 3, 'read', 1100).stall).toBe(50);
    expect(cacheline_access(F, l, 4, 'read', 1100).stall).toBe(100);
    expect(l.owner).toBe(-1);
    expect(l.sharers).toEqual([2, 3, 4]);
    // a sharer reading again hits; a sharer writing invalidates the others (farthest copy)
    expect(cacheline_access(F, l, 3, 'read', 2000).stall).toBe(0);
    expect(cacheline_access(F, l, 3, 'write', 2000).stall).toBe(50);
    expect(l.sharers).toEqual([]);
  });
});

describe('spinners', () => {
  it("re-read the line one after the other after every write, and the writer's next write waits for them", () => {
    const l = cacheline_new('lock');
    cacheline_access(F, l, 0, 'write', 0);
    l.spinners = [1, 2, 3];
    // CPU 0 owns the line: its write is a hit, then CPUs 1, 2, 3 fetch it in turn (50 ns each, in-socket)
    const w = cacheline_access(F, l, 0, 'write', 1000);
    expect(w.rereads.map((r) => [r.cpu, r.at, r.from, r.how])).toEqual([
      [1, 1051.5, 0, 'socket'],
      [2, 1101.5, 0, 'socket'],
      [3, 1151.5, 0, 'socket'],
    ]);
    expect(l.sharers).toEqual([0, 1, 2, 3]);
    // the writer's next store must invalidate the three copies: it queues behind the re-reads
    const again = cacheline_access(F, l, 0, 'write', 1002);
    expect(again.end - again.work).toBe(1151.5 + 50);
    expect(again.rereads.map((r) => r.cpu)).toEqual([1, 2, 3]);
  });
  it('cacheline_hit takes only the hits that change nothing but the count, and counts nothing otherwise', () => {
    const l = cacheline_new('x');
    // cached nowhere: a miss
    expect(cacheline_hit(C, l, 0, 'read', 1)).toBe(-1);
    expect(l.accesses).toBe(0);
    cacheline_access(F, l, 0, 'rmw', 0);
    // owned by CPU 0: its rmw (twice, back to back) and reads are hits; CPU 1's are not
    expect(cacheline_hit(C, l, 0, 'rmw', 2)).toBe(2 * (C.locked_rmw + C.l1_hit));
    expect(cacheline_hit(C, l, 0, 'read', 1)).toBe(C.l1_hit);
    expect(cacheline_hit(C, l, 1, 'read', 1)).toBe(-1);
    expect(l.accesses).toBe(4);
    // shared by 0 and 1: reads hit, a write (an upgrade) goes through cacheline_access
    cacheline_access(F, l, 1, 'read', 1000);
    expect(cacheline_hit(C, l, 1, 'read', 1)).toBe(C.l1_hit);
    expect(cacheline_hit(C, l, 0, 'write', 1)).toBe(-1);
    // an owner's write with spinners sends them re-reading: not a plain hit
    cacheline_access(F, l, 0, 'write', 2000);
    l.spinners = [1];
    expect(cacheline_hit(C, l, 0, 'write', 1)).toBe(-1);
    expect(cacheline_hit(C, l, 0, 'read', 1)).toBe(C.l1_hit);
  });
});

describe('the sharer flags', () => {
  it('say of every CPU exactly whether it is in the sharer list, whatever the accesses and spinners, and the list never repeats a CPU', () => {
    // each command: an access (CPU, kind, count) or a spinner starting (CPU) or stopping (the first); CPUs of two cores on each of two sockets
    const four = fabric_new({ sockets: 2, cores: 2, threads: 2 }, C);
    const command = fc.oneof(
      fc.tuple(fc.constant('access' as const), fc.integer({ min: 0, max: 7 }), fc.constantFrom('read' as const, 'write' as const, 'rmw' as const), fc.integer({ min: 1, max: 2 })),
      fc.tuple(fc.constant('spin' as const), fc.integer({ min: 0, max: 7 })),
      fc.constant('unspin' as const),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 200 }), (commands) => {
        const l = cacheline_new('x', 8);
        let t = 0;
        for (const c of commands) {
          if (c === 'unspin') l.spinners.shift();
          else if (c[0] === 'spin') {
            if (!l.spinners.includes(c[1])) l.spinners.push(c[1]);
          } else t = cacheline_access(four, l, c[1], c[2], t, c[3]).end;
          expect(Array.from(l.shared)).toEqual(Array.from({ length: 8 }, (_, cpu) => (l.sharers.includes(cpu) ? 1 : 0)));
          expect(new Set(l.sharers).size).toBe(l.sharers.length);
        }
      }),
    );
  });
});
