/**
 * The shared-memory statements of part 2 (workload-language-ops.md, "Shared
 * memory attachment" and the buffer fields): `a = shmat(id, addr, flags)`
 * printing and storing ADDR(k), `shmdt(ADDR(k))` / `shmdt(a)` / `shmdt(N)`,
 * and shmctl's fields to print (`shmctl(id, IPC_STAT, shm_nattch, ...)`)
 * or to set (`shmctl(id, IPC_SET, mode=0644)`).
 *
 * ADDR(k) is the k-th successful shmat of the workload, whoever made it.
 * Which address shmdt(ADDR(k)) passes follows the reference replayer: the
 * real one while attachment k is the live attachment of the calling process
 * at that address, else the same address with bit 0 set (the kernel's
 * EINVAL) when another of its attachments starts there; a process that has
 * nothing there passes the real address (also EINVAL: nothing of it starts
 * there).
 */
import type { CallStatement, Expression } from './ast';
import type { RunContext } from './context';
import { bad_ipc_set_field, fields_need_stat, fixed_address_out_of_range, no_such_attachment, unknown_field } from './errors';
import { evaluate } from './evaluate';
import { formatAddr, type ArgValue } from './format';
import { to_size_t } from './ctype';
import { begin, done, finish, formatField } from './operations';
import { formatPid } from './processes';
import { SHM_BUFFERS } from './statement';
import { formatResult } from '../uapi/errno';
import { IPC_INFO, IPC_SET, IPC_STAT, SHM_INFO, SHM_RND, SHM_STAT, SHM_STAT_ANY } from '../uapi/ipc';

type Ctx = RunContext<unknown>;

/** SHMLBA (x86_64: one page) */
const SHMLBA = 4096n;
/** Fixed shmat addresses must lie below this (vm.mmap_min_addr territory, where the replayer maps nothing). */
export const FIXED_ADDR_LIMIT = 0x10000n;

/**
 * The process-dependent check of a fixed address (the replayer's): one at
 * or above FIXED_ADDR_LIMIT is a workload error, as is any fixed address in
 * a process after `creds` (below vm.mmap_min_addr only root may map; the
 * credentials model decides whether the process is still root).
 */
function checkFixedAddress(node: CallStatement, addr: bigint, flags: number): void {
  let a = addr;
  if (a % SHMLBA !== 0n) {
    if (!(flags & SHM_RND)) return; // the kernel's EINVAL
    a -= a % SHMLBA;
  }
  if (a >= FIXED_ADDR_LIMIT) fixed_address_out_of_range(node.args[1]!, a, FIXED_ADDR_LIMIT);
}

/** `[v =] shmat(id, addr, flags)`: prints and stores ADDR(k) on success. */
export function execShmat(ctx: Ctx, node: CallStatement, text: string, values: ArgValue[]): void {
  const shmaddr = values[1] as bigint;
  const flags = values[2] as number;
  checkFixedAddress(node, shmaddr, flags);
  begin(ctx, node, text);
  const r = ctx.sys.sys_shmat(ctx.kernel, values[0] as number, shmaddr, flags);
  if (r < 0n) return done(ctx, node, text, Number(r));
  const st = ctx.state;
  st.attaches.push({ addr: r, pid: ctx.proc!.pid });
  const k = st.attaches.length;
  (ctx.proc!.attached ??= new Map()).set(r, k);
  if (node.assign !== null) {
    st.vars.delete(node.assign.name);
    st.addrs.set(node.assign.name, k);
  }
  ctx.out.push(`${ctx.prefix}${text} = ADDR(${k})\n`);
  finish(ctx, node, 0);
}

/** The k of shmdt's argument when it is symbolic (ADDR(k), or a variable holding one), else null. */
function symbolicIndex(ctx: Ctx, arg: Expression): number | null {
  if (arg.type === 'Identifier') return ctx.state.addrs.get(arg.name) ?? null;
  if (arg.type !== 'AddrExpression') return null;
  const k = evaluate(ctx, arg.index);
  if (k < 1n || k > BigInt(ctx.state.attaches.length)) no_such_attachment(arg, k);
  return Number(k);
}

