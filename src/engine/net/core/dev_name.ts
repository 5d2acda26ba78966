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
 * The scan really runs on every call, as the kernel's does: it is a
 * hand-written equivalent of vsscanf("%d") and the exactness check that
 * builds no strings (about 26 ns per device in Node 20 here, against the kernel's
 * ~0.12 µs measured in kernel-baselines (d)).
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

/** The kernel's loop: sscanf (and snprintf) on the name of every device, in list order. */
function scan_names(net: NetNamespace, prefix: string, suffix: string, inuse: Int32Array, p: Probe): void {
  const devs = net.dev_base;
  const trace = p.trace;
  let sscanfs = 0;
  let snprintfs = 0;
  for (let k = 0; k < devs.length; k++) {
    const name = devs[k]!.name;
    const bit = dev_name_claims(name, prefix, suffix);
    sscanfs++;
    if (bit >= 0) inuse[bit >> 5]! |= 1 << (bit & 31);
    if (bit !== NO_NUMBER) snprintfs++;
    if (trace) trace({ kind: 'dev_name_scan', name, bit: bit >= 0 ? bit : null });
  }
  p.costs.dev_name_sscanf += sscanfs;
  p.costs.dev_name_snprintf += snprintfs;
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
  const inuse = new Int32Array(MAX_NETDEVICES >> 5);
  scan_names(net, pattern.slice(0, pct), pattern.slice(pct + 2), inuse, p);
  for (let w = 0; w < inuse.length; w++) {
    const word = inuse[w]!;
    if (word !== -1) {
      const free = ~word & (word + 1); // lowest zero bit
      const bit = (w << 5) + 31 - Math.clz32(free);
      if (p.trace) p.trace({ kind: 'dev_name_alloc', pattern, bit, name: dev_name_format(pattern, bit) });
      return bit;
    }
  }
  return -ENFILE;
}

/** snprintf(res, IFNAMSIZ, pattern, i): the name, cut to IFNAMSIZ-1 bytes. */
export function dev_name_format(pattern: string, i: number): string {
  const pct = pattern.indexOf('%');
  const s = pattern.slice(0, pct) + i + pattern.slice(pct + 2);
  return s.length < IFNAMSIZ ? s : s.slice(0, IFNAMSIZ - 1);
}
