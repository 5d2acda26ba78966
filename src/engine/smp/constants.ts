/**
 * Every time constant of the SMP model, in nanoseconds, with its source: one
 * set per modelled machine, chosen by the workload's `cpus` line
 * (`machine icelake` by default). The same set serves every scenario on that
 * machine; nothing here is fitted to a result. `smpConstants()` applies
 * overrides (the CLI's `--smp name=value`) on top of a machine's set.
 *
 * Sources. "approx." marks a figure recalled from the published chart or
 * text, rounded, and not re-checked against the original in this project;
 * "estimate" marks our own figure where no measurement isolates it.
 * [ATICX] AnandTech, "Intel 3rd Gen Xeon Scalable (Ice Lake SP) Review",
 *   Apr 2021, page "Topology, Memory Subsystem & Latency": core-to-core
 *   latency of a Xeon Platinum 8380 (2 sockets × 40 cores × 2 threads),
 *   measured by two threads bouncing one cache line with atomics: approx.
 *   50 ns between cores of one socket, approx. 110 ns across sockets.
 * [C&C] Chips and Cheese, "Core to Core Latency Data on Large Systems",
 *   Nov 2023: the same kind of measurement; SMT siblings of one Intel core
 *   exchange a line in approx. 10 ns (shared L1/L2).
 * [AGNER] Agner Fog, "Instruction tables": a LOCK-prefixed ALU op on an
 *   owned line costs approx. 18-20 cycles (≈ 6 ns at 3.4 GHz; we keep
 *   8 ns for a 2008 Core 2); an L1 hit approx. 5 cycles.
 * [MOLKA] D. Molka et al., "Memory Performance and Cache Coherency Effects
 *   on an Intel Nehalem Multiprocessor System", PACT 2009: local DRAM
 *   approx. 65-80 ns on a 2009 server. For the 2008 front-side-bus machine
 *   (Xeon 5400 class) the line transfers between dies (130 ns) and sockets
 *   (200 ns) are estimates: a modified line leaving a die crosses the bus
 *   at about memory latency.
 * [TSUNA] Benoit Sigoure, "How long does it take to make a context
 *   switch?", Nov 2010: a thread switch through a futex costs approx.
 *   1-2 µs of CPU time on the Xeons of that era; we take 250 ns of it as
 *   the waker's part (try_to_wake_up) and, on core2, 800 ns for schedule().
 * [HT] Intel's Hyper-Threading material: two threads of one core give "up
 *   to 30%" more throughput than one; we take 1.25x, i.e. each of two busy
 *   siblings runs at 62.5% of the speed it has alone.
 * [HOST] Measured by scripts/bench/kernel/msgcal.c on the host this project is
 *   developed on: Linux 6.18.44 x86_64, a Firecracker KVM guest with 2
 *   vCPUs of an AMD EPYC (family 26), 29 Nov 2026, `gcc -O2 -o /tmp/msgcal
 *   scripts/bench/kernel/msgcal.c && chrt -f 50 /tmp/msgcal` (SCHED_FIFO so that
 *   the other tasks of the busy host stay off the measured CPUs), medians
 *   of 7 runs: getppid 127.7 ns; msgrcv(IPC_NOWAIT) on an empty queue
 *   (ENOMSG) 183.7 ns; msgsnd + msgrcv of a 4-byte message on one CPU
 *   1119.6 ns; ping-pong round trip through two queues, both processes on
 *   one CPU 6337.1 ns, on two CPUs 33061.2 ns (another run: 25907 ns);
 *   sender on CPU 0 streaming to a receiver on CPU 1, 953.9 ns per message.
 *   Derived, with the model's own line costs subtracted:
 *   - syscall = getppid = 128;
 *   - msg_queue_work = ENOMSG − syscall − the lookup and lock line
 *     accesses (10.5) = 46;
 *   - msg_load + msg_store = pair − 2 × ENOMSG − the counter writes ≈ 746,
 *     split equally (an assumption: nothing measured separates the
 *     sender's kmalloc + copy_from_user + memcg charge from the receiver's
 *     copy_to_user + kfree) = 373 each;
 *   - wakeup + context_switch = (one-CPU round trip − 2 × pair) / 2 =
 *     2049, of which [TSUNA]'s 250 for the waker: context_switch = 1799;
 *   - wake_latency (remote, idle vCPU) = two-CPU round trip / 2 − pair −
 *     wakeup = 15161 (11618 in the other run): an idle vCPU halts, so
 *     this is mostly the hypervisor's exit and re-entry, which bare metal
 *     does not pay; it is used on machine `host` only.
 *   The icelake set takes the host's path costs (syscall, msg work,
 *   context switch: a 6.x kernel with mitigations and memcg accounting on
 *   a 2020s x86 server core, as in seed 001); core2 keeps its estimates,
 *   because 2.6.25 on a 2008 Core 2 ran a different and leaner path (no
 *   memcg charge, no mitigations) that no measurement here isolates.
 * Estimates: system call entry + exit 80 ns on 2008 hardware without
 * mitigations; the 2008 msg paths' own work (alloc + copy of a small
 * message, list updates under the queue lock) a few tens of ns each; the
 * wake-up latency of an idle remote CPU on bare metal (IPI, idle exit,
 * schedule()) 2 µs, the low end of what wake-up latency tools report on
 * tuned servers; a statement that is not a msg call 1 µs; on `host`, the
 * line transfers between its vCPUs (the icelake in-socket figure).
 */

