import { describe, expect, it } from 'vitest';
import { EIDRM } from '../uapi/errno';
import { ipcKernel, ipcObject } from './ipc.test-helper';
import { msg_ids } from './msg';
import { msg_interrupt, msg_wake_run } from './msg_sleep';
import { sys_msgctl, sys_msgget, sys_msgrcv, sys_msgsnd } from './syscall';
import { newProbe } from '../probe';
import { set_current, task_fork } from '../kernel/task';
import { MSG_SLEEPS } from '../script/syscalls';
import { IPC_RMID } from '../uapi/ipc';
import type { TraceEvent } from '../trace';
import type { MsgWakeup } from '../config';

/** main creates a queue, a forked receiver sleeps on it, main sends one message; the events of that send. */
function handOff(msg_wakeup: MsgWakeup) {
  const events: TraceEvent[] = [];
  const k = ipcKernel(
    { msg_wakeup },
    newProbe((ev) => events.push(ev)),
  );
  const main = k.config.pid;
  const q = sys_msgget(k, 0, 0o600);
  const r = task_fork(k);
  set_current(k, r);
  expect(sys_msgrcv(k, q, 0n, 100n, 0)).toBe(MSG_SLEEPS);
  set_current(k, main);
  events.length = 0;
  expect(sys_msgsnd(k, q, 5n, 3n, 0, 'abc')).toBe(0);
  return { k, q, r, kinds: events.filter((e) => e.kind.startsWith('msg_')).map((e) => (e.kind === 'msg_wake' ? `wake ${e.why} ${e.deferred ? 'after unlock' : 'under lock'}` : e.kind)) };
}

describe('msg sleepers (ipc/msg_sleep.ts)', () => {
  it('the pipelined hand-off leaves the message with the sleeping receiver: qnum stays 0, lrpid is the receiver', () => {
    const { k, q, r } = handOff('wake_q');
    const msq = ipcObject(msg_ids(k), q);
    expect([msq.q_qnum, msq.q_cbytes, msq.q_lrpid, msq.q_receivers.length]).toEqual([0, 0, r, 0]);
    expect(msg_wake_run(k, r)).toEqual({ r: 3, bytes: 'abc' });
    expect(msg_wake_run(k, r)).toBeNull();
  });

  it('msg_wakeup: 4.9+ wakes from the wake_q after the send is done; before 4.9 under the queue lock, inside pipelined_send', () => {
    const now = handOff('wake_q');
    expect(now.kinds).toEqual(['msg_send', 'wake message after unlock']);
    expect([now.k.probe.costs.msg_wakeups, now.k.probe.costs.msg_wakeups_locked]).toEqual([1, 0]);
    const old = handOff('locked');
    expect(old.kinds).toEqual(['wake message under lock', 'msg_send']);
    expect([old.k.probe.costs.msg_wakeups, old.k.probe.costs.msg_wakeups_locked]).toEqual([0, 1]);
    // what the processes see is the same
    expect(msg_wake_run(old.k, old.r)).toEqual(msg_wake_run(now.k, now.r));
  });

  it('IPC_RMID wakes a sleeping sender with EIDRM; a signal instead unlinks it with EINTR', () => {
    const k = ipcKernel();
    const main = k.config.pid;
    const q = sys_msgget(k, 0, 0o600);
    expect(sys_msgsnd(k, q, 1n, 8192n, 0)).toBe(0);
    expect(sys_msgsnd(k, q, 1n, 8192n, 0)).toBe(0);
    const s = task_fork(k);
    set_current(k, s);
    expect(sys_msgsnd(k, q, 1n, 1n, 0, 'x')).toBe(MSG_SLEEPS);
    expect(msg_wake_run(k, s)).toBeNull();
    set_current(k, main);
    expect(sys_msgctl(k, q, IPC_RMID)).toBe(0);
    expect(msg_wake_run(k, s)).toEqual({ r: -EIDRM, bytes: null });
    expect(k.state.tasks.tasks.get(s)!.msg_wait).toBeNull();
  });

  it('a sleeping receiver interrupted after the hand-off still returns the message (the lockless receive)', () => {
    const { k, r } = handOff('wake_q');
    expect(msg_interrupt(k, r)).toEqual({ r: 3, bytes: 'abc' });
  });

  it('the sleepers are plain data: a structuredClone of the state resumes the same way', () => {
    const { k, r } = handOff('wake_q');
    const copy = { ...k, state: structuredClone(k.state) };
    expect(msg_wake_run(copy, r)).toEqual(msg_wake_run(k, r));
  });
});
