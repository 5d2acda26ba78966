import { describe, expect, it } from 'vitest';
import { EINTR, E2BIG } from '../uapi/errno';
import { IPC_NOWAIT, MSG_INFO } from '../uapi/ipc';
import { ipcKernel } from './ipc.test-helper';
import { BLOCK, do_msgrcv, do_msgsnd, msg_ids } from './msg';
import { DATALEN_MSG, DATALEN_SEG, load_msg, msg_segments, store_msg } from './msgutil';
import { msg_counter_add, msg_counter_sum, percpu_counter_init } from './msg_counters';
import { msgctl_info, msginfo_zero } from './msgctl';
import { msg_list_add, type MsgMsg, type MsgQueue, type MsgReceiver } from './namespace';
import { sys_msgget, sys_msgrcv, sys_msgsnd } from './syscall';
import { msg_interrupt } from './msg_sleep';
import { MSG_SLEEPS } from '../script/syscalls';
import { newProbe } from '../probe';
import { ipc_idr_find } from './ipc_idr';
import type { TraceEvent } from '../trace';

function queue(k: ReturnType<typeof ipcKernel>, id: number): MsgQueue {
  return ipc_idr_find(msg_ids(k).ipcs_idr, id)!;
}

function receiver(r_msgtype: bigint, r_mode: number, r_maxsize: number): MsgReceiver {
  return { r_tsk: 777, r_mode, r_msgtype, r_maxsize, r_msg: 0 };
}

describe('the sleep point of msgsnd and msgrcv', () => {
  it('do_msgrcv returns BLOCK on an empty queue; the system call sleeps on q_receivers until a signal (EINTR) unlinks it', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    expect(do_msgrcv(k, q, 0n, 100n, 0)).toBe(BLOCK);
    expect(queue(k, q).q_receivers).toEqual([]);
    expect(sys_msgrcv(k, q, 0n, 100n, 0)).toBe(MSG_SLEEPS);
    expect(queue(k, q).q_receivers.map((r) => r.r_tsk)).toEqual([k.config.pid]);
    expect(msg_interrupt(k, k.config.pid)).toEqual({ r: -EINTR, bytes: null });
    expect(queue(k, q).q_receivers).toEqual([]);
    expect(queue(k, q).q_rtime).toBe(0);
  });

  it('do_msgsnd returns BLOCK on a full queue; the system call sleeps on q_senders until a signal (EINTR) unlinks it', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    expect(sys_msgsnd(k, q, 1n, 8192n, 0)).toBe(0);
    expect(sys_msgsnd(k, q, 1n, 8192n, 0)).toBe(0);
    expect(do_msgsnd(k, q, 1n, 1n, 0)).toBe(BLOCK);
    expect(sys_msgsnd(k, q, 1n, 1n, 0)).toBe(MSG_SLEEPS);
    expect(queue(k, q).q_senders.map((s) => s.tsk)).toEqual([k.config.pid]);
    expect(msg_interrupt(k, k.config.pid).r).toBe(-EINTR);
    expect(queue(k, q).q_qnum).toBe(2);
    expect(queue(k, q).q_senders).toEqual([]);
  });
});

describe('pipelined_send (kernel-notes 4.3, observed with a forked receiver)', () => {
  it('a too-small sleeping receiver gets E2BIG and the message is queued', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    const msr = receiver(0n, 1 /* SEARCH_ANY */, 2);
    // linked as msg_sleep.ts links a sleeping receiver (a new queue's lists are the shared NO_LIST)
    queue(k, q).q_receivers = msg_list_add(queue(k, q).q_receivers, msr);
    expect(sys_msgsnd(k, q, 1n, 7n, 0)).toBe(0);
    expect(msr.r_msg).toBe(-E2BIG);
    expect(queue(k, q).q_receivers).toEqual([]);
    expect(queue(k, q).q_qnum).toBe(1);
    expect(queue(k, q).q_cbytes).toBe(7);
    expect(msgctl_info(k, MSG_INFO, msginfo_zero())).toBe(0);
  });

  it('a matching receiver takes the message directly, bypassing the queue and the namespace counters', () => {
    const k = ipcKernel();
    const q = sys_msgget(k, 0, 0o600);
    expect(sys_msgsnd(k, q, 1n, 7n, IPC_NOWAIT)).toBe(0);
    const other = receiver(9n, 2 /* SEARCH_EQUAL */, 100);
    const msr = receiver(5n, 2, 100);
    queue(k, q).q_receivers = msg_list_add(msg_list_add(queue(k, q).q_receivers, other), msr);
    expect(sys_msgsnd(k, q, 5n, 3n, 0)).toBe(0);
    expect((msr.r_msg as MsgMsg).m_ts).toBe(3);
    expect(other.r_msg).toBe(0);
    expect(queue(k, q).q_receivers).toEqual([other]);
    expect(queue(k, q).q_lrpid).toBe(777);
    const info = msginfo_zero();
    msgctl_info(k, MSG_INFO, info);
    expect([info.msgpool, info.msgmap, info.msgtql]).toEqual([1, 1, 7]);
  });
});

