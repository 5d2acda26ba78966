/**
 * The semaphore statements of part 2 (workload-language-ops.md; "semop
 * and semtimedop" and "semctl values" in docs/WORKLOAD-LANGUAGE.md):
 * `semop(id, {num, op, flg}, ...)` and `semtimedop(id, NS, ...)` with their
 * sembufs (runs folded by `x COUNT`) and how a call that sleeps ends, and
 * `semctl` with its 4th argument
 * (SETVAL's value, SETALL's list) or buffer fields, GETALL printing the
 * values and GETPID the process. semctl's buffer fields are the *ctl calls'
 * (operations.ts).
 *
 * A semop that sleeps: semtimedop's timeout ends it (EAGAIN); in a
 * single-process workload the replayer's signal does (EINTR); in a
 * multi-process one the process stays blocked (`<unfinished ...>`,
 * processes.ts resumes it).
 */
import type { CallStatement } from './ast';
import type { RunContext } from './context';
import { to_int } from './ctype';
import { bad_semctl_argument, fields_with_union, sembuf_count_out_of_range, setall_count_mismatch, timeout_too_long } from './errors';
import { evaluate } from './evaluate';
import { formatSops, type ArgValue, type SemBufValue } from './format';
import { begin, ctlFields, done, fieldsResult, finish } from './operations';
import { putText } from './output';
import { formatPid } from './processes';
import { SEM_SLEEPS, type SemUnion } from './syscalls';
import { GETALL, GETPID, SETALL, SETVAL } from '../uapi/ipc';

type Ctx = RunContext<unknown>;

/** 2^20: the most copies one `{...} x COUNT` may stand for. */
export const MAX_SOPS = 1 << 20;
/** A semtimedop timeout above this many ns is a workload error: the replayer would wait it out. */
export const MAX_TIMEOUT_NS = 100_000_000n;
const NS_PER_S = 1_000_000_000n;

/** The sembufs of a semop/semtimedop, evaluated and wrapped to ushort, short, short. */
function evalSops(ctx: Ctx, node: CallStatement): SemBufValue[] {
  const out: SemBufValue[] = [];
  for (const b of node.sops ?? []) {
    const sop = {
      sem_num: Number(BigInt.asUintN(16, evaluate(ctx, b.num))),
      sem_op: Number(BigInt.asIntN(16, evaluate(ctx, b.op))),
      sem_flg: b.flg === null ? 0 : Number(BigInt.asIntN(16, evaluate(ctx, b.flg))),
    };
    const n = b.count === null ? 1n : evaluate(ctx, b.count);
    if (n < 0n || n > BigInt(MAX_SOPS) || out.length + Number(n) > MAX_SOPS) sembuf_count_out_of_range(b, n, MAX_SOPS);
    for (let i = 0n; i < n; i++) out.push(sop);
  }
  return out;
}

/**
 * semop / semtimedop. A call that sleeps: semtimedop's timeout ends it
 * (EAGAIN); in a single-process workload the replayer's signal does (EINTR);
 * in a multi-process one the process stays blocked (`<unfinished ...>`).
 */
export function execSemop(ctx: Ctx, node: CallStatement, head: string, values: ArgValue[]): void {
  const sops = evalSops(ctx, node);
  const text = sops.length === 0 ? head : `${head.slice(0, -1)}, ${formatSops(sops)})`;
  let timeout: { tv_sec: bigint; tv_nsec: bigint } | null = null;
  if (node.callee === 'semtimedop') {
    const t = values[1] as bigint;
    if (t > MAX_TIMEOUT_NS) timeout_too_long(node.args[1]!, t, MAX_TIMEOUT_NS);
    let sec = t / NS_PER_S;
    if (t < 0n && sec * NS_PER_S !== t) sec -= 1n;
    timeout = { tv_sec: sec, tv_nsec: t - sec * NS_PER_S };
  }
  begin(ctx, node, text);
  let r = ctx.sys.sys_semtimedop(ctx.kernel, values[0] as number, sops, timeout);
  if (r === SEM_SLEEPS) {
    const pid = ctx.proc!.pid;
    if (timeout !== null) r = ctx.sys.semop_interrupt(ctx.kernel, pid, true);
    else if (!ctx.program.multiProcess) r = ctx.sys.semop_interrupt(ctx.kernel, pid, false);
    else {
      ctx.proc!.blocked = { callee: 'semop', assign: node.assign === null ? null : node.assign.name };
      putText(ctx.out, `${ctx.prefix}${text} <unfinished ...>\n`);
      finish(ctx, node, 0);
      return;
    }
  }
  done(ctx, node, text, r);
}

/** semctl with its optional 4th argument (SETVAL value, SETALL list) or buffer fields; GETALL prints the values, GETPID the process. */
export function execSemctl(ctx: Ctx, node: CallStatement, head: string, values: ArgValue[]): void {
  const cmd = values[2] as number;
  const arg = node.semarg;
  const semun: SemUnion = {};
  let text = head;
  let fieldsText = '';
  if (node.fields !== undefined) {
    [semun.fields, fieldsText] = ctlFields(ctx, node, 'semctl', cmd);
    if (arg !== undefined) fields_with_union(node);
  }
  if (arg !== undefined) {
    if (Array.isArray(arg) ? cmd !== SETALL : cmd !== SETVAL) bad_semctl_argument(node);
    if (Array.isArray(arg)) {
      semun.array = arg.map((e) => Number(BigInt.asUintN(16, evaluate(ctx, e))));
      const nsems = ctx.sys.sem_nsems(ctx.kernel, values[0] as number);
      if (nsems !== null && nsems !== semun.array.length) setall_count_mismatch(node, semun.array.length, nsems);
      text = `${head.slice(0, -1)}, {${semun.array.join(', ')}})`;
    } else {
      semun.val = to_int(evaluate(ctx, arg));
      text = `${head.slice(0, -1)}, ${semun.val})`;
    }
  }
  if (semun.fields !== undefined) text = `${head.slice(0, -1)}, ${fieldsText})`;
  begin(ctx, node, text);
  const r = ctx.sys.sys_semctl(ctx.kernel, values[0] as number, values[1] as number, cmd, node.statSet, semun);
  if (semun.fields !== undefined) return done(ctx, node, text, r, fieldsResult(ctx, node, semun.fields, r));
  if (r >= 0 && cmd === GETALL && semun.getall !== undefined) return done(ctx, node, text, r, `${r} {${semun.getall.join(', ')}}`);
  if (r > 0 && cmd === GETPID) {
    // the variable holds the symbolic pid, never the real one (workload-language-ops.md: a symbolic value)
    const pid = formatPid(ctx, r);
    done(ctx, node, text, r, pid);
    if (node.assign !== null) {
      ctx.state.vars.delete(node.assign.name);
      ctx.state.pids.set(node.assign.name, pid);
    }
    return;
  }
  done(ctx, node, text, r);
}
