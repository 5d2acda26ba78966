// The bench's output: one row per figure, printed as a table on stdout and
// appended, with a description of the machine, to docs/PERFORMANCE.md.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import os from 'node:os';

export interface Row {
  measurement: string;
  /** null when there is no figure (skipped, n/a, error) */
  value: number | null;
  unit: string;
  budget: string;
  /** n/a: the page lacks what the figure needs; skipped: the host cannot run it; error: the bench failed to measure it; info: an extra figure beside a measured row, not held to a budget */
  status: 'pass' | 'fail' | 'n/a' | 'skipped' | 'error' | 'info';
  notes: string;
}

export interface Machine {
  date: string;
  commit: string;
  kernel: string;
  cpus: string;
  memory: string;
  node: string;
  chromium: string;
  loadBefore: string;
  loadAfter: string;
}

export function formatValue(r: Row): string {
  if (r.value === null) return '–';
  const v = r.value;
  const digits = r.unit === 'long tasks' || Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return `${v.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${r.unit}`;
}

/** A plain-text table for the terminal (notes on their own indented line). */
export function textTable(rows: Row[]): string {
  const cols = rows.map((r) => [r.measurement, formatValue(r), r.budget, r.status.toUpperCase()]);
  const head = ['measurement', 'figure', 'budget', 'result'];
  const w = head.map((h, i) => Math.max(h.length, ...cols.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => (i === 1 ? x.padStart(w[i]!) : x.padEnd(w[i]!))).join('  ');
  const out = [line(head), w.map((n) => '-'.repeat(n)).join('  ')];
  rows.forEach((r, i) => {
    out.push(line(cols[i]!));
    if (r.notes) out.push(`    ${r.notes}`);
  });
  return out.join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownSection(rows: Row[], m: Machine, options: string): string {
  const lines = [
    '',
    `## ${m.date} — ${m.commit}`,
    '',
    `Machine: ${m.kernel}, ${m.cpus}, ${m.memory}; Node ${m.node}; Chromium ${m.chromium}.`,
    `Load average (1/5/15 min) before: ${m.loadBefore}; after: ${m.loadAfter}. Options: ${options || '(none)'}.`,
    '',
    '| measurement | figure | budget | result | notes |',
    '|---|---:|---|---|---|',
    ...rows.map((r) => `| ${cell(r.measurement)} | ${cell(formatValue(r))} | ${cell(r.budget)} | ${r.status === 'pass' || r.status === 'info' ? r.status : `**${r.status}**`} | ${cell(r.notes)} |`),
  ];
  const missed = rows.filter((r) => r.status === 'fail');
  lines.push('', missed.length === 0 ? 'Every measured figure is within its budget.' : `Over budget: ${missed.map((r) => r.measurement).join('; ')}.`, '');
  return lines.join('\n');
}

export function appendSection(path: string, section: string): void {
  appendFileSync(path, section);
}

const sh = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

export function describeMachine(loadBefore: string, chromium: string): Machine {
  const head = sh('git', ['rev-parse', '--short', 'HEAD']) || 'unknown commit';
  const dirty = sh('git', ['status', '--porcelain', '--untracked-files=no']) !== '';
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    commit: `commit ${head}${dirty ? ' with uncommitted changes' : ''}`,
    kernel: `${os.type()} ${os.release()} (${os.arch()})`,
    cpus: `${os.availableParallelism()} CPUs (${cpu})`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    chromium,
    loadBefore,
    loadAfter: loadAverage(),
  };
}
