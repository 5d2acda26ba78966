/**
 * Text, CSV and JSON renderings of a SweepResult (sweep.ts), shared by the
 * CLI and whatever the browser shows.
 */
import { COST_NAMES } from './probe';
import { mainCounters, type SweepResult, type SweepSmpFigures } from './sweep';

function fmtMs(ns: number): string {
  const ms = ns / 1e6;
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(4);
}

/** A fitted log-log slope as the CLI prints it (and the page, which imports this): two decimals, `-` for none. */
export function formatSlope(s: number | null): string {
  return s === null ? '-' : s.toFixed(2);
}

const isSmp = (r: SweepResult) => r.series.some((s) => s.points.some((p) => p.throughput !== undefined));
const pct = (x: number) => (100 * x).toFixed(1) + '%';

/** The sem_lock columns of a point: the share of semops under sem_perm.lock, the sweeps, their time. */
function semCells(l: SweepSmpFigures['sem_locks']): string[] {
  if (l === undefined) return ['-', '-', '-'];
  const n = l.global + l.per_sem;
  return [n > 0 ? pct(l.global / n) : '-', l.sweeps.toLocaleString('en-US'), `${(l.sweep_ns / 1000).toFixed(1)} us`];
}

/**
 * Multi-CPU sweeps: one block per configuration, a row per value with the
 * throughput (messages per simulated second), its ratio to the first row,
 * and where the CPU time went.
 */
function formatSmpTable(r: SweepResult): string {
  const sem = r.series.some((s) => s.points.some((p) => p.smp?.sem_locks !== undefined));
  const head = [r.variable, sem ? 'ops/s' : 'msgs/s', 'x first', 'running', 'spinning', 'stalled', 'idle', ...(sem ? ['global', 'sweeps', 'in sweeps'] : []), 'hottest line'];
  let out = sem
    ? 'measured: successful semop (and msgsnd) calls per simulated second, multi-CPU model; global = share of semops under sem_perm.lock, sweeps = switches to global mode\n'
    : 'measured: messages (successful msgsnd) per simulated second, multi-CPU model\n';
  for (const s of r.series) {
    const rows: string[][] = [head];
    const first = s.points[0]?.throughput ?? 0;
    for (const p of s.points) {
      const f = p.smp;
      const row =
        p.throughput === undefined || f === undefined
          ? head.map((_, i) => (i === 0 ? String(p.value) : '-'))
          : [
              String(p.value),
              Math.round(p.throughput).toLocaleString('en-US'),
              first > 0 ? (p.throughput / first).toFixed(2) : '-',
              pct(f.running),
              pct(f.spinning),
              pct(f.stalled),
              pct(f.idle),
              ...(sem ? semCells(f.sem_locks) : []),
              f.hottest_line ?? '-',
            ];
      if (p.error !== null) row.push(`error: ${p.error}`);
      rows.push(row);
    }
    const widths = head.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
    out += `\nkernel ${s.label}\n`;
    for (const row of rows)
      out +=
        row
          .map((cell, c) => (c < widths.length - 1 ? cell.padStart(widths[c]!) : cell))
          .join('  ')
          .trimEnd() + '\n';
  }
  return out;
}

/**
 * One block per configuration: a row per value with the modeled time (ms),
 * the slope from the previous row, and the main counters; then the overall
 * (least-squares) slope.
 */
export function formatSweepTable(r: SweepResult): string {
  if (isSmp(r)) return formatSmpTable(r);
  const counters = mainCounters(r);
  const head = [r.variable, 'modeled ms', 'slope', ...counters];
  let out = r.measureLine > 0 ? `measured: the lines after #@measure (line ${r.measureLine})\n` : 'measured: the whole workload\n';
  for (const s of r.series) {
    const rows: string[][] = [head];
    s.points.forEach((p, i) => {
      const row = [String(p.value), fmtMs(p.ns), formatSlope(s.slopes[i]!), ...counters.map((c) => String(p.costs[c]))];
      if (p.error !== null) row.push(`error: ${p.error}`);
      rows.push(row);
    });
    const widths = head.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
    out += `\nkernel ${s.label}\n`;
    for (const row of rows)
      out +=
        row
          .map((cell, c) => (c < widths.length ? cell.padStart(widths[c]!) : cell))
          .join('  ')
          .trimEnd() + '\n';
    out += `overall slope ${formatSlope(s.slope)}\n`;
    const cs = counters.filter((c) => s.counterSlopes[c] !== undefined).map((c) => `${c} ${formatSlope(s.counterSlopes[c]!)}`);
    if (cs.length > 0 && s.points.length > 1) out += `counter slopes: ${cs.join(', ')}\n`;
  }
  return out;
}

function csvCell(v: string): string {
  return /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** config,N,modeled_ns,slope,<every counter>, one line per point (multi-CPU sweeps: then throughput, ops_per_sec). */
export function formatSweepCsv(r: SweepResult): string {
  const smp = isSmp(r);
  let out = ['config', r.variable, 'modeled_ns', 'slope', 'error', ...COST_NAMES, ...(smp ? ['throughput', 'ops_per_sec'] : [])].join(',') + '\n';
  for (const s of r.series) {
    s.points.forEach((p, i) => {
      const slope = s.slopes[i];
      const cells = [s.label, String(p.value), String(Math.round(p.ns)), slope === null || slope === undefined ? '' : slope.toFixed(4), p.error ?? '', ...COST_NAMES.map((n) => String(p.costs[n]))];
      if (smp) cells.push(String(Math.round(p.throughput ?? 0)), String(Math.round(p.smp?.ops_per_sec ?? 0)));
      out += cells.map(csvCell).join(',') + '\n';
    });
  }
  return out;
}

/** The result as JSON (configs included), one document. */
export function formatSweepJson(r: SweepResult): string {
  return JSON.stringify(r, null, 1) + '\n';
}
