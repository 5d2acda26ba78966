// `ipcscope import` + `run --expect` at scale (issue 19): a 100,000-line
// strace log imports and replays in at most 3 s. The log is made from the
// steady part of the stress-ng --msg fixture (tests/strace/logs): its
// msgsnd/msgrcv traffic on queue 0 between two processes, unfinished and
// resumed halves included, repeated to 100,000 lines after one msgget. One
// unmeasured warm-up run; the figure is the median.
//
//   npx tsx scripts/bench/strace.ts [--runs N]   prints the rows without the rest of the bench
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compareExpectations } from '../../src/engine/import/expect';
import { importStrace } from '../../src/engine/import/strace';
import { runWorkload } from '../../src/engine/run';
import type { Row } from './report';

export const STRACE_BUDGET_S = 3;
const LINES = 100_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The benchmark's log: `lines` lines of real msgsnd/msgrcv traffic. */
export function bigStraceLog(lines = LINES): string {
  const log = readFileSync(fileURLToPath(new URL('../../tests/strace/logs/stress-ng-msg.log', import.meta.url)), 'utf8');
  const traffic = log.split('\n').filter((l) => /^\d+\s+\S+ (msgsnd\(0, |msgrcv\(0, |<\.\.\. msg(snd|rcv) resumed>)/.test(l));
  const first = /^(\d+)/.exec(traffic[0]!)![1]!;
  const out = [`${first}  00:00:00.000000 msgget(IPC_PRIVATE, IPC_CREAT|IPC_EXCL|0600) = 0`];
  // whole rounds of the traffic only, so every resumed half keeps its start
  while (out.length + traffic.length <= lines) out.push(...traffic);
  return out.join('\n') + '\n';
}

export function straceRows(opts: { runs: number; log: (s: string) => void }): Row[] {
  const text = bigStraceLog();
  const lines = text.split('\n').length - 1;
  opts.log(`strace import + replay of a ${lines}-line log`);
  const once = () => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const imported = importStrace([{ name: 'big.log', text }]);
    const t1 = performance.now();
    const run = runWorkload(imported.workload);
    const report = compareExpectations(imported.workload, run.output, run.error !== null);
    const t2 = performance.now();
    if (run.error !== null) throw new Error(`the replay stopped: line ${run.error.line}: ${run.error.message}`);
    if ('error' in report) throw new Error(report.error);
    const c = process.cpuUsage(c0);
    return { importMs: t1 - t0, totalMs: t2 - t0, cpuMs: (c.user + c.system) / 1000, calls: report.checked, differ: report.differences.length };
  };
  once();
  const runs = Array.from({ length: opts.runs }, once);
  const total = median(runs.map((r) => r.totalMs)) / 1000;
  const imp = median(runs.map((r) => r.importMs)) / 1000;
  const r0 = runs[0]!;
  return [
    {
      measurement: `strace log of ${lines} lines: import + replay + compare`,
      value: total,
      unit: 's',
      budget: `≤ ${STRACE_BUDGET_S} s`,
      status: total <= STRACE_BUDGET_S ? 'pass' : 'fail',
      notes: `median of ${opts.runs} (CPU ${(median(runs.map((r) => r.cpuMs)) / 1000).toFixed(2)} s); import alone ${imp.toFixed(2)} s; ${r0.calls} calls of 2 processes, ${r0.differ} differ from the recording`,
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const rows = straceRows({ runs: i > 0 ? Number(process.argv[i + 1]) : 5, log: (s) => console.error(`[bench] ${s}`) });
  for (const r of rows) console.log(`${r.measurement}: ${r.value?.toFixed(2)} ${r.unit} (${r.budget}, ${r.status}) ${r.notes}`);
}
