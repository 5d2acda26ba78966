/**
 * Cache lines with MESI-like ownership, one record per line the model names
 * (a lock word, the namespace's msg counters, a per-CPU slot, ...).
 *
 * A line is either owned (Modified/Exclusive) by one CPU or Shared by a set
 * of CPUs (or cached nowhere: Invalid everywhere, it comes from memory).
 * - read: a hit if this CPU holds it; else it is fetched from the owner (or
 *   the nearest sharer, or memory) and becomes Shared by both.
 * - write / rmw: a hit if this CPU owns it; else a read-for-ownership from
 *   the owner or the farthest sharer (all other copies invalidated), and
 *   the CPU becomes the owner. An rmw adds the locked-instruction cost.
 * A line is one resource: its transfers, reads and read-for-ownership
 * alike, are served one after the other (`busy_until`), the assumption of
 * Boyd-Wickizer et al.'s model of lock collapse ("Non-scalable locks are
 * dangerous", 2012). N CPUs writing one line queue behind each other (the
 * bouncing counters of 6.0), and N CPUs re-reading it queue too.
 *
 * Spinners (`spinners`) are CPUs that wait by re-reading the line, as the
 * waiters of a ticket spinlock do: every write to the line invalidates
 * their copies and each of them fetches it again at once, one transfer
 * after the other, before anyone else's next access. This is why handing
 * over a ticket lock costs time linear in the number of waiters (Boyd-
 * Wickizer et al.; David, Guerraoui, Trigonakis, SOSP 2013, measure the
 * same growth).
 *
 * Simplified: no capacity misses or evictions, no prefetch, no directory
 * or snoop-filter effects; invalidating the sharers costs no more than the
 * transfer itself (no per-sharer acknowledgement cost: we found no
 * published figure to base one on); an upgrade Shared → Modified by the
 * only sharer is a hit.
 */
import type { SmpTransferKind } from '../trace';
import type { SmpConstants } from './constants';
import { fabric_distance, fabric_transfer_ns, MAX_CPUS, type Fabric } from './topology';

export interface CacheLine {
  name: string;
  /** owning CPU (M/E state), -1 when none */
  owner: number;
  /** CPUs with a Shared copy (when owner is -1) */
  sharers: number[];
  /** shared[cpu] is 1 when `cpu` is in `sharers`: a hit on a line every CPU reads (the IDR root) is one load, not a scan of the list */
  shared: Uint8Array;
  /** time until which a transfer of this line is in flight */
  busy_until: number;
  /** CPUs spinning on the line (re-reading it after every write), in the order they began */
  spinners: number[];
  transfers: Record<SmpTransferKind, number>;
  stall_ns: number;
  accesses: number;
}

export type Access = 'read' | 'write' | 'rmw';

/** The rereads of an access that caused none (most of them): one shared, frozen array instead of a new one per access. */
export const NO_REREADS: Reread[] = Object.freeze([]) as unknown as Reread[];

export interface AccessResult {
  /** when the access completes */
  end: number;
  /** ns the CPU waited for the line (0 on a hit) */
  stall: number;
  /** ns of the access itself on a hit (the locked-op cost for an rmw) */
  work: number;
  /** where the line came from; null on a hit */
  how: SmpTransferKind | null;
  from: number;
  /** spinners' re-reads caused by this write: when each CPU has the line again, and whence */
  rereads: Reread[];
}

export interface Reread {
  cpu: number;
  /** when the CPU has the line again */
  at: number;
  from: number;
  how: SmpTransferKind;
  /** the transfer's own time (the rest of the wait is queueing) */
  ns: number;
}

/** A line cached nowhere, on a machine of `nr_cpus` CPUs. */
export function cacheline_new(name: string, nr_cpus = MAX_CPUS): CacheLine {
  return { name, owner: -1, sharers: [], shared: new Uint8Array(nr_cpus), busy_until: 0, spinners: [], transfers: { smt: 0, socket: 0, remote: 0, memory: 0 }, stall_ns: 0, accesses: 0 };
}

/** No CPU shares `line` any more. */
function share_none(line: CacheLine): void {
  if (line.sharers.length === 0) return;
  for (const s of line.sharers) line.shared[s] = 0;
  line.sharers = [];
}

/** `cpu` shares `line` too (last in the list), unless it does already. */
function share_add(line: CacheLine, cpu: number): void {
  if (line.shared[cpu] === 1) return;
  line.shared[cpu] = 1;
  line.sharers.push(cpu);
}

function kindOf(f: Fabric, from: number, to: number): SmpTransferKind {
  if (from < 0) return 'memory';
  const d = fabric_distance(f, from, to);
  return d === 'local' ? 'smt' : d;
}

/** One more transfer of `how` in `t`: a store to a named field (a computed key, one of four names, is a megamorphic keyed access on every miss). */
function count_transfer(t: Record<SmpTransferKind, number>, how: SmpTransferKind): void {
  switch (how) {
    case 'smt':
      t.smt++;
      return;
    case 'socket':
      t.socket++;
      return;
    case 'remote':
      t.remote++;
      return;
    case 'memory':
      t.memory++;
      return;
  }
}

