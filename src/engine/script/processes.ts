/**
 * The processes of part 2 of the language (workload-language-ops.md,
 * "Processes" and "Blocking and waking"), as the interpreter keeps them:
 * which process runs each statement, which are blocked and in what, the
 * `[NAME] ` prefix, the resumed lines after a statement, the `exit` /
 * `kill` lines and the end-of-workload SIGALRM rule. Plain data in
 * RunState.procs; the kernel side (undo lists, sleeping queues) is the
 * kernel's, reached through the task_* and semop_* system calls.
 *
 * Lockstep: statements run strictly in order; after each one, every blocked
 * process the statement woke prints its `<... NAME resumed>` line, in
 * creation order. A single-process workload (no `@` prefix) keeps part 1's
 * rule: a call that would sleep is interrupted at once (EINTR).
 *
 * A process asleep in msgsnd/msgrcv is queued on the message queue
 * (ipc/msg_sleep.ts): after each statement every woken one runs (it may go
 * round the kernel's loop and sleep again, or hand a message on to another
 * sleeper, so this repeats until nobody changes), then the resumed lines
 * print in creation order, as the replayer prints them once every sleeper
 * has answered or sleeps again.
 */
import type { OperationStatement, ProcessStatement } from './ast';
import type { ProcState, RunContext } from './context';
import { process_blocked, second_creds } from './errors';
import { evaluate } from './evaluate';
import { formatResult } from '../uapi/errno';
import { formatReceived } from './string_literal';
import type { MsgCallResult } from './syscalls';
import { putText } from './output';

type Ctx = RunContext<unknown>;

/** The process named `name`, created (forked) at its first use. */
function procNamed(c: Ctx, name: string): ProcState {
  const procs = c.state.procs;
  if (procs.length === 0) procs.push({ name: 'main', pid: c.sys.task_first(c.kernel), blocked: null });
  // a loop, not find(): no closure per statement
  let p: ProcState | undefined;
  for (let i = 0; p === undefined && i < procs.length; i++) if (procs[i]!.name === name) p = procs[i];
  if (p === undefined) {
    p = { name, pid: c.sys.task_fork(c.kernel, name), blocked: null };
    procs.push(p);
  }
  return p;
}

/**
 * Before an operation: the process it runs in becomes current and its
 * prefix is set. Throws process_blocked for a statement (other than kill)
 * addressed to a blocked process.
 */
export function enterProcess(c: Ctx, node: OperationStatement, blockProc: string | undefined): ProcState {
  const name = node.proc ?? blockProc ?? 'main';
  const p = procNamed(c, name);
  if (p.blocked !== null && !(node.type === 'ProcessStatement' && node.action === 'kill')) {
    process_blocked(node, name, p.blocked.callee);
  }
  c.sys.task_switch(c.kernel, p.pid);
  c.proc = p;
  c.prefix = c.program.multiProcess && name !== 'main' ? `[${name}] ` : '';
  return p;
}

/** The live process with this pid (for GETPID's `pid(NAME)`), or null. */
export function processOfPid(c: Ctx, pid: number): ProcState | null {
  return c.state.procs.find((p) => p.pid === pid) ?? null;
}

/** `pid(NAME)` for a live process, `pid(?)` for an ended one, `0` for none. */
export function formatPid(c: Ctx, pid: number): string {
  if (pid === 0) return '0';
  const p = processOfPid(c, pid);
  return p === null ? 'pid(?)' : `pid(${p.name})`;
}

/** The resumed line of `p` with its call's result (and msgrcv's bytes); sets the call's variable. */
function resume(c: Ctx, p: ProcState, r: number, bytes: string | null = null): void {
  const b = p.blocked!;
  p.blocked = null;
  if (b.assign !== null) {
    c.state.vars.set(b.assign, r < 0 ? -1n : BigInt(r));
    c.state.addrs.delete(b.assign);
    c.state.pids.delete(b.assign);
  }
  const prefix = p.name === 'main' ? '' : `[${p.name}] `;
  putText(c.out, `${prefix}<... ${b.callee} resumed> = ${formatResult(r)}${r > 0 ? formatReceived(bytes, r) : ''}\n`);
}

/** After a statement: the resumed lines of the processes it woke, in creation order. */
export function settle(c: Ctx): void {
  let done: Map<ProcState, MsgCallResult> | null = null;
  for (let changed = true; changed;) {
    changed = false;
    for (const p of c.state.procs) {
      if (p.blocked === null || done?.has(p)) continue;
      const res = p.blocked.callee === 'semop' ? semopResult(c, p) : c.sys.msg_wake(c.kernel, p.pid);
      if (res === null) continue;
      (done ??= new Map()).set(p, res);
      changed = true;
    }
  }
  if (done === null) return;
  for (const p of c.state.procs) {
    const res = done.get(p);
    if (res !== undefined) resume(c, p, res.r, res.bytes);
  }
}

function semopResult(c: Ctx, p: ProcState): MsgCallResult | null {
  const r = c.sys.semop_take_result(c.kernel, p.pid);
  return r === null ? null : { r, bytes: null };
}

/** The call a process sleeps in takes a signal: what it returns. */
function interrupt(c: Ctx, p: ProcState): MsgCallResult {
  if (p.blocked!.callee === 'semop') return { r: c.sys.semop_interrupt(c.kernel, p.pid, false), bytes: null };
  return c.sys.msg_interrupt(c.kernel, p.pid);
}

/**
 * `@NAME creds UID GID`: the process's ids become UID and GID (evaluated,
 * as uint32) and, not root any more, it loses its capabilities; once per
 * process (second_creds).
 */
function execCreds(c: Ctx, node: ProcessStatement, p: ProcState): void {
  if (p.creds !== undefined) second_creds(node, p.name, p.creds.uid, p.creds.gid);
  const uid = Number(BigInt.asUintN(32, evaluate(c, node.uid!)));
  const gid = Number(BigInt.asUintN(32, evaluate(c, node.gid!)));
  const text = `creds ${uid} ${gid}`;
  if (c.trace) c.trace({ kind: 'stmt_begin', line: c.lineOf(node.start), text });
  const r = c.sys.task_setcreds(c.kernel, p.pid, uid, gid);
  if (r === 0) p.creds = { uid, gid };
  putText(c.out, `${c.prefix}${text} = ${formatResult(r)}\n`);
  c.result = r;
  if (c.trace) c.trace({ kind: 'stmt_end', line: c.lineOf(node.start), result: r });
}

/** `@NAME exit` / `@NAME kill`: the process ends (a blocked call gets no resumed line); `@NAME creds UID GID`. */
export function execProcess(c: Ctx, node: ProcessStatement, p: ProcState): void {
  if (node.action === 'creds') return execCreds(c, node, p);
  if (p.blocked !== null) {
    interrupt(c, p);
    p.blocked = null;
  }
  c.sys.task_exit(c.kernel, p.pid);
  c.state.procs.splice(c.state.procs.indexOf(p), 1);
  putText(c.out, `${c.prefix}+++ ${node.action === 'kill' ? 'killed by SIGKILL' : 'exited with 0'} +++\n`);
}

/**
 * The end of a multi-process workload: every call still blocked is
 * interrupted by SIGALRM, one process at a time in creation order.
 * Return: whether anything was printed.
 */
export function finishProcesses(c: Ctx): boolean {
  let printed = false;
  for (const p of [...c.state.procs]) {
    if (p.blocked === null) continue;
    const res = interrupt(c, p);
    resume(c, p, res.r, res.bytes);
    settle(c);
    printed = true;
  }
  return printed;
}
