/**
 * semop, the wake-up rules, GETNCNT/GETZCNT and SEM_UNDO across processes
 * (ipc/semop.ts through the language). The example was recorded on Linux
 * 6.18.44 with linux-oracle/kernel_replay.py; the properties run random
 * multi-process workloads step by step against the kernel state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootMachine } from '../api';
import { runWorkload } from '../run';
import { plainCopy } from '../plain_copy';
import { sem_ids, SEMVMX } from './sem';
import { ipc_idr_find } from './ipc_idr';

const RECORDED_WORKLOAD = `s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
@a semop(s, {0, -3})
@b semop(s, {0, -1})
semop(s, {0, 1})
semctl(s, 0, GETNCNT)
semctl(s, 0, GETPID)
@c semop(s, {0, -1}, {1, -1, IPC_NOWAIT})
semop(s, {0, 1})
semctl(s, 0, GETALL)
@d semop(s, {0, -1}, {1, -1})
semctl(s, 0, GETNCNT)
semctl(s, 1, GETNCNT)
@e semop(s, {1, 0}, {0, 0})
semctl(s, 0, GETZCNT)
semctl(s, 1, GETZCNT)
@u semop(s, {1, 5, SEM_UNDO})
semctl(s, 0, SETVAL, 2)
@u exit
semctl(s, 0, GETALL)
@k semop(s, {1, 3, SEM_UNDO}, {0, -1, SEM_UNDO})
@k kill
semctl(s, 0, GETALL)
semctl(s, 0, GETPID)
`;
const RECORDED_OUTPUT = `semget(IPC_PRIVATE, 2, IPC_CREAT|0600) = 0
[a] semop(0, {0, -3, 0}) <unfinished ...>
[b] semop(0, {0, -1, 0}) <unfinished ...>
semop(0, {0, 1, 0}) = 0
[b] <... semop resumed> = 0
semctl(0, 0, GETNCNT) = 1
semctl(0, 0, GETPID) = pid(b)
[c] semop(0, {0, -1, 0}, {1, -1, IPC_NOWAIT}) <unfinished ...>
semop(0, {0, 1, 0}) = 0
[c] <... semop resumed> = -1 EAGAIN (Resource temporarily unavailable)
semctl(0, 0, GETALL) = 0 {1, 0}
[d] semop(0, {0, -1, 0}, {1, -1, 0}) <unfinished ...>
semctl(0, 0, GETNCNT) = 1
semctl(0, 1, GETNCNT) = 1
[e] semop(0, {1, 0, 0}, {0, 0, 0}) <unfinished ...>
semctl(0, 0, GETZCNT) = 1
semctl(0, 1, GETZCNT) = 0
[u] semop(0, {1, 5, SEM_UNDO}) = 0
[d] <... semop resumed> = 0
semctl(0, 0, SETVAL, 2) = 0
[u] +++ exited with 0 +++
semctl(0, 0, GETALL) = 0 {2, 0}
[k] semop(0, {1, 3, SEM_UNDO}, {0, -1, SEM_UNDO}) = 0
[k] +++ killed by SIGKILL +++
semctl(0, 0, GETALL) = 0 {2, 0}
semctl(0, 0, GETPID) = pid(?)
[a] <... semop resumed> = -1 EINTR (Interrupted system call)
[e] <... semop resumed> = -1 EINTR (Interrupted system call)
`;

describe('semop across processes, as Linux 6.18 does it', () => {
  it('wakes in queue order past a larger request, wakes a sleeper with EAGAIN, counts only the blocking sop, and undoes on exit and kill', () => {
    const r = runWorkload(RECORDED_WORKLOAD);
    expect(r.error).toBe(null);
    expect(r.output).toBe(RECORDED_OUTPUT);
  });

  it('prints a sleeping semop of a single-process workload as EINTR and a semtimedop as EAGAIN, leaving nobody queued', () => {
    const r = runWorkload('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\nsemop(s, {0, -1})\nsemtimedop(s, 1000, {0, -1})\nsemctl(s, 0, GETNCNT)');
    expect(r.output).toBe(
      'semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0\nsemop(0, {0, -1, 0}) = -1 EINTR (Interrupted system call)\n' +
        'semtimedop(0, 1000, {0, -1, 0}) = -1 EAGAIN (Resource temporarily unavailable)\nsemctl(0, 0, GETNCNT) = 0\n',
    );
  });

  it('refuses a statement for a blocked process, and a semtimedop timeout above 100 ms', () => {
    expect(runWorkload('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@a semop(s, {0, -1})\n@a semop(s, {0, 1})').error).toMatchObject({ code: 'process_blocked', line: 3 });
    expect(runWorkload('semtimedop(0, 100000001, {0, -1})').error).toMatchObject({ code: 'timeout_too_long' });
  });
});

/** A random multi-process semaphore workload on one array of 3 semaphores. */
const sop = fc.record({
  num: fc.integer({ min: 0, max: 2 }),
  op: fc.integer({ min: -3, max: 3 }),
  flg: fc.constantFrom('0', 'SEM_UNDO', 'IPC_NOWAIT', 'SEM_UNDO|IPC_NOWAIT'),
});
const statement = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('main', 'a', 'b', 'c'), fc.array(sop, { minLength: 1, maxLength: 3 }))
      .map(([p, sops]) => `@${p} semop(s, ${sops.map((x) => `{${x.num}, ${x.op}, ${x.flg}}`).join(', ')})`),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('exit', 'kill')).map(([p, a]) => `@${p} ${a}`) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 5 })).map(([n, v]) => `semctl(s, ${n}, SETVAL, ${v})`) },
);
const workload = fc.array(statement, { minLength: 1, maxLength: 25 }).map((sts) => `s = semget(IPC_PRIVATE, 3, IPC_CREAT|0600)\n${sts.join('\n')}\n`);

