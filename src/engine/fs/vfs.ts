/**
 * The slice of the VFS a workload touches: open/read/write/close of procfs
 * and sysctl files, and directory listing (fs/open.c, fs/read_write.c,
 * fs/readdir.c, much simplified). Each mechanism provides a Mount that
 * resolves the paths it owns; a path no mount claims is not modelled, which
 * is an engine limitation, not a kernel error, and is reported as such.
 */
import type { Kernel } from '../kernel';
import { EBADF, EINVAL, EISDIR, ENOTDIR } from '../uapi/errno';

export const O_RDONLY = 0;
export const O_WRONLY = 1;
export const O_TRUNC = 0o1000;

export interface OpenFile {
  path: string;
  flags: number;
  /** file position f_pos */
  pos: number;
  ops: FileOps;
  /** per-open state of the file's implementation (e.g. the seq_file) */
  private: unknown;
}

export interface FileOps {
  /** called at open(2); 0 or -errno. */
  open?(k: Kernel, f: OpenFile): number;
  /** one read(2) of at most `count` bytes: the bytes (one char per byte, '' at EOF) or -errno */
  read?(k: Kernel, f: OpenFile, count: number): string | number;
  /** read, with the bytes written into dst[at, at + count) as they are: bytes read (0 at EOF) or -errno; without it, read's string is copied */
  read_into?(k: Kernel, f: OpenFile, dst: Uint8Array, at: number, count: number): number;
  /** one write(2): bytes written or -errno */
  write?(k: Kernel, f: OpenFile, data: string): number;
  release?(k: Kernel, f: OpenFile): void;
}

export type Dentry = { type: 'file'; ops: FileOps } | { type: 'dir'; readdir(k: Kernel): string[] | number };

export interface Mount {
  /** paths starting with this prefix (or equal to it without the trailing '/') are asked */
  prefix: string;
  /** the entry, -errno (e.g. -ENOENT for a missing name in a modelled directory), or null when not modelled */
  lookup(k: Kernel, path: string): Dentry | number | null;
}

/** Thrown for a path that no modelled mechanism owns; the interpreter turns it into a runtime error. */
export class UnmodeledPathError extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`ipcscope does not model the path ${path}`);
    this.path = path;
  }
}

/** Whether `path` is `prefix` without its trailing '/' (a directory named without the slash). */
function isPrefixDir(path: string, prefix: string): boolean {
  return path.length === prefix.length - 1 && prefix.charCodeAt(path.length) === 47 && prefix.startsWith(path);
}

function lookup(k: Kernel, path: string): Dentry | number {
  for (const m of k.mounts) {
    if (path.startsWith(m.prefix) || isPrefixDir(path, m.prefix)) {
      const d = m.lookup(k, path);
      if (d !== null) return d;
    }
  }
  throw new UnmodeledPathError(path);
}

/** open(2): a file descriptor or -errno. Throws UnmodeledPathError. */
export function sys_open(k: Kernel, path: string, flags: number): number {
  k.probe.costs.syscalls++;
  const d = lookup(k, path);
  if (typeof d === 'number') return d;
  if (d.type === 'dir') return (flags & 3) === O_RDONLY ? -EISDIR : -EISDIR;
  const f: OpenFile = { path, flags, pos: 0, ops: d.ops, private: null };
  if (d.ops.open) {
    const r = d.ops.open(k, f);
    if (r < 0) return r;
  }
  return alloc_fd(k, f);
}

/**
 * alloc_fd + fd_install (fs/file.c): the lowest free descriptor, searched
 * from the `next_fd` hint (0-2 are the task's stdio), which then moves past
 * it; close puts the hint back below a freed lower one (__put_unused_fd).
 */
function alloc_fd(k: Kernel, f: OpenFile): number {
  const files = k.files;
  let fd = k.nextFd;
  while (fd < files.length && files[fd] !== null) fd++;
  while (files.length < fd) files.push(null);
  if (fd === files.length) files.push(f);
  else files[fd] = f;
  k.nextFd = fd + 1;
  return fd;
}

/** The open file of `fd`, or null (the kernel's fdget failing: -EBADF). */
function fdget(k: Kernel, fd: number): OpenFile | null {
  return fd >= 0 && fd < k.files.length ? k.files[fd]! : null;
}

/** What read(2) checks before the file's read (counted, and marked): the open file, or -errno. */
function read_start(k: Kernel, fd: number, count: number): OpenFile | number {
  k.probe.costs.syscalls++;
  const f = fdget(k, fd);
  if (!f || (f.flags & 3) === O_WRONLY) return -EBADF;
  if (!f.ops.read) return -EINVAL;
  k.probe.costs.vfs_read_calls++;
  const mark = k.probe.mark;
  if (mark !== null) mark({ kind: 'read', path: f.path, pos: f.pos, count, ret: null });
  return f;
}

/** read(2): the bytes read ('' at EOF) or -errno. */
export function sys_read(k: Kernel, fd: number, count: number): string | number {
  const f = read_start(k, fd, count);
  if (typeof f === 'number') return f;
  const mark = k.probe.mark;
  const r = f.ops.read!(k, f, count);
  if (typeof r === 'string') k.probe.costs.vfs_bytes_read += r.length;
  if (mark !== null) mark({ kind: 'read', path: f.path, pos: f.pos, count, ret: typeof r === 'string' ? r.length : r });
  return r;
}

/**
 * read(2) into `dst` from `at` on (room for `count` bytes), for a caller that
 * only copies the bytes out (cat): the same read, costs and marks as
 * sys_read, without a string made of the bytes when the file reads into
 * bytes (a seq_file). Return: bytes read (0 at EOF) or -errno.
 */
export function sys_read_into(k: Kernel, fd: number, dst: Uint8Array, at: number, count: number): number {
  const f = read_start(k, fd, count);
  if (typeof f === 'number') return f;
  const mark = k.probe.mark;
  let r: number;
  if (f.ops.read_into) r = f.ops.read_into(k, f, dst, at, count);
  else {
    const s = f.ops.read!(k, f, count);
    if (typeof s === 'string') {
      for (let i = 0; i < s.length; i++) dst[at + i] = s.charCodeAt(i);
      r = s.length;
    } else r = s;
  }
  if (r >= 0) k.probe.costs.vfs_bytes_read += r;
  if (mark !== null) mark({ kind: 'read', path: f.path, pos: f.pos, count, ret: r });
  return r;
}

/** write(2): bytes written or -errno. */
export function sys_write(k: Kernel, fd: number, data: string): number {
  k.probe.costs.syscalls++;
  const f = fdget(k, fd);
  if (!f || (f.flags & 3) === O_RDONLY) return -EBADF;
  if (!f.ops.write) return -EINVAL;
  return f.ops.write(k, f, data);
}

export function sys_close(k: Kernel, fd: number): number {
  k.probe.costs.syscalls++;
  const f = fdget(k, fd);
  if (!f) return -EBADF;
  f.ops.release?.(k, f);
  k.files[fd] = null;
  if (fd < k.nextFd) k.nextFd = fd;
  return 0;
}

/** The names in a directory in getdents order, without "." and ".."; or -errno. Throws UnmodeledPathError. */
export function sys_listdir(k: Kernel, path: string): string[] | number {
  k.probe.costs.syscalls++;
  const d = lookup(k, path);
  if (typeof d === 'number') return d;
  if (d.type !== 'dir') return -ENOTDIR;
  return d.readdir(k);
}
