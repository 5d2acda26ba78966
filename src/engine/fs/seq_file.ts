/**
 * fs/seq_file.c of Linux 6.18: the record-at-a-time read model behind
 * /proc/sysvipc/* (seq_read_iter, traverse, seq_puts/seq_write); the
 * seq_printf number conversions the shows print with are in seq_printf.ts.
 *
 * How one read(2) of `size` bytes goes:
 *  1. offset 0 resets the iterator (index = 0); an offset other than the
 *     remembered read_pos replays the file from the start (traverse).
 *  2. bytes left in the buffer from the previous read are copied out first;
 *     if they fill the user buffer, no iteration happens at all.
 *  3. one start(index); records are shown until one is non-empty. A record
 *     that alone does not fit the buffer (PAGE_SIZE, 4096) makes it double
 *     (stop, grow, start again).
 *  4. fill: next() (which must advance index) then show(), while the buffer
 *     holds less than the user asked for. A record fits only if
 *     `count + len < size` (strictly); one that does not is discarded and is
 *     shown again by the next read(). Then stop() and copy out.
 * So a read() returns at most about one page, whatever the user's size.
 *
 * The buffer is a byte array like the kernel's m->buf (kvmalloc'ed at the
 * first read, reallocated when it doubles); shows print into it with
 * seq_puts and the number conversions of seq_printf.ts (seq_put_*, a whole
 * row with seq_put_row), and read() copies out a string (one char per byte).
 *
 * Simplified: no locking; ->show() errors other than SEQ_SKIP are not
 * produced by the model's shows.
 */
import type { Kernel } from '../kernel';
import type { Probe } from '../probe';
import { EFAULT } from '../uapi/errno';
import type { FileOps, OpenFile } from './vfs';

export const PAGE_SIZE = 4096;
/** ->show() return value: drop this record and go on */
export const SEQ_SKIP = 1;

/** `struct seq_operations`: start/next read and advance `m.index` (the kernel's `loff_t *pos`). */
export interface SeqOperations<V> {
  /** the record at m.index (or the next one after it, updating m.index), null at EOF */
  start(k: Kernel, m: SeqFile<V>): V | null;
  /** the record after `v`; must advance m.index */
  next(k: Kernel, m: SeqFile<V>, v: V): V | null;
  stop(k: Kernel, m: SeqFile<V>, v: V | null): void;
  /** print `v` with seq_printf/seq_puts: 0, SEQ_SKIP or -errno */
  show(k: Kernel, m: SeqFile<V>, v: V): number;
}

/** `struct seq_file` (per open file, not kernel state). */
export interface SeqFile<V> {
  op: SeqOperations<V>;
  /** the buffer (`m->buf`): `size` bytes once allocated, the first `count` of them in use (from `from` on while copying out) */
  buf: Uint8Array;
  /** buffer size: 0 until the first read, then PAGE_SIZE, doubled as needed */
  size: number;
  /** bytes in the buffer not yet copied to the user */
  count: number;
  /** offset of those bytes in buf */
  from: number;
  /** iterator position (`m->index`) */
  index: number;
  /** file offset the seq_file believes it is at */
  read_pos: number;
  /** path, for trace events */
  path: string;
  /** the iterator's private data (`m->private`) */
  private: unknown;
}

export function seq_open<V>(op: SeqOperations<V>, path: string, priv: unknown): SeqFile<V> {
  return { op, buf: new Uint8Array(0), size: 0, count: 0, from: 0, index: 0, read_pos: 0, path, private: priv };
}

export function seq_has_overflowed<V>(m: SeqFile<V>): boolean {
  return m.count === m.size;
}

/**
 * seq_write / seq_puts / seq_printf of an already formatted byte string (one
 * char per byte, < 256): appended only if `count + len < size`, else the
 * buffer is marked overflowed.
 * Return: 0, or -1 on overflow.
 */
export function seq_puts<V>(m: SeqFile<V>, s: string): number {
  const len = s.length;
  let count = m.count;
  if (count < m.size && count + len < m.size) {
    const buf = m.buf;
    for (let i = 0; i < len; i++) buf[count++] = s.charCodeAt(i);
    m.count = count;
    return 0;
  }
  m.count = m.size;
  return -1;
}

