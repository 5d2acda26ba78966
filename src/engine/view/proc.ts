/**
 * The model of the /proc directory view: one directory's children as the
 * kernel keeps them (fs/proc/generic.c: an rb-tree ordered by proc_match
 * since 3.19, a newest-first list before; fs/proc/proc_sysctl.c: the
 * rb-trees of the /proc/sys/net device directories), plus what the current
 * operation did to it and the `__dev_alloc_name` scan that came before
 * (net/core/dev.c), so the cost of the name scan stands next to the cost of
 * the tree.
 *
 * Directories are named by their path below /proc: "net", "net/dev_snmp6",
 * "sys/net/ipv4/conf". The one shown is ViewOptions.dir when it exists,
 * else the one the operation touched, else the /proc directory holding the
 * newest entry (the same before and after an operation that touches none).
 *
 * Simplified: a directory of more than MAX_FULL_NODES entries is cut to its
 * top levels plus the nodes the operation touched (each cut child keeps the
 * size of its subtree in `hide_left` / `hide_right`), and the scan keeps
 * only the bitmap bits below MAX_SCAN_BITS.
 */
import type { Kernel } from '../kernel';
import { S_ISDIR, pde_subdir_first, pde_subdir_next, type ProcDirEntry } from '../fs/proc/generic';
import { RB_RED, type RbNode, type RbRoot } from '../lib/rbtree';
import type { CtlDir } from '../net/sysctl_net';
import type { TraceEvent } from '../trace';
import type { Extractor, ViewOptions } from './types';

/** A tree (or list) larger than this is cut (see the file comment). */
export const MAX_FULL_NODES = 4095;
/** Depth (root = 0) down to which a cut tree keeps every node. */
export const CUT_DEPTH = 9;
/** Bits of the name-scan bitmap the model keeps. */
export const MAX_SCAN_BITS = 1024;

export interface ProcViewNode {
  /** the rb_id of the entry's node (stable while the entry exists) */
  id: number;
  name: string;
  red: boolean;
  left: number | null;
  right: number | null;
  /** entries below a child that the model leaves out (a cut tree) */
  hide_left: number;
  hide_right: number;
}

/** `__dev_alloc_name` of this operation: sscanf over every device, the claimed numbers, the first free one. */
export interface NameScan {
  pattern: string;
  /** devices examined (one sscanf each) */
  scanned: number;
  /** names that claimed a number */
  claimed: number;
  /** the claimed numbers below MAX_SCAN_BITS, ascending */
  bits: number[];
  /** the number allocated (null: none, e.g. -ENFILE) */
  alloc: number | null;
  name: string | null;
}

/** What the operation did to the directory shown. */
export interface ProcOpSummary {
  compares: number;
  rotations: number;
  recolours: number;
  list_steps: number;
  /** fix-up cases taken, in order ('insert' 1..3, 'erase' 1..4 as the trace names them) */
  cases: { op: 'insert' | 'erase'; case: number }[];
  links: number;
  erases: number;
  scan: NameScan | null;
}

export interface ProcModel {
  /** the directory shown, e.g. "net/dev_snmp6"; "" when there is none */
  dir: string;
  /** every directory the view can show, with its number of entries */
  dirs: { path: string; entries: number }[];
  impl: 'rbtree' | 'list';
  entries: number;
  /** the root (rbtree) or the head (list); null when empty */
  root: number | null;
  /** in-order (rbtree) or list order; only the nodes kept when `cut` */
  nodes: ProcViewNode[];
  cut: boolean;
  op: ProcOpSummary;
}

interface DirRef {
  path: string;
  /** the name trace events give the directory */
  name: string;
  impl: 'rbtree' | 'list';
  /** null for a list directory */
  root: RbRoot<{ name: string }> | null;
  /** list directories: the entries, head first */
  list: ProcDirEntry[] | null;
  entries: number;
  /** the highest rb_id among its entries (-1: empty), i.e. its newest entry */
  max_id: number;
}

