/**
 * The timed path of each msg system call, per kernel configuration: which
 * cache lines and locks ipc/msg.c touches, in order, given what the call
 * did (task_syscalls.ts's Outcome). This file is the annotation the issue
 * asks for; the semantics stay in ipc/msg.ts.
 *
 * Lookup of the queue by id (`ipc_lookup`):
 * - rwsem (2.6.24-2.6.26): down_read(&ids->rw_mutex), idr_find, up_read,
 *   then spin_lock(&msq->q_perm.lock) (2.6.25 ipc/util.c ipc_lock). The
 *   semaphore's count and the IDR's root are on one line or on two
 *   (ipc_layout.ts decides which from the struct offsets). With the xadd rwsem that is two locked RMWs; with the x86-64
 *   rwsem of that era (lib/rwsem-spinlock.c, lock_config.ts) each of
 *   down_read and up_read takes the semaphore's wait_lock — a ticket
 *   spinlock every CPU's lookups share — and updates `activity` under it.
 * - rcu (2.6.27+): rcu_read_lock, idr_find (reads the root's line, never
 *   writes it), spin_lock of the queue. RCU read sections cost nothing shared.
 * Namespace counters (`msg_counters`), touched only when a message goes
 * through the queue (not on a pipelined hand-over):
 * - atomic (≤6.0): atomic_add on msg_bytes and atomic_inc on msg_hdrs,
 *   adjacent in struct ipc_namespace: two locked RMWs of one shared line,
 *   back to back (one acquisition of the line, machine.ts's `count`).
 * - percpu (6.1+): percpu_counter_add_local on this CPU's slot (batch
 *   INT_MAX, lib/percpu_counter.ts decides the rare fold, which takes the
 *   counter's spinlock and writes its shared count).
 * Wake-ups (pipelined hand-over, ss_wakeup, expunge_all), `msg_wakeup`:
 * - wake_q (4.9+, Sebastian Andrzej Siewior and Davidlohr Bueso,
 *   ee51636ca54f "ipc/msg: implement lockless pipelined wakeups"): collected
 *   under the queue lock, issued after it is dropped (wake_up_q);
 * - locked (< 4.9): wake_up_process at the point of waking, the queue lock
 *   held: in pipelined_send and expunge_all (before anything is queued),
 *   in do_msgrcv's ss_wakeup (after the counters), in freeque and IPC_SET.
 *   The lock is held for the whole try_to_wake_up. (4.8 stores the
 *   receiver's r_msg only after wake_up_process returns, and a receiver
 *   not yet asleep spins on it meanwhile, "Lockless receive, part 2"; here
 *   a receiver sleeps at the instant it drops the lock and its waker needs
 *   that lock, so the spin cannot arise and is not modelled.)
 * Each wake-up takes the target CPU's run-queue lock line. A call that
 * blocks drops the lock and sleeps; after a pipelined hand-over the
 * receiver returns without taking any lock (the "lockless receive" of
 * do_msgrcv since 2.6.x: no rwsem, no queue lock).
 * msgget takes the ids rwsem for write (ipcget); IPC_INFO/MSG_INFO take it
 * for read (msgctl_info); IPC_STAT/MSG_STAT/MSG_STAT_ANY look the queue up
 * as msgsnd does and take its lock (msgctl_stat under RCU; 2.6.25's
 * msg_lock_check = ipc_lock); MSG_INFO with percpu counters (6.1
 * msgctl_info) sums them after up_read: percpu_counter_sum takes the
 * counter's spinlock and reads every online CPU's slot, for msg_hdrs and
 * then msg_bytes (both counters' locks are on one line of ipc_namespace;
 * here each is its own). IPC_RMID/IPC_SET (msgctl_down) in every era: down_write of the ids
 * rwsem, the lookup with the rwsem held (6.x: rcu_read_lock +
 * ipcctl_obtain_check, no rwsem read; 2.6.25: ipcctl_pre_down's lookup under
 * the held rw_mutex), then the queue spinlock (6.x ipc_lock_object; 2.6.25
 * the ipc_lock of ipcctl_pre_down) around the writes: IPC_SET's uid, gid,
 * mode, q_qbytes and q_ctime, expunge_all and ss_wakeup; queue unlock,
 * wake-ups (6.x wake_q, before up_write), up_write. The language's `msgctl(q, IPC_SET)` is
 * stress-ng's pair: the IPC_STAT path, then that IPC_SET path; when it fails
 * only the IPC_STAT path is costed.
 *
 * Simplified: a retried call (a woken sender) pays the whole path again;
 * security hooks, copy sizes and slab behaviour are folded into the
 * msg_load/msg_store constants; the message buffer's own line is not
 * modelled.
 */
