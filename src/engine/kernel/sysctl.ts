/**
 * The numeric /proc/sys handlers of kernel/sysctl.c, Linux 6.18
 * (proc_dointvec, proc_dointvec_minmax, proc_douintvec(_minmax),
 * proc_doulongvec_minmax with proc_get_long / strtoul_lenient), and
 * `struct ctl_table`. The read/write glue that calls them on a file's
 * read(2) and write(2) is fs/proc/proc_sys_file.ts.
 *
 * Parsing rules this reproduces: leading whitespace is skipped; a number is
 * C-like with base 0 (`010` is 8, `0x10` is 16; `0x` not followed by a hex
 * digit is octal 0 followed by junk); `-` only counts if more bytes follow;
 * at most 21 characters are looked at; a number must be followed by a space,
 * tab or newline (or end the write); overflow of 64 bits and out-of-range
 * values are -EINVAL; a vector handler stores values as it goes (an error on
 * the 3rd leaves the first two written); extra words beyond the vector are
 * not consumed, so write(2) returns less than it was given, and the next
 * write, at a non-zero offset, is ignored (sysctl_writes_strict = 1).
 * A read at a non-zero offset is EOF; values are separated by tabs, with a
 * final newline if the buffer has room.
 *
 * Simplified: buffers are JS strings, one char per byte; the caller is root.
 */
import type { Kernel } from '../kernel';
import { EINVAL } from '../uapi/errno';

/** One handler call: the kernel's buffer, `*lenp` and `*ppos`. */
export interface SysctlIo {
  /** write: the user's bytes; read: filled by the handler */
  buf: string;
  lenp: number;
  ppos: number;
}

/** Where a table's values live: element i of a vector in the kernel state. */
export interface CtlData<V> {
  get(k: Kernel, i: number): V;
  set(k: Kernel, i: number, v: V): void;
}

export type ProcHandler<V> = (k: Kernel, table: CtlTable<V>, write: boolean, io: SysctlIo) => number;

/** `struct ctl_table`, with `maxlen` counted in elements rather than bytes. */
export interface CtlTable<V> {
  procname: string;
  data: CtlData<V> | null;
  maxlen: number;
  mode: number;
  proc_handler: ProcHandler<V>;
  /** minimum for the *_minmax handlers */
  extra1?: V;
  /** maximum for the *_minmax handlers */
  extra2?: V;
  /** ctl_table_root->permissions: the mode that applies to the caller, made from `mode` */
  permissions?: (k: Kernel, mode: number) => number;
}

const PAGE_SIZE = 4096;
const TMPBUFLEN = 22;
const INT_MAX = 0x7fffffff;
const UINT_MAX = 0xffffffff;
const U64 = 0xffffffffffffffffn;
const TOP4 = 0xf000000000000000n;

/** include/linux/ctype.h isspace: \t \n \v \f \r, space, and Latin-1 NBSP (0xa0) */
function isspace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 160;
}

function isdigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isxdigit(c: number): boolean {
  return isdigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}

/** A cursor over the written bytes (`char *p` and `size_t left`). */
interface Parse {
  s: string;
  p: number;
  left: number;
  /** proc_get_long results: the magnitude, exact (below 2^53) when `big` is null */
  val: number;
  /** the magnitude when it reached 2^48 while being parsed (up to 2^64 - 1), else null */
  big: bigint | null;
  neg: boolean;
}

function proc_skip_spaces(ps: Parse): void {
  while (ps.left && isspace(ps.s.charCodeAt(ps.p))) {
    ps.left--;
    ps.p++;
  }
}

/**
 * strtoul_lenient(base 0) over `s` from `i` up to `end` (the kernel's
 * NUL-terminated copy of at most 21 bytes): the value and the index after
 * it, or -1 on 64-bit overflow (the kernel's -ERANGE).
 */
function strtoul_lenient(s: string, i: number, end: number, ps: Parse): number {
  let base = 10;
  if (s.charCodeAt(i) === 48) {
    if (i + 1 < end && (s.charCodeAt(i + 1) | 0x20) === 120 && i + 2 < end && isxdigit(s.charCodeAt(i + 2))) base = 16;
    else base = 8;
  }
  if (base === 16) i += 2;
  // the digits accumulate in a number while it stays exact (below 2^48, so
  // one more hex digit cannot pass 2^53), then in a 64-bit bigint
  let small = 0;
  for (; i < end; i++) {
    const v = digit_value(s.charCodeAt(i));
    if (v >= base) break;
    if (small >= SMALL_LIMIT) break;
    small = small * base + v;
  }
  if (i === end || digit_value(s.charCodeAt(i)) >= base) {
    ps.val = small;
    ps.big = null;
    return i;
  }
  const b = BigInt(base);
  let res = BigInt(small);
  let overflow = false;
  for (; i < end; i++) {
    const v = digit_value(s.charCodeAt(i));
    if (v >= base) break;
    if (res & TOP4 && res > (U64 - BigInt(v)) / b) overflow = true;
    res = (res * b + BigInt(v)) & U64;
  }
  if (overflow) return -1;
  ps.val = Number(res);
  ps.big = res;
  return i;
}

