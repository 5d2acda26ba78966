/**
 * Properties of part 2 of the language (issue #16, "Proof") over many
 * multi-process workloads, checked statement by statement against the
 * engine's kernel state (not its printed output alone):
 *
 * - every semaphore value stays within 0..SEMVMX;
 * - every task's undo list holds exactly the semadj an independent model
 *   computes from the calls that succeeded (each SEM_UNDO sop of a semop
 *   that returned 0 subtracts its sem_op; SETVAL clears that semaphore's,
 *   SETALL all of them, IPC_RMID the array's), and a process's exit or
 *   kill adds exactly that back, clamped to 0..SEMVMX as exit_sem does;
 * - every segment's shm_nattch equals the VMAs mapping it across all tasks'
 *   mm, and no VMA maps a destroyed segment;
 * - a blocked process never runs a statement: the interpreter's idea of who
 *   is blocked is the kernel's (a task asleep in semop, msgsnd or msgrcv),
 *   such a process prints only its resumed line or its end, and a statement
 *   addressed to it is refused with nothing changed in the kernel.
 *
 * Two sources of workloads: the seeded generator the live fuzz runs on the
 * real kernel (generate.ts, `--fuzz N --procs`), and a fast-check one with
 * values near SEMVMX and statements for blocked processes, which that
 * generator avoids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootMachine, type Machine } from '../../src/engine/api';
import type { KernelState } from '../../src/engine/kernel';
import type { IpcIds, KernIpcPerm } from '../../src/engine/ipc/namespace';
import { ipc_idr_get_next } from '../../src/engine/ipc/ipc_idr';
import { sem_ids, SEMVMX } from '../../src/engine/ipc/sem';
import { shm_ids } from '../../src/engine/ipc/shm';
import { plainCopy } from '../../src/engine/plain_copy';
import type { TraceEvent } from '../../src/engine/trace';
import { generateProcsWorkload } from './generate';

/** Every object of `ids`, in index order. */
function objects<T extends KernIpcPerm>(ids: IpcIds<T>): T[] {
  const out: T[] = [];
  const cursor = { id: 0 };
  for (let o = ipc_idr_get_next(ids.ipcs_idr, cursor); o !== null; cursor.id++, o = ipc_idr_get_next(ids.ipcs_idr, cursor)) out.push(o);
  return out;
}

function semValues(m: Machine): Map<number, number[]> {
  return new Map(objects(sem_ids(m.kernel)).map((s) => [s.id, [...(s.sem_vals ?? new Array<number>(s.sem_nsems).fill(0))]]));
}

const clamp = (v: number) => Math.min(Math.max(v, 0), SEMVMX);

/** One printed call of a step's output: the process, the call text, and its result (null: unfinished; the resumed line has no text). */
interface Line {
  proc: string;
  call: string;
  text: string;
  result: string | null;
}

function parseLines(output: string): Line[] {
  const out: Line[] = [];
  for (const raw of output.split('\n')) {
    const m = /^(?:\[(\w+)\] )?(?:<\.\.\. (\w+) resumed> = (.*)|(\w+)\((.*)\) (?:= (.*)|<unfinished \.\.\.>)|(\+\+\+ .* \+\+\+)|creds .*)$/.exec(raw);
    if (m === null) continue;
    const proc = m[1] ?? 'main';
    if (m[2] !== undefined) out.push({ proc, call: m[2], text: '', result: m[3]! });
    else if (m[4] !== undefined) out.push({ proc, call: m[4], text: m[5]!, result: m[6] ?? null });
    else out.push({ proc, call: m[7] !== undefined ? 'end' : 'creds', text: raw, result: '0' });
  }
  return out;
}

/** The sembufs of a printed semop: `{num, op, flags}` with runs folded as `x N`. */
function sembufs(text: string): { num: number; op: number; undo: boolean }[] {
  const out: { num: number; op: number; undo: boolean }[] = [];
  for (const m of text.matchAll(/\{(\d+), (-?\d+), ([^}]*)\}(?: x (\d+))?/g)) {
    for (let i = 0; i < Number(m[4] ?? 1); i++) out.push({ num: Number(m[1]), op: Number(m[2]), undo: m[3]!.includes('SEM_UNDO') });
  }
  return out;
}

/** The semadj model: by pid, by semid, one number per semaphore (absent = all 0). */
class UndoModel {
  readonly adj = new Map<number, Map<number, number[]>>();
  /** the sembufs of each process's unfinished semop, by name */
  readonly pending = new Map<string, { semid: number; sops: ReturnType<typeof sembufs> }>();

