/**
 * Phase 3: the interpreter, a resumable machine. Its state (RunState: the
 * frames of the active blocks with their loop counters, the variables, the
 * step count) is plain data, so a run can be checkpointed with
 * structuredClone and resumed with `createRun(program, kernel, { state })`.
 *
 * `step()` executes exactly one operation (one output line group), passing
 * through as many loop headers and loop ends as it takes; `runToEnd()` runs
 * the rest. Loops are budgeted: every operation and every loop iteration
 * costs one step, a loop whose iteration count exceeds the steps left fails
 * at once, and a run that reaches `maxSteps` stops with `step_limit`.
 */
import type { CallStatement, ForStatement, LoopStatement, OperationStatement, Program, RepeatStatement, Statement } from './ast';
import type { CallPlan } from './operations';
import type { Frame, RunContext, RunState } from './context';
import { internal_error, step_limit, toWorkloadError, WorkloadAbort, type WorkloadError } from './errors';
import { evaluate } from './evaluate';
import { EXECUTE } from './operations';
import { finishSpilling, newOutput, startSpilling, startStep, takeStepText, type Output } from './output';
import { enterProcess, execProcess, finishProcesses, settle } from './processes';
import { lineColumn, lineStarts } from './source_map';
import type { Syscalls } from './syscalls';
import type { Tracer } from '../probe';

export type { Frame, RunState } from './context';

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Default step budget: operations plus loop iterations. */
export const DEFAULT_MAX_STEPS = 10_000_000;

export interface RunOptions<K> {
  syscalls: Syscalls<K>;
  /** step budget (operations + loop iterations), default DEFAULT_MAX_STEPS; Infinity for none */
  maxSteps?: number;
  /** receives stmt_begin / stmt_end around each operation */
  trace?: Tracer;
  /** resume from this state (taken over, not copied) instead of starting fresh */
  state?: RunState;
  /**
   * at most this many loop steps between two operations (default: no limit
   * beyond maxSteps); multi-CPU tasks use it so that `forever { }` with no
   * operation ends with step_limit instead of spinning
   */
  maxIdleSteps?: number;
  /**
   * the caller reads only the results: a call statement (msgsnd, msgctl,
   * ...) then builds no canonical text (StepResult.text is '') and prints
   * no line (output ''), which a multi-CPU task's millions of calls would
   * otherwise format and drop; the calls, their results and variables are
   * unchanged. Other statements (echo, cat, ...) still print.
   */
  quiet?: boolean;
  /**
   * the call plans (operations.ts's CallPlan: what of a call statement does
   * not depend on variables) to fill and use, shared by runs of one program:
   * the multi-CPU model's tasks of one declaration share theirs (fewer
   * objects for a task's statements to touch); default: the run's own
   */
  plans?: Map<CallStatement, CallPlan>;
  /** the buffer to write the output in (emptied as it starts), so that the runs of a workload read in parts reuse one; default: the run's own */
  output?: Output;
}

/**
 * One executed operation: its line and span, the result, what it printed,
 * and the call as the program made it: `call` is the system call's name
 * (`msgsnd`, `semop`) or the statement's first word (`cat`, `echo`, `ip`,
 * `exit`, `kill`), `text` its canonical text without the result.
 */
export type StepResult =
  { kind: 'op'; line: number; start: number; end: number; result: number; output: string; call: string; text: string } | { kind: 'done' } | { kind: 'error'; error: WorkloadError };

export interface Run {
  readonly program: Program;
  /** the live state; structuredClone it for a checkpoint */
  readonly state: RunState;
  /** executes the next operation */
  step(): StepResult;
  /**
   * step() for a caller that reads only the operation's call, result and
   * text (the multi-CPU model, millions of statements): no result object
   * and no line number. 'op': read them from `last`; 'error': from
   * state.error.
   */
  stepQuiet(): 'op' | 'done' | 'error';
  /** the operation the last stepQuiet() executed: what step() would have returned as call, result and text */
  readonly last: { call: string; result: number; text: string };
  /**
   * Re-arms the operation the last step() executed, so that the next step()
   * executes it again, with the step and operation counts it had before: a
   * call that blocked and is re-entered when its task wakes (the multi-CPU
   * model's sleeping msgrcv, msgsnd and semop). Only right after a step()
   * that returned an operation.
   */
  retry(): void;
  /**
   * Executes everything left; `output` is what those operations printed.
   * Given `sink`, the output goes to it instead as it is made, in order, as
   * UTF-8 bytes in chunks (of up to output.ts's OUTPUT_CHUNK bytes, or a
   * long text's), each the sink's to keep (and `output` is '').
   */
  runToEnd(sink?: (chunk: Uint8Array) => void): { output: string; error: WorkloadError | null };
}

