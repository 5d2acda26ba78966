/**
 * Executing the statements that print: the eight IPC calls, `echo` into a
 * sysctl, `cat`, `ls -U` and `ip link add|del`. Each evaluates its
 * arguments (failing before any system call on an undefined variable),
 * makes its system calls, and appends its output line group to ctx.out.
 */
import type {
  CallName, CallStatement, Expression, CatStatement, EchoStatement, IpLinkAddStatement, IpLinkDelStatement, LsStatement,
  OperationStatement,
} from './ast';
import { CALLS, isConstantName, type ParamKind } from './calls';
import type { RunContext } from './context';
import { to_int, to_long, to_size_t } from './ctype';
import { unmodeled_path } from './errors';
import { evaluate, interpolate } from './evaluate';
import {
  formatArgument, formatCall, formatCat, formatEcho, formatIpLinkAdd, formatIpLinkDel, formatLine, formatLs, type ArgValue,
} from './format';
import { decodeUtf8, encodeUtf8 } from './bytes';
import type { Syscalls } from './syscalls';
import { O_RDONLY, O_TRUNC, O_WRONLY, UnmodeledPathError } from '../fs/vfs';
import { EIO } from '../uapi/errno';

/** cat's read(2) buffer: 128 KiB, like coreutils cat. */
export const CAT_READ_SIZE = 131072;

type Ctx = RunContext<unknown>;
type Sys = Syscalls<unknown>;

const WRAP: Record<ParamKind, (v: bigint) => ArgValue> = {
  int: to_int, key: to_int, get_flags: to_int, msg_flags: to_int, msg_cmd: to_int, shm_cmd: to_int,
  sem_cmd: to_int, long: to_long, size: to_size_t,
};

const INVOKE = {
  msgget: (s, k, v) => s.sys_msgget(k, v[0] as number, v[1] as number),
  msgsnd: (s, k, v) => s.sys_msgsnd(k, v[0] as number, v[1] as bigint, v[2] as bigint, v[3] as number),
  msgrcv: (s, k, v) => s.sys_msgrcv(k, v[0] as number, v[1] as bigint, v[2] as bigint, v[3] as number),
  msgctl: (s, k, v, statSet) => s.sys_msgctl(k, v[0] as number, v[1] as number, statSet),
  shmget: (s, k, v) => s.sys_shmget(k, v[0] as number, v[1] as bigint, v[2] as number),
  shmctl: (s, k, v, statSet) => s.sys_shmctl(k, v[0] as number, v[1] as number, statSet),
  semget: (s, k, v) => s.sys_semget(k, v[0] as number, v[1] as number, v[2] as number),
  semctl: (s, k, v, statSet) => s.sys_semctl(k, v[0] as number, v[1] as number, v[2] as number, statSet),
} satisfies Record<CallName, (s: Sys, k: unknown, v: readonly ArgValue[], statSet: true | undefined) => number>;

function begin(ctx: Ctx, node: OperationStatement, text: string): void {
  if (ctx.trace) ctx.trace({ kind: 'stmt_begin', line: ctx.lineOf(node.start), text });
}

function finish(ctx: Ctx, node: OperationStatement, result: number): void {
  ctx.result = result;
  if (ctx.trace) ctx.trace({ kind: 'stmt_end', line: ctx.lineOf(node.start), result });
}

/** Runs a path-taking system call; a path the engine does not model ends the workload. */
function onPath<T>(node: OperationStatement, path: string, call: () => T): T {
  try {
    return call();
  } catch (e) {
    if (e instanceof UnmodeledPathError) return unmodeled_path(node, path);
    throw e;
  }
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
}

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
  }
}

function planCall(ctx: Ctx, node: CallStatement): CallPlan {
  const params = CALLS[node.callee].params;
  const values: ArgValue[] = new Array(params.length).fill(0);
  const texts: (string | null)[] = new Array(params.length).fill(null);
  for (let i = 0; i < params.length; i++) {
    const arg = node.args[i];
    if (arg !== undefined && usesVariables(arg)) continue;
    values[i] = WRAP[params[i]!](arg === undefined ? 0n : evaluate(ctx, arg));
    texts[i] = formatArgument(params[i]!, values[i]!);
  }
  const text = texts.every((t) => t !== null) ? formatCall(node.callee, values) : null;
  const plan = { values, texts, text };
  ctx.plans.set(node, plan);
  return plan;
}

function execCall(ctx: Ctx, node: CallStatement): void {
  // a call outside any loop runs once: no plan is kept for it
  const plan = ctx.plans.get(node) ?? (ctx.state.frames.length === 1 ? null : planCall(ctx, node));
  const values: ArgValue[] = plan === null ? [0, 0, 0, 0] : plan.values;
  let text = plan === null ? null : plan.text;
  if (text === null) {
    const params = CALLS[node.callee].params;
    text = node.callee + '(';
    for (let i = 0; i < params.length; i++) {
      let t = plan === null ? null : plan.texts[i] ?? null;
      if (t === null) {
        const arg = node.args[i];
        values[i] = WRAP[params[i]!](arg === undefined ? 0n : evaluate(ctx, arg));
        t = formatArgument(params[i]!, values[i]!);
      }
      text += i === 0 ? t : ', ' + t;
    }
    text += ')';
  }
  begin(ctx, node, text);
  const r = INVOKE[node.callee](ctx.sys, ctx.kernel, values, node.statSet);
  if (node.assign !== null) ctx.state.vars.set(node.assign.name, r < 0 ? -1n : BigInt(r));
  ctx.out.push(formatLine(text, r));
  finish(ctx, node, r);
}

