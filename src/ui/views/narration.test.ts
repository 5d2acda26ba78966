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
import { extract_seqfile } from '../../engine/view/seqfile';
import { extract_sem } from '../../engine/view/sem';
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

describe("the seq_file, semaphore and max_idx views' own notes", () => {
  const fmt = (n: number) => n.toLocaleString('en');
  type Ev<K extends TraceEvent['kind']> = Extract<TraceEvent, { kind: K }>;
  /** The frame of the `nth` operation of `text` with an event of `kind` (a workload ending asleep ends in one more operation, the wake-up by signal). */
  function frameWith<M>(text: string, kernel: KernelChoice, kind: TraceEvent['kind'], extract: Extractor<M>, nth = 0): ViewFrame<M> {
    const ops = tracedOps(text, configForChoice(kernel));
    const at = ops.map((o, k) => (o.events.some((e) => e.kind === kind) ? k : -1)).filter((k) => k >= 0)[nth] ?? -1;
    expect(at).toBeGreaterThanOrEqual(0);
    const op = ops[at]!;
    return { step: at + 1, events: op.events, dropped: 0, before: extract(op.before, [], {}), after: extract(op.after, op.events, {}) };
  }
  const isCall = (e: TraceEvent) => e.kind === 'seq_start' || e.kind === 'seq_next' || e.kind === 'seq_show' || e.kind === 'seq_stop';

  test("a seq_file call says which page it fills and the IDR lookups its start() or next() made, from the engine's lookups around it", () => {
    const kernel = { preset: '5.13' };
    const text = 'repeat 6 { shmget(IPC_PRIVATE, 4096, 0600) }\nshmctl(2, IPC_RMID)\ncat /proc/sysvipc/shm';
    const f = frameOf(text, kernel, 8, extract_seqfile);
    const base = narrationBase(kernel, 'cat /proc/sysvipc/shm');
    const ev = f.events;
    // the engine's finds between two seq_file calls: a next() made those before it, a start() those after it
    const finds = (from: number, to: number) => ev.slice(from, to).flatMap((e) => (e.kind === 'idr_result' && e.op === 'find' ? [e.index] : []));
    let checked = 0;
    let page = 0;
    let records = 0;
    ev.forEach((e, i) => {
      if (e.kind === 'seq_read') {
        page++;
        records = 0;
        expect(narrate('seqfile', f, i + 1, base, place())).toContain(`Page ${page} of the view's`);
        return;
      }
      if (!isCall(e)) return;
      const line = narrate('seqfile', f, i + 1, base, place())!;
      if (e.kind === 'seq_show') {
        if (!e.overflow) records++;
        if (!e.overflow) expect(line).toContain(`page ${page} now holds ${records} record${records === 1 ? '' : 's'}`);
        return;
      }
      if (e.kind === 'seq_stop') {
        expect(line).toContain(`Page ${page} is done: ${records} record`);
        return;
      }
      if (e.kind === 'seq_start' && e.pos === 0) {
        expect(line).toContain('SEQ_START_TOKEN');
        return;
      }
      let prev = i - 1;
      while (prev >= 0 && !isCall(ev[prev]!) && ev[prev]!.kind !== 'seq_read') prev--;
      let next = i + 1;
      while (next < ev.length && !isCall(ev[next]!)) next++;
      const looked = e.kind === 'seq_next' ? finds(prev + 1, i) : finds(i + 1, next);
      expect(looked.length).toBeGreaterThan(0);
      const range = looked.length === 1 || Math.min(...looked) === Math.max(...looked) ? `index ${Math.min(...looked)}` : `index ${Math.min(...looked)} to ${looked[looked.length - 1]}`;
      expect(line).toContain(`${e.kind.slice(4)}() looks for the object at position ${e.pos} through sysvipc_find_ipc: ${looked.length} IDR lookup${looked.length === 1 ? '' : 's'} (${range})`);
      expect(line).toContain('every call counts the objects from index 0');
      checked++;
    });
    // five next()s in the first read, the second read's start() and next()
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  test('a semaphore wake-up names the list of the drawn array the sleeper leaves, where the engine queued it', () => {
    const kernel = { preset: '6.18' };
    const lines = ['s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)', '@cons semop(s, {1, -1})', '@prod semop(s, {0, 1}, {1, 1})'];
    // the engine's sem_sleep of the sleeper, one operation earlier
    const slept = frameWith(lines.join('\n'), kernel, 'sem_sleep', extract_sem).events.find((e): e is Ev<'sem_sleep'> => e.kind === 'sem_sleep')!;
    const f = frameWith(lines.join('\n'), kernel, 'sem_wake', extract_sem);
    expect(f.step).toBe(3);
    const base = narrationBase(kernel, lines[2]!);
    const wake = f.events.findIndex((e) => e.kind === 'sem_wake');
    const ev = f.events[wake] as Ev<'sem_wake'>;
    expect(ev.pid).toBe(slept.pid);
    const where = `semaphore ${slept.sem}'s ${slept.list === 'const' ? 'pending_const' : 'pending_alter'}`;
    expect(narrate('sem', f, wake + 1, base, place())).toContain(`cons leaves ${where}, where the view draws it`);
    const scan = f.events.findIndex((e) => e.kind === 'sem_scan');
    expect(narrate('sem', f, scan + 1, base, place())).toContain(`The list walked is ${where} in the view.`);
    const retry = f.events.findIndex((e) => e.kind === 'sem_perform' && e.pid === slept.pid);
    expect(narrate('sem', f, retry + 1, base, place())).toContain(`cons is the sleeper drawn on ${where}.`);
  });

  test('a semaphore sleep names the list and place the engine queued the op at, and the semaphore it waits for', () => {
    const kernel = { preset: '6.18' };
    const text = 's = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)\n@a semop(s, {1, -1})\n@b semop(s, {1, -1})';
    // b's sleep, the second on the list
    const f = frameWith(text, kernel, 'sem_sleep', extract_sem, 1);
    const base = narrationBase(kernel, '@b semop(s, {1, -1})');
    const i = f.events.findIndex((e) => e.kind === 'sem_sleep');
    const ev = f.events[i] as Ev<'sem_sleep'>;
    expect(ev.length).toBe(2);
    expect(narrate('sem', f, i + 1, base, place())).toContain(
      `The view draws b on semaphore ${ev.sem}'s pending_alter, ${ev.at === 'head' ? 'first' : 'last'} of 2, once the operation completes: it waits for semaphore ${ev.blocking}.`,
    );
    const tried = f.events.findIndex((e) => e.kind === 'sem_perform');
    const sems = f.before!.array!.sems;
    expect(narrate('sem', f, tried + 1, base, place())).toContain(`Semaphore ${ev.blocking} holds ${sems[ev.blocking]!.semval} in the view.`);
  });

  test("every probe of the max_idx search narrates a bound that holds the engine's answer and halves, closed at the last", () => {
    const kernel = { preset: '5.15' };
    const f = frameOf(SET_0_3_9, kernel, 6, extract_maxidx);
    const base = narrationBase(kernel, 'msgctl(c, IPC_RMID)');
    const answer = (f.events.find((e) => e.kind === 'maxidx_result') as Ev<'maxidx_result'>).max_idx;
    const probes = f.events.flatMap((e, i) => (e.kind === 'maxidx_probe' ? [i + 1] : []));
    let width = Infinity;
    probes.forEach((sub, k) => {
      const line = narrate('maxidx', f, sub, base, place())!;
      expect(line).toContain(`Mark ${k + 1} on the index line`);
      const closed = /bound is closed, max_idx = (-?\d+)\./.exec(line);
      if (k === probes.length - 1) {
        expect(closed?.[1]).toBe(String(answer));
        return;
      }
      const m = /max_idx in (-?[\d,]+) … ([\d,]+)/.exec(line)!;
      const [lo, hi] = [Number(m[1]!.replace(/,/g, '')), Number(m[2]!.replace(/,/g, ''))];
      expect(lo).toBeLessThanOrEqual(answer);
      expect(hi).toBeGreaterThanOrEqual(answer);
      expect(hi - lo + 1).toBeLessThan(width);
      width = hi - lo + 1;
    });
    const result = f.events.findIndex((e) => e.kind === 'maxidx_result');
    const before = tracedOps(SET_0_3_9, configForChoice(kernel), 1)[0]!.before.state.ipc.ids[1].max_idx;
    expect(narrate('maxidx', f, result + 1, base, place())).toContain(`The max_idx mark moves from ${fmt(before)} to ${fmt(answer)}.`);
  });

  test("the linear step-down narrates each empty index as the bound coming down and stops at the engine's answer", () => {
    const kernel = { preset: '5.13' };
    const text = 'repeat 9 { msgget(IPC_PRIVATE, 0600) }\nmsgctl(6, IPC_RMID)\nmsgctl(7, IPC_RMID)\nmsgctl(8, IPC_RMID)';
    const f = frameOf(text, kernel, 12, extract_maxidx);
    const base = narrationBase(kernel, 'msgctl(8, IPC_RMID)');
    const answer = (f.events.find((e) => e.kind === 'maxidx_result') as Ev<'maxidx_result'>).max_idx;
    const steps = f.events.flatMap((e, i) => (e.kind === 'maxidx_step' ? [{ e, sub: i + 1 }] : []));
    expect(steps.length).toBe(3);
    for (const { e, sub } of steps) {
      const line = narrate('maxidx', f, sub, base, place())!;
      if (e.hit) expect(line).toContain(`idx ${e.idx} is used, so the new max_idx is ${answer}.`);
      else expect(line).toContain(`idx ${e.idx} is empty, so max_idx < ${e.idx}: the bound comes down one.`);
    }
  });
});
