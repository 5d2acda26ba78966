/**
 * The file statements: `echo WORDS > PATH` (open, write until done, close),
 * `cat PATH` (read until EOF, CAT_READ_SIZE bytes at a time, as coreutils
 * cat) and `ls -U DIR`. Their lines are written through operations.ts's
 * begin/putLine/finish, like every operation's.
 */
import type { CatStatement, EchoStatement, LsStatement } from './ast';
import type { RunContext } from './context';
import { interpolate } from './evaluate';
import { formatCat, formatEcho, formatLs } from './format';
import { decodeUtf8, encodeUtf8 } from './bytes';
import { encodeText, putAsciiBytes, putByte, putBytes, putText } from './output';
import { begin, finish, onPath, pathError, putLine, putResult } from './operations';
import { O_RDONLY, O_TRUNC, O_WRONLY } from '../fs/vfs';
import { EIO } from '../uapi/errno';

/** cat's read(2) buffer: 128 KiB, like coreutils cat. */
export const CAT_READ_SIZE = 131072;

type Ctx = RunContext<unknown>;

/** open(O_WRONLY|O_TRUNC), write until done (a short write is continued), close: 0 or -errno. */
function writeFile(ctx: Ctx, path: string, data: string): number {
  const { sys, kernel } = ctx;
  const fd = sys.sys_open(kernel, path, O_WRONLY | O_TRUNC);
  if (fd < 0) return fd;
  let r = 0;
  while (data.length > 0) {
    const n = sys.sys_write(kernel, fd, data);
    if (n <= 0) {
      r = n < 0 ? n : -EIO;
      break;
    }
    data = data.slice(n);
  }
  sys.sys_close(kernel, fd);
  return r;
}

/** What an echo whose words are all constant (no `$VAR`) prints and writes, made once: its text, its line's bytes before the result, the path's and the value's bytes. */
interface EchoPlan {
  text: string;
  head: Uint8Array;
  path: string;
  data: string;
}

const ECHO_PLANS = new WeakMap<EchoStatement, EchoPlan | null>();

function echoPlan(node: EchoStatement): EchoPlan | null {
  let plan = ECHO_PLANS.get(node);
  if (plan !== undefined) return plan;
  plan = null;
  if (node.words.every((w) => w.parts.length === 1 && typeof w.parts[0] === 'string')) {
    const value = node.words.map((w) => w.parts[0] as string).join(' ');
    const text = formatEcho(value, node.path);
    plan = { text, head: encodeText(text + ' = '), path: encodeUtf8(node.path), data: encodeUtf8(value + '\n') };
  }
  ECHO_PLANS.set(node, plan);
  return plan;
}

export function execEcho(ctx: Ctx, node: EchoStatement): void {
  const plan = echoPlan(node);
  let text: string;
  let path: string;
  let data: string;
  if (plan !== null) ({ text, path, data } = plan);
  else {
    let value = '';
    for (let i = 0; i < node.words.length; i++) value += (i > 0 ? ' ' : '') + interpolate(ctx, node.words[i]!);
    text = formatEcho(value, node.path);
    path = encodeUtf8(node.path);
    data = encodeUtf8(value + '\n');
  }
  begin(ctx, node, text);
  // onPath without its closure: a loop of echos (a sysctl set per iteration) makes one per statement
  let r: number;
  try {
    r = writeFile(ctx, path, data);
  } catch (e) {
    return pathError(node, node.path, e);
  }
  if (plan === null || ctx.out.stepping) putLine(ctx, text, r);
  else {
    if (ctx.prefix !== '') putText(ctx.out, ctx.prefix);
    putBytes(ctx.out, plan.head);
    putResult(ctx.out, r);
    putByte(ctx.out, 10);
  }
  finish(ctx, node, r);
}

/**
 * Where cat reads: chunks of 2 * CAT_READ_SIZE bytes, each read to the
 * room left in the last (CAT_READ_SIZE bytes at a time, as coreutils cat).
 * The first is kept for the next cat unless the output's sink was given it.
 */
let catSpare: Uint8Array | null = null;

