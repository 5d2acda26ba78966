import { describe, expect, it } from 'vitest';
import { extract_idr, IDR_STRIPS_PER_LEVEL, idr_event_nodes } from './idr';
import { machineAt, traceNext } from './view.test-helper';
import { resolveConfig } from '../presets';

const many = (n: number) => `repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n`;

describe('extract_idr', () => {
  it('an empty IDR has no strips, height 0 and a free root', () => {
    const m = machineAt(many(1), 0);
    const model = extract_idr(m.kernel, [], {});
    expect(model).toMatchObject({ impl: 'radix', ipc: 'msg', height: 0, node_count: 0, entries: 0, capacity: 0, strips: [], root_free: true });
  });

  it('three queues make one leaf with three entries and the free marks cleared on slots 0-2', () => {
    const m = machineAt(many(3), 3);
    const model = extract_idr(m.kernel, [], {});
    expect(model.height).toBe(1);
    expect(model.strips).toHaveLength(1);
    const leaf = model.strips[0]!;
    expect(leaf.slots).toBe('eee' + '.'.repeat(61));
    expect(leaf.marks).toBe('000' + '1'.repeat(61));
    expect(leaf).toMatchObject({ level: 0, first: 0, count: 3, entries: 3, hidden: 0 });
  });

  it('msgget lights the nodes it visits and the leaf it stores into', () => {
    const m = machineAt(many(2), 1);
    const events = traceNext(m);
    const model = extract_idr(m.kernel, events, {});
    expect(idr_event_nodes(events)).toEqual([0]);
    expect(model.strips[0]).toMatchObject({ id: 0, on_path: true, slots: 'ee' + '.'.repeat(62) });
  });

  it('32768 queues make 521 nodes, of which the model keeps the top, its 8 children and at most 8 leaves', () => {
    const text = 'echo 32768 > /proc/sys/kernel/msgmni\n' + many(32768);
    const m = machineAt(text, 32768);
    expect(m.kernel.state.ipc.msg_ctlmni).toBe(32768);
    const events = traceNext(m);
    const model = extract_idr(m.kernel, events, {});
    expect(model).toMatchObject({ height: 3, node_count: 521, entries: 32768, capacity: 262144 });
    const byLevel = [2, 1, 0].map((l) => model.strips.filter((s) => s.level === l).length);
    expect(byLevel[0]).toBe(1);
    expect(byLevel[1]).toBe(8);
    expect(byLevel[2]).toBeLessThanOrEqual(IDR_STRIPS_PER_LEVEL);
    const top = model.strips[0]!;
    expect(top.slots).toBe('c'.repeat(8) + '.'.repeat(56));
    // every leaf not drawn is counted under its parent
    const hidden = model.strips.reduce((s, x) => s + x.hidden, 0);
    expect(hidden + model.strips.length).toBe(521);
    expect(model.density.reduce((a, b) => a + b, 0)).toBe(32768);
  });

  it('msg_next_id 16000000 under ipcmni_extend makes a sparse 4-level tree of 4 nodes', () => {
    const m = machineAt('echo 16000000 > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)\n', 2, { ipcmni_extend: true });
    const model = extract_idr(m.kernel, [], {});
    expect(model).toMatchObject({ height: 4, node_count: 4, entries: 1 });
    const leaf = model.strips[3]!;
    expect(leaf.first + leaf.slots.indexOf('e')).toBe(16000000);
    expect(model.strips.map((s) => s.level)).toEqual([3, 2, 1, 0]);
  });

  it('focus zooms to a subtree and lists its ancestors', () => {
    const m = machineAt('echo 32768 > /proc/sys/kernel/msgmni\n' + many(5000), 5001);
    const whole = extract_idr(m.kernel, [], {});
    const mid = whole.strips.find((s) => s.level === 1 && s.first === 4096)!;
    const zoomed = extract_idr(m.kernel, [], { focus: mid.id });
    expect(zoomed.focus).toBe(mid.id);
    expect(zoomed.strips[0]!.id).toBe(mid.id);
    expect(zoomed.breadcrumb).toEqual([{ id: whole.strips[0]!.id, level: 2, first: 0 }]);
    expect(zoomed.strips[0]!.entries).toBe(5000 - 4096);
  });

  it('the 2.6.25 IDR shows idr_layer bitmaps, the layer count and the free list', () => {
    const m = machineAt(many(70), 70, { idr: 'layer', ipc_lookup: 'rwsem', ipc_maxidx: 'none', ipc_idx_alloc: 'lowest' } as never);
    const model = extract_idr(m.kernel, [], {});
    expect(model.impl).toBe('layer');
    expect(model.height).toBe(2);
    expect(model.strips.map((s) => s.level)).toEqual([1, 0, 0]);
    expect(model.strips[1]!.marks).toBe('1'.repeat(64));
    expect(model.strips[2]!.slots).toBe('e'.repeat(6) + '.'.repeat(58));
    expect(model.id_free_cnt).toBe(model.free_list.length);
  });

  it('the 3.18 IDR shows 256-slot layers, no free list and the hint on the leaf of the last allocation', () => {
    const r = resolveConfig('3.18');
    if (!r.ok) throw new Error(r.message);
    const m = machineAt(many(300), 299, r.config);
    const events = traceNext(m);
    const model = extract_idr(m.kernel, events, {});
    expect(model).toMatchObject({ impl: 'layer256', fanout: 256, height: 2, node_count: 3, entries: 300, capacity: 65536, free_list: [], id_free_cnt: 0 });
    const [top, leaf0, leaf1] = model.strips;
    expect(model.strips.map((s) => [s.level, s.first, s.unit, s.slots.length])).toEqual([
      [1, 0, 256, 256],
      [0, 0, 1, 256],
      [0, 256, 1, 256],
    ]);
    // the top's bit 0: the first leaf is full
    expect([top!.slots, top!.marks]).toEqual(['cc' + '.'.repeat(254), '1' + '0'.repeat(255)]);
    expect([leaf0!.slots, leaf0!.marks]).toEqual(['e'.repeat(256), '1'.repeat(256)]);
    expect(leaf1!.slots).toBe('e'.repeat(44) + '.'.repeat(212));
    expect(model.hint).toBe(leaf1!.id);
    // the 300th msgget walked the top and the second leaf
    expect([top!.on_path, leaf0!.on_path, leaf1!.on_path]).toEqual([true, false, true]);
    expect(model.density.reduce((a, b) => a + b, 0)).toBe(300);
  });
});