/** The source of a fetch by `cpu`: owner, else the nearest (read) or farthest (write) sharer, else memory (-1). */
function source(f: Fabric, line: CacheLine, cpu: number, farthest: boolean): number {
  if (line.owner >= 0) return line.owner;
  let best = -1;
  let bestNs = farthest ? -1 : Infinity;
  for (const s of line.sharers) {
    if (s === cpu) continue;
    const ns = fabric_transfer_ns(f, s, cpu);
    if (farthest ? ns > bestNs : ns < bestNs) {
      best = s;
      bestNs = ns;
    }
  }
  return best;
}

/** A result record to fill (cacheline_access's `out`). */
export function access_result_new(): AccessResult {
  return { end: 0, stall: 0, work: 0, how: null, from: -1, rereads: NO_REREADS };
}

function result(out: AccessResult, end: number, stall: number, work: number, how: SmpTransferKind | null, from: number, rereads: Reread[]): AccessResult {
  out.end = end;
  out.stall = stall;
  out.work = work;
  out.how = how;
  out.from = from;
  out.rereads = rereads;
  return out;
}

/**
 * `cpu` accesses `line` at time `now` (`count` back-to-back operations of
 * that kind, machine.ts's MicroOp 'access'). Return: when it completes, the stall
 * (transfer plus queueing behind transfers already in flight) and the work,
 * written into `out` (the event loop passes one record for every access: a
 * miss builds no object).
 */
export function cacheline_access(f: Fabric, line: CacheLine, cpu: number, access: Access, now: number, count = 1, out: AccessResult = access_result_new()): AccessResult {
  const c = f.c;
  const hit = cacheline_hit(c, line, cpu, access, count);
  if (hit >= 0) return result(out, now + hit, 0, hit, null, cpu, NO_REREADS);
  line.accesses += count;
  const work = count * (access === 'rmw' ? c.locked_rmw + c.l1_hit : c.l1_hit);
  const holds = line.owner === cpu || (line.owner < 0 && line.shared[cpu] === 1);
  if (holds && (access === 'read' || line.owner === cpu || line.sharers.length === 1)) {
    if (access !== 'read' && line.owner < 0) {
      line.owner = cpu;
      share_none(line);
    }
    const rereads = access === 'read' ? NO_REREADS : spinner_rereads(f, line, cpu, now + work);
    return result(out, now + work, 0, work, null, cpu, rereads);
  }
  const from = source(f, line, cpu, access !== 'read');
  const ns = fabric_transfer_ns(f, from, cpu);
  const how = kindOf(f, from, cpu);
  const start = Math.max(now, line.busy_until);
  const arrive = start + ns;
  line.busy_until = arrive;
  count_transfer(line.transfers, how);
  const stall = arrive - now;
  line.stall_ns += stall;
  if (access === 'read') {
    // the owner (then no one else has it) and this CPU share it, or one more sharer
    if (line.owner >= 0) {
      share_none(line);
      share_add(line, line.owner);
      line.owner = -1;
    }
    share_add(line, cpu);
    return result(out, arrive + work, stall, work, how, from, NO_REREADS);
  }
  line.owner = cpu;
  // an owned line's sharers are already none (most writes: the line moves from owner to owner): no new empty list
  share_none(line);
  return result(out, arrive + work, stall, work, how, from, spinner_rereads(f, line, cpu, arrive + work));
}

/**
 * The common case of cacheline_access, without building its result: a hit
 * that changes nothing but the access count (the CPU owns the line and no
 * one spins on it, or it reads a line it shares). Return: the ns of the
 * access (counted), or -1 when it is not such a hit (nothing counted).
 */
export function cacheline_hit(c: SmpConstants, line: CacheLine, cpu: number, access: Access, count: number): number {
  if (line.owner === cpu ? access !== 'read' && line.spinners.length > 0 : !(access === 'read' && line.owner < 0 && line.shared[cpu] === 1)) return -1;
  line.accesses += count;
  return count * (access === 'rmw' ? c.locked_rmw + c.l1_hit : c.l1_hit);
}

/**
 * After `writer`'s write completing at `at`, every other spinner fetches the
 * line again, in spinning order, each from the nearest CPU holding it; the
 * line ends Shared by the writer and the spinners. Return: when each
 * spinner has it.
 */
function spinner_rereads(f: Fabric, line: CacheLine, writer: number, at: number): Reread[] {
  if (line.spinners.length === 0) return NO_REREADS;
  const out: Reread[] = [];
  const holders = [writer];
  for (const s of line.spinners) {
    if (s === writer || holders.includes(s)) continue;
    let from = writer;
    for (const h of holders) if (fabric_transfer_ns(f, h, s) < fabric_transfer_ns(f, from, s)) from = h;
    const ns = fabric_transfer_ns(f, from, s);
    const how = kindOf(f, from, s);
    line.busy_until = Math.max(at, line.busy_until) + ns;
    count_transfer(line.transfers, how);
    holders.push(s);
    out.push({ cpu: s, at: line.busy_until, from, how, ns });
  }
  line.owner = -1;
  share_none(line);
  for (const h of holders) share_add(line, h);
  return out;
}
