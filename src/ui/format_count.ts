/**
 * Counts as the page writes them, with thousands separators ("32,768"):
 * the same text as `n.toLocaleString('en')`, from one formatter made once.
 * toLocaleString builds a formatter at every call (about 100 µs in
 * Chromium), and a step formats dozens of counts. A module of its own, so
 * that the main chunk does not take in format.ts's d3-format.
 */
const COUNT = new Intl.NumberFormat('en');

export const formatCount = (n: number | bigint): string => COUNT.format(n);
