/**
 * Executing the statements that print: the eight IPC calls, `echo` into a
 * sysctl, `cat`, `ls -U` and `ip link add|del`. Each evaluates its
 * arguments (failing before any system call on an undefined variable),
 * makes its system calls, and appends its output line group to ctx.out.
 * The file statements (echo, cat, ls) are file_ops.ts's, shmat/shmdt
 * shm_ops.ts's, semop/semtimedop/semctl sem_ops.ts's; they write their
 * lines through begin/putLine/finish here.
 */
import type { CallName, CallStatement, Expression, IpLinkAddStatement, IpLinkDelStatement, OperationStatement } from './ast';
import { CALLS, isConstantName, type ParamKind } from './calls';
import type { RunContext } from './context';
import { to_int, to_long, to_size_t } from './ctype';
import { bad_field_setting, fields_need_stat, unknown_field, unmodeled_path } from './errors';
import { formatPid } from './processes';
import { execSemctl, execSemop } from './sem_ops';
import { execShmat, execShmdt } from './shm_ops';
import { MSG_SLEEPS, type CtlFields } from './syscalls';
import { formatReceived, quoteBytes } from './string_literal';
import { evaluate, interpolate } from './evaluate';
import { formatArgument, formatCall, formatIpLinkAdd, formatIpLinkDel, type ArgValue } from './format';
import { encodeUtf8 } from './bytes';
import { encodeText, putByte, putBytes, putNumber, putText, type Output } from './output';
import type { Syscalls } from './syscalls';
import { execCat, execEcho, execLs } from './file_ops';
import { UnmodeledPathError } from '../fs/vfs';
import { formatResult } from '../uapi/errno';
import { IPC_SET } from '../uapi/ipc';
import { BUFFERS, ctl_buffer, FIELDS, SETTABLE, to_field, type CtlCall } from '../uapi/ipc_buffers';

type Ctx = RunContext<unknown>;
type Sys = Syscalls<unknown>;

const WRAP: Record<ParamKind, (v: bigint) => ArgValue> = {
  int: to_int,
  key: to_int,
  get_flags: to_int,
  msg_flags: to_int,
  msg_cmd: to_int,
  shm_cmd: to_int,
  sem_cmd: to_int,
  shm_flags: to_int,
  long: to_long,
  size: to_size_t,
  addr: to_size_t,
  timeout: (v) => v,
};

/** The calls whose arguments are all in CallStatement.args and whose result is a number (semop/semtimedop: execSemop; shmat/shmdt: shm_ops.ts). */
type PlainCall = Exclude<CallName, 'semop' | 'semtimedop' | 'shmat' | 'shmdt'>;

const INVOKE = {
  msgget: (s, k, v) => s.sys_msgget(k, v[0] as number, v[1] as number),
  msgsnd: (s, k, v) => s.sys_msgsnd(k, v[0] as number, v[1] as bigint, v[2] as bigint, v[3] as number),
  msgrcv: (s, k, v) => s.sys_msgrcv(k, v[0] as number, v[1] as bigint, v[2] as bigint, v[3] as number),
  msgctl: (s, k, v, statSet) => s.sys_msgctl(k, v[0] as number, v[1] as number, statSet),
  shmget: (s, k, v) => s.sys_shmget(k, v[0] as number, v[1] as bigint, v[2] as number),
  shmctl: (s, k, v, statSet) => s.sys_shmctl(k, v[0] as number, v[1] as number, statSet),
  semget: (s, k, v) => s.sys_semget(k, v[0] as number, v[1] as number, v[2] as number),
  semctl: (s, k, v, statSet) => s.sys_semctl(k, v[0] as number, v[1] as number, v[2] as number, statSet),
} satisfies Record<PlainCall, (s: Sys, k: unknown, v: readonly ArgValue[], statSet: true | undefined) => number>;

export function begin(ctx: Ctx, node: OperationStatement, text: string): void {
  ctx.text = text;
  if (ctx.trace) ctx.trace({ kind: 'stmt_begin', line: ctx.lineOf(node.start), text });
}

export function finish(ctx: Ctx, node: OperationStatement, result: number): void {
  ctx.result = result;
  if (ctx.trace) ctx.trace({ kind: 'stmt_end', line: ctx.lineOf(node.start), result });
}

