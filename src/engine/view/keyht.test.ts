import { describe, expect, it } from 'vitest';
import { rht_key_hashfn } from '../lib/rhashtable';
import { ipc_ids_of } from './ipc_ids';
import { extract_keyht, keyht_ops, KEYHT_WINDOW } from './keyht';
import { KEYS_49 } from './keyht.test-helper';
import { machineAt, traceNext } from './view.test-helper';

describe('extract_keyht', () => {
  it('gives the table of the sem ids after 48 keys: 64 buckets, 48 entries, grows above 48, shrinks below 19', () => {
    const m = machineAt(KEYS_49, 48);
    const model = extract_keyht(m.kernel, [], {});
    expect([model.ipc, model.variant, model.in_use, model.highest]).toEqual(['sem', 'rhashtable', 48, 47]);
    const t = model.table!;
    expect([t.size, t.nelems, t.grow_above, t.shrink_below, t.min_size, t.tables]).toEqual([64, 48, 48, 19, 4, 1]);
    // every bucket counted once, every entry once
    expect(t.histogram.reduce((a, b) => a + b, 0)).toBe(64);
    expect(t.histogram.reduce((a, n, len) => a + n * len, 0)).toBe(48);
    expect(t.density.reduce((a, b) => a + b, 0)).toBe(48);
    // the listed chains are the kernel's, head first
    const ht = ipc_ids_of(m.kernel, 'sem').key_ht!;
    expect(t.window_first).toBe(0);
    expect(t.chains).toHaveLength(KEYHT_WINDOW);
    for (const c of t.chains) expect(c.keys).toEqual((ht.tbl.buckets[c.bucket] ?? []).map((o) => o.key));
  });

  it('the 49th key grows the table to 128 buckets with a new seed; the window holds its bucket', () => {
    const m = machineAt(KEYS_49, 48);
    const events = traceNext(m);
    const model = extract_keyht(m.kernel, events, {});
    const t = model.table!;
    expect([t.size, t.nelems, t.tables, t.grow_above, t.shrink_below]).toEqual([128, 49, 2, 96, 38]);
    const ht = ipc_ids_of(m.kernel, 'sem').key_ht!;
    const b = rht_key_hashfn(ht.tbl, 0x424242 + 48);
    expect(t.window_first).toBe(Math.floor(b / KEYHT_WINDOW) * KEYHT_WINDOW);
    expect(t.chains.find((c) => c.bucket === b)!.keys).toContain(0x424242 + 48);
    const tr = keyht_ops(events, 'sem');
    expect(tr.ops.map((o) => [o.op, o.size])).toEqual([
      ['lookup', 64],
      ['insert', 64],
    ]);
    expect(tr.rehashes).toEqual([{ from: 64, to: 128, moved: 49, hash_rnd: ht.tbl.hash_rnd, event: expect.any(Number) }]);
    expect(tr.results).toEqual([{ key: 0x424242 + 48, id: null, event: expect.any(Number) }]);
  });

  it('a lookup that finds its key walks its chain up to it', () => {
    const m = machineAt(KEYS_49, 49);
    const events = traceNext(m);
    const tr = keyht_ops(events, 'sem');
    expect(tr.ops).toHaveLength(1);
    const op = tr.ops[0]!;
    const chain = ipc_ids_of(m.kernel, 'sem').key_ht!.tbl.buckets[op.bucket]!.map((o) => o.key);
    const at = chain.indexOf(0x424249);
    expect(op.steps.map((s) => s.key)).toEqual(chain.slice(0, at + 1));
    expect(op.steps.at(-1)!.match).toBe(true);
    expect(tr.results[0]!.id).not.toBe(null);
  });

  it("on 4.13 there is no table: the model gives the walk's extent and the events its steps", () => {
    const m = machineAt(KEYS_49, 49, { ipc_findkey: 'walk', ipc_idx_alloc: 'lowest' });
    expect(extract_keyht(m.kernel, [], {})).toEqual({ ipc: 'sem', variant: 'walk', in_use: 49, highest: 48, idx_bits: 15, table: null });
    const hit = keyht_ops(traceNext(m), 'sem');
    // key 0x424249 is at idx 7: idx 0 … 7 looked at
    expect(hit.walk.map((s) => s.idx)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(hit.walk.map((s) => s.match)).toEqual([false, false, false, false, false, false, false, true]);
    const miss = keyht_ops(traceNext(m), 'sem');
    expect(miss.walk).toHaveLength(49);
    expect(miss.results).toEqual([{ key: 0x4242ff, id: null, event: expect.any(Number) }]);
  });

  it('focus picks the window of another bucket', () => {
    const m = machineAt(KEYS_49, 49);
    expect(extract_keyht(m.kernel, [], { focus: 100 }).table!.window_first).toBe(96);
    expect(extract_keyht(m.kernel, [], { focus: 5000 }).table!.window_first).toBe(0);
  });
});
