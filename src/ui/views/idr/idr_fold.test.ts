import { describe, expect, test } from 'vitest';
import { extract_idr, type IdrModel } from '../../../engine/view/idr';
import { machineAt, traceNext } from '../../../engine/view/view.test-helper';
import type { KernelConfig } from '../../../engine/config';
import type { ViewFrame } from '../types';
import { idr_at } from './idr_fold';
import { idr_layout, LEVEL_GAP, STRIP_W, stripH } from './idr_layout';
import { describeIdr } from './describe';
import { resolveConfig } from '../../../engine/presets';

const MANY = (n: number) => `repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n`;

function frameOf(text: string, step: number, config: Partial<KernelConfig> = {}): ViewFrame<IdrModel> {
  const m = machineAt(text, step - 1, config);
  const before = extract_idr(m.kernel, [], {});
  const events = traceNext(m);
  return { step, events, dropped: 0, before, after: extract_idr(m.kernel, events, {}) };
}

describe('idr_at', () => {
  test('sub 0 is the model before and sub = events.length the model after', () => {
    const f = frameOf(MANY(2), 2);
    expect(idr_at(f, 0).model).toBe(f.before);
    expect(idr_at(f, f.events.length).model).toBe(f.after);
    expect(idr_at(f, 0).lit.node).toBe(null);
  });

  test('the 65th msgget grows the tree: new head, grow, new leaf, then its slot 0 reserved and published', () => {
    const f = frameOf(MANY(65), 65);
    const kinds = f.events.map((e) => e.kind);
    expect(kinds.slice(0, 4)).toEqual(['idr_node_new', 'idr_grow', 'idr_visit', 'idr_node_new']);
    const atGrow = idr_at(f, 2).model;
    expect(atGrow.height).toBe(2);
    expect(atGrow.strips.map((s) => [s.id, s.level, s.parent])).toEqual([
      [1, 1, null],
      [0, 0, 1],
    ]);
    expect(atGrow.strips[0]!.slots).toBe('c' + '.'.repeat(63));
    const store = kinds.indexOf('idr_store');
    const reserved = idr_at(f, store + 1);
    expect(reserved.model.strips.find((s) => s.id === 2)!.slots).toBe('n' + '.'.repeat(63));
    expect(reserved.lit).toMatchObject({ node: 2, slot: 0, visited: [1, 2] });
    // every intermediate position draws the leaf under the head's slot 1
    const layout = idr_layout(reserved.model);
    const head = layout.strips.find((p) => p.strip.id === 1)!;
    const leaf = layout.strips.find((p) => p.strip.id === 2)!;
    expect(leaf.y).toBeGreaterThan(head.y);
    expect(layout.links.some((l) => l.key === '1-2')).toBe(true);
    expect(layout.box[2]).toBeGreaterThan(2 * STRIP_W);
  });

  test('the description names the event at sub', () => {
    const f = frameOf(MANY(65), 65);
    expect(describeIdr(f, 1)).toBe(`Operation 65, event 1 of ${f.events.length}: new node 1 (shift 6). msg IDR: height 1, 2 nodes, 64 entries, 0 reserved.`);
    expect(describeIdr(f, f.events.length)).toBe('After operation 65. msg IDR: height 2, 3 nodes, 65 entries, 0 reserved.');
  });

  test('the first msgget at 16000000 builds four levels from an empty tree; the summary follows the events', () => {
    const f = frameOf('echo 16000000 > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)\n', 2, { ipcmni_extend: true });
    expect(idr_at(f, 0).model).toMatchObject({ height: 0, node_count: 0, entries: 0 });
    const last = idr_at(f, f.events.length - 1).model;
    expect(last).toMatchObject({ height: 4, node_count: 4, entries: 1, reserved: 0, capacity: 64 ** 4 });
    expect(last.strips.map((s) => s.level)).toEqual([3, 2, 1, 0]);
    expect(last.strips[3]!.first).toBe(16000000);
  });

  test('on 3.18 the 257th msgget stacks a 256-slot layer over the full one and moves the hint to the new leaf as it stores', () => {
    const r = resolveConfig('3.18');
    if (!r.ok) throw new Error(r.message);
    const f = frameOf(MANY(257), 257, r.config);
    const kinds = f.events.map((e) => e.kind);
    // the walk finds no free slot in the full leaf (offset 256), climbs above the top and grows
    expect(kinds.slice(0, 4)).toEqual(['idr_layer_visit', 'idr_layer_bit', 'idr_layer_new', 'idr_layer_grow']);
    expect(f.events[0]).toMatchObject({ offset: 256, op: 'alloc' });
    const leaf0 = f.before!.strips[0]!.id;
    expect(f.before!.hint).toBe(leaf0);
    const grown = idr_at(f, 4).model;
    const top = grown.strips[0]!;
    expect([grown.height, grown.capacity]).toEqual([2, 65536]);
    expect(grown.strips.map((s) => [s.id, s.level, s.parent, s.slots.length])).toEqual([
      [top.id, 1, null, 256],
      [leaf0, 0, top.id, 256],
    ]);
    expect([top.slots, top.marks]).toEqual(['c' + '.'.repeat(255), '1' + '0'.repeat(255)]);
    const store = kinds.indexOf('idr_layer_store');
    const leaf1 = (f.events[store] as { layer: number }).layer;
    expect([idr_at(f, store).model.hint, idr_at(f, store + 1).model.hint]).toEqual([leaf0, leaf1]);
    expect(idr_at(f, store + 1).model.strips.find((s) => s.id === leaf1)!.slots).toBe('e' + '.'.repeat(255));
    // four rows of 64 a strip: the leaves hang a strip's height and the usual gap below the top
    const layout = idr_layout(idr_at(f, store + 1).model);
    const y = (id: number) => layout.strips.find((p) => p.strip.id === id)!.y;
    expect(y(leaf1) - y(top.id)).toBe(LEVEL_GAP + stripH(256) - stripH(64));
    expect(describeIdr(f, f.events.length)).toBe(`After operation 257. msg IDR (256-slot idr_layer): 2 layers, 3 in the tree, 257 ids used, hint layer ${leaf1}.`);
  });

  test('on 3.18 a first msgget at idx 4464 raises the empty top a level; the fold moves it up when its leaf arrives', () => {
    const r = resolveConfig('3.18');
    if (!r.ok) throw new Error(r.message);
    const f = frameOf('echo 4464 > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)\n', 2, r.config);
    expect(f.events.map((e) => e.kind).slice(0, 4)).toEqual(['idr_layer_new', 'idr_layer_grow', 'idr_layer_visit', 'idr_layer_new']);
    expect(f.events[0]).toMatchObject({ level: 0, parent: null });
    const withLeaf = idr_at(f, 4).model;
    // 4464 = 17 * 256 + 112: the top (raised to level 1) holds the leaf in slot 17
    expect(withLeaf.strips.map((s) => [s.level, s.first, s.unit])).toEqual([
      [1, 0, 256],
      [0, 17 * 256, 1],
    ]);
    expect(withLeaf.strips[0]!.slots[17]).toBe('c');
    expect(idr_at(f, f.events.length - 1).model.strips[1]!.slots[112]).toBe('e');
    expect(f.after.strips.map((s) => [s.level, s.first])).toEqual([
      [1, 0],
      [0, 4352],
    ]);
  });
});