/** (Re)allocates the buffer after m.size was set or doubled; its old contents are dropped, as kvfree + kvmalloc do. */
function seq_buf_alloc<V>(m: SeqFile<V>): void {
  if (m.buf.length !== m.size) m.buf = new Uint8Array(m.size);
}

/**
 * The UTF-8 TextDecoder of the host (Node, the page, a worker: all have one,
 * but the engine's lib is plain ES2022, hence the cast), null without one.
 * It decodes ASCII natively; seq_buf_string checks that the bytes were ASCII.
 */
const ASCII_DECODER: { decode(bytes: Uint8Array): string } | null = (() => {
  const TD = (globalThis as unknown as { TextDecoder?: new () => { decode(bytes: Uint8Array): string } }).TextDecoder;
  return TD === undefined ? null : new TD();
})();

/** The bytes buf[from, to) as a string, one char per byte. */
function seq_buf_string(buf: Uint8Array, from: number, to: number): string {
  // All ASCII (every /proc/sysvipc row) ⇔ the UTF-8 decoding keeps the
  // length (a valid multibyte sequence would shorten it) and has no U+FFFD
  // (which a stray byte ≥ 0x80 would give); ~10x faster than fromCharCode.
  if (ASCII_DECODER !== null) {
    const ascii = ASCII_DECODER.decode(buf.subarray(from, to));
    if (ascii.length === to - from && ascii.indexOf('\uFFFD') < 0) return ascii;
  }
  let s = '';
  for (let i = from; i < to; i += 8192) {
    s += String.fromCharCode.apply(null, buf.subarray(i, Math.min(i + 8192, to)) as unknown as number[]);
  }
  return s;
}

function do_start<V>(k: Kernel, m: SeqFile<V>, p: Probe): V | null {
  p.costs.seq_start++;
  if (p.trace) p.trace({ kind: 'seq_start', pos: m.index });
  return m.op.start(k, m);
}

function do_next<V>(k: Kernel, m: SeqFile<V>, v: V, p: Probe): V | null {
  p.costs.seq_next++;
  const r = m.op.next(k, m, v);
  if (p.trace) p.trace({ kind: 'seq_next', pos: m.index });
  return r;
}

function do_stop<V>(k: Kernel, m: SeqFile<V>, v: V | null, p: Probe): void {
  p.costs.seq_stop++;
  if (p.trace) p.trace({ kind: 'seq_stop', pos: m.index, bytes: m.count });
  m.op.stop(k, m, v);
}

function do_show<V>(k: Kernel, m: SeqFile<V>, v: V, p: Probe): number {
  p.costs.seq_show++;
  const before = m.count;
  const err = m.op.show(k, m, v);
  const overflow = seq_has_overflowed(m);
  if (overflow) p.costs.seq_overflows++;
  if (p.trace) p.trace({ kind: 'seq_show', pos: m.index, bytes: overflow ? 0 : m.count - before, overflow });
  return err;
}

/** Drop what the buffer holds beyond `offs` bytes (a discarded or skipped record). */
function seq_truncate<V>(m: SeqFile<V>, offs: number): void {
  m.count = offs;
}

/**
 * traverse: re-run the iterator from index 0 until `offset` bytes have been
 * produced, leaving the rest of the record at `offset` in the buffer.
 * Return: 0, or -EAGAIN after growing the buffer (the caller retries).
 */
function traverse<V>(k: Kernel, m: SeqFile<V>, offset: number, p: Probe): number {
  let pos = 0;
  m.index = 0;
  m.count = m.from = 0;
  if (!offset) return 0;
  if (!m.size) m.size = PAGE_SIZE;
  seq_buf_alloc(m);
  let v = do_start(k, m, p);
  while (v !== null) {
    const err = do_show(k, m, v, p);
    if (err < 0) break;
    if (err) seq_truncate(m, 0);
    if (seq_has_overflowed(m)) {
      do_stop(k, m, v, p);
      seq_truncate(m, 0);
      m.size <<= 1;
      seq_buf_alloc(m);
      return -11; // -EAGAIN
    }
    v = do_next(k, m, v, p);
    if (pos + m.count > offset) {
      m.from = offset - pos;
      m.count -= m.from;
      break;
    }
    pos += m.count;
    seq_truncate(m, 0);
    if (pos === offset) break;
  }
  do_stop(k, m, v, p);
  return 0;
}

/**
 * copy_to_user of seq_read_iter: `n` bytes of the buffer, from `from` on,
 * appended to what the read has copied (to a string or a caller's bytes).
 */