/** One walk over a tree: its size, its highest rb_id, and the entries `keep` selects (in no particular order). */
function tree_walk<T>(root: RbRoot<T>, keep: ((entry: T) => boolean) | null): { size: number; max_id: number; kept: T[] } {
  let size = 0;
  let max_id = -1;
  const kept: T[] = [];
  const stack: RbNode<T>[] = [];
  if (root.rb_node !== null) stack.push(root.rb_node);
  while (stack.length > 0) {
    const x = stack.pop()!;
    size++;
    if (x.rb_id > max_id) max_id = x.rb_id;
    if (keep !== null && keep(x.entry)) kept.push(x.entry);
    if (x.rb_left !== null) stack.push(x.rb_left);
    if (x.rb_right !== null) stack.push(x.rb_right);
  }
  return { size, max_id, kept };
}

/** Every directory of the namespace's /proc/net and /proc/sys/net trees that the model keeps as a tree or list. */
function view_dirs(k: Kernel): DirRef[] {
  const net = k.state.net;
  const fs = net.procfs;
  const out: DirRef[] = [];
  const isDir = (de: ProcDirEntry) => S_ISDIR(de.mode);
  const visit = (dir: ProcDirEntry, path: string) => {
    let subdirs: ProcDirEntry[];
    if (fs.proc_dir === 'list') {
      const children: ProcDirEntry[] = [];
      for (let de = pde_subdir_first(fs, dir); de !== null; de = pde_subdir_next(fs, de)) children.push(de);
      const max_id = children.reduce((m, de) => Math.max(m, de.subdir_node.rb_id), -1);
      out.push({ path, name: dir.name, impl: 'list', root: null, list: children, entries: children.length, max_id });
      subdirs = children.filter(isDir);
    } else {
      const w = tree_walk(dir.subdir, isDir);
      out.push({ path, name: dir.name, impl: 'rbtree', root: dir.subdir, list: null, entries: w.size, max_id: w.max_id });
      subdirs = w.kept.sort((a, b) => a.namelen - b.namelen || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    for (const de of subdirs) visit(de, `${path}/${de.name}`);
  };
  visit(net.proc_net, 'net');
  const s = net.sysctl;
  for (const d of [s.ipv4_conf, s.ipv4_neigh, s.ipv6_conf, s.ipv6_neigh] as CtlDir[]) {
    const root = d.root as unknown as RbRoot<{ name: string }>;
    const w = tree_walk(root, null);
    out.push({ path: `sys/${d.path}`, name: d.path.slice(d.path.lastIndexOf('/') + 1), impl: 'rbtree', root, list: null, entries: w.size, max_id: w.max_id });
  }
  return out;
}

/** rb_ids of the nodes of a directory. */
function dir_ids(d: DirRef): Set<number> {
  const ids = new Set<number>();
  if (d.list !== null) {
    for (const de of d.list) ids.add(de.subdir_node.rb_id);
    return ids;
  }
  const stack: RbNode<{ name: string }>[] = [];
  if (d.root!.rb_node !== null) stack.push(d.root!.rb_node);
  while (stack.length > 0) {
    const x = stack.pop()!;
    ids.add(x.rb_id);
    if (x.rb_left !== null) stack.push(x.rb_left);
    if (x.rb_right !== null) stack.push(x.rb_right);
  }
  return ids;
}

/** The node an rb-tree or list event is about, if any. */
export function event_node(e: TraceEvent): number | null {
  switch (e.kind) {
    case 'rb_compare':
    case 'rb_link':
    case 'rb_recolour':
    case 'rb_erase':
    case 'list_step':
      return e.node;
    case 'rb_rotate':
      return e.pivot;
    default:
      return null;
  }
}

/**
 * The rb-tree and list events of one directory: those naming one of its
 * nodes (`ids`, which must hold the nodes linked or erased by the
 * operation), and each `rb_case` that follows such an event (a case names
 * no node; it belongs to the tree of the event before it).
 */
export function dir_events(events: readonly TraceEvent[], ids: ReadonlySet<number>): TraceEvent[] {
  const out: TraceEvent[] = [];
  let inside = false;
  for (const e of events) {
    const node = event_node(e);
    if (node !== null) {
      inside = ids.has(node);
      if (inside) out.push(e);
    } else if (e.kind === 'rb_case' && inside) out.push(e);
  }
  return out;
}

/**
 * Adds to `ids` the nodes the operation linked or erased in the directory
 * whose nodes `ids` holds (the kernel seen after a link does not yet, after
 * an erase no longer, have them all): a node linked below one of them, a
 * node that a proc_register / proc_remove of this directory (`name`) names
 * before the next link or erase, and a node erased after a descent that
 * compared one of them.
 */
export function claim_moved_nodes(events: readonly TraceEvent[], name: string, ids: Set<number>): void {
  let descent = false;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === 'rb_compare') {
      if (ids.has(e.node)) descent = true;
      continue;
    }
    if (e.kind !== 'rb_link' && e.kind !== 'rb_erase') continue;
    let mine = ids.has(e.node) || (e.kind === 'rb_link' ? e.parent !== null && ids.has(e.parent) : descent);
    for (let j = i + 1; !mine && j < events.length; j++) {
      const f = events[j]!;
      // a descent or a list walk in between: the register is of another link (or of a list entry, which has none)
      if (f.kind === 'rb_link' || f.kind === 'rb_erase' || f.kind === 'rb_compare' || f.kind === 'list_step') break;
      if ((f.kind === 'proc_register' || f.kind === 'proc_remove') && f.dir === name && f.name === e.key) mine = true;
    }
    if (mine) ids.add(e.node);
    descent = false;
  }
}

