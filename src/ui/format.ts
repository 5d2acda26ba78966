/**
 * The numbers the page shows, in one place and rounded one way: three
 * significant digits with an SI prefix (d3-format's `.3~s`, trailing zeros
 * dropped). Times are nanoseconds of the model, shown from ns to s (never
 * below ns, the model's resolution, nor in ks above s); rates are per second.
 * The slope is the CLI's own formatter (engine/sweep_format.ts), imported so
 * page and CLI print the same digits.
 */
import { formatLocale } from 'd3-format';

export { formatSlope } from '../engine/sweep_format';

// d3's default locale, with an ASCII minus (the default is U+2212) as the page always wrote it
const locale = formatLocale({ decimal: '.', thousands: ',', grouping: [3], currency: ['', ''], minus: '-' });
const si = locale.format('.3~s');
const significant = locale.format('.3~r');

/** `'1.23m'` → ['1.23', 'm']; `'1'` → ['1', ''] */
function split(text: string): [string, string] {
  const m = /^(.*?)([yzafpnµmkMGTPEZY]?)$/.exec(text)!;
  return [m[1]!, m[2]!];
}

/** `1.23 ms`, `45 µs`, `2.5 s`, `0 ns` for a time in nanoseconds. */
export function formatNs(ns: number): string {
  if (Math.abs(ns) < 1) return `${significant(ns)} ns`;
  if (Math.abs(ns) >= 1e9) return `${significant(ns / 1e9)} s`;
  const [n, prefix] = split(si(ns / 1e9));
  return `${n} ${prefix}s`;
}

/** `1.92M msgs/s`, `693k msgs/s`, `12 msgs/s` */
export function formatRate(r: number): string {
  if (Math.abs(r) < 1) return `${significant(r)} msgs/s`;
  const [n, prefix] = split(si(r));
  return `${n}${prefix} msgs/s`;
}
