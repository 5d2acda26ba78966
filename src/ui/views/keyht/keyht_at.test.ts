import { describe, expect, test } from 'vitest';
import type { KernelConfig } from '../../../engine/config';
import { extract_keyht, type KeyhtModel } from '../../../engine/view/keyht';
import { KEYS_49 } from '../../../engine/view/keyht.test-helper';
import { machineAt, traceNext } from '../../../engine/view/view.test-helper';
import type { ViewFrame } from '../types';
import { describeKeyht, keyht_at, keyText, lookupCount, otherLookup, tableSizeFor } from './keyht_at';

const WALK: Partial<KernelConfig> = { ipc_findkey: 'walk', ipc_idx_alloc: 'lowest' };

function frameOf(op: number, config: Partial<KernelConfig> = {}): ViewFrame<KeyhtModel> {
  const m = machineAt(KEYS_49, op - 1, config);
  const before = extract_keyht(m.kernel, [], {});
  const events = traceNext(m);
  return { step: op, events, dropped: 0, before, after: extract_keyht(m.kernel, events, {}) };
}

describe('keyht_at', () => {
  test('a hit lights its bucket and the keys compared, one by one, and knows the id at the end', () => {
    const f = frameOf(50);
    const end = keyht_at(f, f.events.length);
    expect(end.litBucket).toBe(end.op!.bucket);
    expect(end.steps.at(-1)).toMatchObject({ key: 0x424249, match: true });
    expect(end.found).not.toBe(null);
    const first = end.op!.steps[0]!.event;
    const mid = keyht_at(f, first + 1);
    expect(mid.steps).toHaveLength(1);
    expect(keyht_at(f, 0).op).toBe(null);
    expect(lookupCount(end)).toBe(`hash: bucket ${end.op!.bucket} of 128, ${end.steps.length} ${end.steps.length === 1 ? 'key' : 'keys'} compared → id ${end.found}`);
    // key 0x424249 is the 8th key: idx 7 on the ≤4.13 lowest-first allocation, 8 idr_find
    expect(otherLookup(end, f.before)).toBe('the ≤4.13 walk would call idr_find 8 times');
  });

  test('the insert that passes 75% draws the 128-bucket table after the resize, without lighting a bucket of the old one', () => {
    const f = frameOf(49);
    expect(keyht_at(f, 0).model.table!.size).toBe(64);
    const end = keyht_at(f, f.events.length);
    expect(end.model.table!.size).toBe(128);
    expect(end.op!.op).toBe('insert');
    expect(end.litBucket).toBe(null);
    expect(end.rehashed).toHaveLength(1);
    expect(otherLookup(end, f.before)).toBe('the ≤4.13 walk would call idr_find 48 times');
  });

  test('on the walk the steps come one index at a time, and a miss looks at every object', () => {
    const f = frameOf(51, WALK);
    const end = keyht_at(f, f.events.length);
    expect(end.walk.map((s) => s.idx)).toEqual([...Array(49).keys()]);
    expect(lookupCount(end)).toBe('walk: 49 idr_find, 49 key compares → not found');
    expect(otherLookup(end, f.before)).toBe("4.14's key rhashtable: one hash into 128 buckets, a chain of 0.38 keys on average");
    expect(keyht_at(f, end.walk[9]!.event + 1).walk).toHaveLength(10);
    expect(describeKeyht(f, f.events.length)).toBe('sem ids: 49 objects, no key table, walk up to idx 48. walk: 49 idr_find, 49 key compares → not found.');
  });

  test('tableSizeFor doubles from 64 while the keys pass 75%, and keys print as the workload writes them', () => {
    expect([tableSizeFor(48), tableSizeFor(49), tableSizeFor(31900)]).toEqual([64, 128, 65536]);
    expect([keyText(0x424242), keyText(-1)]).toEqual(['0x424242', '0xffffffff']);
  });
});
