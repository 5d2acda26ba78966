/**
 * procfs directory entries (fs/proc/generic.c, fs/proc/internal.h,
 * fs/proc/inode.c's proc_alloc_inum of Linux 6.18), plus the singly linked
 * list that held a directory's children up to 3.18.
 *
 * Modelled: `struct proc_dir_entry` (name, namelen, mode, low_ino, nlink,
 * parent, subdir), inode numbers from an IDA (lowest free number), the
 * child order (`proc_match`: shorter name first, then memcmp), lookup,
 * registration with the duplicate check, removal, and readdir resuming by
 * position (`proc_readdir_de`: every getdents call walks pos−2 entries from
 * the first child again).
 *
 * Two implementations of a directory's children, chosen per ProcFs:
 * - 'rbtree' (3.19 and later, commit 710585d4922f): an rb-tree ordered by
 *   proc_match; a duplicate name is refused with a WARN.
 * - 'list' (up to 3.18): new entries are prepended (readdir shows the newest
 *   first); a duplicate name only WARNs and is added anyway; lookup and
 *   removal walk the list and find the newest entry of that name.
 *
 * Simplified: no inodes, dentries, reference counts, rundown of users in
 * progress, permanent entries or proc_ops; a file entry carries the name of
 * its show routine (`show`) instead of a function pointer so that the state
 * stays plain data. The IDA is per ProcFs (the kernel has one for all of
 * /proc), so low_ino values start at 0xF0000000 here instead of where the
 * host's boot left them.
 *
 * Names are byte strings: one char per byte (the caller converts UTF-8).
 * Glossary: `de`/`dp` = a proc_dir_entry, `dir` = its parent directory.
 */
import { NO_PROBE, type Probe } from '../../probe';
import { RB_ROOT, rb_erase, rb_find_link, rb_first, rb_insert_color, rb_link_node, rb_next, rb_node_init } from '../../lib/rbtree';
import type { RbNode, RbRoot } from '../../lib/rbtree';
import { EEXIST } from '../../uapi/errno';
import { dir_emit, dir_emit_dots, iterate_dir_to_end, type DirContext } from '../readdir';

export type ProcDirImpl = 'rbtree' | 'list';

export const S_IFDIR = 0o040000;
export const S_IFREG = 0o100000;
export const S_IFMT = 0o170000;
/** first dynamically allocated procfs inode number */
export const PROC_DYNAMIC_FIRST = 0xf0000000;
/** NAME_MAX: longest component __proc_create accepts */
export const NAME_MAX = 255;

/** The procfs-wide state: the inode-number IDA and the directory implementation. */
export interface ProcFs {
  proc_dir: ProcDirImpl;
  /** proc_inum_ida: numbers below `inum_next` that were freed, as a binary min-heap */
  inum_free: number[];
  /** proc_inum_ida: every number from here up is free */
  inum_next: number;
  /** rb_id of the next rb-tree node of this namespace, procfs or sysctl (for the trace and the views) */
  next_node_id: number;
}

export interface ProcDirEntry {
  /** bytes, one char per byte */
  name: string;
  namelen: number;
  mode: number;
  low_ino: number;
  nlink: number;
  parent: ProcDirEntry | null;
  /** the children (3.19+) */
  subdir: RbRoot<ProcDirEntry>;
  /** this entry's node in parent.subdir */
  subdir_node: RbNode<ProcDirEntry>;
  /** the children, newest first (≤3.18 `subdir`) */
  subdir_list: ProcDirEntry | null;
  /** next sibling in the parent's list (≤3.18) */
  next: ProcDirEntry | null;
  /** name of the seq_file show routine of a file (stands for proc_ops); null for directories */
  show: string | null;
  /** the entry's private data (PDE_DATA), plain data */
  data: unknown;
}

/** procfs with no entry yet; directories keep their children as `proc_dir` says. */
export function proc_fs_init(proc_dir: ProcDirImpl = 'rbtree'): ProcFs {
  return { proc_dir, inum_free: [], inum_next: 0, next_node_id: 1 };
}

/**
 * Allocate the lowest free inode number: PROC_DYNAMIC_FIRST + ida_alloc()
 * (the IDA hands out the lowest free id; here a min-heap of freed ids).
 */
export function proc_alloc_inum(fs: ProcFs): number {
  const h = fs.inum_free;
  if (h.length === 0) return PROC_DYNAMIC_FIRST + fs.inum_next++;
  const top = h[0]!;
  const last = h.pop()!;
  if (h.length > 0) {
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= h.length) break;
      const c = l + 1 < h.length && h[l + 1]! < h[l]! ? l + 1 : l;
      if (h[c]! >= last) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
  }
  return PROC_DYNAMIC_FIRST + top;
}

/** Give an inode number back to the IDA (the next allocation may take it again). */
export function proc_free_inum(fs: ProcFs, inum: number): void {
  const h = fs.inum_free;
  let i = h.length;
  const v = inum - PROC_DYNAMIC_FIRST;
  h.push(v);
  while (i > 0) {
    const up = (i - 1) >> 1;
    if (h[up]! <= v) break;
    h[i] = h[up]!;
    i = up;
  }
  h[i] = v;
}

