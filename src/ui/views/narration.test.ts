import { describe, expect, test } from 'vitest';
import { configForChoice } from '../../engine/kernel_choice';
import { mechanismOf, MECHANISM_VIEW } from '../../engine/code/event_code';
import type { KernelChoice } from '../../engine/kernel_choice';
import type { TraceEvent } from '../../engine/trace';
import { extract_idr } from '../../engine/view/idr';
import { extract_maxidx } from '../../engine/view/maxidx';
import { extract_proc } from '../../engine/view/proc';
import { tracedOps } from '../../engine/view/trace_ops.test-helper';
import { machineAt, SET_0_3_9, traceNext } from '../../engine/view/view.test-helper';
import { extract_keyht, KEYHT_WINDOW } from '../../engine/view/keyht';
import { KEYS_49 } from '../../engine/view/keyht.test-helper';
import { extract_percpu } from '../../engine/view/percpu';
import type { Extractor } from '../../engine/view/types';
import type { ViewFrame, ViewId } from './types';
import { EVENT_NOUN, narrate, narrationBase } from './narration';

const place = (shown: ViewId[] = []) => ({ shown, title: (id: ViewId) => `[${id}]` });

/** The last operation (`step`, 1-based) of `text` on `kernel` as a frame of `extract`. */
function frameOf<M>(text: string, kernel: KernelChoice, step: number, extract: Extractor<M>): ViewFrame<M> {
  const ops = tracedOps(text, configForChoice(kernel), 1);
  expect(ops.length).toBe(1);
  const op = ops[0]!;
  return { step, events: op.events, dropped: 0, before: extract(op.before, [], {}), after: extract(op.after, op.events, {}) };
}

