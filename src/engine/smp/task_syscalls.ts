/**
 * The system calls of a task in a multi-CPU run: the engine's own msgsnd,
 * msgrcv and msgctl (ipc/msg.ts, ipc/msgctl.ts) with real sleeping. Where
 * the single-task engine returns BLOCK (and reports EINTR), a task here
 * sleeps as a process of part 2 does (ipc/msg_sleep.ts): its
 * `msg_receiver` / `msg_sender` on the queue, what its stack holds in its
 * kernel TaskStruct's `msg_wait`; pipelined_send, ss_wakeup and expunge_all
 * (unchanged, in msg.ts) hand it a message or wake it, and the task then
 * re-enters the call: a receiver that was handed a message returns it
 * without looking at the queue again (the kernel's lockless receive); a
 * woken sender goes round do_msgsnd's loop with the message it loaded.
 *
 * Each call also records an `Outcome` (what the path did: queued,
 * pipelined, dequeued, blocked, ...) and whom it woke, from which
 * msg_smp.ts builds the call's timed path. Everything else goes straight
 * to the engine's system calls.
 */
import type { Kernel } from '../kernel';
import { NO_PROBE } from '../probe';
import { BLOCK, msg_ids, type MsgRcvOut } from '../ipc/msg';
import { store_msg } from '../ipc/msgutil';
import { msg_wake_run, msgrcv_may_sleep, msgsnd_may_sleep } from '../ipc/msg_sleep';
import type { MsgQueue, MsgReceiver, MsgSender } from '../ipc/namespace';
import { ipc_obtain_object_check } from '../ipc/util';
import { KERNEL_SYSCALLS } from '../script/kernel_syscalls';
import type { Syscalls } from '../script/syscalls';
import { E2BIG, EACCES, EAGAIN, EFBIG, EINTR, EINVAL } from '../uapi/errno';
import { IPC_RMID, IPC_SET, MSG_STAT, MSG_STAT_ANY } from '../uapi/ipc';
import type { SmpTask } from './machine';
import type { KernelConfig } from '../config';
import type { SemArray } from '../ipc/namespace';
import { sem_ids } from '../ipc/sem';
import { semop_interrupt, semop_take_result } from '../ipc/semop';
import { SEM_SLEEPS } from '../script/syscalls';
import type { SemBufValue } from '../script/format';
import { NO_SEM_LOCK, type SemLock } from './sem_smp';
import { set_current } from '../kernel/task';

/** do_semtimedop's errors returned before sem_lock (the argument, lookup and permission checks). */
const BEFORE_SEM_LOCK = new Set([-E2BIG, -EINVAL, -EFBIG, -EACCES]);

export type OutcomeKind =
  /** msgsnd: appended to the queue; msgrcv: taken from the queue */
  | 'queued'
  | 'dequeued'
  /** msgsnd: handed straight to a sleeping receiver */
  | 'pipelined'
  /** msgrcv: returns what a sender handed over while it slept */
  | 'received'
  | 'blocked'
  /** failed before or at the queue */
  | 'error'
  /** any other call that worked */
  | 'done';

export interface Outcome {
  call: string;
  msqid: number;
  kind: OutcomeKind;
  /** pids of the tasks this call woke */
  woken: number[];
  /** msgctl: the command */
  cmd: number;
  /** msgctl: the language's `msgctl(id, IPC_SET)`, an IPC_STAT then an IPC_SET */
  statSet: boolean;
  /** bytes sent or received (for the msg_bytes counter) */
  bytes: number;
  /** semop: what sem_lock did (sem_smp.ts); NO_SEM_LOCK for every other call */
  sem: SemLock;
}

export interface TaskSyscallContext {
  current: SmpTask | null;
  outcome: Outcome;
  /** the tasks asleep in semop, in the order they went to sleep (whom a call may have woken) */
  semSleepers: SmpTask[];
}

const NO_BYTES = { bytes: null as string | null };
const SCRATCH_RCV: MsgRcvOut = { msg: null };

function queue(k: Kernel, msqid: number): MsgQueue | null {
  return msqid < 0 ? null : ipc_obtain_object_check(k.state.ipc, msg_ids(k), msqid, NO_PROBE);
}

/** No one woken, no one waiting: one shared, frozen empty list (most calls), instead of new arrays per call. */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** A copy of a queue's receiver or sender list before the call changes it (NONE when empty). */
const copyOf = <T>(list: readonly T[] | undefined): readonly T[] => (list === undefined || list.length === 0 ? NONE : list.slice());