/** `cat /proc/...` → `cat`, `ip link add ...` → `ip`. */
function firstWord(text: string): string {
  const i = text.search(/[ (]/);
  return i < 0 ? text : text.slice(0, i);
}

/** The state of a run that has not started: at the first statement, no variables. */
export function initialState(): RunState {
  return {
    v: 1,
    frames: [{ block: 0, next: 0, counter: 0, limit: 0 }],
    vars: new Map(),
    steps: 0,
    ops: 0,
    status: 'running',
    error: null,
    procs: [],
    attaches: [],
    addrs: new Map(),
    pids: new Map(),
  };
}

/**
 * A state whose run is done, ready to run a further program over the same
 * text (the next statements of a workload read in parts): at its first
 * statement, with the variables and the step and operation counts kept.
 */
export function continuedState(st: RunState): RunState {
  st.frames = [{ block: 0, next: 0, counter: 0, limit: 0 }];
  st.status = 'running';
  return st;
}

/** The program's blocks in a fixed order (program body, then each loop body in source order) and their owners. */
function collectBlocks(program: Program): { blocks: Statement[][]; loops: LoopStatement[]; blockOf: Map<LoopStatement, number> } {
  const blocks: Statement[][] = [program.body];
  const loops: LoopStatement[] = [];
  const blockOf = new Map<LoopStatement, number>();
  const pending: Statement[][] = [program.body];
  while (pending.length > 0) {
    const body = pending.shift()!;
    for (const st of body) {
      if (st.type !== 'RepeatStatement' && st.type !== 'ForStatement') continue;
      blockOf.set(st, blocks.length);
      blocks.push(st.body);
      loops.push(st);
      pending.push(st.body);
    }
  }
  return { blocks, loops, blockOf };
}

/** collectBlocks of each program run so far (read-only, so runs of one program share them: the multi-CPU model's tasks). */
const BLOCKS = new WeakMap<Program, ReturnType<typeof collectBlocks>>();
function blocksOf(program: Program): ReturnType<typeof collectBlocks> {
  let b = BLOCKS.get(program);
  if (b === undefined) BLOCKS.set(program, (b = collectBlocks(program)));
  return b;
}

/** The step budget as a whole number in [0, 2^53); unbounded (Infinity) is the largest. */
function budget(maxSteps: number | undefined): number {
  if (maxSteps === undefined) return DEFAULT_MAX_STEPS;
  if (!(maxSteps > 0)) return 0;
  return Math.min(Math.floor(maxSteps), Number.MAX_SAFE_INTEGER);
}

/**
 * A run of `program` on `kernel` through `options.syscalls`.
 * Errors never throw: they end the run (`state.status = 'error'`) and come
 * back from step()/runToEnd().
 */
export function createRun<K>(program: Program, kernel: K, options: RunOptions<K>): Run {
  const { blocks, loops, blockOf } = blocksOf(program);
  let starts: number[] | null = null;
  const ctx: RunContext<K> = {
    program,
    kernel,
    sys: options.syscalls,
    trace: options.trace ?? null,
    maxSteps: budget(options.maxSteps),
    blocks,
    state: options.state ?? initialState(),
    out: options.output ?? newOutput(),
    prefix: '',
    proc: null,
    result: 0,
    text: '',
    quiet: options.quiet ?? false,
    textless: true,
    plans: options.plans ?? new Map<CallStatement, CallPlan>(),
    lineOf: (offset) => lineColumn((starts ??= lineStarts(program.source)), offset).line,
  };
  // stored twice, so that V8 treats the field as mutable from the start (see newOutput)
  ctx.textless = true;
  ctx.textless = false;
  const c = ctx as RunContext<unknown>;
  let current: Statement | null = null;
  /** the pseudo-operation at the end of a multi-process workload that prints the SIGALRM-interrupted calls */
  const END: OperationStatement = { type: 'ProcessStatement', proc: 'main', action: 'exit', uid: null, gid: null, start: program.end, end: program.end };

  const maxIdle = options.maxIdleSteps ?? Infinity;
  let idle = 0;
  const spend = (node: Statement) => {
    if (++idle > maxIdle) {
      step_limit(node, `${maxIdle} loop iterations in a row ran no operation`);
    }
    if (c.state.steps >= c.maxSteps) {
      step_limit(node, `step limit reached: ${c.maxSteps} steps executed (operations and loop iterations; see --max-steps)`);
    }
    c.state.steps++;
  };

  const enter = (node: LoopStatement, first: bigint, limit: bigint) => {
    const left = BigInt(c.maxSteps - c.state.steps);
    if (limit - first > left) {
      step_limit({ start: node.start, end: node.headerEnd }, `this loop would run ${limit - first} iterations, more than the ${left} steps left of the budget of ${c.maxSteps} (see --max-steps)`);
    }
    spend(node);
    const proc = node.proc ?? c.state.frames[c.state.frames.length - 1]!.proc;
    // numbers while the whole range is safe integers (exact: every counter value is below limit)
    const small = first >= MIN_SAFE && limit <= MAX_SAFE;
    const frame: Frame = { block: blockOf.get(node)!, next: 0, counter: small ? Number(first) : first, limit: small ? Number(limit) : limit, ...(proc === undefined ? {} : { proc }) };
    c.state.frames.push(frame);
    if (node.type === 'ForStatement') {
      c.state.vars.set(node.variable.name, first);
      c.state.addrs.delete(node.variable.name);
      c.state.pids.delete(node.variable.name);
    }
  };

  const LOOPS = {
    RepeatStatement: (node: RepeatStatement) => {
      const n = evaluate(c, node.count);
      if (n > 0n) enter(node, 0n, n);
    },
    ForStatement: (node: ForStatement) => {
      const from = evaluate(c, node.from);
      const to = evaluate(c, node.to);
      if (from < to) enter(node, from, to);
    },
  } satisfies { [T in LoopStatement['type']]: (node: Extract<LoopStatement, { type: T }>) => void };

  /** Executes up to and including the next operation; null when the program has ended. */
  const advance = (): OperationStatement | null => {
    const st = c.state;
    for (;;) {
      const frame = st.frames[st.frames.length - 1]!;
      const body = blocks[frame.block]!;
      if (frame.next < body.length) {
        const node = body[frame.next++]!;
        current = node;
        if (node.type === 'RepeatStatement' || node.type === 'ForStatement') {
          (LOOPS[node.type] as (n: LoopStatement) => void)(node);
          continue;
        }
        spend(node);
        idle = 0;
        const proc = enterProcess(c, node, frame.proc);
        if (node.type === 'ProcessStatement') execProcess(c, node, proc);
        else (EXECUTE[node.type] as (ctx: RunContext<unknown>, n: OperationStatement) => void)(c, node);
        if (program.multiProcess) settle(c);
        st.ops++;
        return node;
      }
      if (st.frames.length === 1) {
        st.status = 'done';
        if (program.multiProcess && finishProcesses(c)) {
          st.ops++;
          return END;
        }
        return null;
      }
      const loop = loops[frame.block - 1]!;
      current = loop;
      const counter = frame.counter;
      const more = typeof counter === 'number' ? counter + 1 < (frame.limit as number) : counter + 1n < (frame.limit as bigint);
      if (more) {
        spend(loop);
        const next = typeof counter === 'number' ? counter + 1 : counter + 1n;
        frame.counter = next;
        frame.next = 0;
        if (loop.type === 'ForStatement') st.vars.set(loop.variable.name, BigInt(next));
      } else st.frames.pop();
    }
  };

  const fail = (e: unknown): WorkloadError => {
    const abort = e instanceof WorkloadAbort ? e : internal_error(current ?? { start: 0, end: 0 }, e instanceof Error ? e.message : String(e));
    const error = toWorkloadError(program.source, abort);
    c.state.status = 'error';
    c.state.error = error;
    return error;
  };

  /** the call of an executed operation node, as StepResult.call */
  const callOf = (node: OperationStatement): string => (node.type === 'CallStatement' ? node.callee : node.type === 'ProcessStatement' ? node.action : firstWord(c.text));
  const last = { call: '', result: 0, text: '' };

  return {
    program,
    last,
    get state() {
      return c.state;
    },
    stepQuiet() {
      const st = c.state;
      if (st.status !== 'running') return st.status;
      // a quiet run's calls print nothing: the output of other statements (echo, cat) is dropped, as step()'s caller here drops it
      c.out.length = 0;
      c.out.text = '';
      try {
        const node = advance();
        if (node === null) return 'done';
        last.call = callOf(node);
        last.result = c.result;
        last.text = node.type === 'ProcessStatement' ? '' : c.text;
        return 'op';
      } catch (e) {
        fail(e);
        return 'error';
      }
    },
    step(): StepResult {
      const st = c.state;
      if (st.status === 'done') return { kind: 'done' };
      if (st.status === 'error') return { kind: 'error', error: st.error! };
      // one operation's output, made as text: the caller wants it as a string
      startStep(c.out);
      try {
        const node = advance();
        if (node === null) return { kind: 'done' };
        const output = takeStepText(c.out);
        return { kind: 'op', line: c.lineOf(node.start), start: node.start, end: node.end, result: c.result, output, call: callOf(node), text: node.type === 'ProcessStatement' ? '' : c.text };
      } catch (e) {
        return { kind: 'error', error: fail(e) };
      }
    },
    retry() {
      const st = c.state;
      st.frames[st.frames.length - 1]!.next--;
      st.steps--;
      st.ops--;
    },
    runToEnd(sink) {
      const st = c.state;
      if (st.status !== 'running') return { output: '', error: st.error };
      startSpilling(c.out, sink);
      c.textless = c.trace === null && !c.quiet;
      try {
        while (advance() !== null);
        return { output: finishSpilling(c.out), error: null };
      } catch (e) {
        return { output: finishSpilling(c.out), error: fail(e) };
      } finally {
        c.textless = false;
      }
    },
  };
}