  apply(pid: number, semid: number, nsems: number, sops: ReturnType<typeof sembufs>): void {
    for (const s of sops) {
      if (!s.undo || s.num >= nsems) continue;
      let byId = this.adj.get(pid);
      if (byId === undefined) this.adj.set(pid, (byId = new Map<number, number[]>()));
      let a = byId.get(semid);
      if (a === undefined) byId.set(semid, (a = new Array<number>(nsems).fill(0)));
      a[s.num]! -= s.op;
    }
  }

  clear(semid: number, n: number | null): void {
    for (const byId of this.adj.values()) {
      const a = byId.get(semid);
      if (a === undefined) continue;
      if (n === null) a.fill(0);
      else a[n] = 0;
    }
  }

  drop(semid: number): void {
    for (const byId of this.adj.values()) byId.delete(semid);
  }

  of(pid: number, semid: number): number[] | undefined {
    return this.adj.get(pid)?.get(semid);
  }
}

function asleep(state: KernelState, pid: number): string | null {
  const t = state.tasks.tasks.get(pid);
  if (t === undefined) return null;
  if (t.sem_sleeping !== -1) return 'semop';
  return t.msg_wait?.call ?? null;
}

/**
 * Runs `text` statement by statement and checks every property after each.
 * Return: how many statements ran and how many exits applied a non-empty undo
 * list (so a caller can see the properties were exercised).
 */