export interface SmpConstants {
  /** load/store that hits the CPU's own cache [AGNER] */
  l1_hit: number;
  /** line comes from the SMT sibling (same core) [C&C] */
  smt_transfer: number;
  /** line comes from another core of the same socket [ATICX]; core2: estimate */
  socket_transfer: number;
  /** line comes from another socket [ATICX]; core2: estimate */
  remote_transfer: number;
  /** line comes from DRAM (first touch) [MOLKA] */
  memory: number;
  /** extra cost of a locked read-modify-write on an owned line [AGNER] */
  locked_rmw: number;
  /** system call entry + exit [HOST]; core2: estimate */
  syscall: number;
  /** load_msg: kmalloc + copy_from_user of a small message [HOST, half of the derived pair]; core2: estimate */
  msg_load: number;
  /** store_msg + free_msg: copy_to_user and kfree [HOST, the other half]; core2: estimate */
  msg_store: number;
  /** lookup remainder, search and list updates under the queue lock [HOST]; core2: estimate */
  msg_queue_work: number;
  /** try_to_wake_up as paid by the waker: runqueue insert, IPI send [TSUNA] */
  wakeup: number;
  /** from the wake-up to the task running on an idle remote CPU (estimate; host: [HOST]) */
  wake_latency: number;
  /** schedule() switching from one task to another on a CPU [HOST]; core2: [TSUNA] */
  context_switch: number;
  /** a statement that is not a msg system call (echo, cat, ...) (estimate) */
  other_op: number;
  /** throughput of a core running two busy SMT threads, relative to one thread [HT] (a ratio, not ns) */
  smt_speedup: number;
  /**
   * bytes from the start of a cache line to the start of init_ipc_ns (not
   * ns): 0 or 32 with GCC's 32-byte alignment of the global, unknown for a
   * given build; it decides which fields of the ids share a line
   * (ipc_layout.ts). Default 0.
   */
  ipc_ns_offset: number;
}

export type MachineName = 'icelake' | 'core2' | 'host';

/** Xeon Platinum 8380 class (2021): the machine of seed 001. */
const ICELAKE: SmpConstants = {
  l1_hit: 1.5,
  smt_transfer: 10,
  socket_transfer: 50,
  remote_transfer: 110,
  memory: 80,
  locked_rmw: 6,
  syscall: 128,
  msg_load: 373,
  msg_store: 373,
  msg_queue_work: 46,
  wakeup: 250,
  wake_latency: 2000,
  context_switch: 1799,
  other_op: 1000,
  smt_speedup: 1.25,
  ipc_ns_offset: 0,
};

