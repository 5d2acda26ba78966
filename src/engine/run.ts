/**
 * Running a workload end to end: parse it, boot a fresh simulated kernel
 * (fresh IPC and network namespaces, as kernel_replay.py's `unshare -i -n`
 * gives), execute it, and return the contract output with the exit status
 * the reference would give (0 ran to the end, 2 parse or run-time error,
 * 3 internal failure). A program with multi-CPU declarations runs on the
 * SMP model (smp/smp_run.ts): the setup's lines, then its summary. A plain
 * workload streams through run_plain.ts, which has no multi-CPU model.
 */
import { newProbe, type Probe } from './probe';
import { errorExitCode } from './script/errors';
import { encodeText } from './script/output';
import { parse } from './script/parser';
import { formatSmpSummary } from './smp/smp_format';
import { isSmpProgram, runSmpProgram } from './smp/smp_run';
import { boot, createKernelRun, streamPlainWorkload, type RunResult, type RunWorkloadOptions } from './run_plain';

export { createKernelRun, STREAM_PART, type RunResult, type RunWorkloadOptions } from './run_plain';

/** Parses and runs `text` on a fresh kernel. Never throws. */
export function runWorkload(text: string, opts: RunWorkloadOptions = {}): RunResult {
  const probe = opts.probe ?? newProbe();
  const parsed = parse(text);
  if (!parsed.ok) return { output: '', exitCode: 2, error: parsed.error, costs: probe.costs, steps: 0 };
  const booted = boot(text, opts, probe);
  if ('exitCode' in booted) return booted;
  if (isSmpProgram(parsed.program)) return runSmp(parsed.program, opts, probe, booted.vars);
  const run = createKernelRun(parsed.program, booted.kernel, booted.options);
  const { output, error } = run.runToEnd();
  return { output, exitCode: error === null ? 0 : errorExitCode(error), error, costs: probe.costs, steps: run.state.steps };
}

/**
 * runWorkload for texts of any size: the same result, but the output goes
 * to `write` as it is made (in order, in chunks of UTF-8 bytes) and the text is never held
 * as one tree (run_plain.ts's streamPlainWorkload). A multi-CPU or
 * multi-process workload (whose processes live across all its statements),
 * or a probe with a tracer (whose events carry lines), runs as in
 * runWorkload and its output is written in one piece.
 * Return: runWorkload's result with `output` ''. Never throws; a `write`
 * that throws ends the run with an internal error.
 */
export function streamWorkload(text: string, write: (chunk: Uint8Array) => void, opts: RunWorkloadOptions = {}): RunResult {
  const probe = opts.probe ?? newProbe();
  const streamed = streamPlainWorkload(text, write, { ...opts, probe });
  if (streamed !== null) return streamed;
  const r = runWorkload(text, { ...opts, probe });
  if (r.output.length > 0) write(encodeText(r.output));
  return { ...r, output: '' };
}

function runSmp(program: Parameters<typeof runSmpProgram>[0], opts: RunWorkloadOptions, probe: Probe, vars: Map<string, bigint>): RunResult {
  const r = runSmpProgram(program, {
    ...(opts.config === undefined ? {} : { config: opts.config }),
    vars,
    ...(opts.smpConstants === undefined ? {} : { overrides: opts.smpConstants }),
    ...(opts.smpLocks === undefined ? {} : { locks: opts.smpLocks }),
    ...(opts.maxSteps === undefined ? {} : { maxSteps: opts.maxSteps }),
    ...(probe.trace === null ? {} : { trace: probe.trace }),
  });
  const output = r.result === null ? r.output : r.output + formatSmpSummary(r.result);
  return { output, exitCode: r.exitCode, error: r.error, costs: r.costs, steps: 0, ...(r.result === null ? {} : { smp: r.result }) };
}
