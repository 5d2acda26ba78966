/**
 * What the interpreter's parts share while a workload runs: the machine
 * state (plain data, checkpointable) and the things that are not state
 * (the program, the kernel, the system calls, the output sink).
 */
import type { CallStatement, Program, Statement } from './ast';
import type { CallPlan } from './operations';
import type { Output } from './output';
import type { WorkloadError } from './errors';
import type { Syscalls } from './syscalls';
import type { Tracer } from '../probe';

/**
 * One active block: the program body (block 0) or a loop body. `counter`
 * and `limit` are a repeat's iterations done and count, or a for loop's
 * current value and end (exclusive); unused for block 0. Both are numbers
 * when the loop's whole range is safe integers (every loop a workload
 * writes, `forever` included: counting then allocates nothing), else both
 * bigints.
 */
export interface Frame {
  block: number;
  /** index of the next statement of the block to execute */
  next: number;
  counter: number | bigint;
  limit: number | bigint;
  /** the process the block's statements run in (a loop's `@NAME`, else the enclosing block's) */
  proc?: string;
}

/** A process of a workload (part 2): `main` and every `@NAME`, in creation order. */
export interface ProcState {
  name: string;
  pid: number;
  /** the call it sleeps in, and the variable its result goes to; null when it runs */
  blocked: { callee: 'semop' | 'msgsnd' | 'msgrcv'; assign: string | null } | null;
  /** the uid and gid of its `creds` (printed as given, unsigned); absent before it (the process is root) */
  creds?: { uid: number; gid: number };
  /** its live attachments as the replayer tracks them: real address -> k of ADDR(k) (a later shmat at the same address replaces the entry) */
  attached?: Map<bigint, number>;
}

/** One successful shmat of the workload: ADDR(k) is attaches[k - 1]. */
export interface Attachment {
  /** the address the kernel returned */
  addr: bigint;
  /** the pid of the process that made it */
  pid: number;
}

/** The interpreter's whole state: plain data, `structuredClone` makes a checkpoint. */
export interface RunState {
  v: 1;
  /** innermost last; frames[0] is the program body */
  frames: Frame[];
  vars: Map<string, bigint>;
  /** budget units used: one per executed operation and one per loop iteration */
  steps: number;
  /** operations executed (output line groups printed) */
  ops: number;
  status: 'running' | 'done' | 'error';
  error: WorkloadError | null;
  /** the processes, in creation order (empty until the first operation creates `main`) */
  procs: ProcState[];
  /** every successful shmat, in order */
  attaches: Attachment[];
  /** the variables that hold a symbolic ADDR(k) (name -> k); such a name is not in `vars` */
  addrs: Map<string, number>;
  /** the variables that hold a GETPID's symbolic `pid(NAME)` / `pid(?)` (name -> that text); such a name is not in `vars` */
  pids: Map<string, string>;
}

export interface RunContext<K> {
  readonly program: Program;
  readonly kernel: K;
  readonly sys: Syscalls<K>;
  readonly trace: Tracer;
  readonly maxSteps: number;
  /** blocks[0] is the program body, blocks[i] the body of the i-th loop in source order */
  readonly blocks: readonly (readonly Statement[])[];
  state: RunState;
  /** where executed operations append their output (UTF-8 bytes) */
  readonly out: Output;
  /** the process running the current operation (set before each one) */
  proc: ProcState | null;
  /** `[NAME] ` before the operation's first line (multi-process workloads, processes other than main), else '' */
  prefix: string;
  /** what the last operation returned: the kernel's result, or the line count of cat / ls */
  result: number;
  /** the last operation's canonical text (`msgsnd(0, 1, 8)`, `cat /proc/sysvipc/msg`), without prefix or result; '' for exit / kill */
  text: string;
  /** RunOptions.quiet: call statements build no text and print nothing */
  readonly quiet: boolean;
  /**
   * nobody reads the operations' texts (runToEnd without a tracer): a call
   * may write its line to `out` without making its text (ctx.text is then '')
   */
  textless: boolean;
  /** per call statement, what does not depend on variables (filled on first execution) */
  readonly plans: Map<CallStatement, CallPlan>;
  /** line of an offset, for trace events */
  lineOf(offset: number): number;
}
