/**
 * Conformance of the engine against the real kernel.
 *
 *   tsx scripts/conformance.ts [--check] [FILTER]
 *       run the committed workloads on the engine, compare with the
 *       recordings; prints `conformance: N passed, M failed[, K pending]`
 *       (pending: part-2 workloads the engine cannot parse yet, listed
 *       with the reason; they do not fail the run)
 *   tsx scripts/conformance.ts --record [FILTER]
 *       re-record the committed workloads on this host's kernel (root,
 *       Linux, `unshare -i`); writes tests/conformance/expected/
 *   tsx scripts/conformance.ts --fuzz N [--seed S] [--net | --procs] [--allow-skip]
 *       N generated workloads (seeds S, S+1, ...) on the host kernel and on
 *       the engine; prints each workload that differs with its differences.
 *       --procs: multi-process workloads (part 2 of the language); those the
 *       engine cannot run yet (parse error, or unmodeled_operation) are
 *       pending, and a run where all are pending prints `conformance:
 *       SKIPPED: ...` like an unusable host
 *
 * Exit status: 0 all agree, 1 differences (or the host kernel is not
 * usable, unless --allow-skip), 2 bad usage.
 */
import { formatDifferences } from '../tests/conformance/compare';
import { listCorpus, writeRecording } from '../tests/conformance/corpus';
import { generateProcsWorkload, generateWorkload } from '../tests/conformance/generate';
import { hostUnavailableReason, recordOnHost } from '../tests/conformance/host';
import { parseOptions, type OptionSpec } from '../src/cli/options';
// a type only: the module itself is imported lazily below
import type * as ConformanceEngine from '../tests/conformance/engine';

interface Args {
  mode: 'check' | 'record' | 'fuzz';
  filter: string;
  count: number;
  seed: number;
  net: boolean;
  procs: boolean;
  allowSkip: boolean;
}

function usage(message: string): never {
  console.error(`conformance: ${message}`);
  console.error('usage: conformance.ts [--check] [FILTER] | --record [FILTER] | --fuzz N [--seed S] [--net | --procs] [--allow-skip]');
  process.exit(2);
}

const OPTIONS = {
  check: { type: 'boolean' },
  record: { type: 'boolean' },
  fuzz: { type: 'string' },
  seed: { type: 'string' },
  net: { type: 'boolean' },
  procs: { type: 'boolean' },
  'allow-skip': { type: 'boolean' },
} satisfies OptionSpec;

function parseArgs(argv: string[]): Args {
  const parsed = parseOptions(argv, OPTIONS);
  if (!parsed.ok) usage(parsed.message);
  const { values: o, positionals } = parsed;
  const number = (flag: string, value: string): number => {
    if (!/^\d+$/.test(value)) usage(`${flag} needs a non-negative integer`);
    return Number(value);
  };
  if ([o.check, o.record, o.fuzz !== undefined].filter(Boolean).length > 1) usage('give one of --check, --record and --fuzz');
  if (positionals.length > 1) usage('give at most one FILTER');
  if (o.net === true && o.procs === true) usage('--net and --procs generate different workloads: pick one');
  return {
    mode: o.record === true ? 'record' : o.fuzz !== undefined ? 'fuzz' : 'check',
    filter: positionals[0] ?? '',
    count: o.fuzz === undefined ? 0 : number('--fuzz', o.fuzz),
    seed: o.seed === undefined ? 1 : number('--seed', o.seed),
    net: o.net === true,
    procs: o.procs === true,
    allowSkip: o['allow-skip'] === true,
  };
}

/** The engine is loaded only when needed, so --record works while it does not build. */
async function loadEngine(): Promise<typeof ConformanceEngine> {
  return import('../tests/conformance/engine');
}

