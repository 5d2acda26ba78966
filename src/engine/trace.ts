/**
 * The trace: plain, tagged, structured-clone-safe events emitted by the
 * mechanisms when a Tracer is given. Types only; each mechanism owns a
 * section. Indices are kernel indices, node ids are stable small integers
 * assigned by the structure that owns the node.
 */

/** Marks the start and the end of one workload statement (the interpreter). */
export type StatementEvent =
  | { kind: 'stmt_begin'; line: number; text: string }
  | { kind: 'stmt_end'; line: number; result: number };

// --- lib/radix-tree.c, lib/idr.c ------------------------------------------
export type IdrEvent =
  | { kind: 'idr_visit'; node: number; shift: number; offset: number; op: IdrOp }
  | { kind: 'idr_slot'; node: number; offset: number; op: IdrOp; found: boolean }
  | { kind: 'idr_grow'; node: number; shift: number }
  | { kind: 'idr_shrink'; node: number; shift: number }
  | { kind: 'idr_node_new'; node: number; shift: number; parent: number | null; offset: number }
  | { kind: 'idr_node_free'; node: number }
  | { kind: 'idr_result'; op: IdrOp; index: number };
export type IdrOp = 'alloc' | 'find' | 'get_next' | 'remove' | 'replace';

// --- ipc/util.c --------------------------------------------------------------
export type IpcEvent =
  | { kind: 'ipc_addid'; ipc: IpcType; idx: number; seq: number; id: number }
  | { kind: 'ipc_rmid'; ipc: IpcType; idx: number }
  | { kind: 'maxidx_probe'; ipc: IpcType; bit: number; probe: number; hit: number | null; r: number }
  | { kind: 'maxidx_step'; ipc: IpcType; idx: number; hit: boolean }
  | { kind: 'maxidx_result'; ipc: IpcType; max_idx: number };
export type IpcType = 'msg' | 'shm' | 'sem';

// --- fs/seq_file.c -------------------------------------------------------------
export type SeqEvent =
  | { kind: 'seq_read'; path: string; pos: number; count: number }
  | { kind: 'seq_start'; pos: number }
  | { kind: 'seq_next'; pos: number }
  | { kind: 'seq_show'; pos: number; bytes: number; overflow: boolean }
  | { kind: 'seq_stop'; pos: number; bytes: number };

// --- lib/rbtree.c, fs/proc/generic.c ------------------------------------------
export type RbEvent =
  | { kind: 'rb_compare'; node: number; key: string; dir: -1 | 0 | 1 }
  | { kind: 'rb_link'; node: number; key: string; parent: number | null; dir: 'left' | 'right' | 'root' }
  | { kind: 'rb_rotate'; dir: 'left' | 'right'; pivot: number }
  | { kind: 'rb_recolour'; node: number; colour: 'red' | 'black' }
  | { kind: 'rb_case'; op: 'insert' | 'erase'; case: number }
  | { kind: 'rb_erase'; node: number; key: string }
  | { kind: 'list_step'; node: number; key: string };

// --- net/core/dev.c -------------------------------------------------------------
export type NetEvent =
  | { kind: 'dev_name_scan'; name: string; bit: number | null }
  | { kind: 'dev_name_alloc'; pattern: string; bit: number; name: string };

// --- lib/percpu_counter.c ------------------------------------------------------
export type PercpuEvent =
  | { kind: 'percpu_add'; counter: string; cpu: number; amount: number; local: number }
  | { kind: 'percpu_fold'; counter: string; cpu: number; count: number }
  | { kind: 'percpu_sum'; counter: string; value: number }
  | { kind: 'atomic_add'; counter: string; amount: number; value: number };

export type TraceEvent = StatementEvent | IdrEvent | IpcEvent | SeqEvent | RbEvent | NetEvent | PercpuEvent;