/** open(O_WRONLY|O_TRUNC), write until done (a short write is continued), close: 0 or -errno. */
function writeFile(ctx: Ctx, path: string, data: string): number {
  const { sys, kernel } = ctx;
  const fd = sys.sys_open(kernel, path, O_WRONLY | O_TRUNC);
  if (fd < 0) return fd;
  let r = 0;
  while (data.length > 0) {
    const n = sys.sys_write(kernel, fd, data);
    if (n <= 0) {
      r = n < 0 ? n : -EIO;
      break;
    }
    data = data.slice(n);
  }
  sys.sys_close(kernel, fd);
  return r;
}

function execEcho(ctx: Ctx, node: EchoStatement): void {
  let value = '';
  for (let i = 0; i < node.words.length; i++) value += (i > 0 ? ' ' : '') + interpolate(ctx, node.words[i]!);
  const text = formatEcho(value, node.path);
  begin(ctx, node, text);
  const r = onPath(node, node.path, () => writeFile(ctx, encodeUtf8(node.path), encodeUtf8(value + '\n')));
  ctx.out.push(formatLine(text, r));
  finish(ctx, node, r);
}

/** The whole file, read CAT_READ_SIZE bytes at a time, or -errno. */
function readFile(ctx: Ctx, path: string): string | number {
  const { sys, kernel } = ctx;
  const fd = sys.sys_open(kernel, path, O_RDONLY);
  if (fd < 0) return fd;
  const chunks: string[] = [];
  let r: string | number = 0;
  for (;;) {
    const got = sys.sys_read(kernel, fd, CAT_READ_SIZE);
    if (typeof got === 'number') {
      r = got;
      break;
    }
    if (got.length === 0) {
      r = chunks.length === 1 ? chunks[0]! : chunks.join('');
      break;
    }
    chunks.push(got);
  }
  sys.sys_close(kernel, fd);
  return r;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function execCat(ctx: Ctx, node: CatStatement): void {
  const path = interpolate(ctx, node.path);
  const text = formatCat(path);
  begin(ctx, node, text);
  const data = onPath(node, path, () => readFile(ctx, encodeUtf8(path)));
  if (typeof data === 'number') {
    ctx.out.push(formatLine(text, data));
    finish(ctx, node, data);
    return;
  }
  let content = decodeUtf8(data);
  if (content.length > 0 && content.charCodeAt(content.length - 1) !== 10) content += '\n';
  const lines = countLines(content);
  ctx.out.push(`${text} = ${lines}\n`, content);
  finish(ctx, node, lines);
}

function execLs(ctx: Ctx, node: LsStatement): void {
  const path = interpolate(ctx, node.path);
  const text = formatLs(path);
  begin(ctx, node, text);
  const names = onPath(node, path, () => ctx.sys.sys_listdir(ctx.kernel, encodeUtf8(path)));
  if (typeof names === 'number') {
    ctx.out.push(formatLine(text, names));
    finish(ctx, node, names);
    return;
  }
  let listing = '';
  let count = 0;
  for (const name of names) {
    if (name.charCodeAt(0) === 46 /* . */) continue;
    listing += decodeUtf8(name) + '\n';
    count++;
  }
  ctx.out.push(`${text} = ${count}\n`, listing);
  finish(ctx, node, count);
}

function execIpLinkAdd(ctx: Ctx, node: IpLinkAddStatement): void {
  const name = node.name === null ? null : interpolate(ctx, node.name);
  const kind = interpolate(ctx, node.kind);
  const text = formatIpLinkAdd(name, kind);
  begin(ctx, node, text);
  const r = ctx.sys.rtnl_newlink(ctx.kernel, name === null ? null : encodeUtf8(name), encodeUtf8(kind));
  ctx.out.push(formatLine(text, r));
  finish(ctx, node, r);
}

function execIpLinkDel(ctx: Ctx, node: IpLinkDelStatement): void {
  const name = interpolate(ctx, node.name);
  const text = formatIpLinkDel(name);
  begin(ctx, node, text);
  const r = ctx.sys.rtnl_dellink(ctx.kernel, encodeUtf8(name));
  ctx.out.push(formatLine(text, r));
  finish(ctx, node, r);
}

type Executors = { [T in OperationStatement['type']]: (ctx: Ctx, node: Extract<OperationStatement, { type: T }>) => void };

/** One executor per operation statement type. */
export const EXECUTE = {
  CallStatement: execCall,
  EchoStatement: execEcho,
  CatStatement: execCat,
  LsStatement: execLs,
  IpLinkAddStatement: execIpLinkAdd,
  IpLinkDelStatement: execIpLinkDel,
} satisfies Executors;