function checkWorkload(text: string): { steps: number; undoExits: number; refused: number; clamped: number } {
  const b = bootMachine(text);
  if (!b.ok) throw new Error(`${b.error.message} in\n${text}`);
  const m = b.machine;
  const events: TraceEvent[] = [];
  m.kernel.probe.trace = (e) => events.push(e);
  const model = new UndoModel();
  let steps = 0;
  let undoExits = 0;
  let refused = 0;
  let clamped = 0;
  const nsemsOf = new Map<number, number>();
  for (;;) {
    // what a statement can change (the network namespace aside, which these workloads never touch)
    const before = plainCopy({ ipc: m.kernel.state.ipc, tasks: m.kernel.state.tasks });
    const valsBefore = semValues(m);
    const pidsBefore = new Map(m.run.state.procs.map((p) => [p.name, p.pid]));
    // the interpreter's blocked processes are exactly the kernel's sleeping tasks
    for (const p of m.run.state.procs) expect(asleep(m.kernel.state, p.pid), `${p.name} blocked`).toBe(p.blocked?.callee ?? null);
    const blocked = new Set(m.run.state.procs.filter((p) => p.blocked !== null).map((p) => p.name));
    events.length = 0;
    const r = m.run.step();
    if (r.kind === 'done') break;
    if (r.kind === 'error') {
      // the only workload error these workloads can reach: a statement for a blocked process, which must change nothing
      expect(r.error.code, `${r.error.message} in\n${text}`).toBe('process_blocked');
      expect({ ipc: m.kernel.state.ipc, tasks: m.kernel.state.tasks }).toEqual(before);
      refused++;
      break;
    }
    steps++;
    const lines = parseLines(r.output);
    for (const l of lines) {
      if (!blocked.has(l.proc)) continue;
      // a blocked process's only lines: its resumed call, or its end (kill, or exit after a signal)
      expect(l.text === '' || l.call === 'end', `[${l.proc}] ran ${l.call}(${l.text}) while blocked`).toBe(true);
    }
    for (const s of objects(sem_ids(m.kernel))) nsemsOf.set(s.id, s.sem_nsems);
    for (const l of lines) {
      const pid = m.run.state.procs.find((p) => p.name === l.proc)?.pid ?? pidsBefore.get(l.proc);
      if ((l.call === 'semop' || l.call === 'semtimedop') && l.text !== '') {
        const sops = sembufs(l.text);
        const semid = Number(/^(-?\d+)/.exec(l.text)![1]);
        if (l.result === null) model.pending.set(l.proc, { semid, sops });
        else if (l.result === '0') model.apply(pid!, semid, nsemsOf.get(semid) ?? 0, sops);
      } else if (l.call === 'semop') {
        const p = model.pending.get(l.proc)!;
        model.pending.delete(l.proc);
        if (l.result === '0') model.apply(pid!, p.semid, nsemsOf.get(p.semid) ?? 0, p.sops);
      } else if (l.call === 'semctl' && l.result?.startsWith('0')) {
        const [id, num, cmd] = l.text.split(', ');
        if (cmd === 'SETVAL') model.clear(Number(id), Number(num));
        else if (cmd === 'SETALL' || cmd?.startsWith('SETALL')) model.clear(Number(id), null);
        else if (cmd === 'IPC_RMID') model.drop(Number(id));
      } else if (l.call === 'end') {
        model.pending.delete(l.proc);
      }
    }

    // values within 0..SEMVMX
    const vals = semValues(m);
    for (const [id, vs] of vals) for (const v of vs) expect(Number.isInteger(v) && v >= 0 && v <= SEMVMX, `sem ${id} value ${v}`).toBe(true);

    // a process that ended: its undo list (as the model says) added back, clamped
    for (const l of lines.filter((x) => x.call === 'end')) {
      const pid = pidsBefore.get(l.proc);
      // a process whose first statement is its end: forked and gone in this step, with nothing to undo
      if (pid === undefined) continue;
      expect(m.kernel.state.tasks.tasks.has(pid)).toBe(false);
      const list = before.tasks.tasks.get(pid)!.undo_list ?? [];
      for (const un of list) {
        if (un.semid === -1) continue;
        const expected = model.of(pid, un.semid) ?? new Array<number>(un.semadj.length).fill(0);
        expect(un.semadj, `undo list of ${l.proc} before its end`).toEqual(expected);
        const old = valsBefore.get(un.semid);
        if (old === undefined) continue;
        const applied = events.filter((e): e is Extract<TraceEvent, { kind: 'sem_exit' }> => e.kind === 'sem_exit' && e.id === un.semid && e.pid === pid);
        expect(
          applied.map((e) => [e.sem, e.adj, e.value]),
          `exit of ${l.proc}`,
        ).toEqual(expected.flatMap((adj, i) => (adj === 0 ? [] : [[i, adj, clamp(old[i]! + adj)]])));
        if (applied.length > 0) undoExits++;
        if (expected.some((adj, i) => adj !== 0 && clamp(old[i]! + adj) !== old[i]! + adj)) clamped++;
        // nobody woken by it: the array holds exactly the values exit_sem left, with the exited task as sempid
        if (!lines.some((x) => x.text === '' && x.call === 'semop')) {
          const sma = objects(sem_ids(m.kernel)).find((s) => s.id === un.semid)!;
          expect(vals.get(un.semid)).toEqual(old.map((v, i) => clamp(v + expected[i]!)));
          for (let i = 0; i < expected.length; i++) if (expected[i] !== 0) expect(sma.sem_pids![i]).toBe(pid);
        }
      }
      for (const s of objects(sem_ids(m.kernel))) expect(s.list_id).not.toContain(pid);
      model.adj.delete(pid);
    }

    // every live task's undo list is the model's
    for (const t of m.kernel.state.tasks.tasks.values()) {
      for (const un of t.undo_list ?? []) if (un.semid !== -1) expect(un.semadj, `semadj of pid ${t.pid} on ${un.semid}`).toEqual(model.of(t.pid, un.semid) ?? un.semadj.map(() => 0));
      for (const [semid, a] of model.adj.get(t.pid) ?? [])
        if (a.some((x) => x !== 0))
          expect(
            t.undo_list?.some((u) => u.semid === semid),
            `undo of pid ${t.pid} on ${semid}`,
          ).toBe(true);
    }

    // nattch = the live mappings across all tasks
    const mapped = new Map<number, number>();
    for (const t of m.kernel.state.tasks.tasks.values()) for (const v of t.mm) mapped.set(v.shmid, (mapped.get(v.shmid) ?? 0) + 1);
    const segs = new Map(objects(shm_ids(m.kernel)).map((s) => [s.id, s]));
    for (const [id, n] of mapped) expect(segs.get(id)?.shm_nattch, `nattch of segment ${id}`).toBe(n);
    for (const [id, s] of segs) expect(s.shm_nattch, `nattch of segment ${id}`).toBe(mapped.get(id) ?? 0);
  }
  m.kernel.probe.trace = null;
  return { steps, undoExits, refused, clamped };
}

describe('part 2 properties over the live fuzz generator', () => {
  it('seeds 1-120 of `--fuzz --procs`: values in range, undo lists as modelled and applied on exit, nattch = mappings, blocked processes run nothing', () => {
    let steps = 0;
    let undoExits = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const r = checkWorkload(generateProcsWorkload(seed));
      expect(r.refused, `seed ${seed}`).toBe(0);
      steps += r.steps;
      undoExits += r.undoExits;
    }
    // the generator must reach the properties at all
    expect(steps).toBeGreaterThan(1500);
    expect(undoExits).toBeGreaterThan(5);
  });
});

/**
 * Values near SEMVMX and every way a process ends. As in the live generator,
 * a process that made a call which may sleep takes no statement but kill
 * afterwards (so runs are long), except the workload's last statement, which
 * is addressed to such a process when there is one (and must be refused).
 */