/** 2^48: below it, `small * 16 + 15` is still an exact number */
const SMALL_LIMIT = 2 ** 48;

/** A digit's value in bases up to 16 (0-9, a-f, A-F), or 99 for any other character. */
function digit_value(c: number): number {
  if (isdigit(c)) return c - 48;
  const lc = c | 0x20;
  return lc >= 97 && lc <= 102 ? lc - 97 + 10 : 99;
}

/**
 * proc_get_long: one number at the cursor (which must not be on a space),
 * followed by one of `perm_tr` or the end. Return: 0 (cursor advanced,
 * ps.val/ps.neg set) or -EINVAL.
 */
function proc_get_long(ps: Parse, perm_tr: string): number {
  let len = ps.left;
  if (len <= 0) return -EINVAL;
  if (len > TMPBUFLEN - 1) len = TMPBUFLEN - 1;
  // the kernel copies `len` bytes to a buffer; here the number is read in place
  const s = ps.s;
  const at = ps.p;
  let i = at;
  if (s.charCodeAt(at) === 45 && ps.left > 1) {
    ps.neg = true;
    i++;
  } else {
    ps.neg = false;
  }
  if (!isdigit(s.charCodeAt(i))) return -EINVAL;
  const stop = strtoul_lenient(s, i, at + len, ps);
  if (stop < 0) return -EINVAL;
  const end = stop - at;
  if (end === TMPBUFLEN - 1) return -EINVAL;
  if (end < ps.left && perm_tr.length && !perm_tr.includes(s.charAt(stop))) return -EINVAL;
  ps.p += end;
  ps.left -= end;
  return 0;
}

const proc_wspace_sep = ' \t\n';

/** Output side of a read: bytes are appended while `left` allows. */
interface Put {
  out: string;
  left: number;
}

function proc_put(w: Put, s: string): void {
  if (s.length > w.left) s = s.slice(0, w.left);
  w.out += s;
  w.left -= s.length;
}

/**
 * A do_proc_*_conv: write converts (neg, lval) and stores element i, read
 * loads it. Return: 0 or non-zero (the caller's -EINVAL).
 */
type IntConv = (k: Kernel, table: CtlTable<number>, i: number, ps: Parse, write: boolean) => number;

const INT_MIN_MAGNITUDE = INT_MAX + 1;

function do_proc_dointvec_conv_value(ps: Parse): number | null {
  if (ps.big !== null) return null;
  if (ps.neg) return ps.val > INT_MIN_MAGNITUDE ? null : -ps.val | 0;
  return ps.val > INT_MAX ? null : ps.val;
}

function do_proc_dointvec_conv(k: Kernel, table: CtlTable<number>, i: number, ps: Parse, write: boolean): number {
  if (write) {
    const v = do_proc_dointvec_conv_value(ps);
    if (v === null) return -EINVAL;
    table.data!.set(k, i, v);
  } else {
    const v = table.data!.get(k, i);
    ps.neg = v < 0;
    ps.val = Math.abs(v);
  }
  return 0;
}

function do_proc_dointvec_minmax_conv(k: Kernel, table: CtlTable<number>, i: number, ps: Parse, write: boolean): number {
  if (!write) return do_proc_dointvec_conv(k, table, i, ps, false);
  const tmp = do_proc_dointvec_conv_value(ps);
  if (tmp === null) return -EINVAL;
  if ((table.extra1 !== undefined && table.extra1 > tmp) || (table.extra2 !== undefined && table.extra2 < tmp)) return -EINVAL;
  table.data!.set(k, i, tmp);
  return 0;
}

/** proc_first_pos_non_zero_ignore under sysctl_writes_strict = 1 (SYSCTL_WRITES_STRICT). */
function proc_first_pos_non_zero_ignore(ppos: number): boolean {
  return ppos !== 0;
}

/** The write side's cursor, one object reset per write (a handler parses one buffer at a time, and nothing keeps it). */
const write_parse: Parse = { s: '', p: 0, left: 0, val: 0, big: null, neg: false };

function new_parse(io: SysctlIo): Parse {
  const ps = write_parse;
  ps.s = io.buf;
  ps.p = 0;
  ps.left = Math.min(io.lenp, PAGE_SIZE - 1);
  ps.val = 0;
  ps.big = null;
  ps.neg = false;
  return ps;
}

