/**
 * ipc/msg.c: messages queued, handed over and taken, and who sleeps and
 * wakes (under the queue lock before 4.9, from the wake_q after it).
 */
import type { TraceEvent } from '../../trace';
import type { FnName } from '../listings';
import type { MechanismRows, CodeContext } from '../table';

type MsgWakeWhy = Extract<TraceEvent, { kind: 'msg_wake' }>['why'];
const MSG_WAKE_WHY: Readonly<Record<MsgWakeWhy, string>> = {
  message: 'a sender handed it the message (pipelined_send)',
  e2big: 'the message is longer than its buffer, so its msgrcv fails with E2BIG',
  eidrm: 'the queue was removed, so its call fails with EIDRM',
  eagain: 'IPC_SET changed the queue, so it searches again',
  room: 'a message left the queue, so its message may fit now',
};
/** The function and line that wakes, for each reason. */
const MSG_WAKE_AT: Readonly<Record<MsgWakeWhy, readonly [FnName, string]>> = {
  message: ['pipelined_send', 'hand'],
  e2big: ['pipelined_send', 'e2big'],
  eidrm: ['expunge_all', 'wake'],
  eagain: ['expunge_all', 'wake'],
  room: ['ss_wakeup', 'wake'],
};
/** Who queued the wake-up (EIDRM of a sender comes from ss_wakeup's kill pass: named by the entry point). */
function msgWaker(why: MsgWakeWhy, c: CodeContext): string {
  if (why === 'eidrm' && c.entry === 'sys_msgctl') return 'freeque';
  return MSG_WAKE_AT[why][0];
}
function msgWakeVia(why: MsgWakeWhy, c: CodeContext): string[] {
  if (why === 'message' || why === 'e2big') return ['do_msgsnd'];
  if (why === 'room') return [c.entry === 'sys_msgctl' ? 'msgctl_down' : 'do_msgrcv'];
  return why === 'eidrm' ? ['msgctl_down', 'freeque'] : ['msgctl_down'];
}

/** The rows of the msg events (the msg mechanism). */
export const MSG_ROWS = {
  msg_send: {
    mechanism: 'msg',
    at: (ev) => ({
      fn: 'do_msgsnd',
      line: ev.how === 'pipelined' ? 'pipelined' : 'queue',
      why:
        ev.how === 'pipelined'
          ? `A receiver was waiting for type ${ev.mtype}: it gets the ${ev.size}-byte message directly.`
          : `No receiver waits for it: the ${ev.size}-byte message of type ${ev.mtype} is queued.`,
    }),
  },
  msg_recv: {
    mechanism: 'msg',
    at: (ev) => ({
      fn: 'do_msgrcv',
      line: ev.how === 'copy' ? 'copy' : 'remove',
      why: `${ev.steps === 1 ? 'The first message' : `Message ${ev.steps} of the queue`} matches type ${ev.mtype}: ${ev.how === 'copy' ? 'MSG_COPY copies it and leaves it queued' : `its ${ev.size} bytes are taken off the queue`}.`,
    }),
  },
  msg_block: {
    mechanism: 'msg',
    at: (ev) =>
      ev.call === 'msgsnd'
        ? { fn: 'do_msgsnd', line: 'sleep', why: `The queue has no room for the ${ev.size}-byte message of type ${ev.mtype}: task ${ev.pid} sleeps on q_senders.` }
        : { fn: 'do_msgrcv', line: 'sleep', why: `No message matches type ${ev.mtype}: task ${ev.pid} sleeps on q_receivers with a ${ev.size}-byte buffer.` },
  },
  msg_wake: {
    mechanism: 'msg',
    at: (ev, c) => {
      const what = MSG_WAKE_WHY[ev.why];
      if (ev.deferred) return { fn: 'wake_up_q', line: 'wake', via: [msgWaker(ev.why, c)], why: `After the unlock, task ${ev.pid} is woken: ${what}.` };
      const at = MSG_WAKE_AT[ev.why];
      return { fn: at[0], line: at[1], via: msgWakeVia(ev.why, c), why: `Task ${ev.pid} is woken under the queue lock (before 4.9): ${what}.` };
    },
  },
} satisfies MechanismRows<'msg'>;
