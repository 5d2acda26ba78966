/**
 * Directory reading as `ls -U` does it (fs/readdir.c of Linux 6.18:
 * getdents64 → iterate_dir → the file system's iterate_shared, which calls
 * filldir64 through dir_emit), with glibc 2.36's readdir buffer.
 *
 * Modelled: the user buffer of GETDENTS_BUFSIZE bytes per getdents64 call,
 * the 8-byte aligned record length of each `struct linux_dirent64`, the
 * file position `ctx.pos` that survives between calls (a file system that
 * resumes by position re-walks its entries on every call), and the final
 * call that returns nothing. Simplified: no inode numbers or d_type in the
 * records, no error paths.
 */
import type { Probe } from '../probe';

/** glibc's opendir buffer (4 * BUFSIZ), as strace shows for ls and Python */
export const GETDENTS_BUFSIZE = 32768;
/** offsetof(struct linux_dirent64, d_name): d_ino 8 + d_off 8 + d_reclen 2 + d_type 1 */
const DIRENT64_NAME_OFFSET = 19;

/** `struct dir_context` plus the getdents64 callback's remaining space. */
export interface DirContext {
  /** file position: 0 and 1 are "." and "..", then one per entry */
  pos: number;
  /** bytes left in the user buffer of this getdents64 call */
  count: number;
  /** names emitted so far, over all calls (bytes, one char per byte) */
  names: string[];
}

/** Record length of one name in a linux_dirent64 buffer. */
export function dirent64_reclen(namelen: number): number {
  return (DIRENT64_NAME_OFFSET + namelen + 1 + 7) & ~7;
}

/** filldir64: false when the record does not fit (the entry is emitted again by the next call). */
export function dir_emit(ctx: DirContext, name: string): boolean {
  const reclen = dirent64_reclen(name.length);
  if (reclen > ctx.count) return false;
  ctx.count -= reclen;
  ctx.names.push(name);
  return true;
}

/** Emit "." (pos 0) and ".." (pos 1) as far as they are due; false if the buffer is full. */
export function dir_emit_dots(ctx: DirContext): boolean {
  if (ctx.pos === 0) {
    if (!dir_emit(ctx, '.')) return false;
    ctx.pos = 1;
  }
  if (ctx.pos === 1) {
    if (!dir_emit(ctx, '..')) return false;
    ctx.pos = 2;
  }
  return true;
}

/**
 * Read a whole directory the way glibc's readdir loop does: getdents64 calls
 * of GETDENTS_BUFSIZE bytes until one returns nothing. `iterate` is the file
 * system's iterate_shared for one call. Returns the names without "." and
 * "..", in getdents order. Counts `getdents_calls`.
 */
export function iterate_dir_to_end(iterate: (ctx: DirContext) => void, p: Probe): string[] {
  const ctx: DirContext = { pos: 0, count: 0, names: [] };
  for (;;) {
    p.costs.getdents_calls++;
    ctx.count = GETDENTS_BUFSIZE;
    const before = ctx.names.length;
    iterate(ctx);
    if (ctx.names.length === before) break;
  }
  const out = ctx.names;
  // "." and ".." are the first two names emitted
  return out.slice(2);
}
