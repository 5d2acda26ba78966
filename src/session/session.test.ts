import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bootMachine, type Costs } from '../engine/api';
import { runWorkload } from '../engine/run';
import { validProgram } from '../engine/script/fuzz_programs';
import { createSession, type Session, type SessionOptions } from './session';

const TOUR = `q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
repeat 3 { msgsnd(q, 1, 10, IPC_NOWAIT) }
msgrcv(q, 0, 4, IPC_NOWAIT)
for i in 0..4 {
  shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)
  msgctl(i, IPC_RMID)
}
cat /proc/sysvipc/msg
echo 100 > /proc/sys/kernel/msg_next_id
msgget(IPC_PRIVATE, IPC_CREAT|0600)
ip link add type ifb
ls -U /proc/net/dev_snmp6
`;

/** Runs `n` operations of `text` on a fresh machine, the plain way: the reference for time travel. */
function runSteps(text: string, n: number): { output: string[]; costs: Costs } {
  const booted = bootMachine(text);
  if (!booted.ok) throw new Error(booted.error.message);
  const output: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = booted.machine.run.step();
    if (r.kind !== 'op') throw new Error(`run ended after ${i} operations`);
    output.push(r.output);
  }
  return { output, costs: { ...booted.machine.kernel.probe.costs } };
}

function open(text: string, options: SessionOptions = {}): Session {
  const created = createSession(text, {}, options);
  if (!created.ok) throw new Error(created.error.message);
  return created.session;
}

/** The console text of a snapshot, as the contract prints it. */
function consoleText(s: Session): string {
  return s
    .snapshot()
    .records.map((r) => r.lines.map((l) => l + '\n').join(''))
    .join('');
}

const SMALL_CHECKPOINTS: SessionOptions = { checkpoints: { interval: 3, work: 1e12, maxBytes: 1e12 } };