function pick_dir(dirs: DirRef[], events: readonly TraceEvent[], options: ViewOptions): DirRef | null {
  if (options.dir !== undefined) {
    const want = options.dir.replace(/^\/?(proc\/)?/, '').replace(/\/+$/, '');
    const d = dirs.find((x) => x.path === want);
    if (d !== undefined) return d;
  }
  for (const e of events) {
    if (e.kind === 'proc_register' || e.kind === 'proc_remove' || e.kind === 'getdents') {
      const d = dirs.find((x) => x.name === e.dir);
      if (d !== undefined) return d;
    }
  }
  const touched = new Set<number>();
  for (const e of events) {
    const n = event_node(e);
    if (n !== null) touched.add(n);
  }
  if (touched.size > 0) {
    for (const d of dirs) for (const id of dir_ids(d)) if (touched.has(id)) return d;
  }
  // the directory of the newest procfs entry: an operation's frame extracts the kernel before it without
  // its events, so this default must not depend on them (a run of `ip link add` shows dev_snmp6 throughout)
  let newest: DirRef | null = null;
  for (const d of dirs) if (!d.path.startsWith('sys/') && d.max_id >= 0 && (newest === null || d.max_id > newest.max_id)) newest = d;
  if (newest !== null) return newest;
  let best: DirRef | null = null;
  for (const d of dirs) if (best === null || d.entries > best.entries) best = d;
  return best;
}

function summarise(events: readonly TraceEvent[], mine: readonly TraceEvent[]): ProcOpSummary {
  const op: ProcOpSummary = { compares: 0, rotations: 0, recolours: 0, list_steps: 0, cases: [], links: 0, erases: 0, scan: null };
  for (const e of mine) {
    if (e.kind === 'rb_compare') op.compares++;
    else if (e.kind === 'rb_rotate') op.rotations++;
    else if (e.kind === 'rb_recolour') op.recolours++;
    else if (e.kind === 'list_step') op.list_steps++;
    else if (e.kind === 'rb_case') op.cases.push({ op: e.op, case: e.case });
    else if (e.kind === 'rb_link') op.links++;
    else if (e.kind === 'rb_erase') op.erases++;
  }
  let scan: NameScan | null = null;
  for (const e of events) {
    if (e.kind === 'dev_name_scan') {
      scan ??= { pattern: '', scanned: 0, claimed: 0, bits: [], alloc: null, name: null };
      scan.scanned++;
      if (e.bit !== null) {
        scan.claimed++;
        if (e.bit < MAX_SCAN_BITS) scan.bits.push(e.bit);
      }
    } else if (e.kind === 'dev_name_alloc') {
      scan ??= { pattern: '', scanned: 0, claimed: 0, bits: [], alloc: null, name: null };
      scan.pattern = e.pattern;
      scan.alloc = e.bit;
      scan.name = e.name;
    }
  }
  if (scan !== null) scan.bits.sort((a, b) => a - b);
  op.scan = scan;
  return op;
}