describe('the namespace message counters', () => {
  it('percpu_counter_add_local keeps amounts in the CPU cell until it reaches INT_MAX, then folds', () => {
    const c = percpu_counter_init(2);
    const p = newProbe();
    msg_counter_add(c, 'msg_bytes', 100, p, 0);
    msg_counter_add(c, 'msg_bytes', -40, p, 1);
    expect(c).toEqual({ count: 0, counters: [100, -40] });
    msg_counter_add(c, 'msg_bytes', 0x7fffffff - 100, p, 0);
    expect(c).toEqual({ count: 0x7fffffff, counters: [0, -40] });
    expect(msg_counter_sum(c, 'msg_bytes', p)).toBe(0x7fffffff - 40);
    expect([p.costs.percpu_add, p.costs.percpu_fold, p.costs.percpu_sum]).toEqual([3, 1, 1]);
  });

  it('MSG_INFO clamps msgtql at INT_MAX', () => {
    const k = ipcKernel();
    const ns = k.state.ipc;
    msg_counter_add(ns.msg_bytes, 'msg_bytes', 0x7fffffff, k.probe);
    msg_counter_add(ns.msg_bytes, 'msg_bytes', 5, k.probe);
    const info = msginfo_zero();
    msgctl_info(k, MSG_INFO, info);
    expect(info.msgtql).toBe(0x7fffffff);
  });
});

describe('message tracing', () => {
  it('reports each queued and received message with the messages examined', () => {
    const events: TraceEvent[] = [];
    const k = ipcKernel(
      {},
      newProbe((e) => events.push(e)),
    );
    const q = sys_msgget(k, 0, 0o600);
    for (const t of [5n, 3n, 7n]) sys_msgsnd(k, q, t, 4n, IPC_NOWAIT);
    expect(sys_msgrcv(k, q, -6n, 10n, IPC_NOWAIT)).toBe(4);
    expect(sys_msgrcv(k, q, 1n, 10n, IPC_NOWAIT | 0o40000)).toBe(4);
    const msgs = events.filter((e) => e.kind === 'msg_send' || e.kind === 'msg_recv');
    expect(msgs.slice(3)).toEqual([
      { kind: 'msg_recv', id: 0, mtype: '3', size: 4, how: 'remove', steps: 3 },
      { kind: 'msg_recv', id: 0, mtype: '7', size: 4, how: 'copy', steps: 2 },
    ]);
    expect(msgs[0]).toEqual({ kind: 'msg_send', id: 0, mtype: '5', size: 4, how: 'queue' });
  });
});

describe('payload layout (ipc/msgutil.c alloc_msg)', () => {
  it('keeps 4048 bytes after the header and 4088 in each msg_msgseg, and store_msg reads them back in order', () => {
    const bytes = Array.from({ length: 10000 }, (_, i) => String.fromCharCode(i % 251)).join('');
    const m = load_msg(3n, bytes.length, bytes);
    expect([m.mtext!.length, ...m.next.map((s) => s.length)]).toEqual([DATALEN_MSG, DATALEN_SEG, 10000 - DATALEN_MSG - DATALEN_SEG]);
    expect(msg_segments(10000)).toBe(2);
    expect(msg_segments(DATALEN_MSG)).toBe(0);
    expect(store_msg(m, 10000)).toBe(bytes);
    expect(store_msg(m, 4100)).toBe(bytes.slice(0, 4100));
    expect(store_msg(load_msg(1n, 9000, null), 9000)).toBeNull();
  });
});