import type { KernelConfig } from '../config';
import { percpu_counter_add_batch, PERCPU_COUNTER_LOCAL_BATCH, type PercpuCounter } from '../lib/percpu_counter';
import { IPC_INFO, IPC_RMID, IPC_SET, IPC_STAT, MSG_INFO, MSG_STAT, MSG_STAT_ANY } from '../uapi/ipc';
import type { SmpConstants } from './constants';
import type { LockConfig } from './lock_config';
import { IDS_LINE, type IdsLines } from './ipc_layout';
import type { MicroOp } from './machine';
import { END, lineOps, micro, percpuOps, queueOps, SLEEP, wake, work, type LineOps } from './micro_ops';
import type { Outcome } from './task_syscalls';

export { IDS_LINE } from './ipc_layout';
export { percpuLine, queueLock, runqueueLine } from './micro_ops';
/** The line of the ≤6.0 atomic_t msg_bytes / msg_hdrs. */
export const ATOMIC_COUNTERS_LINE = 'ns.msg_counters';

export interface MsgPathEnv {
  config: KernelConfig;
  constants: SmpConstants;
  locks: LockConfig;
  nr_cpus: number;
  /** the lines of the ids' rwsem and IDR root (ipc_layout.ts) */
  ids: IdsLines;
  /** timing shadows of the two percpu_counters (the fold rule decides when the shared line is written) */
  percpu: { msg_bytes: PercpuCounter; msg_hdrs: PercpuCounter };
  /** task id of a pid */
  taskOfPid: (pid: number) => number;
  /** the micro-ops every path of this environment uses, built at its first path (msgPathOps) */
  ops?: MsgPathOps;
}

/** The fixed micro-ops of an environment's paths (its constants' work amounts, its IDR root line, its lookup): resolved once instead of interned per statement. */
interface MsgPathOps {
  half: MicroOp;
  send: MicroOp;
  queue_work: MicroOp;
  recv_end: MicroOp;
  received: MicroOp;
  syscall: MicroOp;
  other: MicroOp;
  /** the queue lookup (lookup's micro-ops) */
  lookup: readonly MicroOp[];
  idr_read: MicroOp;
}

function msgPathOps(env: MsgPathEnv): MsgPathOps {
  const c = env.constants;
  const half = c.syscall / 2;
  const lookup: OpList = { ops: [], n_ops: 0 };
  lookupOps(env, lookup);
  return {
    half: work(half),
    send: work(half + c.msg_load),
    queue_work: work(c.msg_queue_work),
    recv_end: work(half + c.msg_store),
    received: work(c.msg_store + half),
    syscall: work(c.syscall),
    other: work(c.other_op),
    lookup: lookup.ops,
    idr_read: lineOps(env.ids.idr).read,
  };
}

/** atomic_add(msg_bytes) then atomic_inc(msg_hdrs): two locked RMWs of one line, one acquisition */
const ATOMIC_ADD_PAIR: MicroOp = micro('access', { line: ATOMIC_COUNTERS_LINE, access: 'rmw', count: 2 });
const ATOMIC_READ = lineOps(ATOMIC_COUNTERS_LINE).read;
const COUNTER_LOCK: Record<'msg_bytes' | 'msg_hdrs', LineOps> = { msg_bytes: lineOps('msg_bytes.lock'), msg_hdrs: lineOps('msg_hdrs.lock') };