/** The whole file as byte chunks (each the bytes of one or more reads), or -errno. */
function readFileInto(ctx: Ctx, path: string): Uint8Array[] | number {
  const { sys, kernel } = ctx;
  const fd = sys.sys_open(kernel, path, O_RDONLY);
  if (fd < 0) return fd;
  const chunks: Uint8Array[] = [];
  let cur = catSpare ?? new Uint8Array(2 * CAT_READ_SIZE);
  catSpare = cur;
  let used = 0;
  let r: Uint8Array[] | number = chunks;
  for (;;) {
    if (cur.length - used < CAT_READ_SIZE) {
      chunks.push(cur.subarray(0, used));
      cur = new Uint8Array(2 * CAT_READ_SIZE);
      used = 0;
    }
    const got = sys.sys_read_into(kernel, fd, cur, used, CAT_READ_SIZE);
    if (got < 0) r = got;
    if (got <= 0) break;
    used += got;
  }
  if (used > 0) chunks.push(cur.subarray(0, used));
  sys.sys_close(kernel, fd);
  return r;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * The newlines in a chunk of readFileInto, or -1 when a byte is 0x80 or more.
 * A word (4 bytes: the chunk starts a buffer, so its words are aligned) at a
 * time: x = word ^ 0x0a0a0a0a has a zero byte for each newline, and
 * ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f) sets the top bit of
 * exactly those bytes (no carry crosses a byte), summed by one multiply;
 * twice as fast as indexOf from newline to newline and a check of the bytes.
 */
function asciiLines(bytes: Uint8Array): number {
  const n = bytes.length;
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, n >> 2);
  let high = 0;
  let lines = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    high |= w;
    const x = w ^ 0x0a0a0a0a;
    const nl = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
    lines += Math.imul(nl >>> 7, 0x01010101) >>> 24;
  }
  for (let i = words.length << 2; i < n; i++) {
    const c = bytes[i]!;
    high |= c;
    if (c === 10) lines++;
  }
  return (high & 0x80808080) === 0 ? lines : -1;
}

// One call on a few bytes (a word with a newline and a byte of 0x80, a
// shorter tail) before any real one: a real call's loop runs long enough to
// be compiled while it runs (on-stack replacement), and that code, made
// before the code after the loop ever ran, had no type feedback for it and
// fell back to the slow tier at the end of every later call (30 times a run
// of 32768 queues' cat).
asciiLines(new Uint8Array([10, 0x80, 32, 10, 10]));

/** The chunks' bytes as a byte string (one char per byte), as sys_read returns them. */
function byteString(chunks: Uint8Array[]): string {
  let s = '';
  for (const bytes of chunks) for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  return s;
}

/**
 * cat: the file read into bytes (sys_read_into) that go to the output as
 * they are when ASCII (every /proc/sysvipc file); else as a byte string,
 * decoded from UTF-8 and encoded again, so that what is not UTF-8 prints as
 * its decoding does.
 */
export function execCat(ctx: Ctx, node: CatStatement): void {
  const path = interpolate(ctx, node.path);
  const text = formatCat(path);
  begin(ctx, node, text);
  const chunks = onPath(node, path, () => readFileInto(ctx, encodeUtf8(path)));
  if (typeof chunks === 'number') {
    putLine(ctx, text, chunks);
    finish(ctx, node, chunks);
    return;
  }
  const last = chunks.length > 0 ? chunks[chunks.length - 1]! : null;
  const unended = last !== null && last[last.length - 1] !== 10;
  let lines = unended ? 1 : 0;
  for (let i = 0; i < chunks.length && lines >= 0; i++) {
    const n = asciiLines(chunks[i]!);
    lines = n < 0 ? -1 : lines + n;
  }
  if (lines >= 0) {
    putLine(ctx, text, lines);
    for (const c of chunks) if (putAsciiBytes(ctx.out, c) && c.buffer === catSpare?.buffer) catSpare = null;
    if (unended) putText(ctx.out, '\n');
    finish(ctx, node, lines);
    return;
  }
  // not ASCII: counted in the bytes (decoding neither adds nor removes a newline), then decoded
  const data = byteString(chunks);
  lines = countLines(data) + (unended ? 1 : 0);
  putLine(ctx, text, lines);
  putText(ctx.out, decodeUtf8(data));
  if (unended) putText(ctx.out, '\n');
  finish(ctx, node, lines);
}

export function execLs(ctx: Ctx, node: LsStatement): void {
  const path = interpolate(ctx, node.path);
  const text = formatLs(path);
  begin(ctx, node, text);
  const names = onPath(node, path, () => ctx.sys.sys_listdir(ctx.kernel, encodeUtf8(path)));
  if (typeof names === 'number') {
    putLine(ctx, text, names);
    finish(ctx, node, names);
    return;
  }
  let listing = '';
  let count = 0;
  for (const name of names) {
    if (name.charCodeAt(0) === 46 /* . */) continue;
    listing += decodeUtf8(name) + '\n';
    count++;
  }
  putLine(ctx, text, count);
  putText(ctx.out, listing);
  finish(ctx, node, count);
}
