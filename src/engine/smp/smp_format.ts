/**
 * The text summary of a multi-CPU run (`ipcscope run` prints it after the
 * setup's lines): throughput, where the CPUs' time went (totals, then per
 * socket), the hottest cache lines, the locks with waits, and the result
 * counts per call. Deterministic: the same result gives the same text.
 */
import type { SmpResult } from './types';

const pct = (part: number, whole: number) => (whole > 0 ? ((100 * part) / whole).toFixed(1) : '0.0') + '%';
/** A rounded integer with commas between groups of three digits, as toLocaleString('en-US') writes it (whose first call loads ICU: 20-40 ms of a run). */
export const fmtInt = (n: number): string => {
  const r = Math.round(n);
  // beyond 2^53 String() may write an exponent: leave those to toLocaleString
  if (!(Math.abs(r) <= Number.MAX_SAFE_INTEGER)) return r.toLocaleString('en-US');
  const digits = String(Math.abs(r));
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return (r < 0 || Object.is(r, -0) ? '-' : '') + out;
};
const fmtNs = (ns: number) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(3)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(0)} ns`);

/** The summary of `r` as lines of text ending in a newline; `top` caps the line and lock tables. */
export function formatSmpSummary(r: SmpResult, top = 6): string {
  const t = r.topology;
  const nr = r.cpus.length;
  const out: string[] = [];
  out.push(
    `# smp: ${t.sockets} socket(s) x ${t.cores} core(s) x ${t.threads} thread(s) = ${nr} CPUs, machine ${r.machine}, ${r.tasks.length} tasks, ${fmtNs(r.duration)} measured${r.warmup > 0 ? ` after ${fmtNs(r.warmup)} of warm-up` : ''}`,
  );
  if (r.semops === undefined) out.push(`# throughput: ${fmtInt(r.throughput)} messages/s (${fmtInt(r.messages)} msgsnd), ${fmtInt(r.ops_per_sec)} syscalls/s`);
  else out.push(`# throughput: ${fmtInt(r.throughput)} ops/s (${fmtInt(r.semops)} semop, ${fmtInt(r.messages)} msgsnd), ${fmtInt(r.ops_per_sec)} syscalls/s`);
  const sl = r.sem_locks;
  if (sl !== undefined)
    out.push(
      `# sem_lock: ${fmtInt(sl.global)} semops under sem_perm.lock, ${fmtInt(sl.per_sem)} under their semaphore's lock; ${fmtInt(sl.sweeps)} switches to global mode (sweeps of every semaphore's lock), ${fmtNs(sl.sweep_ns)} in them`,
    );
  const total = { running: 0, spinning: 0, stalled: 0, idle: 0 };
  for (const c of r.cpus) {
    total.running += c.running;
    total.spinning += c.spinning;
    total.stalled += c.stalled;
    total.idle += c.idle;
  }
  const all = r.duration * nr;
  out.push(`# cpu time: running ${pct(total.running, all)}, spinning ${pct(total.spinning, all)}, stalled on cache lines ${pct(total.stalled, all)}, idle ${pct(total.idle, all)}`);
  for (let s = 0; s < t.sockets && t.sockets > 1; s++) {
    const cs = r.cpus.filter((c) => c.socket === s);
    const w = r.duration * cs.length;
    const sum = (k: 'running' | 'spinning' | 'stalled' | 'idle') => cs.reduce((a, c) => a + c[k], 0);
    out.push(`#   socket ${s}: running ${pct(sum('running'), w)}, spinning ${pct(sum('spinning'), w)}, stalled ${pct(sum('stalled'), w)}, idle ${pct(sum('idle'), w)}`);
  }
  const lines = r.lines.filter((l) => l.stall_ns > 0).slice(0, top);
  if (lines.length > 0) {
    out.push('# cache lines (by CPU time stalled): line, transfers smt/socket/remote/memory, stalled');
    for (const l of lines) {
      const x = l.transfers;
      out.push(`#   ${l.line.padEnd(18)} ${x.smt}/${x.socket}/${x.remote}/${x.memory}  ${fmtNs(l.stall_ns)} (${pct(l.stall_ns, all)} of CPU time)`);
    }
  }
  const locks = r.locks.filter((l) => l.acquisitions > 0).slice(0, top);
  if (locks.length > 0) {
    out.push('# locks (by time waited): lock, kind, acquisitions, contended, waited');
    for (const l of locks) out.push(`#   ${l.lock.padEnd(18)} ${l.kind.padEnd(8)} ${l.acquisitions} ${l.contended} ${fmtNs(l.wait_ns)}`);
  }
  const results = Object.entries(r.results);
  if (results.length > 0) out.push(`# results: ${results.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  return out.join('\n') + '\n';
}