/** Runs a path-taking system call; a path the engine does not model ends the workload. */
export function onPath<T>(node: OperationStatement, path: string, call: () => T): T {
  try {
    return call();
  } catch (e) {
    return pathError(node, path, e);
  }
}

/** What a path-taking system call threw: a path the engine does not model ends the workload, anything else goes on up. */
export function pathError(node: OperationStatement, path: string, e: unknown): never {
  if (e instanceof UnmodeledPathError) return unmodeled_path(node, path);
  throw e;
}

/**
 * What can be decided once per call statement: the wrapped value and the
 * text of every argument that uses no variable (most of them: constants,
 * flags, sizes), and the whole canonical text when no argument does.
 */
export interface CallPlan {
  values: ArgValue[];
  texts: (string | null)[];
  text: string | null;
  /** the call's parameter kinds and their WRAP functions, resolved once (no table lookup by name per execution) */
  params: readonly ParamKind[];
  wraps: readonly ((v: bigint) => ArgValue)[];
  /**
   * the call's line is written straight to the output, piece by piece,
   * when the run needs no text (RunContext.textless): a call that prints
   * its result alone (msgget, msgctl, shmget, shmctl, semget without buffer fields)
   */
  direct: boolean;
  /** with `direct`: the line's bytes before the result (`msgget(IPC_PRIVATE, 0600) = `) when every argument is constant, else `callee(` */
  head: Uint8Array;
  /** with `direct`: each constant argument's bytes (null: it uses a variable) */
  argBytes: (Uint8Array | null)[];
}

/** The calls whose line can be written without their text: they go through INVOKE and print their result alone. */
const DIRECT_CALLS: ReadonlySet<CallName> = new Set<CallName>(['msgget', 'msgctl', 'shmget', 'shmctl', 'semget']);

function usesVariables(e: Expression): boolean {
  switch (e.type) {
    case 'NumberLiteral':
      return false;
    case 'Identifier':
      return !isConstantName(e.name);
    case 'UnaryExpression':
      return usesVariables(e.argument);
    case 'BinaryExpression':
      return usesVariables(e.left) || usesVariables(e.right);
    case 'AddrExpression':
      return true;
  }
}

function planCall(ctx: Ctx, node: CallStatement): CallPlan {
  const params = CALLS[node.callee].params;
  const values = new Array<ArgValue>(params.length).fill(0);
  const texts = new Array<string | null>(params.length).fill(null);
  for (let i = 0; i < params.length; i++) {
    const arg = node.args[i];
    if (arg !== undefined && usesVariables(arg)) continue;
    values[i] = WRAP[params[i]!](arg === undefined ? 0n : evaluate(ctx, arg));
    texts[i] = i === 2 && node.payload !== undefined ? `"${quoteBytes(node.payload)}"` : formatArgument(params[i]!, values[i]!);
  }
  const text = !texts.every((t) => t !== null) ? null : node.payload === undefined ? formatCall(node.callee, values) : `${node.callee}(${texts.join(', ')})`;
  const direct = DIRECT_CALLS.has(node.callee) && node.fields === undefined;
  const head = encodeText(text === null ? node.callee + '(' : text + ' = ');
  const argBytes = texts.map((t) => (t === null ? null : encodeText(t)));
  // made with its array and byte fields null, then set: V8 then types those fields as any value
  // from the first plan on (as output.ts's newOutput does), and a later call's plan, whose arrays
  // can have other maps, does not deoptimize the code made for the earlier calls (execDirect, execCall)
  const plan: CallPlan = { values: UNSET, texts: UNSET, text, params: UNSET, wraps: UNSET, direct, head: UNSET, argBytes: UNSET };
  plan.values = values;
  plan.texts = texts;
  plan.params = params;
  plan.wraps = params.map((k) => WRAP[k]);
  plan.head = head;
  plan.argBytes = argBytes;
  ctx.plans.set(node, plan);
  return plan;
}

/** A plan's field before it is set (planCall). */
const UNSET = null as never;

/** How many plans a run keeps before calls outside loops get none (a streamed part has STREAM_PART statements). */
export const TOP_LEVEL_PLANS = 1024;

/** Whether no argument of the call uses a variable (its plan then has every value and the whole text). */
function constantArgs(node: CallStatement): boolean {
  for (const arg of node.args) if (usesVariables(arg)) return false;
  return true;
}