/** __do_proc_dointvec: up to table.maxlen ints, tab-separated on read. Return: 0 or -EINVAL. */
function do_proc_dointvec(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo, conv: IntConv): number {
  if (!table.data || !table.maxlen || !io.lenp || (io.ppos && !write)) {
    io.lenp = 0;
    return 0;
  }
  let vleft = table.maxlen;
  let first = true;
  let err = 0;
  if (write) {
    if (proc_first_pos_non_zero_ignore(io.ppos)) {
      io.ppos += io.lenp;
      return 0;
    }
    const ps = new_parse(io);
    for (let i = 0; ps.left && vleft--; i++, first = false) {
      proc_skip_spaces(ps);
      if (!ps.left) break;
      err = proc_get_long(ps, proc_wspace_sep);
      if (err) break;
      if (conv(k, table, i, ps, true)) {
        err = -EINVAL;
        break;
      }
    }
    if (!err && ps.left) proc_skip_spaces(ps);
    if (first) return err || -EINVAL;
    io.lenp -= ps.left;
    io.ppos += io.lenp;
    return err;
  }
  const w: Put = { out: '', left: io.lenp };
  const ps: Parse = { s: '', p: 0, left: 0, val: 0, big: null, neg: false };
  for (let i = 0; w.left && vleft--; i++, first = false) {
    conv(k, table, i, ps, false);
    if (!first) proc_put(w, '\t');
    proc_put(w, (ps.neg ? '-' : '') + String(ps.val));
  }
  if (!first && w.left) proc_put(w, '\n');
  io.buf = w.out;
  io.lenp -= w.left;
  io.ppos += io.lenp;
  return 0;
}

/** proc_dointvec: a vector of ints, no range check beyond int. Return: 0 or -EINVAL. */
export function proc_dointvec(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  return do_proc_dointvec(k, table, write, io, do_proc_dointvec_conv);
}

/** proc_dointvec_minmax: ints within [extra1, extra2] (each bound optional). Return: 0 or -EINVAL. */
export function proc_dointvec_minmax(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  return do_proc_dointvec(k, table, write, io, do_proc_dointvec_minmax_conv);
}

/**
 * proc_douintvec_minmax: exactly one unsigned int within [extra1, extra2].
 * A write is consumed whole (lenp unchanged). Return: 0 or -EINVAL (also for
 * vectors, negative numbers and range errors).
 */
export function proc_douintvec_minmax(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  if (!table.data || !table.maxlen || !io.lenp || (io.ppos && !write)) {
    io.lenp = 0;
    return 0;
  }
  if (table.maxlen !== 1) {
    io.lenp = 0;
    return -EINVAL;
  }
  if (write) {
    if (proc_first_pos_non_zero_ignore(io.ppos)) {
      io.ppos += io.lenp;
      return 0;
    }
    const ps = new_parse(io);
    proc_skip_spaces(ps);
    if (!ps.left) return -EINVAL;
    if (proc_get_long(ps, proc_wspace_sep) || ps.neg) return -EINVAL;
    if (ps.big !== null || ps.val > UINT_MAX) return -EINVAL;
    const tmp = ps.val;
    if ((table.extra1 !== undefined && table.extra1 > tmp) || (table.extra2 !== undefined && table.extra2 < tmp)) return -EINVAL;
    table.data.set(k, 0, tmp);
    return 0;
  }
  const w: Put = { out: '', left: io.lenp };
  proc_put(w, String(table.data.get(k, 0)));
  if (w.left) proc_put(w, '\n');
  io.buf = w.out;
  io.lenp -= w.left;
  io.ppos += io.lenp;
  return 0;
}

/** proc_douintvec: proc_douintvec_minmax without bounds. */
export function proc_douintvec(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  return proc_douintvec_minmax(k, { ...table, extra1: undefined, extra2: undefined }, write, io);
}

/** proc_doulongvec_minmax: a vector of unsigned longs within [extra1, extra2]; negative numbers are -EINVAL. */
export function proc_doulongvec_minmax(k: Kernel, table: CtlTable<bigint>, write: boolean, io: SysctlIo): number {
  if (!table.data || !table.maxlen || !io.lenp || (io.ppos && !write)) {
    io.lenp = 0;
    return 0;
  }
  let vleft = table.maxlen;
  let first = true;
  let err = 0;
  if (write) {
    if (proc_first_pos_non_zero_ignore(io.ppos)) {
      io.ppos += io.lenp;
      return 0;
    }
    const ps = new_parse(io);
    for (let i = 0; ps.left && vleft--; i++, first = false) {
      proc_skip_spaces(ps);
      if (!ps.left) break;
      err = proc_get_long(ps, proc_wspace_sep);
      if (err || ps.neg) {
        err = -EINVAL;
        break;
      }
      const val = ps.big ?? BigInt(ps.val);
      if ((table.extra1 !== undefined && val < table.extra1) || (table.extra2 !== undefined && val > table.extra2)) {
        err = -EINVAL;
        break;
      }
      table.data.set(k, i, val);
    }
    if (!err) proc_skip_spaces(ps);
    if (first) return err || -EINVAL;
    io.lenp -= ps.left;
    io.ppos += io.lenp;
    return err;
  }
  const w: Put = { out: '', left: io.lenp };
  for (let i = 0; w.left && vleft--; i++, first = false) {
    if (!first) proc_put(w, '\t');
    proc_put(w, table.data.get(k, i).toString());
  }
  if (!first && w.left) proc_put(w, '\n');
  io.buf = w.out;
  io.lenp -= w.left;
  io.ppos += io.lenp;
  return 0;
}