function woken_receivers(before: readonly MsgReceiver[]): number[] {
  if (before.length === 0) return NONE;
  // one loop, and no list when none was handed a message (no filter and map per msgsnd that finds a receiver)
  let out: number[] | null = null;
  for (let i = 0; i < before.length; i++) if (before[i]!.r_msg !== 0) (out ??= []).push(before[i]!.r_tsk);
  return out ?? NONE;
}

/** Senders ss_wakeup marked: taken off the list here (the kernel's woken sender does its own ss_del). */
function woken_senders(msq: MsgQueue | null, before: readonly MsgSender[]): number[] {
  if (before.length === 0) return NONE;
  if (msq === null) return before.filter((s) => s.woken).map((s) => s.tsk);
  const out: number[] = [];
  for (const s of before) {
    if (!s.woken) continue;
    out.push(s.tsk);
    const i = msq.q_senders.indexOf(s);
    if (i >= 0) msq.q_senders.splice(i, 1);
  }
  return out;
}

export function taskSyscalls(ctx: TaskSyscallContext): Syscalls<Kernel> {
  // one outcome record per run, written in place by each call (the caller reads it before the next statement)
  const set = (call: string, msqid: number, kind: OutcomeKind, woken: number[] = NONE, cmd = 0, bytes = 0, sem: SemLock = NO_SEM_LOCK) => {
    const o = ctx.outcome;
    o.call = call;
    o.msqid = msqid;
    o.kind = kind;
    o.woken = woken;
    o.cmd = cmd;
    o.statSet = false;
    o.bytes = bytes;
    o.sem = sem;
  };
  return {
    ...KERNEL_SYSCALLS,
    // a task's program is one process, the task itself: its calls run as the task's kernel TaskStruct
    task_first: () => ctx.current!.pid,
    task_switch: (k) => set_current(k, ctx.current!.pid),
    sys_msgget(k, key, msgflg) {
      const r = KERNEL_SYSCALLS.sys_msgget(k, key, msgflg);
      set('msgget', r, r < 0 ? 'error' : 'done');
      return r;
    },
    sys_msgsnd(k, msqid, mtype, msgsz, msgflg, mtext = null) {
      k.probe.costs.syscalls++;
      const task = ctx.current!;
      // a woken sender goes round do_msgsnd's loop again with the message it loaded (msg_sleep.ts)
      const wait = task.kernel.msg_wait;
      const id = wait === null ? msqid : wait.msqid;
      const msq = queue(k, id);
      const receivers = copyOf(msq?.q_receivers);
      const qnum = msq?.q_qnum ?? 0;
      const r = wait === null ? msgsnd_may_sleep(k, msqid, mtype, msgsz, msgflg, mtext) : (msg_wake_run(k, task.pid)?.r ?? BLOCK);
      if (r === BLOCK) {
        set('msgsnd', id, 'blocked');
        return -EINTR;
      }
      if (r < 0) set('msgsnd', id, 'error', woken_receivers(receivers));
      else set('msgsnd', id, msq !== null && msq.q_qnum > qnum ? 'queued' : 'pipelined', woken_receivers(receivers), 0, Number(msgsz));
      return r;
    },
    sys_msgrcv(k, msqid, msgtyp, msgsz, msgflg, out = NO_BYTES) {
      k.probe.costs.syscalls++;
      const task = ctx.current!;
      const wait = task.kernel.msg_wait;
      if (wait !== null && wait.woken !== null && wait.woken !== -EAGAIN) {
        // the lockless receive: the waker's message or error, without looking at the queue
        const res = msg_wake_run(k, task.pid)!;
        out.bytes = res.bytes;
        set('msgrcv', wait.msqid, 'received');
        return res.r;
      }
      // first pass, or woken with -EAGAIN (IPC_SET changed the queue): search again
      const id = wait === null ? msqid : wait.msqid;
      const msq = queue(k, id);
      const senders = copyOf(msq?.q_senders);
      let r: number;
      if (wait === null) {
        r = msgrcv_may_sleep(k, msqid, msgtyp, msgsz, msgflg, SCRATCH_RCV);
        const msg = SCRATCH_RCV.msg;
        SCRATCH_RCV.msg = null;
        out.bytes = r > 0 && msg !== null && msg.mtext !== null ? store_msg(msg, r) : null;
      } else {
        const res = msg_wake_run(k, task.pid);
        r = res?.r ?? BLOCK;
        out.bytes = res?.bytes ?? null;
      }
      if (r === BLOCK) {
        set('msgrcv', id, 'blocked');
        return -EINTR;
      }
      set('msgrcv', id, r < 0 ? 'error' : 'dequeued', woken_senders(msq, senders), 0, Math.max(r, 0));
      return r;
    },
    sys_semtimedop(k, semid, sops, timeout) {
      const task = ctx.current!;
      if (task.kernel.sem_status !== null) {
        // woken: the waker did the operation and stored its result in the task (sem_update.ts)
        const r = semop_take_result(k, task.pid)!;
        set('semop', -1, 'received');
        return r;
      }
      const sma = semid < 0 ? null : ipc_obtain_object_check(k.state.ipc, sem_ids(k), semid, NO_PROBE);
      const lock = sem_lock_mode(k.config, sma, sops);
      let r = KERNEL_SYSCALLS.sys_semtimedop(k, semid, sops, timeout);
      if (BEFORE_SEM_LOCK.has(r)) lock.mode = 'none';
      if (r === SEM_SLEEPS && timeout !== null) r = semop_interrupt(k, task.pid, true);
      if (r === SEM_SLEEPS) {
        ctx.semSleepers.push(task);
        set('semop', -1, 'blocked', sem_woken(ctx), 0, 0, lock);
        return -EINTR;
      }
      if (lock.mode !== 'none') lock.wrote = r === 0 && sops.some((s) => s.sem_op !== 0);
      set('semop', -1, r < 0 ? 'error' : 'done', sem_woken(ctx), 0, 0, lock);
      return r;
    },
    sys_semctl(k, semid, semnum, cmd, statSet, semun) {
      const r = KERNEL_SYSCALLS.sys_semctl(k, semid, semnum, cmd, statSet, semun);
      set('semctl', -1, r < 0 ? 'error' : 'done', sem_woken(ctx));
      return r;
    },
    sys_msgctl(k, msqid, cmd, statSet) {
      const msq = cmd === IPC_RMID || cmd === IPC_SET ? queue(k, msqid) : null;
      const receivers = copyOf(msq?.q_receivers);
      const senders = copyOf(msq?.q_senders);
      const r = KERNEL_SYSCALLS.sys_msgctl(k, msqid, cmd, statSet);
      // MSG_STAT / MSG_STAT_ANY take an index and return the queue's id: the lock is that queue's
      const queue_id = (cmd === MSG_STAT || cmd === MSG_STAT_ANY) && r >= 0 ? r : msqid;
      set('msgctl', queue_id, r < 0 ? 'error' : 'done', [...woken_receivers(receivers), ...woken_senders(null, senders)], cmd);
      if (statSet) ctx.outcome.statSet = true;
      return r;
    },
  };
}