function execCall(ctx: Ctx, node: CallStatement): void {
  if (node.callee === 'shmdt') return execShmdt(ctx, node);
  // a call outside any loop usually runs once: no plan is kept for it, unless
  // its arguments are all constant, which costs nothing more to plan and
  // pays when the text repeats (a streamed file's repeated line is one
  // tree); at most TOP_LEVEL_PLANS of them, so a long file run whole keeps
  // few, and none when quiet (whose calls build no text)
  const plan = ctx.plans.get(node) ?? (ctx.state.frames.length === 1 && (ctx.quiet || ctx.plans.size >= TOP_LEVEL_PLANS || !constantArgs(node)) ? null : planCall(ctx, node));
  if (plan !== null && plan.direct && ctx.textless) return execDirect(ctx, node, plan);
  const values: ArgValue[] = plan === null ? [0, 0, 0, 0] : plan.values;
  let text = plan === null ? null : plan.text;
  if (text === null) {
    const params = plan === null ? CALLS[node.callee].params : plan.params;
    const quiet = ctx.quiet;
    text = quiet ? '' : node.callee + '(';
    for (let i = 0; i < params.length; i++) {
      let t = plan === null ? null : (plan.texts[i] ?? null);
      if (t === null) {
        const arg = node.args[i];
        const v = arg === undefined ? 0n : evaluate(ctx, arg);
        values[i] = plan === null ? WRAP[params[i]!](v) : plan.wraps[i]!(v);
        if (quiet) continue;
        t = i === 2 && node.payload !== undefined ? `"${quoteBytes(node.payload)}"` : formatArgument(params[i]!, values[i]!);
      }
      if (!quiet) text += i === 0 ? t : ', ' + t;
    }
    if (!quiet) text += ')';
  }
  if (node.callee === 'semop' || node.callee === 'semtimedop') return execSemop(ctx, node, text, values);
  if (node.callee === 'semctl') return execSemctl(ctx, node, text, values);
  if (node.callee === 'msgsnd' || node.callee === 'msgrcv') return execMsg(ctx, node, text, values);
  if (node.callee === 'shmat') return execShmat(ctx, node, text, values);
  if (node.fields !== undefined && (node.callee === 'msgctl' || node.callee === 'shmctl')) return execCtlFields(ctx, node, text, values[1] as number, values);
  begin(ctx, node, text);
  const r = INVOKE[node.callee as PlainCall](ctx.sys, ctx.kernel, values, node.statSet);
  done(ctx, node, text, r);
}

/**
 * A call of DIRECT_CALLS in a run that needs no text: its arguments are
 * evaluated (an undefined variable fails before the call), the call made,
 * and its line written from the plan's bytes and the values, with no
 * string built.
 */
function execDirect(ctx: Ctx, node: CallStatement, plan: CallPlan): void {
  const values = plan.values;
  const n = plan.params.length;
  if (plan.text === null) {
    for (let i = 0; i < n; i++) {
      if (plan.argBytes[i] !== null) continue;
      const arg = node.args[i];
      values[i] = plan.wraps[i]!(arg === undefined ? 0n : evaluate(ctx, arg));
    }
  }
  ctx.text = '';
  const r = INVOKE[node.callee as PlainCall](ctx.sys, ctx.kernel, values, node.statSet);
  const out = ctx.out;
  if (ctx.prefix !== '') putText(out, ctx.prefix);
  putBytes(out, plan.head);
  if (plan.text === null) {
    for (let i = 0; i < n; i++) {
      if (i > 0) putBytes(out, COMMA);
      const t = plan.argBytes[i] ?? null;
      if (t !== null) putBytes(out, t);
      else putArgument(out, plan.params[i]!, values[i]!);
    }
    putBytes(out, CLOSE_EQUALS);
  }
  putResult(out, r);
  putByte(out, 10);
  assignResult(ctx, node, r);
  finish(ctx, node, r);
}

const COMMA = encodeText(', ');
const CLOSE_EQUALS = encodeText(') = ');

/** One evaluated argument as formatArgument prints it; a number's digits without a string. */
function putArgument(out: Output, kind: ParamKind, v: ArgValue): void {
  if (kind === 'int' && typeof v === 'number') {
    if (v < 0) {
      putByte(out, 45 /* - */);
      v = -v;
    }
    putNumber(out, v);
  } else putText(out, formatArgument(kind, v));
}