describe('narrate', () => {
  test('nothing before the first event of the operation, and past its last', () => {
    const f = frameOf(SET_0_3_9, { preset: '5.15' }, 6, extract_maxidx);
    const base = narrationBase({ preset: '5.15' }, 'msgctl(c, IPC_RMID)');
    expect(narrate('maxidx', f, 0, base, place())).toBeNull();
    expect(narrate('maxidx', f, f.events.length + 1, base, place())).toBeNull();
  });

  test('a max_idx probe names the index probed, hit or miss, and which half the search goes on in, as the engine decided', () => {
    const kernel = { preset: '5.15' };
    const f = frameOf(SET_0_3_9, kernel, 6, extract_maxidx);
    const base = narrationBase(kernel, 'msgctl(c, IPC_RMID)');
    const probes = f.events.flatMap((e, i) => (e.kind === 'maxidx_probe' ? [{ e, sub: i + 1 }] : []));
    expect(probes.length).toBeGreaterThan(3);
    expect(probes.some((p) => p.e.hit !== null) && probes.some((p) => p.e.hit === null)).toBe(true);
    for (const { e, sub } of probes) {
      const line = narrate('maxidx', f, sub, base, place())!;
      expect(line).toContain(`idr_get_next(${e.probe}) ${e.hit === null ? 'misses' : `hits index ${e.hit}`}`);
      expect(line).toContain(e.hit === null ? `max_idx < ${e.probe}` : `max_idx ≥ ${e.probe}`);
      if (e.bit > 0) expect(line).toContain(e.hit === null ? 'goes on below' : 'goes on above');
      else expect(line).toContain(`max_idx is ${e.r - 1}`);
    }
    // the last probe's r is the engine's answer
    const result = f.events.find((e) => e.kind === 'maxidx_result')!;
    expect(result.kind === 'maxidx_result' && result.max_idx).toBe(3);
  });

  test("an event another view draws says which view and whether it is shown, instead of this view's line", () => {
    const kernel = { preset: '5.15' };
    const f = frameOf(SET_0_3_9, kernel, 6, extract_maxidx);
    const base = narrationBase(kernel, 'msgctl(c, IPC_RMID)');
    const i = f.events.findIndex((e) => MECHANISM_VIEW[mechanismOf(e.kind)] === 'idr');
    expect(i).toBeGreaterThanOrEqual(0);
    const ev = f.events[i]!;
    expect(narrate('maxidx', f, i + 1, base, place())).toContain(`this is ${EVENT_NOUN[ev.kind]}, drawn in the [idr] view (open its tab above), not here.`);
    expect(narrate('maxidx', f, i + 1, base, place(['maxidx', 'idr']))).toContain('drawn in the [idr] view (beside this one)');
  });

  test('an rb-tree comparison names the name inserted, the name compared with, the rule and the branch; a /proc/sys tree is not the directory drawn', () => {
    const kernel = { preset: '3.19' };
    const text = 'repeat 12 { ip link add type ifb }';
    const f = frameOf(text, kernel, 12, extract_proc);
    const base = narrationBase(kernel, 'ip link add type ifb');
    const compares = f.events.flatMap((e, i) => (e.kind === 'rb_compare' ? [{ e, sub: i + 1 }] : []));
    expect(compares.length).toBeGreaterThan(10);
    for (const { e, sub } of compares) {
      // the engine's own answer: the rb_link that ends this descent names the new entry
      const link = f.events.slice(sub).find((x): x is Extract<TraceEvent, { kind: 'rb_link' }> => x.kind === 'rb_link')!;
      const line = narrate('proc', f, sub, base, place())!;
      expect(line).toContain(`${link.key} against ${e.key}:`);
      expect(line).toContain(e.dir < 0 ? 'sorts before it: go left' : 'sorts after it: go right');
    }
    // ifb11 against ifb5 under procfs's proc_match (length first) and /proc/sys's namecmp (bytes first) go opposite ways
    const lines = compares.map(({ sub }) => narrate('proc', f, sub, base, place())!);
    expect(lines.some((l) => l.includes('proc_match puts the shorter name first'))).toBe(true);
    expect(lines.some((l) => l.includes("in another directory's tree"))).toBe(true);
    expect(lines.some((l) => !l.includes("another directory's tree"))).toBe(true);
  });

  test('an IDR event on a node whose children the view folds says so, and which ids the slot covers', () => {
    const kernel = { preset: '6.18' };
    const text = 'repeat 700 { msgget(IPC_PRIVATE, 0600) }';
    const f = frameOf(text, kernel, 700, extract_idr);
    const base = narrationBase(kernel, 'msgget(IPC_PRIVATE, 0600)');
    const root = f.after.strips[0]!;
    expect(root.hidden).toBeGreaterThan(0);
    const i = f.events.findIndex((e) => e.kind === 'idr_visit' && e.node === root.id);
    expect(i).toBeGreaterThanOrEqual(0);
    const ev = f.events[i] as Extract<TraceEvent, { kind: 'idr_visit' }>;
    const line = narrate('idr', f, i + 1, base, place())!;
    const lo = root.first + ev.offset * root.unit;
    expect(line).toContain(`Slot ${ev.offset} of node ${root.id} covers ids ${lo.toLocaleString('en')}–${(lo + root.unit - 1).toLocaleString('en')}`);
    expect(line).toContain(`${root.hidden} of its children (${root.hidden_entries.toLocaleString('en')} ids) are drawn as one count`);
  });

  test('a key-table step in a bucket outside the window listed says the counts have it; one inside says nothing of the kind', () => {
    const m = machineAt(KEYS_49, 49);
    const before = extract_keyht(m.kernel, [], {});
    const events = traceNext(m);
    const base = narrationBase({}, 'msgget(1, 0)');
    const i = events.findIndex((e) => e.kind === 'rht_bucket');
    expect(i).toBeGreaterThanOrEqual(0);
    const ev = events[i] as Extract<TraceEvent, { kind: 'rht_bucket' }>;
    const inside = { step: 50, events, dropped: 0, before, after: extract_keyht(m.kernel, events, {}) };
    expect(narrate('keyht', inside, i + 1, base, place())).not.toContain('outside');
    // the window zoomed to buckets away from the operation's
    const size = inside.after.table!.size;
    expect(size).toBeGreaterThan(KEYHT_WINDOW);
    const focus = (ev.bucket + KEYHT_WINDOW) % size;
    const away = { ...inside, after: extract_keyht(m.kernel, events, { focus }) };
    expect(away.after.table!.chains.some((c) => c.bucket === ev.bucket)).toBe(false);
    expect(narrate('keyht', away, i + 1, base, place())).toContain(`Bucket ${ev.bucket} is outside the ${KEYHT_WINDOW} buckets listed`);
  });

  test('a per-CPU add on a CPU past the cells drawn says it is in the sum', () => {
    const kernel = { preset: '6.18' };
    const text = 'q = msgget(IPC_PRIVATE, 0600)\nmsgsnd(q, 1, 64, IPC_NOWAIT)';
    const config = { ...configForChoice(kernel), nr_cpus: 300 };
    const m = machineAt(text, 1, config);
    const before = extract_percpu(m.kernel, [], {});
    const events = traceNext(m);
    const f = { step: 2, events, dropped: 0, before, after: extract_percpu(m.kernel, events, {}) };
    const i = events.findIndex((e) => e.kind === 'percpu_add');
    expect(i).toBeGreaterThanOrEqual(0);
    const ev = events[i] as Extract<TraceEvent, { kind: 'percpu_add' }>;
    const drawn = f.after.counters[0]!.locals.length;
    expect(drawn).toBeLessThan(300);
    const base = narrationBase(kernel, 'msgsnd(q, 1, 64, IPC_NOWAIT)');
    expect(ev.cpu).toBeLessThan(drawn);
    expect(narrate('percpu', f, i + 1, base, place())).not.toContain('past the');
    // the same add on the machine's last CPU, whose cell the model leaves out
    const last = { ...f, events: events.map((e, k) => (k === i ? { ...ev, cpu: 299 } : e)) };
    expect(narrate('percpu', last, i + 1, base, place())).toContain(`CPU 299 is past the ${drawn} CPUs drawn: its cell is not shown, but it is in the sum.`);
  });
});
