// `npm run bench`: measures the engine against the host kernel, the old
// algorithms at full size, the page in Chromium and the bundle, prints a
// table (figure, budget, pass/fail) and appends the run to
// docs/PERFORMANCE.md. A report, not a test: exit 0 whatever the budgets
// say; 1 when a figure could not be measured (an error row), 2 on bad options.
//
//   npm run bench -- [--only engine,old,page,bundle] [--runs N] [--quick] [--no-write]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleSizes, MAIN_CHUNK_BUDGET_BYTES } from './bundle-size.mjs';
import { appendSection, describeMachine, loadAverage, markdownSection, textTable, type Row } from './report';
import { smpRows } from './smp';
import { straceRows } from './strace';
import { engineVersusKernel, largeFile, oldFindIpc, processVersusKernel } from './versus';
import { parseOptions, type OptionSpec } from '../../src/cli/options';

const SECTIONS = ['engine', 'old', 'smp', 'strace', 'page', 'bundle'] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `usage: npm run bench -- [--only ${SECTIONS.join(',')}] [--runs N] [--quick] [--no-write]
  engine  the engine against the host kernel (root; cc; fresh namespaces), in process and as whole processes
  old     reproduction 1 before the fix at N = 32768 (engine wall time)
  smp     the multi-CPU model's event rate, and seed 001's sweep through the CLI (scripts/bench/smp.ts)
  strace  a 100,000-line strace log imported, replayed and compared (scripts/bench/strace.ts)
  page    the production build in Chromium (cold load, step latency, fps, memory, long tasks, jumps)
  bundle  gzipped size of the main chunk
  --runs N    runs per figure (default 5; --quick: 3)
  --quick     smaller sizes where they are not the point (1/8 of the kernel workloads, N = 8192)
  --no-write  print only; do not append to docs/PERFORMANCE.md`;

interface Options {
  only: Set<Section>;
  runs: number;
  quick: boolean;
  write: boolean;
}

const OPTIONS = {
  only: { type: 'string' },
  runs: { type: 'string' },
  quick: { type: 'boolean' },
  'no-write': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies OptionSpec;

function parseBenchOptions(argv: string[]): Options | string {
  const parsed = parseOptions(argv, OPTIONS);
  if (!parsed.ok) return parsed.message;
  const { values: v, positionals } = parsed;
  if (v.help === true) return '';
  if (positionals.length > 0) return `unexpected argument ${positionals[0]}`;
  const o: Options = { only: new Set(SECTIONS), runs: v.quick === true ? 3 : 5, quick: v.quick === true, write: v['no-write'] !== true };
  if (v.runs !== undefined) {
    const n = Number(v.runs);
    if (!/^[0-9]+$/.test(v.runs) || n < 1 || n > 100) return '--runs needs a whole number from 1 to 100';
    o.runs = n;
  }
  if (v.only !== undefined) {
    const names = v.only.split(',').filter(Boolean);
    const bad = names.find((n) => !(SECTIONS as readonly string[]).includes(n));
    if (names.length === 0 || bad !== undefined) return `--only takes a list of ${SECTIONS.join(', ')}${bad ? ` (not ${bad})` : ''}`;
    o.only = new Set(names as Section[]);
  }
  return o;
}

function bundleRows(): Row[] {
  const s = bundleSizes();
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const others = s.assets.filter((a) => a.file !== s.main && !s.preloaded.includes(a.file)).map((a) => `${a.file} ${kb(a.gzip)}`);
  return [
    {
      measurement: 'main chunk, gzipped',
      value: s.mainGzip / 1024,
      unit: 'KB',
      budget: `≤ ${MAIN_CHUNK_BUDGET_BYTES / 1024} KB`,
      status: s.mainGzip <= MAIN_CHUNK_BUDGET_BYTES ? 'pass' : 'fail',
      notes: `${[s.main, ...s.preloaded].join(' + ')}, ${kb(s.mainBytes)} raw, gzip -9; also ${others.join(', ')}`,
    },
  ];
}

async function main(): Promise<number> {
  const parsed = parseBenchOptions(process.argv.slice(2));
  if (typeof parsed === 'string') {
    if (parsed === '') {
      console.log(USAGE);
      return 0;
    }
    console.error(`${parsed}\n${USAGE}`);
    return 2;
  }
  const o = parsed;
  const log = (s: string) => console.error(`[bench] ${s}`);
  const loadBefore = loadAverage();
  const rows: Row[] = [];
  let chromium = 'not run';
  const section = async (name: Section, f: () => Row[] | Promise<Row[]>) => {
    if (!o.only.has(name)) return;
    try {
      rows.push(...(await f()));
    } catch (e) {
      rows.push({ measurement: name, value: null, unit: '', budget: '', status: 'error', notes: e instanceof Error ? e.message : String(e) });
    }
  };
  const scale = o.quick ? 1 / 8 : 1;
  await section('engine', () => [...engineVersusKernel({ runs: o.runs, scale, log }), ...processVersusKernel({ runs: o.runs, scale, log }), ...largeFile({ runs: o.runs, scale, log })]);
  await section('old', () => oldFindIpc({ runs: o.runs, scale, log, n: o.quick ? 8192 : 32768 }));
  await section('smp', () => smpRows({ runs: o.runs, log }));
  await section('strace', () => straceRows({ runs: o.runs, log }));
  let buildError: Error | null = null;
  if (o.only.has('page') || o.only.has('bundle')) {
    log('building the site (npm run build)');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: fileURLToPath(new URL('../../', import.meta.url)), encoding: 'utf8' });
    if (build.status !== 0) {
      console.error(`${build.stdout}${build.stderr}`);
      buildError = new Error(`npm run build failed (exit ${build.status}; its output is above the table)`);
    }
  }
  await section('page', async () => {
    if (buildError) throw buildError;
    // Playwright is loaded only when the page is measured
    const { pageBench } = await import('./page');
    const r = await pageBench({ runs: o.runs, quick: o.quick, log });
    chromium = r.chromium;
    return r.rows;
  });
  await section('bundle', () => {
    if (buildError) throw buildError;
    return bundleRows();
  });

  console.log(textTable(rows));
  const machine = describeMachine(loadBefore, chromium);
  console.log(`\n${machine.kernel}, ${machine.cpus}, ${machine.memory}, Node ${machine.node}, Chromium ${machine.chromium}; load ${machine.loadBefore} → ${machine.loadAfter}`);
  if (o.write) {
    const options = [o.quick ? '--quick' : '', `--runs ${o.runs}`, o.only.size < SECTIONS.length ? `--only ${[...o.only].join(',')}` : ''].filter(Boolean).join(' ');
    appendSection(fileURLToPath(new URL('../../docs/PERFORMANCE.md', import.meta.url)), markdownSection(rows, machine, options));
    log('appended to docs/PERFORMANCE.md');
  }
  return rows.some((r) => r.status === 'error') ? 1 : 0;
}

process.exitCode = await main();