/**
 * 2008 two-socket quad-core Xeon 5400 class (Core 2, front side bus): the
 * kind of machine of seed 004. Slower lock ops, dies that exchange lines
 * through the FSB, cheaper wake-ups (no deep idle states, no mitigations).
 */
const CORE2: SmpConstants = {
  l1_hit: 1.5,
  smt_transfer: 10,
  socket_transfer: 130,
  remote_transfer: 200,
  memory: 110,
  locked_rmw: 8,
  syscall: 80,
  msg_load: 60,
  msg_store: 60,
  msg_queue_work: 20,
  wakeup: 250,
  wake_latency: 2000,
  context_switch: 800,
  other_op: 1000,
  smt_speedup: 1.25,
  ipc_ns_offset: 0,
};

/**
 * The machine scripts/bench/kernel/msgcal.c measured [HOST]: 2 vCPUs of an AMD
 * EPYC under Firecracker, Linux 6.18. Its wake-up latency is a virtual
 * machine's (idle vCPUs halt); line transfers are the icelake estimates.
 */
const HOST: SmpConstants = { ...ICELAKE, wake_latency: 15161 };

export const MACHINES: Readonly<Record<MachineName, Readonly<SmpConstants>>> = { icelake: ICELAKE, core2: CORE2, host: HOST };

export const CONSTANT_NAMES = Object.keys(ICELAKE) as (keyof SmpConstants)[];

export function isMachineName(s: string): s is MachineName {
  return Object.hasOwn(MACHINES, s);
}

/** The constants of `machine` with `overrides` applied (names of SmpConstants, values ≥ 0). */
export function smpConstants(machine: MachineName, overrides: Readonly<Partial<SmpConstants>> = {}): SmpConstants {
  return { ...MACHINES[machine], ...overrides };
}

/** How an override error names where the overrides came from: the CLI's flag, or the page's field. */
export interface OverrideSource {
  /** before "needs NAME=VALUE ..." */
  all: string;
  /** before "NAME needs ..." */
  one: string;
}

export const SMP_FLAG: OverrideSource = { all: '--smp', one: '--smp ' };

/**
 * `NAME=VALUE` overrides (the CLI's `--smp`): NAME a constant of
 * SmpConstants, VALUE a non-negative number (smt_speedup: at least 1).
 * Return: the overrides, or the first error, worded for `from`.
 */
export function parseSmpOverrides(specs: readonly string[], from: OverrideSource = SMP_FLAG): { ok: true; overrides: Partial<SmpConstants> } | { ok: false; message: string } {
  const overrides: Partial<SmpConstants> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const name = spec.slice(0, eq);
    const value = Number(spec.slice(eq + 1));
    if (eq <= 0 || !(CONSTANT_NAMES as string[]).includes(name)) {
      return { ok: false, message: `${from.all} needs NAME=VALUE with NAME one of ${CONSTANT_NAMES.join(', ')}; got ${JSON.stringify(spec)}` };
    }
    if (spec.slice(eq + 1).trim() === '' || !Number.isFinite(value) || value < (name === 'smt_speedup' ? 1 : 0)) {
      return { ok: false, message: `${from.one}${name} needs a number ${name === 'smt_speedup' ? '≥ 1' : '≥ 0 (ns)'}, got ${JSON.stringify(spec.slice(eq + 1))}` };
    }
    if (name === 'ipc_ns_offset' && !(Number.isInteger(value) && value % 8 === 0 && value < 64)) {
      return { ok: false, message: `${from.one}ipc_ns_offset needs a multiple of 8 from 0 to 56 (bytes), got ${JSON.stringify(spec.slice(eq + 1))}` };
    }
    overrides[name as keyof SmpConstants] = value;
  }
  return { ok: true, overrides };
}