/** `shmdt(ADDR(k))`, `shmdt(v)`, `shmdt(N)` (printed `%#x`). */
export function execShmdt(ctx: Ctx, node: CallStatement): void {
  const arg = node.args[0]!;
  const k = symbolicIndex(ctx, arg);
  const attached = ctx.proc!.attached;
  let addr: bigint;
  let text: string;
  if (k === null) {
    addr = to_size_t(evaluate(ctx, arg));
    text = `shmdt(${formatAddr(addr)})`;
  } else {
    const real = ctx.state.attaches[k - 1]!.addr;
    const live = attached?.get(real);
    addr = live === undefined || live === k ? real : real | 1n;
    text = `shmdt(ADDR(${k}))`;
  }
  begin(ctx, node, text);
  const r = ctx.sys.sys_shmdt(ctx.kernel, addr);
  if (r === 0) attached?.delete(addr);
  done(ctx, node, text, r);
}

/** The buffer a STAT or INFO command of shmctl fills, or null for the other commands. */
function shmBuffer(cmd: number): keyof typeof SHM_BUFFERS | null {
  if (cmd === IPC_STAT || cmd === SHM_STAT || cmd === SHM_STAT_ANY) return 'shmid64_ds';
  if (cmd === IPC_INFO) return 'shminfo64';
  if (cmd === SHM_INFO) return 'shm_info';
  return null;
}

/** The IPC_SET fields of shmid64_ds, with the C type each value is converted to. */
const SETTABLE: Readonly<Record<string, (v: bigint) => number>> = {
  mode: (v) => Number(BigInt.asUintN(32, v)),
  uid: (v) => Number(BigInt.asUintN(32, v)),
  gid: (v) => Number(BigInt.asUintN(32, v)),
};

const PID_FIELDS: ReadonlySet<string> = new Set(['shm_cpid', 'shm_lpid']);

/** shmctl with fields to print after a STAT or INFO command, or with IPC_SET's `name=value` fields. */
export function execShmctl(ctx: Ctx, node: CallStatement, head: string, values: ArgValue[]): void {
  const cmd = values[1] as number;
  if (node.settings !== undefined) {
    if (node.fields !== undefined || cmd !== IPC_SET) bad_ipc_set_field(node, 'name=value fields go with IPC_SET, alone');
    const set: Record<string, number> = {};
    const shown: string[] = [];
    for (const { name, value } of node.settings) {
      const conv = SETTABLE[name.name];
      if (conv === undefined) bad_ipc_set_field(name, `shmctl IPC_SET takes mode, uid, gid, not ${name.name}`);
      const v = conv(evaluate(ctx, value));
      set[name.name] = v;
      shown.push(`${name.name}=${name.name === 'mode' ? formatField('mode', v) : v}`);
    }
    const text = `${head.slice(0, -1)}, ${shown.join(', ')})`;
    begin(ctx, node, text);
    return done(ctx, node, text, ctx.sys.sys_shmctl(ctx.kernel, values[0] as number, cmd, undefined, { set }));
  }
  const names = node.fields!;
  const buffer = shmBuffer(cmd);
  if (buffer === null) fields_need_stat(node);
  for (const f of names) if (!SHM_BUFFERS[buffer].has(f.name)) unknown_field(f, f.name, buffer);
  const text = `${head.slice(0, -1)}, ${names.map((f) => f.name).join(', ')})`;
  begin(ctx, node, text);
  const fields: Record<string, bigint> = {};
  const r = ctx.sys.sys_shmctl(ctx.kernel, values[0] as number, cmd, undefined, { fields });
  if (r < 0) return done(ctx, node, text, r);
  const shown = names.map((f) => {
    const v = fields[f.name] ?? 0n;
    return `${f.name}=${PID_FIELDS.has(f.name) ? formatPid(ctx, Number(v)) : formatField(f.name, v)}`;
  });
  done(ctx, node, text, r, `${formatResult(r)} {${shown.join(', ')}}`);
}
