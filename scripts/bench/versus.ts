// Sections 1 and 2 of the bench: the engine against the host kernel on the
// same workloads (in process against ipctimer's own timer, and the whole
// CLI process against the whole ipctimer process), and the old counting
// /proc/sysvipc read at full size.
//
// Runs are interleaved (kernel, engine, kernel, engine, ...) so that both
// sides see the same load on a shared machine; the figure is the median of
// the per-pair ratios. One unmeasured warm-up pair comes first (the engine's
// JIT, the kernel's slab caches).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOutput, engineRun, readExample, type EngineRun } from './engine';
import { kernelTimer, type KernelTiming } from './kernel';
import type { Row } from './report';
import { FIND_IPC_EXAMPLE, kernelWorkloads, type KernelWorkload } from './workloads';

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

/** How one comparison times each side: the engine run and which kernel figure it is set against. */
interface Sides {
  /** the measurement's name before the workload's title */
  name: string;
  budget: number;
  /** the workloads compared (by ipctimer name); all when absent */
  only?: readonly KernelWorkload['name'][];
  engine(w: KernelWorkload): EngineRun;
  kernelMs(k: KernelTiming): number;
  engineNote: string;
  kernelNote: string;
  /** The workload's rows from its row and the kernel's times (ms, one per measured pair; null when the kernel side was skipped); the row alone when absent. */
  finish?(w: KernelWorkload, row: Row, kernel: number[] | null): Row[];
}

/** In process: runWorkload against ipctimer's own timer (after its exec and unshare). */
export function engineVersusKernel(opts: VersusOptions): Row[] {
  return compare(opts, {
    name: 'engine/kernel',
    budget: RATIO_BUDGET,
    engine: (w) => engineRun(w.text),
    kernelMs: (k) => k.total_ms,
    engineNote: 'runWorkload, in process',
    kernelNote: 'ipctimer, fresh namespaces',
  });
}

export const PROCESS_RATIO_BUDGET = 1.5;

/**
 * What a user runs: the whole `node bin/ipcscope.mjs run FILE` process
 * (start-up, reading the file, printing to a file) against the whole
 * ipctimer process (exec, unshare of fresh namespaces, the calls, exit),
 * both timed by this process around the child. The CLI is rebuilt first,
 * so the figure is the sources' and not a stale bundle's.
 */
