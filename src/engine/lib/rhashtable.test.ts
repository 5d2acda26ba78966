import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import type { TraceEvent } from '../trace';
import { plainCopy } from '../plain_copy';
import { jhash_1word } from './jhash';
import { HASH_DEFAULT_SIZE, rht_chain_lengths, rht_key_hashfn, rhashtable_init, rhashtable_insert_fast, rhashtable_lookup_fast, rhashtable_remove_fast, type Rhashtable } from './rhashtable';

interface Obj {
  key: number;
  id: number;
}

function table(n: number, shrink = true): { ht: Rhashtable<Obj>; objs: Obj[] } {
  const ht = rhashtable_init<Obj>('sem', { automatic_shrinking: shrink });
  const objs: Obj[] = [];
  for (let i = 0; i < n; i++) {
    const o = { key: 0x424242 + i, id: i };
    objs.push(o);
    rhashtable_insert_fast(ht, o);
  }
  return { ht, objs };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('rhashtable', () => {
  it('rhashtable_init makes 64 empty buckets, min_size 4, seeded with jhash2 of the table number', () => {
    const ht = rhashtable_init<Obj>('sem');
    expect([ht.tbl.size, ht.min_size, ht.nelems, ht.tables]).toEqual([HASH_DEFAULT_SIZE, 4, 0, 1]);
    expect(ht.tbl.hash_rnd).toBe(jhash_1word(0, 0));
    expect(rhashtable_init<Obj>('x', { nelem_hint: 1000 }).tbl.size).toBe(2048);
    expect(rhashtable_init<Obj>('x', { min_size: 100 }).min_size).toBe(128);
  });

  it('grows to twice the size on the insert that passes 75%: 48 keys stay in 64 buckets, the 49th makes 128', () => {
    const { ht } = table(48);
    expect(ht.tbl.size).toBe(64);
    rhashtable_insert_fast(ht, { key: 1, id: 99 });
    expect([ht.tbl.size, ht.nelems, ht.tables]).toEqual([128, 49, 2]);
    expect(sum(rht_chain_lengths(ht))).toBe(49);
  });

  it('after 31,900 keys the table has 65,536 buckets (24,576 < 31,900 ≤ 49,152) and every key is found', () => {
    const { ht, objs } = table(31900);
    expect(ht.tbl.size).toBe(65536);
    const p = newProbe();
    for (const o of objs) expect(rhashtable_lookup_fast(ht, o.key, p)).toBe(o);
    // one hash per lookup, and chains short: about 1.24 compares per hit at load 0.49
    expect(p.costs.rht_hash).toBe(31900);
    expect(p.costs.rht_compares / 31900).toBeLessThan(1.5);
    expect(Math.max(...rht_chain_lengths(ht))).toBeLessThan(10);
  });

  it('a lookup compares along the chain from its head, one compare per entry, and misses with null', () => {
    const { ht } = table(40);
    const lengths = rht_chain_lengths(ht);
    const b = lengths.indexOf(Math.max(...lengths));
    const chain = ht.tbl.buckets[b]!;
    const p = newProbe();
    expect(rhashtable_lookup_fast(ht, chain[chain.length - 1]!.key, p)).toBe(chain[chain.length - 1]);
    expect(p.costs.rht_compares).toBe(chain.length);
    const miss = newProbe();
    expect(rhashtable_lookup_fast(ht, 7, miss)).toBe(null);
    expect(miss.costs.rht_compares).toBe(lengths[rht_key_hashfn(ht.tbl, 7)]);
  });

  it('inserts at the head of the chain', () => {
    const ht = rhashtable_init<Obj>('sem');
    const key = 5;
    const b = rht_key_hashfn(ht.tbl, key);
    // find a second key in the same bucket
    let other = 6;
    while (rht_key_hashfn(ht.tbl, other) !== b) other++;
    const a = { key, id: 0 };
    const c = { key: other, id: 1 };
    rhashtable_insert_fast(ht, a);
    rhashtable_insert_fast(ht, c);
    expect(ht.tbl.buckets[b]).toEqual([c, a]);
  });

  it('with automatic_shrinking a removal below 30% shrinks to roundup_pow_of_two(nelems * 3/2)', () => {
    const { ht, objs } = table(49); // 128 buckets
    // 128 * 3 / 10 = 38: the removal that leaves 37 shrinks to roundup(55) = 64
    for (let i = 0; i < 11; i++) rhashtable_remove_fast(ht, objs[i]!);
    expect([ht.nelems, ht.tbl.size]).toEqual([38, 128]);
    rhashtable_remove_fast(ht, objs[11]!);
    expect([ht.nelems, ht.tbl.size]).toEqual([37, 64]);
    for (const o of objs.slice(12)) expect(rhashtable_lookup_fast(ht, o.key)).toBe(o);
    for (const o of objs.slice(0, 12)) expect(rhashtable_lookup_fast(ht, o.key)).toBe(null);
  });

  it('emptied, it ends at min_size; without automatic_shrinking it keeps its size', () => {
    const { ht, objs } = table(200);
    for (const o of objs) expect(rhashtable_remove_fast(ht, o)).toBe(0);
    expect([ht.nelems, ht.tbl.size]).toEqual([0, 4]);
    const kept = table(200, false);
    for (const o of kept.objs) rhashtable_remove_fast(kept.ht, o);
    expect(kept.ht.tbl.size).toBe(512);
  });

  it('removing an object that is not in the table returns -ENOENT and changes nothing', () => {
    const { ht } = table(3);
    expect(rhashtable_remove_fast(ht, { key: 0x424242, id: 77 })).toBe(-2);
    expect(ht.nelems).toBe(3);
  });

  it("a resize keeps each chain's order among the entries that stay together, and traces the move", () => {
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    const { ht } = table(48);
    rhashtable_insert_fast(ht, { key: 1, id: 99 }, p);
    const rehash = events.find((e) => e.kind === 'rht_rehash');
    expect(rehash).toEqual({ kind: 'rht_rehash', name: 'sem', from: 64, to: 128, nelems: 49, moved: 49, hash_rnd: jhash_1word(1, 0) });
    expect(p.costs.rht_rehashes).toBe(1);
    expect(p.costs.rht_rehash_moves).toBe(49);
    // every entry sits in the bucket its key hashes to under the new seed
    ht.tbl.buckets.forEach((chain, b) => {
      for (const o of chain ?? []) expect(rht_key_hashfn(ht.tbl, o.key)).toBe(b);
    });
  });

  it('is plain data: a copy answers every lookup with its own objects', () => {
    const { ht } = table(100);
    const copy = plainCopy(ht);
    for (let i = 0; i < 100; i++) expect(rhashtable_lookup_fast(copy, 0x424242 + i)!.id).toBe(i);
    expect(structuredClone(ht)).toEqual(ht);
  });
});