async function check(filter: string): Promise<number> {
  const { checkAgainst, pendingNotice, pendingReason } = await loadEngine();
  let passed = 0;
  let failed = 0;
  const pending: { name: string; reason: string }[] = [];
  for (const entry of listCorpus(filter)) {
    const reason = pendingReason(entry);
    if (reason) {
      pending.push({ name: entry.name, reason });
      continue;
    }
    if (!entry.expected) {
      console.log(`${entry.name}: not recorded (run --record)`);
      failed++;
      continue;
    }
    const { differences } = checkAgainst(entry.text, entry.expected);
    if (differences.length === 0) {
      passed++;
      continue;
    }
    failed++;
    console.log(`FAIL ${entry.name} (${differences.length} differences)\n${formatDifferences(differences, 10)}\n`);
  }
  const notice = pendingNotice(pending);
  if (notice) console.log(notice);
  console.log(`conformance: ${passed} passed, ${failed} failed${pending.length ? `, ${pending.length} pending` : ''}`);
  return failed === 0 ? 0 : 1;
}

function record(filter: string): number {
  const why = hostUnavailableReason();
  if (why) {
    console.error(`conformance: cannot record: ${why}`);
    return 1;
  }
  const entries = listCorpus(filter);
  for (const entry of entries) {
    const rec = recordOnHost(entry.text);
    if (rec.exitCode === 3) {
      console.error(`conformance: ${entry.name}: the recorder failed: ${rec.stderr.trim()}`);
      return 1;
    }
    writeRecording(entry.name, { output: rec.output, exitCode: rec.exitCode });
    console.log(`${entry.name}: ${rec.output.split('\n').length - 1} lines${rec.exitCode ? `, exit ${rec.exitCode}` : ''}`);
  }
  console.log(`conformance: recorded ${entries.length} workload${entries.length === 1 ? '' : 's'}`);
  return 0;
}

async function fuzz(args: Args): Promise<number> {
  const why = hostUnavailableReason();
  if (why) {
    console.log(`conformance: SKIPPED: ${why}`);
    return args.allowSkip ? 0 : 1;
  }
  const { checkAgainst, engineCannotRun } = await loadEngine();
  const what = args.net ? ' (net)' : args.procs ? ' (procs)' : '';
  let differing = 0;
  const pending: number[] = [];
  let firstPending = '';
  for (let seed = args.seed; seed < args.seed + args.count; seed++) {
    const text = args.procs ? generateProcsWorkload(seed) : generateWorkload(seed, { net: args.net });
    const unparsed = args.procs ? engineCannotRun(text) : null;
    if (unparsed) {
      // part 2 the engine does not run yet: not run on the host either
      pending.push(seed);
      firstPending ||= unparsed;
      continue;
    }
    const host = recordOnHost(text, { net: args.net });
    if (host.exitCode === 3) {
      console.log(`conformance: seed ${seed}: the recorder failed: ${host.stderr.trim()}`);
      return 1;
    }
    const { differences } = checkAgainst(text, host);
    if (differences.length === 0) continue;
    differing++;
    console.log(`=== seed ${seed}: ${differences.length} differences\n${text}--- differences\n${formatDifferences(differences)}\n`);
  }
  if (pending.length === args.count && args.count > 0) {
    console.log(`conformance: SKIPPED: the engine cannot run these multi-process workloads yet (first: ${firstPending}); ${args.count} workloads pending`);
    return args.allowSkip ? 0 : 1;
  }
  if (pending.length) console.log(`conformance: ${pending.length} workloads pending, the engine cannot run them yet (first: ${firstPending}): seeds ${pending.join(' ')}`);
  const checked = args.count - pending.length;
  console.log(`conformance: fuzz ${checked} workloads from seed ${args.seed}${what}: ${checked - differing} agree, ${differing} differ`);
  return differing === 0 ? 0 : 1;
}

const args = parseArgs(process.argv.slice(2));
process.exit(args.mode === 'record' ? record(args.filter) : args.mode === 'fuzz' ? await fuzz(args) : await check(args.filter));