/** msgrcv's received bytes, filled by the call. */
const received: { bytes: string | null } = { bytes: null };

/**
 * msgsnd (a string's bytes or zeros) and msgrcv (printing what it received).
 * A call that sleeps: in a multi-process workload the process stays blocked
 * (`<unfinished ...>`, processes.ts resumes it); in a single-process one the
 * replayer's signal interrupts it at once (EINTR).
 */
function execMsg(ctx: Ctx, node: CallStatement, text: string, values: ArgValue[]): void {
  begin(ctx, node, text);
  const { sys, kernel } = ctx;
  let r: number;
  let bytes: string | null = null;
  if (node.callee === 'msgsnd') r = sys.sys_msgsnd(kernel, values[0] as number, values[1] as bigint, values[2] as bigint, values[3] as number, node.payload ?? null);
  else {
    received.bytes = null;
    r = sys.sys_msgrcv(kernel, values[0] as number, values[1] as bigint, values[2] as bigint, values[3] as number, received);
    bytes = received.bytes;
  }
  if (r === MSG_SLEEPS) {
    if (ctx.program.multiProcess) {
      ctx.proc!.blocked = { callee: node.callee as 'msgsnd' | 'msgrcv', assign: node.assign === null ? null : node.assign.name };
      putText(ctx.out, `${ctx.prefix}${text} <unfinished ...>\n`);
      finish(ctx, node, 0);
      return;
    }
    const res = sys.msg_interrupt(kernel, ctx.proc?.pid ?? sys.task_first(kernel));
    r = res.r;
    bytes = res.bytes;
  }
  done(ctx, node, text, r, ctx.quiet || bytes === null ? undefined : formatResult(r) + formatReceived(bytes, r));
}

/** C's `%#o`. */
const c_octal = (v: bigint): string => (v === 0n ? '0' : '0' + v.toString(8));

/** A buffer field's value as the contract prints it: times 0 or T, mode %#o, key %#x (0 for IPC_PRIVATE), pids pid(NAME), the rest decimal. */
function formatFieldValue(ctx: Ctx, name: string, v: bigint): string {
  switch (FIELDS[name]!.show) {
    case 'time':
      return v === 0n ? '0' : 'T';
    case 'mode':
      return c_octal(v);
    case 'key':
      return v === 0n ? '0' : '0x' + BigInt.asUintN(32, v).toString(16);
    case 'pid':
      return formatPid(ctx, Number(v));
    case 'num':
      return v.toString();
  }
}

/**
 * The buffer fields of a *ctl call, evaluated and checked as the replayer
 * checks them: `name=value` only with IPC_SET, all of them, each a field
 * IPC_SET reads (bad_field_setting); names to print only after a STAT or
 * INFO command (fields_need_stat), each a field of its buffer
 * (unknown_field). Return: what the system call takes, and the fields'
 * text for the call's line.
 */
export function ctlFields(ctx: Ctx, node: CallStatement, call: CtlCall, cmd: number): [CtlFields, string] {
  const fields = node.fields!;
  const values = fields.map((f) => (f.value === null ? null : to_field(f.name, evaluate(ctx, f.value))));
  const text = fields.map((f, i) => (values[i] === null ? f.name : `${f.name}=${f.name === 'mode' ? c_octal(values[i]!) : values[i]!.toString()}`)).join(', ');
  if (values.some((v) => v !== null)) {
    if (cmd !== IPC_SET || values.some((v) => v === null)) bad_field_setting(node, 'name=value fields go with IPC_SET, alone');
    for (const f of fields) if (!SETTABLE[call].includes(f.name)) bad_field_setting(f, `${call} IPC_SET takes ${SETTABLE[call].join(', ')}, not ${f.name}`);
    return [{ set: fields.map((f, i) => [f.name, values[i]!] as const) }, text];
  }
  const buffer = ctl_buffer(call, cmd);
  if (buffer === null) return fields_need_stat(node);
  for (const f of fields) if (!BUFFERS[buffer].includes(f.name)) unknown_field(f, f.name, buffer);
  return [{ out: {} }, text];
}

/** The result of a call with buffer fields: after a successful STAT or INFO command, the fields asked for, in that order. */
export function fieldsResult(ctx: Ctx, node: CallStatement, fields: CtlFields, r: number): string {
  const out = fields.out;
  if (r < 0 || out === undefined) return formatResult(r);
  return `${r} {${node.fields!.map((f) => `${f.name}=${formatFieldValue(ctx, f.name, out[f.name] ?? 0n)}`).join(', ')}}`;
}