describe('a session', () => {
  test('explored to the end prints exactly what runWorkload prints', () => {
    const s = open(TOUR);
    expect(s.seek(Number.POSITIVE_INFINITY, 1e9)).toBe(true);
    expect(s.finished()).toBe(true);
    expect(s.total()).toBe(18);
    expect(consoleText(s)).toBe(runWorkload(TOUR).output);
    expect(s.snapshot().costs).toEqual(runWorkload(TOUR).costs);
  });

  test('jumping to step n gives the output and costs of running n steps from scratch', () => {
    const s = open(TOUR, SMALL_CHECKPOINTS);
    s.seek(Number.POSITIVE_INFINITY, 1e9);
    for (const n of [5, 0, 18, 1, 17, 9, 9, 3, 12, 2]) {
      expect(s.seek(n, 1e9)).toBe(true);
      const snap = s.snapshot();
      const ref = runSteps(TOUR, n);
      expect(snap.step).toBe(n);
      expect(snap.costs).toEqual(ref.costs);
      expect(consoleText(s)).toBe(ref.output.join(''));
    }
  });

  test('the same at every step whichever checkpoint a move restores (copies free: the latest; dear: the first)', () => {
    for (const copyUnitsPerMB of [0, 1e9]) {
      const s = open(TOUR, { checkpoints: { ...SMALL_CHECKPOINTS.checkpoints!, copyUnitsPerMB } });
      s.seek(Number.POSITIVE_INFINITY, 1e9);
      for (const n of [17, 16, 15, 9, 3, 12, 11, 2]) {
        expect(s.seek(n, 1e9)).toBe(true);
        const ref = runSteps(TOUR, n);
        expect(s.snapshot().costs).toEqual(ref.costs);
        expect(consoleText(s)).toBe(ref.output.join(''));
      }
      expect(s.memory().checkpoints).toBeGreaterThan(3);
    }
  });

  test('the costs of one operation are the difference of the costs around it', () => {
    const s = open(TOUR, SMALL_CHECKPOINTS);
    s.seek(Number.POSITIVE_INFINITY, 1e9);
    s.seek(14, 1e9);
    const { delta, costs } = s.snapshot();
    const before = runSteps(TOUR, 13).costs;
    for (const name of Object.keys(costs) as (keyof Costs)[]) expect(delta[name]).toBe(costs[name] - before[name]);
    expect(delta.syscalls).toBe(4); // cat: open, read, read (EOF), close
  });

  test('the current statement is the one of the last operation', () => {
    const s = open(TOUR);
    s.seek(5, 1e9);
    const snap = s.snapshot();
    expect(snap.current).toEqual({ line: 3, start: TOUR.indexOf('msgrcv'), end: TOUR.indexOf('\nfor') });
    expect(snap.records.at(-1)?.lines).toEqual(['msgrcv(0, 0, 4, IPC_NOWAIT) = -1 E2BIG (Argument list too long)']);
    expect(s.seek(0, 1e9)).toBe(true);
    expect(s.snapshot().current).toBe(null);
  });

  test('lines that returned an error are reported once their operation has run', () => {
    const s = open(TOUR);
    s.seek(Number.POSITIVE_INFINITY, 1e9);
    expect(s.snapshot().errorLines).toEqual([3, 6]);
    s.seek(5, 1e9);
    expect(s.snapshot().errorLines).toEqual([3]);
    s.seek(4, 1e9);
    expect(s.snapshot().errorLines).toEqual([]);
  });

  test('seekLine stops at the next operation on a line, or at the end', () => {
    const s = open(TOUR);
    expect(s.seekLine(5, 1e9)).toBe('found');
    expect(s.position()).toBe(6);
    expect(s.seekLine(5, 1e9)).toBe('found');
    expect(s.position()).toBe(8);
    expect(s.seekLine(2, 1e9)).toBe('end');
    expect(s.position()).toBe(18);
  });

  test('seek spends at most its budget and arrives later', () => {
    const s = open('repeat 1000 { msgget(IPC_PRIVATE, 0) }');
    expect(s.seek(600, 250)).toBe(false);
    expect(s.position()).toBe(250);
    expect(s.seek(600, 250)).toBe(false);
    expect(s.seek(600, 250)).toBe(true);
    expect(s.position()).toBe(600);
    expect(s.finished()).toBe(false);
  });

  test('a step beyond the end stops at the end', () => {
    const s = open('msgget(IPC_PRIVATE, 0)\nmsgget(IPC_PRIVATE, 0)');
    expect(s.seek(50, 1e9)).toBe(true);
    expect(s.snapshot()).toMatchObject({ step: 2, total: 2, finished: true, error: null });
  });

  test('a run-time error ends the run after the operations before it', () => {
    const s = open('msgget(IPC_PRIVATE, 0)\nmsgctl(nope, IPC_RMID)\n');
    s.seek(Number.POSITIVE_INFINITY, 1e9);
    const snap = s.snapshot();
    expect(snap).toMatchObject({ step: 1, total: 1, finished: true });
    expect(snap.error).toMatchObject({ code: 'undefined_variable', line: 2, column: 8 });
  });

  test('a runaway loop ends at once with the step-limit error', () => {
    const s = open('repeat 1000000000 { }');
    s.seek(Number.POSITIVE_INFINITY, 1e9);
    const snap = s.snapshot();
    expect(snap.total).toBe(0);
    expect(snap.error?.code).toBe('step_limit');
    expect(snap.error?.message).toBe('this loop would run 1000000000 iterations, more than the 10000000 steps left of the budget of 10000000 (see --max-steps)');
  });

  test('a text that does not parse gives the parse error', () => {
    const created = createSession('msgget(1)\n');
    expect(created.ok).toBe(false);
    if (!created.ok) expect(created.error).toMatchObject({ code: 'wrong_argument_count', line: 1, column: 1 });
  });

  test('the console window holds at most windowOps operations and ends at the step', () => {
    const s = open('repeat 50 { msgget(IPC_PRIVATE, 0) }', { windowOps: 8 });
    s.seek(Number.POSITIVE_INFINITY, 1e9);
    s.seek(30, 1e9);
    expect(s.snapshot().records.map((r) => r.op)).toEqual([23, 24, 25, 26, 27, 28, 29, 30]);
    s.seek(3, 1e9);
    expect(s.snapshot().records.map((r) => r.op)).toEqual([1, 2, 3]);
  });

  /** Traces `step` (after a seek to step - 1, as a step back with views open does) and checks the state against a run from scratch. */
  const retraceAndCheck = (s: Session, step: number) => {
    expect(
      s.retrace(
        step,
        () => {},
        () => {},
        () => {},
      ),
    ).toBe(step);
    const snap = s.snapshot();
    const ref = runSteps(TOUR, step);
    expect(snap.costs).toEqual(ref.costs);
    expect(snap.records.map((r) => r.lines.map((l) => l + '\n').join(''))).toEqual(ref.output.slice(-snap.records.length));
  };

  test('prepare() copies the checkpoint a step back restores, which the step then takes over; every state stays exact', () => {
    const s = open(TOUR, SMALL_CHECKPOINTS);
    s.seek(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    const end = s.position();
    expect(s.memory().prepared).toBe(null);
    for (let step = end - 1; step >= 1; step--) {
      s.prepare();
      const prepared = s.memory().prepared;
      expect(prepared).not.toBe(null);
      expect(prepared!).toBeLessThanOrEqual(Math.max(0, step - 2));
      // as a step back with views open moves: to step - 1, then step traced
      s.seek(step - 1, Number.POSITIVE_INFINITY);
      expect(s.memory().prepared).toBe(null);
      retraceAndCheck(s, step);
    }
    // the copies were taken over, and the checkpoints themselves were never changed: jumping around still agrees
    for (const step of [end, 2, end - 1, 1]) {
      s.seek(step, Number.POSITIVE_INFINITY);
      expect(s.snapshot().costs).toEqual(runSteps(TOUR, step).costs);
    }
  });

  test('prepare(budget) copies in slices; a step back during a half-made copy finishes it; every state stays exact', () => {
    const s = open(TOUR, SMALL_CHECKPOINTS);
    s.seek(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    const end = s.position();
    let sliced = 0;
    for (let step = end - 1; step >= 1; step--) {
      // step % 3: 0 no preparing, 1 one slice (usually a half-made copy), 2 slices until ready
      if (step % 3 === 1) s.prepare(20);
      if (step % 3 === 2) for (let n = 0; !s.prepare(20); n++) sliced = Math.max(sliced, n);
      if (step % 3 === 2) expect(s.memory().prepared).not.toBe(null);
      s.seek(step - 1, Number.POSITIVE_INFINITY);
      retraceAndCheck(s, step);
    }
    expect(sliced).toBeGreaterThan(3);
    for (const step of [end, 2, end - 1, 1]) {
      s.seek(step, Number.POSITIVE_INFINITY);
      expect(s.snapshot().costs).toEqual(runSteps(TOUR, step).costs);
    }
  });

  test('any sequence of jumps on any valid workload matches running from scratch', () => {
    fc.assert(
      fc.property(validProgram, fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 6 }), (text, targets) => {
        const created = createSession(text, {}, { ...SMALL_CHECKPOINTS, windowOps: 1000, windowLines: 1e9 });
        if (!created.ok) return;
        const s = created.session;
        s.seek(Number.POSITIVE_INFINITY, 1e6);
        for (const t of targets) {
          const n = Math.min(t, s.total());
          s.seek(n, 1e9);
          const ref = runSteps(text, n);
          expect(s.snapshot().costs).toEqual(ref.costs);
          expect(consoleText(s)).toBe(ref.output.join(''));
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('session states', () => {
  test('a run is at the frontier at first, exploring while a sliced seek goes past it, replaying behind it and ended at its end', () => {
    const created = createSession('a = msgget(IPC_PRIVATE, 0600)\nb = msgget(IPC_PRIVATE, 0600)\nc = msgget(IPC_PRIVATE, 0600)\n');
    if (!created.ok) throw new Error(created.error.message);
    const s = created.session;
    expect(s.state()).toEqual({ kind: 'at_frontier', pos: 0 });
    // one operation of budget towards the end: still exploring
    expect(s.seek(Number.POSITIVE_INFINITY, 1)).toBe(false);
    expect(s.state()).toEqual({ kind: 'exploring', pos: 1 });
    expect(s.seek(2, 5)).toBe(true);
    expect(s.state()).toEqual({ kind: 'at_frontier', pos: 2 });
    s.seek(Number.POSITIVE_INFINITY, 10);
    expect(s.state()).toEqual({ kind: 'ended', pos: 3, end: { error: null, tainted: false } });
    expect(s.snapshot().state).toBe('ended');
    s.seek(1, 10);
    expect(s.state()).toEqual({ kind: 'replaying', pos: 1, frontier: 3, end: { error: null, tainted: false } });
    expect(s.snapshot()).toMatchObject({ state: 'replaying', step: 1, total: 3, finished: true });
    s.seek(3, 10);
    expect(s.state().kind).toBe('ended');
  });

  test('a run that stops on an error ends tainted; going back and forth again clears the taint', () => {
    const created = createSession('a = msgget(IPC_PRIVATE, 0600)\nmsgctl(nosuch, IPC_RMID)\n');
    if (!created.ok) throw new Error(created.error.message);
    const s = created.session;
    s.seek(Number.POSITIVE_INFINITY, 10);
    const st = s.state();
    expect(st.kind).toBe('ended');
    if (st.kind !== 'ended') return;
    expect(st.pos).toBe(1);
    expect(st.end.tainted).toBe(true);
    expect(st.end.error?.message).toMatch(/nosuch/);
    s.seek(0, 10);
    expect(s.state()).toMatchObject({ kind: 'replaying', pos: 0, frontier: 1, end: { tainted: false } });
    s.seek(1, 10);
    expect(s.state()).toMatchObject({ kind: 'ended', pos: 1, end: { tainted: false } });
    expect(s.snapshot().error?.message).toMatch(/nosuch/);
  });
});
