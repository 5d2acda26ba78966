import { describe, expect, it } from 'vitest';
import { bootMachine } from '../api';
import { task_states } from './task_states';

/** The machine after running `text` to its end, without the end-of-workload signals (the last step is taken but not `done`). */
function after(text: string, steps: number) {
  const b = bootMachine(text);
  if (!b.ok) throw new Error(b.error.message);
  for (let i = 0; i < steps; i++) expect(b.machine.run.step().kind).toBe('op');
  return b.machine;
}

const WORKLOAD = `s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgctl(q, IPC_SET, msg_qbytes=4)
semctl(s, 0, SETVAL, 1)
@a semop(s, {0, 1}, {1, -2, SEM_UNDO})
@b msgrcv(q, 3, 100, 0)
@c msgsnd(q, 1, "hello", 0)
@d semop(s, {0, 0})
@e msgrcv(q, -2, 100, MSG_NOERROR)
@f msgrcv(q, 5, 100, MSG_EXCEPT)
@g semctl(s, 0, GETVAL)
semop(s, {1, 2})
`;

describe('the process strip (task_states)', () => {
  it('names what each blocked process waits for, from the kernel queues; the last statement’s process runs, the others are runnable', () => {
    const m = after(WORKLOAD, 11);
    expect(task_states(m.kernel).map((r) => [r.name, r.state, r.on])).toEqual([
      ['main', 'runnable', null],
      ['a', 'blocked', 'semop on sem 1 of array 0 (op -2)'],
      ['b', 'blocked', 'msgrcv type 3 on queue 0'],
      ['c', 'blocked', 'msgsnd on full queue 0'],
      ['d', 'blocked', 'semop on sem 0 of array 0 (waits for 0)'],
      ['e', 'blocked', 'msgrcv type ≤ 2 on queue 0'],
      ['f', 'blocked', 'msgrcv any type but 5 on queue 0'],
      ['g', 'running', null],
    ]);
    // main's semop lets a go: a's complex op is performed (semaphore 0 becomes 2), so d still waits for zero
    m.run.step();
    const rows = task_states(m.kernel);
    expect(rows.find((r) => r.name === 'main')!.state).toBe('running');
    expect(rows.find((r) => r.name === 'a')).toMatchObject({ state: 'runnable', call: null, on: null });
    expect(rows.find((r) => r.name === 'd')).toMatchObject({ state: 'blocked', call: 'semop' });
  });

  it('agrees with the interpreter on who is blocked, and a killed process leaves the strip', () => {
    const m = after('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@a semop(s, {0, -1})\n@b semop(s, {0, -1})\n@a kill\n', 4);
    const rows = task_states(m.kernel);
    expect(rows.map((r) => r.name)).toEqual(['main', 'b']);
    for (const p of m.run.state.procs) expect(rows.find((r) => r.pid === p.pid)!.state === 'blocked').toBe(p.blocked !== null);
  });
});