/** The nodes of a tree in order; cut to the top levels plus `keep` (and their ancestors) when it is large. */
function tree_nodes(root: RbRoot<{ name: string }>, entries: number, keep: ReadonlySet<number>): { nodes: ProcViewNode[]; cut: boolean } {
  const cut = entries > MAX_FULL_NODES;
  const kept = new Set<RbNode<{ name: string }>>();
  const size = new Map<RbNode<{ name: string }>, number>();
  if (cut) {
    // post-order sizes, then the nodes to keep: depth ≤ CUT_DEPTH, and every touched node with its ancestors
    const order: RbNode<{ name: string }>[] = [];
    const stack: [RbNode<{ name: string }>, number][] = [];
    if (root.rb_node !== null) stack.push([root.rb_node, 0]);
    while (stack.length > 0) {
      const [x, depth] = stack.pop()!;
      order.push(x);
      if (depth <= CUT_DEPTH) kept.add(x);
      if (keep.has(x.rb_id)) for (let a: RbNode<{ name: string }> | null = x; a !== null && !kept.has(a); a = a.rb_parent) kept.add(a);
      if (x.rb_left !== null) stack.push([x.rb_left, depth + 1]);
      if (x.rb_right !== null) stack.push([x.rb_right, depth + 1]);
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const x = order[i]!;
      size.set(x, 1 + (x.rb_left ? size.get(x.rb_left)! : 0) + (x.rb_right ? size.get(x.rb_right)! : 0));
    }
  }
  const nodes: ProcViewNode[] = [];
  // iterative in-order walk
  const stack: RbNode<{ name: string }>[] = [];
  let x = root.rb_node;
  while (x !== null || stack.length > 0) {
    while (x !== null) {
      stack.push(x);
      x = x.rb_left;
    }
    const n = stack.pop()!;
    if (!cut || kept.has(n)) {
      const l = n.rb_left;
      const r = n.rb_right;
      const showL = l !== null && (!cut || kept.has(l));
      const showR = r !== null && (!cut || kept.has(r));
      nodes.push({
        id: n.rb_id,
        name: n.entry.name,
        red: n.rb_color === RB_RED,
        left: showL ? l.rb_id : null,
        right: showR ? r.rb_id : null,
        hide_left: l !== null && !showL ? size.get(l)! : 0,
        hide_right: r !== null && !showR ? size.get(r)! : 0,
      });
    }
    x = n.rb_right;
  }
  return { nodes, cut };
}

function list_nodes(list: ProcDirEntry[], keep: ReadonlySet<number>): { nodes: ProcViewNode[]; cut: boolean } {
  const cut = list.length > MAX_FULL_NODES;
  const nodes: ProcViewNode[] = [];
  list.forEach((de, i) => {
    if (cut && i >= MAX_FULL_NODES && !keep.has(de.subdir_node.rb_id)) return;
    nodes.push({ id: de.subdir_node.rb_id, name: de.name, red: false, left: null, right: null, hide_left: 0, hide_right: 0 });
  });
  return { nodes, cut };
}

/** The /proc directory view's model (see the file comment). Pure; reads the kernel with a private probe. */
export const extract_proc: Extractor<ProcModel> = (kernel, events, options) => {
  const dirs = view_dirs(kernel);
  const d = pick_dir(dirs, events, options);
  const dirList = dirs.map((x) => ({ path: x.path, entries: x.entries }));
  if (d === null) {
    return { dir: '', dirs: dirList, impl: kernel.state.net.procfs.proc_dir, entries: 0, root: null, nodes: [], cut: false, op: summarise(events, []) };
  }
  const ids = dir_ids(d);
  claim_moved_nodes(events, d.name, ids);
  const mine = dir_events(events, ids);
  const touched = new Set<number>();
  for (const e of mine) {
    const n = event_node(e);
    if (n !== null) touched.add(n);
  }
  const { nodes, cut } = d.list !== null ? list_nodes(d.list, touched) : tree_nodes(d.root!, d.entries, touched);
  const root = d.list !== null ? (d.list[0]?.subdir_node.rb_id ?? null) : (d.root!.rb_node?.rb_id ?? null);
  return { dir: d.path, dirs: dirList, impl: d.impl, entries: d.entries, root, nodes, cut, op: summarise(events, mine) };
};