/** The outcome of a statement that makes no msg or sem system call (echo, cat, shm, ...). */
export function otherOutcome(): Outcome {
  return { call: 'other', msqid: -1, kind: 'done', woken: NONE, cmd: 0, statSet: false, bytes: 0, sem: NO_SEM_LOCK };
}

/** Resets `o` in place to otherOutcome()'s value (before each statement: a call that makes no msg or sem system call leaves it so). */
export function clearOutcome(o: Outcome): void {
  o.call = 'other';
  o.msqid = -1;
  o.kind = 'done';
  o.woken = NONE;
  o.cmd = 0;
  o.statSet = false;
  o.bytes = 0;
  o.sem = NO_SEM_LOCK;
}

/**
 * sem_lock's choice for a semop of `sops` on `sma` in the kernel `config`
 * describes, from the array's state before the call (sem_smp.ts's file
 * comment). The caller sets mode 'none' when the call failed before sem_lock.
 */
export function sem_lock_mode(config: Pick<KernelConfig, 'sem_locking'>, sma: SemArray | null, sops: readonly SemBufValue[]): SemLock {
  if (sma === null || sops.length === 0) return { ...NO_SEM_LOCK };
  const semnum = sops[0]!.sem_num;
  const simple = sops.length === 1;
  const lock = (mode: SemLock['mode'], sweep: number): SemLock => ({ semid: sma.id, semnum, mode, sweep, wrote: false });
  switch (config.sem_locking) {
    case 'global':
      return lock('global', 0);
    case 'per_sem':
      return simple && sma.complex_count === 0 ? lock('sem', 0) : lock('global', sma.sem_nsems);
    case 'hysteresis':
      if (simple) return lock(sma.use_global_lock === 0 ? 'sem' : 'global', 0);
      return lock('global', sma.use_global_lock === 0 ? sma.sem_nsems : 0);
  }
}

/** The sleepers in semop that the call just made has woken (their result is stored): taken off the list, their pids. */
function sem_woken(ctx: TaskSyscallContext): number[] {
  const list = ctx.semSleepers;
  if (list.length === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < list.length;) {
    const t = list[i]!;
    if (t.kernel.sem_status !== null) {
      out.push(t.pid);
      list.splice(i, 1);
    } else i++;
  }
  return out;
}