/** Whether a mode is a directory's. */
export function S_ISDIR(mode: number): boolean {
  return (mode & S_IFMT) === S_IFDIR;
}

/**
 * The 3.19+ order of names in a directory: a shorter name sorts first, names
 * of equal length compare bytewise (memcmp). <0, 0 or >0.
 */
export function proc_match(name: string, de: ProcDirEntry, len: number): number {
  if (len < de.namelen) return -1;
  if (len > de.namelen) return 1;
  return name === de.name ? 0 : name < de.name ? -1 : 1;
}

function traced_match(name: string, de: ProcDirEntry, p: Probe): number {
  p.costs.rb_compares++;
  const r = proc_match(name, de, name.length);
  if (p.trace) p.trace({ kind: 'rb_compare', node: de.subdir_node.rb_id, key: de.name, dir: r < 0 ? -1 : r > 0 ? 1 : 0 });
  return r;
}

function list_step(de: ProcDirEntry, p: Probe): void {
  p.costs.list_steps++;
  if (p.trace) p.trace({ kind: 'list_step', node: de.subdir_node.rb_id, key: de.name });
}

/**
 * The child of `dir` called `name`, or null. rbtree: a descent of
 * O(log n) proc_match calls; list: a walk from the newest entry comparing
 * length then bytes.
 */
export function pde_subdir_find(fs: ProcFs, dir: ProcDirEntry, name: string, p: Probe = NO_PROBE): ProcDirEntry | null {
  if (fs.proc_dir === 'list') {
    for (let de = dir.subdir_list; de !== null; de = de.next) {
      list_step(de, p);
      if (de.namelen === name.length && de.name === name) return de;
    }
    return null;
  }
  let node = dir.subdir.rb_node;
  while (node !== null) {
    const r = traced_match(name, node.entry, p);
    if (r < 0) node = node.rb_left;
    else if (r > 0) node = node.rb_right;
    else return node.entry;
  }
  return null;
}

/** rbtree only: link `de` into `dir`'s tree; false (nothing changed) if the name is taken. */
export function pde_subdir_insert(dir: ProcDirEntry, de: ProcDirEntry, p: Probe = NO_PROBE): boolean {
  const root = dir.subdir;
  const at = rb_find_link(root, (n) => traced_match(de.name, n.entry, p));
  if (at === null) return false;
  rb_link_node(root, de.subdir_node, at.parent, at.side, p, de.name);
  rb_insert_color(de.subdir_node, root, p);
  return true;
}

/** First child in readdir order, or null. */
export function pde_subdir_first(fs: ProcFs, dir: ProcDirEntry): ProcDirEntry | null {
  if (fs.proc_dir === 'list') return dir.subdir_list;
  const n = rb_first(dir.subdir);
  return n === null ? null : n.entry;
}

/** Next sibling in readdir order (one rb_next or one list step), or null. */
export function pde_subdir_next(fs: ProcFs, de: ProcDirEntry, p: Probe = NO_PROBE): ProcDirEntry | null {
  if (fs.proc_dir === 'list') {
    list_step(de, p);
    return de.next;
  }
  const n = rb_next(de.subdir_node, p);
  return n === null ? null : n.entry;
}

/**
 * Allocate an unregistered entry (`__proc_create`). Null when the name is
 * empty, longer than NAME_MAX bytes, "." or "..", or contains '/' (the
 * kernel walks such paths with xlate_proc_name; not modelled).
 */
export function __proc_create(fs: ProcFs, name: string, mode: number, nlink: number): ProcDirEntry | null {
  const len = name.length;
  if (len === 0 || len > NAME_MAX || name === '.' || name === '..' || name.includes('/')) return null;
  const de: ProcDirEntry = {
    name,
    namelen: len,
    mode,
    low_ino: 0,
    nlink,
    parent: null,
    subdir: RB_ROOT(),
    subdir_node: null as unknown as RbNode<ProcDirEntry>,
    subdir_list: null,
    next: null,
    show: null,
    data: null,
  };
  de.subdir_node = rb_node_init(de, fs.next_node_id++);
  return de;
}

/**
 * Give `dp` an inode number and make it a child of `dir`. 0, or -EEXIST when
 * the rbtree already holds that name: 6.18 WARNs "proc_dir_entry '%s/%s'
 * already registered", frees the number and the entry and returns NULL to
 * the proc_create caller (4.x returned this -EEXIST). The ≤3.18 list only
 * WARNs and prepends the duplicate anyway, walking every child to find it.
 */