interface St {
  proc: string;
  text: string;
  canSleep: boolean;
}
const proc = fc.constantFrom('main', 'a', 'b', 'c');
const sop = fc.record({
  num: fc.integer({ min: 0, max: 1 }),
  op: fc.constantFrom(-32767, -16384, -2, -1, 0, 1, 2, 16384, 32767),
  flg: fc.constantFrom('0', 'SEM_UNDO', 'SEM_UNDO', 'SEM_UNDO|IPC_NOWAIT', 'IPC_NOWAIT'),
});
const st = (proc: string, text: string, canSleep = false): St => ({ proc, text, canSleep });
const statement: fc.Arbitrary<St> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(proc, fc.array(sop, { minLength: 1, maxLength: 3 })).map(([p, s]) =>
      st(
        p,
        `semop(s, ${s.map((x) => `{${x.num}, ${x.op}, ${x.flg}}`).join(', ')})`,
        s.some((x) => x.op <= 0 && !x.flg.includes('IPC_NOWAIT')),
      ),
    ),
  },
  { weight: 2, arbitrary: fc.tuple(proc, fc.integer({ min: 0, max: 1 }), fc.constantFrom(0, 1, 32766, 32767)).map(([p, n, v]) => st(p, `semctl(s, ${n}, SETVAL, ${v})`)) },
  { weight: 1, arbitrary: fc.tuple(proc, fc.constantFrom(0, 1, 32767), fc.constantFrom(0, 2, 32767)).map(([p, v, w]) => st(p, `semctl(s, 0, SETALL, {${v}, ${w}})`)) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('exit', 'kill')).map(([p, a]) => st(p, a)) },
  { weight: 2, arbitrary: fc.tuple(proc, fc.constantFrom('0', 'IPC_NOWAIT')).map(([p, f]) => st(p, `msgrcv(q, 0, 100, ${f})`, f === '0')) },
  { weight: 2, arbitrary: proc.map((p) => st(p, 'msgsnd(q, 1, "x", IPC_NOWAIT)')) },
  { weight: 1, arbitrary: proc.map((p) => st(p, 'shmat(m, 0, 0)')) },
  { weight: 1, arbitrary: proc.map((p) => st(p, 'semctl(s, 0, IPC_RMID)')) },
);
/** A process takes with SEM_UNDO, another fills the semaphore to the top, the first ends: its exit would overshoot SEMVMX. */
const overshoot: fc.Arbitrary<St[]> = fc
  .tuple(fc.constantFrom('a', 'b', 'c'), proc, fc.integer({ min: 0, max: 1 }), fc.constantFrom('exit', 'kill'))
  .map(([p, q, n, end]) => [st(q, `semop(s, {${n}, 2, IPC_NOWAIT})`), st(p, `semop(s, {${n}, -2, SEM_UNDO|IPC_NOWAIT})`), st(q, `semop(s, {${n}, 32767, IPC_NOWAIT})`), st(p, end)]);
const statements = fc.array(fc.oneof({ weight: 12, arbitrary: statement.map((x) => [x]) }, { weight: 1, arbitrary: overshoot }), { minLength: 1, maxLength: 25 }).map((xs) => xs.flat());
const workload = fc.tuple(statements, statement, fc.boolean()).map(([sts, last, refuse]) => {
  const frozen = new Set<string>();
  const used = new Set<string>();
  const lines: string[] = [];
  for (const x of sts) {
    if (frozen.has(x.proc) && x.text !== 'kill') continue;
    if (x.text === 'exit' || x.text === 'kill') frozen.delete(x.proc);
    else if (x.canSleep) frozen.add(x.proc);
    if (x.proc !== 'main') used.add(x.proc);
    lines.push(`@${x.proc} ${x.text}`);
  }
  const target = [...frozen].sort()[0];
  if (refuse && target !== undefined) lines.push(`@${target} ${last.text === 'exit' || last.text === 'kill' ? 'semctl(s, 0, GETALL)' : last.text}`);
  // else every process ends, so each undo list is applied
  else for (const p of [...used].sort()) lines.push(`@${p} ${frozen.has(p) ? 'kill' : 'exit'}`);
  return `s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)\nq = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nm = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\n${lines.join('\n')}\n`;
});

describe('part 2 properties near the limits', () => {
  it('values near SEMVMX, exits clamped both ways, statements for blocked processes refused with nothing changed', () => {
    let undoExits = 0;
    let refused = 0;
    let clamped = 0;
    fc.assert(
      fc.property(workload, (text) => {
        const r = checkWorkload(text);
        undoExits += r.undoExits;
        refused += r.refused;
        clamped += r.clamped;
      }),
      { numRuns: 250, seed: 16 },
    );
    expect(undoExits).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
    expect(clamped).toBeGreaterThan(10);
  });
});
