/**
 * The shared-memory statements of part 2 (workload-language-ops.md, "Shared
 * memory attachment" and the buffer fields): `a = shmat(id, addr, flags)`
 * printing and storing ADDR(k), and `shmdt(ADDR(k))` / `shmdt(a)` / `shmdt(N)`.
 * shmctl's buffer fields are the *ctl calls' (operations.ts).
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
import { fixed_address_after_creds, fixed_address_out_of_range, no_such_attachment } from './errors';
import { evaluate } from './evaluate';
import { formatAddr, type ArgValue } from './format';
import { to_size_t } from './ctype';
import { begin, done, finish } from './operations';
import { SHM_RND } from '../uapi/ipc';
import { putText } from './output';

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
function checkFixedAddress(ctx: Ctx, node: CallStatement, addr: bigint, flags: number): void {
  let a = addr;
  if (a % SHMLBA !== 0n) {
    if (!(flags & SHM_RND)) return; // the kernel's EINVAL
    a -= a % SHMLBA;
  }
  if (a >= FIXED_ADDR_LIMIT) fixed_address_out_of_range(node.args[1]!, a, FIXED_ADDR_LIMIT);
  if (addr !== 0n && ctx.proc!.creds !== undefined) fixed_address_after_creds(node.args[1]!);
}

/** `[v =] shmat(id, addr, flags)`: prints and stores ADDR(k) on success. */
export function execShmat(ctx: Ctx, node: CallStatement, text: string, values: ArgValue[]): void {
  const shmaddr = values[1] as bigint;
  const flags = values[2] as number;
  checkFixedAddress(ctx, node, shmaddr, flags);
  begin(ctx, node, text);
  const r = ctx.sys.sys_shmat(ctx.kernel, values[0] as number, shmaddr, flags);
  if (r < 0n) return done(ctx, node, text, Number(r));
  const st = ctx.state;
  st.attaches.push({ addr: r, pid: ctx.proc!.pid });
  const k = st.attaches.length;
  (ctx.proc!.attached ??= new Map()).set(r, k);
  if (node.assign !== null) {
    st.vars.delete(node.assign.name);
    st.pids.delete(node.assign.name);
    st.addrs.set(node.assign.name, k);
  }
  putText(ctx.out, `${ctx.prefix}${text} = ADDR(${k})\n`);
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
