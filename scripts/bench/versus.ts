// Sections 1 and 2 of the bench: the engine against the host kernel on the
// same workloads, and the old counting /proc/sysvipc read at full size.
//
// Runs are interleaved (kernel, engine, kernel, engine, ...) so that both
// sides see the same load on a shared machine; the figure is the median of
// the per-pair ratios. One unmeasured warm-up pair comes first (the engine's
// JIT, the kernel's slab caches).
import { checkOutput, engineRun, readExample } from './engine';
import { kernelTimer } from './kernel';
import type { Row } from './report';
import { FIND_IPC_EXAMPLE, kernelWorkloads } from './workloads';

export const RATIO_BUDGET = 2;

/** Published before-fix read times (ms) of Aquini's thread, by N. */
export const FIND_IPC_PUBLISHED: Readonly<Record<number, number>> = { 1024: 12, 2048: 18, 4096: 65, 8192: 325, 16384: 1303, 32768: 5182 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface VersusOptions {
  runs: number;
  /** 1 for the full sizes; --quick uses 1/8 */
  scale: number;
  log: (s: string) => void;
}

export function engineVersusKernel(opts: VersusOptions): Row[] {
  const timer = kernelTimer();
  if (!timer.ok) opts.log(`kernel side skipped: ${timer.reason}`);
  const rows: Row[] = [];
  try {
    for (const w of kernelWorkloads(opts.scale)) {
      opts.log(`engine vs kernel: ${w.title}`);
      const engine: number[] = [];
      const kernel: number[] = [];
      let skipped = timer.ok ? null : timer.reason;
      for (let r = -1; r < opts.runs; r++) {
        if (skipped === null && timer.ok) {
          const k = timer.run(w.name, w.args);
          if ('skipped' in k) skipped = k.skipped;
          else {
            const bad = Object.entries(k.check).find(([name, v]) => name !== 'bytes' && name !== 'reads' && v !== 0);
            if (bad !== undefined) throw new Error(`the kernel run of ${w.name} is wrong: ${bad[0]} = ${bad[1]}`);
            if (r >= 0) kernel.push(k.total_ms);
          }
          // the kernel tears a dead namespace down in the background: let it finish before the engine runs
          if (w.settleMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, w.settleMs);
        }
        const e = engineRun(w.text);
        const wrong = checkOutput(e.output, w.expect);
        if (wrong !== null) throw new Error(`the engine run of ${w.name} is wrong: ${wrong}`);
        if (r >= 0) engine.push(e.ms);
      }
      const em = median(engine);
      if (skipped !== null) {
        rows.push({ measurement: `engine/kernel: ${w.title}`, value: null, unit: '×', budget: `≤ ${RATIO_BUDGET}×`, status: 'skipped', notes: `kernel side skipped (${skipped}); engine ${em.toFixed(0)} ms` });
        continue;
      }
      const ratio = median(engine.map((e, i) => e / kernel[i]!));
      rows.push({
        measurement: `engine/kernel: ${w.title}`,
        value: ratio,
        unit: '×',
        budget: `≤ ${RATIO_BUDGET}×`,
        status: ratio <= RATIO_BUDGET ? 'pass' : 'fail',
        notes: `median of ${opts.runs} interleaved pairs; engine ${em.toFixed(1)} ms (runWorkload, in process), kernel ${median(kernel).toFixed(1)} ms (ipctimer, fresh namespaces)`,
      });
    }
  } finally {
    if (timer.ok) timer.dispose();
  }
  return rows;
}

/** Reproduction 1 before the fix (preset 5.13: sysvipc_find_ipc=count), engine wall time against the thread's kernel. */
export function oldFindIpc(opts: VersusOptions & { n: number }): Row[] {
  const text = readExample(FIND_IPC_EXAMPLE);
  const budget = FIND_IPC_PUBLISHED[opts.n];
  if (budget === undefined) throw new Error(`no published figure for N = ${opts.n}`);
  const runs = Math.max(1, Math.min(opts.runs, 3));
  opts.log(`old algorithm: ${FIND_IPC_EXAMPLE} --kernel 5.13 --var N=${opts.n} (${runs} runs)`);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const e = engineRun(text, { preset: '5.13', vars: { N: BigInt(opts.n) } });
    const rows = e.output.split('\n').length - 1;
    // echo + N shmgets + the cat line + header + N rows
    if (rows !== 2 * opts.n + 3) throw new Error(`the engine run of ${FIND_IPC_EXAMPLE} printed ${rows} lines, expected ${2 * opts.n + 3}`);
    times.push(e.ms);
  }
  const ms = median(times);
  return [
    {
      measurement: `old sysvipc_find_ipc (5.13), N = ${opts.n}: engine wall time`,
      value: ms,
      unit: 'ms',
      budget: `≤ ${budget} ms (the thread's kernel)`,
      status: ms <= budget ? 'pass' : 'fail',
      notes: `median of ${runs} (fastest ${Math.min(...times).toFixed(0)} ms); the whole workload (creating ${opts.n} segments + the counting read), runWorkload in process`,
    },
  ];
}