export function processVersusKernel(opts: VersusOptions): Row[] {
  const root = buildCli(opts);
  const dir = mkdtempSync(join(tmpdir(), 'ipcscope-bench-cli-'));
  // what Node's own start-up costs here, timed next to each CLI run: `node -e 0`
  // in the same environment, and without NODE_EXTRA_CA_CERTS when it is set
  // (Node reads that CA file before any script runs); then, as an extra figure,
  // the CLI again without it (ipctimer does not read it)
  const bare: Record<string, { asIs: number[]; noCa: number[]; cliNoCa: number[] }> = {};
  const caFile = process.env.NODE_EXTRA_CA_CERTS;
  const noCaEnv = { ...process.env, NODE_EXTRA_CA_CERTS: undefined };
  try {
    return compare(opts, {
      name: PROCESS_ROW_NAME,
      budget: PROCESS_RATIO_BUDGET,
      only: ['shm', 'msg', 'nextid'],
      engine: (w) => {
        const b = (bare[w.title] ??= { asIs: [], noCa: [], cliNoCa: [] });
        b.asIs.push(nodeStartMs(process.env));
        if (caFile !== undefined) b.noCa.push(nodeStartMs(noCaEnv));
        const measured = cliRun(root, dir, w);
        if (caFile !== undefined) {
          const e = cliRun(root, dir, w, noCaEnv);
          const wrong = checkOutput(e.output, w.expect);
          if (wrong !== null) throw new Error(`the engine run of ${w.name} without NODE_EXTRA_CA_CERTS is wrong: ${wrong}`);
          b.cliNoCa.push(e.ms);
        }
        return measured;
      },
      kernelMs: (k) => k.process_ms,
      engineNote: 'node bin/ipcscope.mjs run FILE > file, start-up included',
      kernelNote: 'the ipctimer process, exec and unshare included',
      finish: (w, row, kernel) => {
        const b = bare[w.title]!;
        // the first of each is the unmeasured warm-up pair's
        return processRows(row, {
          budget: PROCESS_RATIO_BUDGET,
          kernel,
          nodeAsIs: b.asIs.slice(1),
          noCa: caFile === undefined ? null : { node: b.noCa.slice(1), cli: b.cliNoCa.slice(1) },
        });
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const PROCESS_ROW_NAME = 'whole process engine/kernel';

/** What processRows reads besides the row: the figures timed next to each of its pairs. */
export interface ProcessFigures {
  budget: number;
  /** the kernel process (ms), one per measured pair; null when the kernel side was skipped */
  kernel: number[] | null;
  /** `node -e 0` in the CLI's environment (ms), one per measured pair */
  nodeAsIs: number[];
  /** with NODE_EXTRA_CA_CERTS unset (ms, one per pair): `node -e 0` and the CLI; null when it is not set */
  noCa: { node: number[]; cli: number[] } | null;
}

/**
 * A whole-process row with what Node's own start-up costs beside it: `node -e 0`'s
 * time; the row's floor, `node -e 0` against the kernel pair by pair, which no Node
 * program can go below, said plainly when it is already over the budget; and, when
 * NODE_EXTRA_CA_CERTS is set, an extra row (status info: it never replaces the
 * measured one) with the ratio of a CLI run without it.
 */
export function processRows(row: Row, f: ProcessFigures): Row[] {
  const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
  const noCa = f.noCa === null ? 'NODE_EXTRA_CA_CERTS not set' : `${ms(f.noCa.node)} without NODE_EXTRA_CA_CERTS`;
  let notes = `${row.notes}; \`node -e 0\` alone ${ms(f.nodeAsIs)} in the same environment (${noCa}), median of the measured runs`;
  if (f.kernel === null || f.kernel.length === 0) return [{ ...row, notes }];
  const kernel = f.kernel;
  const ratio = (xs: number[]) => median(xs.map((x, i) => x / kernel[i]!));
  /** the floor of a row whose Node start-up is `node` (ms per pair), said plainly when over the budget */
  const floor = (node: number[]) => {
    const r = ratio(node);
    const said = `floor \`node -e 0\` / kernel ${r.toFixed(2)}×`;
    return r > f.budget ? `${said}: above the budget of ≤ ${f.budget}×, so no Node program can meet this row in this environment` : said;
  };
  notes += `; ${floor(f.nodeAsIs)}`;
  const rows: Row[] = [{ ...row, notes }];
  if (f.noCa !== null) {
    const title = row.measurement.slice(row.measurement.indexOf(': ') + 2);
    rows.push({
      measurement: `${PROCESS_ROW_NAME}, NODE_EXTRA_CA_CERTS unset: ${title}`,
      value: ratio(f.noCa.cli),
      unit: '×',
      budget: 'none (extra figure)',
      status: 'info',
      notes: `beside the row above, not instead of it: the same pairs, each with one more CLI run with NODE_EXTRA_CA_CERTS unset (ipctimer does not read it); engine ${ms(f.noCa.cli)}, kernel ${ms(kernel)}; ${floor(f.noCa.node)}`,
    });
  }
  return rows;
}

let cliBuilt = false;

/** Builds the CLI from the sources (once per bench), so that its figures are the sources' and not a stale bundle's. Return: the repository's root. */
function buildCli(opts: VersusOptions): string {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  if (cliBuilt) return root;
  opts.log('building the CLI (vite build --config vite.cli.config.ts)');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the CLI does not build: ${build.stderr.trim()}`);
  cliBuilt = true;
  return root;
}

/** The large workload file: this many lines (at scale 1). */
export const LARGE_FILE_LINES = 1_000_000;
/** Its one statement, repeated: 32000 queues (msgmni), then ENOSPC for every other line. */
export const LARGE_FILE_LINE = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)';
export const LARGE_FILE_MS_BUDGET = 3000;
export const LARGE_FILE_MB_BUDGET = 400;

/**
 * Loaded into the CLI process with --require: at exit it writes the
 * process's own peak RSS (KB) and CPU time (µs) to the file named by
 * IPCSCOPE_BENCH_USAGE (Node has no rusage of a child).
 */
const USAGE_HOOK = `process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeFileSync(process.env.IPCSCOPE_BENCH_USAGE, JSON.stringify({ maxRSS: u.maxRSS, cpu: u.userCPUTime + u.systemCPUTime })); });\n`;

/**
 * A workload file of LARGE_FILE_LINES lines through the whole CLI process
 * (`node bin/ipcscope.mjs run FILE > file`, start-up included): its wall
 * time and its peak RSS, each against its budget (issue #14: imported
 * traces are files like this). The median of up to 3 runs; the CPU time
 * (user + system) is in the notes, being what a loaded machine distorts least.
 */
export function largeFile(opts: VersusOptions): Row[] {
  const root = buildCli(opts);
  const lines = Math.round(LARGE_FILE_LINES * opts.scale);
  const runs = Math.max(1, Math.min(opts.runs, 3));
  const dir = mkdtempSync(join(tmpdir(), 'ipcscope-bench-large-'));
  const title = `${lines.toLocaleString('en')}-line workload file (\`${LARGE_FILE_LINE}\` repeated), whole CLI process`;
  opts.log(`${title} (${runs} runs)`);
  try {
    const file = join(dir, 'large.ipc');
    const out = join(dir, 'large.out');
    const usageFile = join(dir, 'usage.json');
    const hook = join(dir, 'usage-hook.cjs');
    writeFileSync(file, `${LARGE_FILE_LINE}\n`.repeat(lines));
    writeFileSync(hook, USAGE_HOOK);
    const wall: number[] = [];
    const rss: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < runs; r++) {
      rmSync(usageFile, { force: true });
      const fd = openSync(out, 'w');
      let p: ReturnType<typeof spawnSync>;
      const t0 = performance.now();
      try {
        p = spawnSync(process.execPath, ['--require', hook, join(root, 'bin/ipcscope.mjs'), 'run', file], {
          stdio: ['ignore', fd, 'pipe'],
          env: { ...process.env, IPCSCOPE_BENCH_USAGE: usageFile },
          timeout: 300_000,
        });
      } finally {
        closeSync(fd);
      }
      wall.push(performance.now() - t0);
      if (p.status !== 0) throw new Error(`ipcscope run of the large file failed (exit ${p.status}): ${String(p.stderr ?? p.error ?? '').trim()}`);
      const wrong = checkLargeOutput(readFileSync(out, 'utf8'), lines);
      if (wrong !== null) throw new Error(`the large file's run is wrong: ${wrong}`);
      const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRSS: number; cpu: number };
      rss.push(usage.maxRSS / 1024);
      cpu.push(usage.cpu / 1000);
    }
    const ms = median(wall);
    const mb = median(rss);
    const each = (xs: number[], unit: string) => xs.map((x) => `${x.toFixed(0)}${unit}`).join(', ');
    return [
      {
        measurement: `${title}: wall time`,
        value: ms,
        unit: 'ms',
        budget: `≤ ${LARGE_FILE_MS_BUDGET} ms`,
        status: ms <= LARGE_FILE_MS_BUDGET ? 'pass' : 'fail',
        notes: `median of ${runs} (${each(wall, ' ms')}); CPU (user + system) ${median(cpu).toFixed(0)} ms (${each(cpu, ' ms')}); output to a file`,
      },
      {
        measurement: `${title}: peak RSS`,
        value: mb,
        unit: 'MB',
        budget: `≤ ${LARGE_FILE_MB_BUDGET} MB`,
        status: mb <= LARGE_FILE_MB_BUDGET ? 'pass' : 'fail',
        notes: `median of ${runs} (${each(rss, ' MB')}); the process's own maxRSS at exit (process.resourceUsage, through a --require hook)`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the large file must print: one line per statement, the 32001st and later ENOSPC. Return: null or what is wrong. */
export function checkLargeOutput(output: string, lines: number): string | null {
  const got = output.length === 0 ? 0 : output.split('\n').length - 1;
  if (got !== lines) return `printed ${got} lines, expected ${lines}`;
  if (lines === 0) return null;
  const last = `msgget(IPC_PRIVATE, IPC_CREAT|0600) = ${lines > 32000 ? '-1 ENOSPC (No space left on device)' : String(lines - 1)}\n`;
  if (!output.endsWith(last)) return `the last line is not ${JSON.stringify(last)}`;
  return null;
}

/** One `node -e 0` process with environment `env`, timed around the child as cliRun is. */
function nodeStartMs(env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-e', '0'], { env, stdio: 'ignore', timeout: 60_000 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node -e 0 failed (exit ${r.status})`);
  return ms;
}

function cliRun(root: string, dir: string, w: KernelWorkload, env: NodeJS.ProcessEnv = process.env): EngineRun {
  const file = join(dir, `${w.name}.ipc`);
  const out = join(dir, `${w.name}.out`);
  writeFileSync(file, w.text);
  const fd = openSync(out, 'w');
  let r: ReturnType<typeof spawnSync>;
  const t0 = performance.now();
  try {
    r = spawnSync(process.execPath, [join(root, 'bin/ipcscope.mjs'), 'run', file], { stdio: ['ignore', fd, 'pipe'], env, timeout: 300_000 });
  } finally {
    closeSync(fd);
  }
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`ipcscope run ${w.name} failed (exit ${r.status}): ${String(r.stderr ?? r.error ?? '').trim()}`);
  return { ms, output: readFileSync(out, 'utf8') };
}

function compare(opts: VersusOptions, sides: Sides): Row[] {
  const timer = kernelTimer();
  if (!timer.ok) opts.log(`kernel side skipped: ${timer.reason}`);
  const rows: Row[] = [];
  try {
    for (const w of kernelWorkloads(opts.scale)) {
      if (sides.only !== undefined && !sides.only.includes(w.name)) continue;
      opts.log(`${sides.name}: ${w.title}`);
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
            if (r >= 0) kernel.push(sides.kernelMs(k));
          }
          // the kernel tears a dead namespace down in the background: let it finish before the engine runs
          if (w.settleMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, w.settleMs);
        }
        const e = sides.engine(w);
        const wrong = checkOutput(e.output, w.expect);
        if (wrong !== null) throw new Error(`the engine run of ${w.name} is wrong: ${wrong}`);
        if (r >= 0) engine.push(e.ms);
      }
      const em = median(engine);
      const measurement = `${sides.name}: ${w.title}`;
      const budget = `≤ ${sides.budget}×`;
      const finish = (row: Row, k: number[] | null) => rows.push(...(sides.finish?.(w, row, k) ?? [row]));
      if (skipped !== null) {
        finish({ measurement, value: null, unit: '×', budget, status: 'skipped', notes: `kernel side skipped (${skipped}); engine ${em.toFixed(0)} ms` }, null);
        continue;
      }
      const ratio = median(engine.map((e, i) => e / kernel[i]!));
      finish(
        {
          measurement,
          value: ratio,
          unit: '×',
          budget,
          status: ratio <= sides.budget ? 'pass' : 'fail',
          notes: `median of ${opts.runs} interleaved pairs; engine ${em.toFixed(1)} ms (${sides.engineNote}), kernel ${median(kernel).toFixed(1)} ms (${sides.kernelNote})`,
        },
        kernel,
      );
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
