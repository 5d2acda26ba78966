/**
 * Device names (net/core/dev.c of Linux 6.18): `dev_valid_name` and the `%d`
 * allocator `__dev_alloc_name`.
 *
 * `__dev_alloc_name(net, "ifb%d")` runs sscanf(name, pattern) on the name of
 * every device in the namespace; a number in [0, 32768) counts only if
 * snprintf(pattern, number), cut to IFNAMSIZ-1 bytes, gives the name back
 * exactly; the numbers that do are set in a 32768-bit bitmap and the first
 * zero bit is the result. Creating n unnamed devices is thus O(n²) sscanf
 * calls. Costs: one `dev_name_sscanf` per device examined, one
 * `dev_name_snprintf` per in-range number, as the kernel's loop does.
 *
 * The scan is a hand-written equivalent of the kernel's vsscanf("%d") and the
 * exactness check, without building strings. So that a kernel-sized run stays
 * fast, the outcome of a scan (the bitmap and its snprintf count) is kept per
 * pattern outside the kernel state (a WeakMap on the namespace, so a
 * structuredClone checkpoint simply starts without it) and updated as devices
 * come and go; the costs are counted as if every scan ran. With a tracer the
 * scan always runs, to emit one event per device.
 *
 * Names are byte strings (one char per byte).
 */
import { NO_PROBE, type Probe } from '../../probe';
import { EINVAL, ENFILE } from '../../uapi/errno';
import type { NetNamespace } from '../net_namespace';

/** IFNAMSIZ: 15 bytes of name plus the NUL */
export const IFNAMSIZ = 16;
/** 8 * PAGE_SIZE: bits in __dev_alloc_name's bitmap, the most `%d` devices per pattern */
export const MAX_NETDEVICES = 8 * 4096;

/** isspace() of lib/ctype.c: \t \n \v \f \r, space, and Latin-1 NBSP (0xA0). */
function is_space(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0;
}

/**
 * A name the kernel accepts for a device: not empty, shorter than IFNAMSIZ
 * bytes, not "." or "..", no '/', ':' or whitespace (which includes the byte
 * 0xA0, so e.g. UTF-8 "à" is refused).
 */
export function dev_valid_name(name: string): boolean {
  if (name.length === 0 || name.length >= IFNAMSIZ) return false;
  if (name === '.' || name === '..') return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 0x2f || c === 0x3a || is_space(c)) return false;
  }
  return true;
}

/** dev_name_claims: sscanf found no number, or one outside [0, MAX_NETDEVICES) (no snprintf) */
const NO_NUMBER = -1;
/** dev_name_claims: snprintf ran but does not print the name back */
const NOT_EXACT = -2;

/**
 * What sscanf(name, prefix "%d" suffix) then snprintf(buf, IFNAMSIZ, ...)
 * make of one existing name: the bit it claims, NO_NUMBER or NOT_EXACT.
 */
function dev_name_claims(name: string, prefix: string, suffix: string): number {
  const n = name.length;
  const pl = prefix.length;
  if (n < pl) return NO_NUMBER;
  for (let j = 0; j < pl; j++) if (name.charCodeAt(j) !== prefix.charCodeAt(j)) return NO_NUMBER;
  // %d: an optional '-' directly followed by a digit, then every digit
  let q = pl;
  let neg = false;
  if (q + 1 < n && name.charCodeAt(q) === 0x2d) {
    const d = name.charCodeAt(q + 1);
    if (d < 0x30 || d > 0x39) return NO_NUMBER;
    neg = true;
    q++;
  }
  const start = q;
  let v = 0; // the value mod 2^32: simple_strntoll wraps mod 2^64, the store into an int mod 2^32
  while (q < n) {
    const d = name.charCodeAt(q) - 0x30;
    if (d < 0 || d > 9) break;
    v = v * 10 + d;
    if (v >= 4294967296) v %= 4294967296;
    q++;
  }
  if (q === start) return NO_NUMBER;
  const i = (neg ? -v : v) | 0;
  if (i < 0 || i >= MAX_NETDEVICES) return NO_NUMBER;
  // strncmp(snprintf(prefix "%d" suffix, i) cut to 15 bytes, name), compared in place. The greedy
  // %d may have eaten digits of the suffix ("ifb00" under "ifb%d0" is 0), and "07" or "-0" do not
  // print back.
  const nd = i < 10 ? 1 : i < 100 ? 2 : i < 1000 ? 3 : i < 10000 ? 4 : 5;
  const full = pl + nd + suffix.length;
  if (n !== (full < IFNAMSIZ ? full : IFNAMSIZ - 1)) return NOT_EXACT;
  let x = i;
  for (let pos = pl + nd - 1; pos >= pl; pos--) {
    if (pos < n && name.charCodeAt(pos) !== 0x30 + (x % 10)) return NOT_EXACT;
    x = (x / 10) | 0;
  }
  for (let pos = pl + nd; pos < n; pos++) if (name.charCodeAt(pos) !== suffix.charCodeAt(pos - pl - nd)) return NOT_EXACT;
  return i;
}