function values(m: ReturnType<typeof boot>): number[] {
  const sma = ipc_idr_find(sem_ids(m.kernel).ipcs_idr, 0, m.kernel.probe);
  return sma?.sem_vals ?? [0, 0, 0];
}

function boot(text: string) {
  const b = bootMachine(text);
  if (!b.ok) throw new Error(b.error.message);
  return b.machine;
}

describe('semop properties', () => {
  it('semaphore values stay within 0..SEMVMX and a blocked process prints nothing but its resumed line', () => {
    fc.assert(
      fc.property(workload, (text) => {
        const m = boot(text);
        const blocked = new Set<string>();
        for (;;) {
          const r = m.run.step();
          if (r.kind !== 'op') break;
          for (const v of values(m)) expect(v >= 0 && v <= SEMVMX).toBe(true);
          for (const line of r.output.split('\n').filter(Boolean)) {
            const name = /^\[([a-z0-9_]+)\] /.exec(line)?.[1] ?? 'main';
            if (line.includes('resumed>') || line.includes('+++')) blocked.delete(name);
            else expect(blocked.has(name), line).toBe(false);
            if (line.endsWith('<unfinished ...>')) blocked.add(name);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("a process's exit adds back what its undo list says (clamped to 0..SEMVMX)", () => {
    fc.assert(
      fc.property(workload, fc.constantFrom('a', 'b', 'c'), (text, who) => {
        const m = boot(text + `@${who} exit\n`);
        let last = m.run.step();
        for (;;) {
          const before = plainCopy(m.kernel.state);
          const vals = [...values(m)];
          last = m.run.step();
          if (last.kind !== 'op') break;
          if (!last.output.startsWith(`[${who}] +++`)) continue;
          const proc = m.run.state.procs.find((p) => p.name === who);
          expect(proc).toBe(undefined);
          // only the last statement is the final exit of `who`: compare with its undo list before it
          const task = [...before.tasks.tasks.values()].find((t) => t.undo_list !== null && !m.kernel.state.tasks.tasks.has(t.pid));
          const un = task?.undo_list?.find((u) => u.semid === 0);
          if (un === undefined) continue;
          const after = values(m);
          const woke = last.output.includes('resumed>');
          if (!woke) for (let i = 0; i < 3; i++) expect(after[i]).toBe(Math.min(Math.max(vals[i]! + un.semadj[i]!, 0), SEMVMX));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("GETPID's variable", () => {
  const base = 's = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@a semop(s, {0, 1})\np = semctl(s, 0, GETPID)\n';
  it('holds pid(NAME), never the real pid: in another call, in shmdt, in arithmetic or a word it is a workload error naming it', () => {
    for (const use of ['semctl(s, p, GETVAL)', 'shmdt(p)', 'semop(s, {0, p - 1})', 'cat /proc/$p']) {
      const r = runWorkload(base + use);
      expect(r.error, use).toMatchObject({ code: 'symbolic_value', line: 4, message: 'pid(a) is symbolic: it can only be stored (it is no address for shmdt)' });
      expect(r.output).toBe('semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0\n[a] semop(0, {0, 1, 0}) = 0\nsemctl(0, 0, GETPID) = pid(a)\n');
    }
    expect(runWorkload(base + '@a exit\nq = semctl(s, 0, GETPID)\nsemctl(s, q, GETVAL)').error?.message).toBe('pid(?) is symbolic: it can only be stored (it is no address for shmdt)');
  });

  it('is a plain number for a GETPID of 0, a failed one, and once another call assigns it', () => {
    const r = runWorkload(
      's = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\nz = semctl(s, 0, GETPID)\nsemctl(s, z, GETVAL)\nf = semctl(9, 0, GETPID)\nsemctl(s, f + 1, GETVAL)\n' +
        'semop(s, {0, 2})\np = semctl(s, 0, GETPID)\np = semctl(s, 0, GETVAL)\nsemctl(s, 0, SETVAL, p + 1)\nsemctl(s, 0, GETVAL)',
    );
    expect(r.error).toBe(null);
    expect(r.output.split('\n').slice(-3)).toEqual(['semctl(0, 0, SETVAL, 3) = 0', 'semctl(0, 0, GETVAL) = 3', '']);
  });
});