/** The ids rwsem's down and up, per implementation: built once, shared by every path (read-only). */
const RWSEM_OPS = (() => {
  const sem = IDS_LINE;
  const ids = lineOps(sem);
  const locked = (write: boolean, up: boolean): MicroOp[] => [ids.lock, micro(up ? 'rwsem_up_locked' : 'rwsem_down_locked', { sem, write }), ids.unlock, ...(up ? [] : [micro('rwsem_wait', { sem })])];
  return {
    // lib/rwsem-spinlock.c: the semaphore's state under its wait_lock
    spinlock: { down: [locked(false, false), locked(true, false)], up: [locked(false, true), locked(true, true)] },
    atomic: {
      down: [[micro('down_read', { sem })], [micro('down_write', { sem })]],
      up: [[micro('up_read', { sem })], [micro('up_write', { sem })]],
    },
  };
})();

/** down_read / down_write of the ids rwsem in the kernel's implementation. */
function rwsem_down(env: MsgPathEnv, write: boolean): readonly MicroOp[] {
  return RWSEM_OPS[env.locks.rwsem === 'spinlock' ? 'spinlock' : 'atomic'].down[write ? 1 : 0]!;
}

/** up_read / up_write of the ids rwsem. */
function rwsem_up(env: MsgPathEnv, write: boolean): readonly MicroOp[] {
  return RWSEM_OPS[env.locks.rwsem === 'spinlock' ? 'spinlock' : 'atomic'].up[write ? 1 : 0]!;
}

/**
 * Where a path's micro-ops go: `ops[0, n_ops)`, written in place over what
 * the list held before (a task's list, reused from statement to statement:
 * truncating an array with `length = 0` drops its backing store, and the
 * pushes after it allocate a new one every statement).
 */
export interface OpList {
  ops: MicroOp[];
  n_ops: number;
}

function emit(l: OpList, op: MicroOp): void {
  l.ops[l.n_ops++] = op;
}

function push(l: OpList, more: readonly MicroOp[]): void {
  for (let i = 0; i < more.length; i++) l.ops[l.n_ops++] = more[i]!;
}

function lookupOps(env: MsgPathEnv, ops: OpList): void {
  if (env.config.ipc_lookup === 'rwsem') {
    push(ops, rwsem_down(env, false));
    emit(ops, lineOps(env.ids.idr).read);
    push(ops, rwsem_up(env, false));
  } else {
    emit(ops, lineOps(env.ids.idr).read);
  }
}

function counter_add(env: MsgPathEnv, cpu: number, bytes: number, sign: 1 | -1, ops: OpList): void {
  if (env.config.msg_counters === 'atomic') {
    emit(ops, ATOMIC_ADD_PAIR);
    return;
  }
  const line = percpuOps(cpu).write;
  percpu_add(env.percpu.msg_bytes, cpu, 'msg_bytes', sign * bytes, line, ops);
  percpu_add(env.percpu.msg_hdrs, cpu, 'msg_hdrs', sign, line, ops);
}

function percpu_add(counter: PercpuCounter, cpu: number, name: 'msg_bytes' | 'msg_hdrs', amount: number, write: MicroOp, ops: OpList): void {
  const folded = percpu_counter_add_batch(counter, amount, PERCPU_COUNTER_LOCAL_BATCH, cpu, name);
  emit(ops, write);
  if (folded) {
    const lock = COUNTER_LOCK[name];
    emit(ops, lock.lock);
    emit(ops, lock.rmw);
    emit(ops, lock.unlock);
  }
}

function wakes(env: MsgPathEnv, o: Outcome, ops: OpList): void {
  const woken = o.woken;
  for (let i = 0; i < woken.length; i++) {
    const task = env.taskOfPid(woken[i]!);
    if (task >= 0) emit(ops, wake(task));
  }
}

/**
 * The micro-ops of one executed statement by a task on `cpu`, ending with
 * 'end' (or 'sleep' then 'end'), appended to `ops` (a task's list: the
 * caller sets n_ops to 0 first) and returned.
 */