/** What one scan of every name found for a pattern. */
interface ScanResult {
  prefix: string;
  suffix: string;
  /** the bitmap: bit i set when a device's name is the pattern filled with i */
  inuse: Int32Array;
  /** how many names gave a number in range (each cost an snprintf) */
  snprintfs: number;
}

/** The last scans per namespace and pattern (derived data, not kernel state; see the file comment). */
const scan_cache = new WeakMap<NetNamespace, Map<string, ScanResult>>();
/** patterns remembered per namespace (the least recently used is dropped) */
const SCAN_CACHE_PATTERNS = 8;

/** The kernel's loop: sscanf (and snprintf) on the name of every device, in list order. */
function scan_names(net: NetNamespace, prefix: string, suffix: string, p: Probe): ScanResult {
  const inuse = new Int32Array(MAX_NETDEVICES >> 5);
  const devs = net.dev_base;
  const trace = p.trace;
  let snprintfs = 0;
  for (let k = 0; k < devs.length; k++) {
    const name = devs[k].name;
    const bit = dev_name_claims(name, prefix, suffix);
    if (bit >= 0) inuse[bit >> 5] |= 1 << (bit & 31);
    if (bit !== NO_NUMBER) snprintfs++;
    if (trace) trace({ kind: 'dev_name_scan', name, bit: bit >= 0 ? bit : null });
  }
  return { prefix, suffix, inuse, snprintfs };
}

/**
 * The number `%d` takes in `pattern` (exactly one "%d" and no other '%'):
 * the lowest one no existing device's name reproduces. Bounds: [0, 32767].
 * Counts one `dev_name_sscanf` per device and one `dev_name_snprintf` per
 * in-range number. Return: the number, -EINVAL for a bad pattern, -ENFILE
 * when all 32768 are taken.
 */
export function __dev_alloc_name(net: NetNamespace, pattern: string, p: Probe = NO_PROBE): number {
  const pct = pattern.indexOf('%');
  if (pct < 0 || pattern.charCodeAt(pct + 1) !== 0x64 || pattern.indexOf('%', pct + 2) >= 0) return -EINVAL;
  let cache = scan_cache.get(net);
  if (cache === undefined) {
    cache = new Map();
    scan_cache.set(net, cache);
  }
  let r = p.trace ? undefined : cache.get(pattern);
  if (r === undefined) {
    r = scan_names(net, pattern.slice(0, pct), pattern.slice(pct + 2), p);
    if (cache.size >= SCAN_CACHE_PATTERNS && !cache.has(pattern)) cache.delete(cache.keys().next().value as string);
  }
  cache.delete(pattern);
  cache.set(pattern, r);
  p.costs.dev_name_sscanf += net.dev_base.length;
  p.costs.dev_name_snprintf += r.snprintfs;
  const inuse = r.inuse;
  for (let w = 0; w < inuse.length; w++) {
    const word = inuse[w];
    if (word !== -1) {
      const free = ~word & (word + 1); // lowest zero bit
      const bit = (w << 5) + 31 - Math.clz32(free);
      if (p.trace) p.trace({ kind: 'dev_name_alloc', pattern, bit, name: dev_name_format(pattern, bit) });
      return bit;
    }
  }
  return -ENFILE;
}

function update_scans(net: NetNamespace, name: string, delta: 1 | -1): void {
  const cache = scan_cache.get(net);
  if (cache === undefined) return;
  for (const r of cache.values()) {
    const bit = dev_name_claims(name, r.prefix, r.suffix);
    if (bit >= 0) {
      if (delta > 0) r.inuse[bit >> 5] |= 1 << (bit & 31);
      else r.inuse[bit >> 5] &= ~(1 << (bit & 31));
    }
    if (bit !== NO_NUMBER) r.snprintfs += delta;
  }
}

/** A device called `name` joined dev_base: keep the remembered scans current. */
export function dev_name_listed(net: NetNamespace, name: string): void {
  update_scans(net, name, 1);
}

/** A device called `name` left dev_base. */
export function dev_name_unlisted(net: NetNamespace, name: string): void {
  update_scans(net, name, -1);
}

/** snprintf(res, IFNAMSIZ, pattern, i): the name, cut to IFNAMSIZ-1 bytes. */
export function dev_name_format(pattern: string, i: number): string {
  const pct = pattern.indexOf('%');
  const s = pattern.slice(0, pct) + i + pattern.slice(pct + 2);
  return s.length < IFNAMSIZ ? s : s.slice(0, IFNAMSIZ - 1);
}