type SeqCopy = (buf: Uint8Array, from: number, n: number) => void;

/**
 * seq_read_iter: one read(2) of at most `size` bytes at the file offset `f.pos`.
 * Return: the bytes ('' at EOF) or -errno; advances f.pos.
 */
export function seq_read<V>(k: Kernel, f: OpenFile, size: number): string | number {
  let out = '';
  const r = seq_read_iter<V>(k, f, size, (buf, from, n) => {
    out += seq_buf_string(buf, from, from + n);
  });
  return r < 0 ? r : out;
}

/**
 * seq_read into `dst` from `at` on (room for `size` bytes): the bytes as they
 * are, without the string of seq_read. Return: bytes read (0 at EOF) or -errno.
 */
export function seq_read_into<V>(k: Kernel, f: OpenFile, dst: Uint8Array, at: number, size: number): number {
  let p = at;
  return seq_read_iter<V>(k, f, size, (buf, from, n) => {
    dst.set(buf.subarray(from, from + n), p);
    p += n;
  });
}

/** seq_read_iter with the copy out left to `copy`: bytes copied (0 at EOF) or -errno. */
function seq_read_iter<V>(k: Kernel, f: OpenFile, size: number, copy: SeqCopy): number {
  const m = f.private as SeqFile<V>;
  const p = k.probe;
  if (p.trace) p.trace({ kind: 'seq_read', path: m.path, pos: f.pos, count: size });
  if (size <= 0) return 0;
  if (f.pos === 0) {
    m.index = 0;
    m.count = 0;
  }
  if (f.pos !== m.read_pos) {
    while (traverse(k, m, f.pos, p) === -11);
    m.read_pos = f.pos;
  }
  if (!m.size) m.size = PAGE_SIZE;
  seq_buf_alloc(m);

  let copied = 0;
  let avail = size;
  let err = 0;
  if (m.count) {
    const n = Math.min(m.count, avail);
    copy(m.buf, m.from, n);
    m.count -= n;
    m.from += n;
    copied += n;
    avail -= n;
    if (m.count) return seq_read_done(f, m, copied, err, p);
  }

  m.from = 0;
  let v = do_start(k, m, p);
  let filled = false;
  while (v !== null) {
    err = do_show(k, m, v, p);
    if (err < 0) break;
    if (err) seq_truncate(m, 0);
    if (!m.count) {
      v = do_next(k, m, v, p);
      continue;
    }
    if (!seq_has_overflowed(m)) {
      filled = true;
      break;
    }
    do_stop(k, m, v, p);
    seq_truncate(m, 0);
    m.size <<= 1;
    seq_buf_alloc(m);
    v = do_start(k, m, p);
  }
  if (!filled) {
    do_stop(k, m, v, p);
    seq_truncate(m, 0);
    return seq_read_done(f, m, copied, err, p);
  }

  for (;;) {
    const offs = m.count;
    const pos = m.index;
    v = do_next(k, m, v!, p);
    if (pos === m.index) m.index++;
    if (v === null) break;
    if (m.count >= avail) break;
    err = do_show(k, m, v, p);
    if (err > 0) {
      seq_truncate(m, offs);
    } else if (err || seq_has_overflowed(m)) {
      seq_truncate(m, offs);
      break;
    }
  }
  do_stop(k, m, v, p);
  const n = Math.min(m.count, avail);
  if (n > 0) copy(m.buf, 0, n);
  copied += n;
  m.count -= n;
  m.from = n;
  return seq_read_done(f, m, copied, err, p);
}

function seq_read_done<V>(f: OpenFile, m: SeqFile<V>, copied: number, err: number, p: Probe): number {
  if (!copied) return m.count ? -EFAULT : err < 0 ? err : 0;
  f.pos += copied;
  m.read_pos += copied;
  p.costs.seq_bytes += copied;
  return copied;
}

/**
 * FileOps of a seq_file: open() creates the SeqFile (with `init` giving its
 * private iterator data, like __seq_open_private), read() is seq_read.
 */
export function seq_file_ops<V>(op: SeqOperations<V>, init: (k: Kernel) => unknown): FileOps {
  return {
    open(k: Kernel, f: OpenFile): number {
      f.private = seq_open(op, f.path, init(k));
      return 0;
    },
    read: seq_read,
    read_into: seq_read_into,
  };
}