export function proc_register(fs: ProcFs, dir: ProcDirEntry, dp: ProcDirEntry, p: Probe = NO_PROBE): number {
  dp.low_ino = proc_alloc_inum(fs);
  dp.parent = dir;
  if (fs.proc_dir === 'list') {
    for (let tmp = dir.subdir_list; tmp !== null; tmp = tmp.next) {
      list_step(tmp, p);
      if (tmp.name === dp.name) {
        warn_dup(dir, dp, p);
        break;
      }
    }
    dp.next = dir.subdir_list;
    dir.subdir_list = dp;
  } else if (!pde_subdir_insert(dir, dp, p)) {
    warn_dup(dir, dp, p);
    proc_free_inum(fs, dp.low_ino);
    dp.parent = null;
    return -EEXIST;
  }
  if (p.trace) p.trace({ kind: 'proc_register', dir: dir.name, name: dp.name, low_ino: dp.low_ino });
  return 0;
}

function warn_dup(dir: ProcDirEntry, dp: ProcDirEntry, p: Probe): void {
  if (p.trace) p.trace({ kind: 'proc_warn', message: `proc_dir_entry '${dir.name}/${dp.name}' already registered` });
}

/** `proc_mkdir`: a registered subdirectory (mode S_IFDIR|0555, nlink 2), or null (bad name, duplicate). */
export function proc_mkdir(fs: ProcFs, name: string, parent: ProcDirEntry, p: Probe = NO_PROBE): ProcDirEntry | null {
  const de = __proc_create(fs, name, S_IFDIR | 0o555, 2);
  if (de === null || proc_register(fs, parent, de, p) < 0) return null;
  parent.nlink++;
  return de;
}

/**
 * `proc_create_single_data` and friends: a registered file (S_IFREG|mode,
 * nlink 1) printed by the show routine `show` with private `data`; or null.
 */
export function proc_create_data(fs: ProcFs, name: string, mode: number, parent: ProcDirEntry, show: string, data: unknown, p: Probe = NO_PROBE): ProcDirEntry | null {
  const de = __proc_create(fs, name, S_IFREG | (mode & 0o7777), 1);
  if (de === null) return null;
  de.show = show;
  de.data = data;
  return proc_register(fs, parent, de, p) < 0 ? null : de;
}

/**
 * Unlink the child `name` of `parent` and free its inode number. Returns
 * false when there is none (the kernel WARNs "name '%s'"). A directory
 * must be empty (the kernel WARNs and leaks its children otherwise; here
 * they simply go with it).
 */
export function remove_proc_entry(fs: ProcFs, name: string, parent: ProcDirEntry, p: Probe = NO_PROBE): boolean {
  let de: ProcDirEntry | null = null;
  if (fs.proc_dir === 'list') {
    let prev: ProcDirEntry | null = null;
    for (let cur = parent.subdir_list; cur !== null; prev = cur, cur = cur.next) {
      list_step(cur, p);
      if (cur.namelen === name.length && cur.name === name) {
        if (prev === null) parent.subdir_list = cur.next;
        else prev.next = cur.next;
        cur.next = null;
        de = cur;
        break;
      }
    }
  } else {
    de = pde_subdir_find(fs, parent, name, p);
    if (de !== null) rb_erase(de.subdir_node, parent.subdir, p, de.name);
  }
  if (de === null) {
    if (p.trace) p.trace({ kind: 'proc_warn', message: `name '${name}'` });
    return false;
  }
  if (S_ISDIR(de.mode)) parent.nlink--;
  proc_free_inum(fs, de.low_ino);
  de.parent = null;
  if (p.trace) p.trace({ kind: 'proc_remove', dir: parent.name, name: de.name, low_ino: de.low_ino });
  return true;
}

/**
 * One getdents call on `dir` (`proc_readdir_de`): "." and "..", then skip
 * pos−2 children from the first one (each skip is an rb_next or a list step)
 * and emit from there until the buffer is full. Returns false when it stopped
 * on a full buffer.
 */
export function proc_readdir_de(fs: ProcFs, dir: ProcDirEntry, ctx: DirContext, p: Probe = NO_PROBE): boolean {
  if (!dir_emit_dots(ctx)) return false;
  const pos = ctx.pos;
  let i = pos - 2;
  let de = pde_subdir_first(fs, dir);
  for (;;) {
    if (de === null) {
      trace_getdents(dir, pos, pos - 2 - i, 0, p);
      return true;
    }
    if (i === 0) break;
    de = pde_subdir_next(fs, de, p);
    i--;
  }
  let emitted = 0;
  let full = false;
  do {
    if (!dir_emit(ctx, de.name)) {
      full = true;
      break;
    }
    emitted++;
    ctx.pos++;
    de = pde_subdir_next(fs, de, p);
  } while (de !== null);
  trace_getdents(dir, pos, pos - 2, emitted, p);
  return !full;
}

function trace_getdents(dir: ProcDirEntry, pos: number, skipped: number, emitted: number, p: Probe): void {
  if (p.trace) p.trace({ kind: 'getdents', dir: dir.name, pos, skipped, emitted });
}

/** The names in `dir` as `ls -U` lists them (bytes), with the getdents calls that costs. */
export function proc_readdir(fs: ProcFs, dir: ProcDirEntry, p: Probe = NO_PROBE): string[] {
  return iterate_dir_to_end((ctx) => proc_readdir_de(fs, dir, ctx, p), p);
}