export function msg_path(env: MsgPathEnv, o: Outcome, cpu: number, ops: OpList = { ops: [], n_ops: 0 }): OpList {
  const P = (env.ops ??= msgPathOps(env));
  switch (o.call) {
    case 'msgsnd':
    case 'msgrcv': {
      if (o.kind === 'received') {
        emit(ops, P.received);
        break;
      }
      emit(ops, o.call === 'msgsnd' ? P.send : P.half);
      if (o.msqid < 0) break;
      push(ops, P.lookup);
      const lock = queueOps(o.msqid);
      const locked = env.config.msg_wakeup === 'locked';
      emit(ops, lock.lock);
      emit(ops, P.queue_work);
      // < 4.9: pipelined_send wakes before the message would be queued; do_msgrcv's ss_wakeup comes after the counters
      if (locked && o.call === 'msgsnd') wakes(env, o, ops);
      if (o.kind === 'queued') counter_add(env, cpu, o.bytes, 1, ops);
      if (o.kind === 'dequeued') counter_add(env, cpu, o.bytes, -1, ops);
      if (locked && o.call === 'msgrcv') wakes(env, o, ops);
      emit(ops, lock.unlock);
      if (!locked) wakes(env, o, ops);
      if (o.kind === 'blocked') {
        emit(ops, SLEEP);
        emit(ops, END);
        return ops;
      }
      emit(ops, o.kind === 'dequeued' ? P.recv_end : P.half);
      break;
    }
    case 'msgget':
      emit(ops, P.half);
      push(ops, rwsem_down(env, true));
      emit(ops, P.queue_work);
      push(ops, rwsem_up(env, true));
      emit(ops, P.half);
      break;
    case 'msgctl': {
      if (o.statSet || o.cmd === IPC_STAT || o.cmd === MSG_STAT || o.cmd === MSG_STAT_ANY) {
        // msgctl_stat: the lookup of msgsnd (ipc_lock in 2.6.25), then the queue lock
        // (6.x: a failed lookup or permission check returns before the lock)
        const lock = queueOps(o.msqid);
        emit(ops, P.half);
        push(ops, P.lookup);
        if (o.kind !== 'error' || o.statSet) {
          emit(ops, lock.lock);
          emit(ops, P.queue_work);
          emit(ops, lock.unlock);
        }
        emit(ops, P.half);
        if (!o.statSet || o.kind === 'error') break;
      } else if (o.cmd !== IPC_INFO && o.cmd !== MSG_INFO && o.cmd !== IPC_RMID && o.cmd !== IPC_SET) {
        // ksys_msgctl's switch: any other command is EINVAL before any lock
        emit(ops, P.syscall);
        break;
      }
      const write = o.cmd === IPC_RMID || o.cmd === IPC_SET;
      emit(ops, P.half);
      push(ops, rwsem_down(env, write));
      const locked = env.config.msg_wakeup === 'locked';
      if (write && o.kind !== 'error') {
        // msgctl_down: the lookup with the rwsem held, the writes under the queue lock
        // (< 4.9: expunge_all and ss_wakeup wake there, under the lock)
        const lock = queueOps(o.msqid);
        emit(ops, P.idr_read);
        emit(ops, lock.lock);
        emit(ops, P.queue_work);
        if (locked) wakes(env, o, ops);
        emit(ops, lock.unlock);
      } else {
        emit(ops, P.queue_work);
      }
      if (o.cmd === MSG_INFO && env.config.msg_counters === 'atomic') emit(ops, ATOMIC_READ);
      // msgctl_down: wake_up_q before up_write
      if (!locked || !write || o.kind === 'error') wakes(env, o, ops);
      push(ops, rwsem_up(env, write));
      // 6.1 msgctl_info: the sums come after up_read, each under its counter's lock
      if (o.cmd === MSG_INFO && env.config.msg_counters === 'percpu') {
        for (const name of ['msg_hdrs', 'msg_bytes'] as const) {
          const lock = COUNTER_LOCK[name];
          emit(ops, lock.lock);
          emit(ops, lock.read);
          for (let i = 0; i < env.nr_cpus; i++) emit(ops, percpuOps(i).read);
          emit(ops, lock.unlock);
        }
      }
      emit(ops, P.half);
      break;
    }
    default:
      emit(ops, P.other);
  }
  emit(ops, END);
  return ops;
}
