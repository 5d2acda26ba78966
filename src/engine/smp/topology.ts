/**
 * The simulated machine's CPUs: sockets × cores per socket × hardware
 * threads per core, numbered the way Linux enumerates an Intel server
 * (arch/x86 topology as /proc/cpuinfo shows it): first thread 0 of every
 * core, socket by socket, then thread 1 of every core, and so on. On
 * 2 × 40 × 2, CPUs 0-39 are socket 0, 40-79 socket 1, and CPU n + 80 is the
 * SMT sibling of CPU n.
 *
 * Simplified: no NUMA distances beyond "same core / same socket / other
 * socket", no dies or clusters inside a socket.
 */
import type { SmpConstants } from './constants';

export interface Topology {
  sockets: number;
  cores: number;
  threads: number;
}

/** Upper bound on CPUs the model accepts (kernel NR_CPUS on big configs is 8192). */
export const MAX_CPUS = 4096;

export function nr_cpu_ids(t: Topology): number {
  return t.sockets * t.cores * t.threads;
}

/** Socket of `cpu`. */
export function topology_physical_package_id(t: Topology, cpu: number): number {
  return Math.floor((cpu % (t.sockets * t.cores)) / t.cores);
}

/** Global core number of `cpu` (SMT siblings share it). */
export function topology_core_id(t: Topology, cpu: number): number {
  return cpu % (t.sockets * t.cores);
}

/** Hardware thread `th` (0 ≤ th < threads) of `cpu`'s core (topology_sibling_cpumask, one CPU at a time: no array per call). */
export function topology_sibling(t: Topology, cpu: number, th: number): number {
  const cores = t.sockets * t.cores;
  return (cpu % cores) + th * cores;
}

export type Distance = 'local' | 'smt' | 'socket' | 'remote';

export function cpu_distance(t: Topology, a: number, b: number): Distance {
  if (a === b) return 'local';
  if (topology_core_id(t, a) === topology_core_id(t, b)) return 'smt';
  if (topology_physical_package_id(t, a) === topology_physical_package_id(t, b)) return 'socket';
  return 'remote';
}

/** ns for a cache line to move from CPU `from` to CPU `to` (-1: from memory). */
export function transfer_ns(t: Topology, c: SmpConstants, from: number, to: number): number {
  if (from < 0) return c.memory;
  switch (cpu_distance(t, from, to)) {
    case 'local':
      return 0;
    case 'smt':
      return c.smt_transfer;
    case 'socket':
      return c.socket_transfer;
    case 'remote':
      return c.remote_transfer;
  }
}

/**
 * What a cache-line transfer needs to know of the machine, computed once per
 * run: each CPU's core and socket (no divisions per access) and the
 * constants' transfer times. `c` is the run's constants.
 */
export interface Fabric {
  c: SmpConstants;
  core: Int32Array;
  socket: Int32Array;
}

export function fabric_new(t: Topology, c: SmpConstants): Fabric {
  const nr = nr_cpu_ids(t);
  const core = new Int32Array(nr);
  const socket = new Int32Array(nr);
  for (let cpu = 0; cpu < nr; cpu++) {
    core[cpu] = topology_core_id(t, cpu);
    socket[cpu] = topology_physical_package_id(t, cpu);
  }
  return { c, core, socket };
}

/** cpu_distance by the fabric's tables. */
export function fabric_distance(f: Fabric, a: number, b: number): Distance {
  if (a === b) return 'local';
  if (f.core[a] === f.core[b]) return 'smt';
  return f.socket[a] === f.socket[b] ? 'socket' : 'remote';
}

/** transfer_ns by the fabric's tables. */
export function fabric_transfer_ns(f: Fabric, from: number, to: number): number {
  if (from < 0) return f.c.memory;
  if (from === to) return 0;
  if (f.core[from] === f.core[to]) return f.c.smt_transfer;
  return f.socket[from] === f.socket[to] ? f.c.socket_transfer : f.c.remote_transfer;
}
