/**
 * Cost counters and the tracer, passed to every mechanism as a parameter.
 *
 * Costs are counted where the work happens (one node visited, one comparison
 * made), never computed in closed form. The counter object has a fixed shape
 * (every name below, initialised to 0) so that V8 keeps the increments cheap.
 * A Probe is not part of the kernel state: checkpoints never contain it.
 */
import type { TraceEvent } from './trace';

export const COST_NAMES = [
  // system calls and files
  'syscalls',
  'vfs_read_calls',
  'vfs_bytes_read',
  // lib/radix-tree.c + lib/idr.c (modern IDR)
  'idr_alloc',
  'idr_find',
  'idr_get_next',
  'idr_remove',
  'idr_replace',
  'idr_node_visits',
  'idr_slot_scans',
  'idr_nodes_allocated',
  'idr_nodes_freed',
  // lib/idr.c of 2.6.25 (idr_layer)
  'idr_layer_visits',
  'idr_layer_slab_allocs',
  'idr_layer_slab_frees',
  'idr_layer_rcu_frees',
  // ipc/util.c
  'ipc_addid',
  'ipc_rmid',
  'ipc_findkey',
  'ipc_findkey_steps',
  'ipc_findkey_compares',
  'ipc_search_maxidx_probes',
  'ipc_maxidx_steps',
  'sysvipc_find_ipc',
  // lib/rhashtable.c (the ipc key table, 4.14+)
  'rht_hash',
  'rht_chain_steps',
  'rht_compares',
  'rht_rehashes',
  'rht_rehash_moves',
  // ipc/msg.c
  'msg_find_steps',
  // fs/seq_file.c
  'seq_start',
  'seq_next',
  'seq_show',
  'seq_stop',
  'seq_bytes',
  'seq_overflows',
  // lib/rbtree.c + fs/proc/generic.c
  'rb_compares',
  'rb_rotations',
  'rb_recolours',
  'rb_inserts',
  'rb_erases',
  'rb_next_steps',
  'list_steps',
  'getdents_calls',
  // net/core/dev.c
  'dev_name_sscanf',
  'dev_name_snprintf',
  // msg namespace counters (atomic_t / percpu_counter)
  'atomic_ops',
  'percpu_add',
  'percpu_fold',
  'percpu_sum',
  // kernel/sysctl.c
  'sysctl_writes',
  // kernel history + cost model: one per /proc/sysvipc row shown, per netdev (un)registered
  'msg_proc_show',
  'shm_proc_show',
  'sem_proc_show',
  'netdev_register',
  'netdev_unregister',
] as const;

export type CostName = (typeof COST_NAMES)[number];
export type Costs = Record<CostName, number>;

export function newCosts(): Costs {
  // Object.fromEntries keeps V8's fast properties; adding 40+ keys one by one
  // to `{}` turns the object into a dictionary and every increment into a
  // hash lookup (measured: idr_find 25 ns -> 5 ns).
  return Object.fromEntries(COST_NAMES.map((n) => [n, 0])) as Costs;
}

/** Receives the plain-data events of the mechanisms' inner steps; null = tracing off. */
export type Tracer = ((ev: TraceEvent) => void) | null;

/**
 * A boundary inside one operation (one read(2) of a `cat`), at its entry
 * (`ret` null) and at its return (`ret` = bytes returned or -errno). The
 * aggregates of a frame (view/aggregate.ts) split the cost counters at
 * these marks, so that what each read() cost is exact however long the
 * trace; null = nobody listens (one null check per read()).
 */
export interface ProbeMark {
  kind: 'read';
  path: string;
  pos: number;
  count: number;
  ret: number | null;
}
export type Marker = ((m: ProbeMark) => void) | null;

export interface Probe {
  costs: Costs;
  trace: Tracer;
  /** the boundary listener (ProbeMark); stays attached when a capped tracer leaves */
  mark: Marker;
}

export function newProbe(trace: Tracer = null): Probe {
  return { costs: newCosts(), trace, mark: null };
}

/**
 * For callers that want neither costs nor a trace (tests, helpers). Its
 * counters accumulate and are never read.
 */
export const NO_PROBE: Probe = newProbe();