/** msgctl / shmctl with buffer fields. */
function execCtlFields(ctx: Ctx, node: CallStatement, head: string, cmd: number, values: ArgValue[]): void {
  const call = node.callee as 'msgctl' | 'shmctl';
  const [fields, fieldsText] = ctlFields(ctx, node, call, cmd);
  const text = `${head.slice(0, -1)}, ${fieldsText})`;
  begin(ctx, node, text);
  const id = values[0] as number;
  const r = call === 'msgctl' ? ctx.sys.sys_msgctl(ctx.kernel, id, cmd, undefined, fields) : ctx.sys.sys_shmctl(ctx.kernel, id, cmd, undefined, fields);
  done(ctx, node, text, r, fieldsResult(ctx, node, fields, r));
}

/** The call's line and variable, and the trace's stmt_end. */
export function done(ctx: Ctx, node: CallStatement, text: string, r: number, shown?: string): void {
  assignResult(ctx, node, r);
  if (!ctx.quiet) putLine(ctx, text, r, shown);
  finish(ctx, node, r);
}

const EQUALS = encodeText(' = ');

/** `VAR = call(...)`: the variable takes the result, -1 for an error. */
function assignResult(ctx: Ctx, node: CallStatement, r: number): void {
  if (node.assign === null) return;
  ctx.state.vars.set(node.assign.name, r < 0 ? -1n : BigInt(r));
  ctx.state.addrs.delete(node.assign.name);
  ctx.state.pids.delete(node.assign.name);
}

/** A result as formatResult prints it: the number, or `-1 ENAME (strerror)` (its bytes made once per errno). */
export function putResult(out: Output, r: number): void {
  if (r >= 0) return putNumber(out, r);
  let bytes = ERROR_RESULTS.get(r);
  if (bytes === undefined) ERROR_RESULTS.set(r, (bytes = encodeText(formatResult(r))));
  putBytes(out, bytes);
}

/** The printed form of each error result met so far (a few dozen errnos at most). */
const ERROR_RESULTS = new Map<number, Uint8Array>();

/** The line `[PREFIX] TEXT = RESULT\n` of an operation, RESULT as `shown` when given (msgrcv's received bytes), else as formatResult prints `r`. */
export function putLine(ctx: Ctx, text: string, r: number, shown?: string): void {
  const out = ctx.out;
  if (out.stepping) {
    // one step's line, as the step returns it: one string
    out.text += `${ctx.prefix}${text} = ${shown ?? formatResult(r)}\n`;
    return;
  }
  if (ctx.prefix !== '') putText(out, ctx.prefix);
  putText(out, text);
  putBytes(out, EQUALS);
  if (shown === undefined) putResult(out, r);
  else putText(out, shown);
  putByte(out, 10);
}

function execIpLinkAdd(ctx: Ctx, node: IpLinkAddStatement): void {
  const name = node.name === null ? null : interpolate(ctx, node.name);
  const kind = interpolate(ctx, node.kind);
  const text = formatIpLinkAdd(name, kind);
  begin(ctx, node, text);
  const r = ctx.sys.rtnl_newlink(ctx.kernel, name === null ? null : encodeUtf8(name), encodeUtf8(kind));
  putLine(ctx, text, r);
  finish(ctx, node, r);
}

function execIpLinkDel(ctx: Ctx, node: IpLinkDelStatement): void {
  const name = interpolate(ctx, node.name);
  const text = formatIpLinkDel(name);
  begin(ctx, node, text);
  const r = ctx.sys.rtnl_dellink(ctx.kernel, encodeUtf8(name));
  putLine(ctx, text, r);
  finish(ctx, node, r);
}

type Executors = {
  [T in Exclude<OperationStatement['type'], 'ProcessStatement'>]: (ctx: Ctx, node: Extract<OperationStatement, { type: T }>) => void;
};

/** One executor per operation statement type (`@NAME exit|kill|creds` is processes.ts's). */
export const EXECUTE = {
  CallStatement: execCall,
  EchoStatement: execEcho,
  CatStatement: execCat,
  LsStatement: execLs,
  IpLinkAddStatement: execIpLinkAdd,
  IpLinkDelStatement: execIpLinkDel,
} satisfies Executors;
