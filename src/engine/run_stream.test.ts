import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listCorpus } from '../../tests/conformance/corpus';
import { runWorkload, STREAM_PART, streamWorkload, type RunResult, type RunWorkloadOptions } from './run';
import { streamPlainParts } from './run_plain';
import { anyProgram } from './script/fuzz_programs';

/** The text of UTF-8 chunks (a character's bytes may be split between two). */
const joined = (chunks: Uint8Array[]): string => Buffer.concat(chunks).toString('utf8');

/** streamWorkload's result with its chunks joined into `output`, and the chunks. */
function streamed(text: string, opts: RunWorkloadOptions = {}): { result: RunResult; chunks: Uint8Array[] } {
  const chunks: Uint8Array[] = [];
  const r = streamWorkload(text, (c) => chunks.push(c), opts);
  expect(r.output).toBe('');
  return { result: { ...r, output: joined(chunks) }, chunks };
}

function expectSameAsRun(text: string, opts: RunWorkloadOptions = {}): void {
  const whole = runWorkload(text, opts);
  const { result } = streamed(text, opts);
  expect(result.output).toBe(whole.output);
  expect(result.exitCode).toBe(whole.exitCode);
  expect(result.error).toEqual(whole.error);
  expect(result.costs).toEqual(whole.costs);
  expect(result.steps).toBe(whole.steps);
}

/** Every recorded workload and seed example, by name: one test each, so a slow one is seen (and timed) alone. */
function corpusAndExamples(): [string, string][] {
  const named: [string, string][] = listCorpus().map((e) => [e.name, e.text]);
  const dir = new URL('../../public/examples/', import.meta.url);
  for (const f of readdirSync(dir)) if (f.endsWith('.ipc')) named.push([`examples/${f}`, readFileSync(new URL(f, dir), 'utf8')]);
  return named;
}

const SMALL_RUN: RunWorkloadOptions = {
  maxSteps: 200_000,
  vars: new Map([
    ['N', 40n],
    ['PAIRS', 2n],
    // the semaphore stories' multi-CPU runs (006-008), kept small
    ['SEMS', 2n],
  ]),
};

describe('streamWorkload', () => {
  const named = corpusAndExamples();
  it('has the corpus and the examples to compare', () => {
    expect(named.length).toBeGreaterThan(50);
  });

  it.each(named)('prints, exits and counts exactly as runWorkload: %s', (_name, text) => {
    expectSameAsRun(text, SMALL_RUN);
  });

  it('matches runWorkload on generated programs, valid or not', () => {
    fc.assert(
      fc.property(anyProgram, (src) => {
        expectSameAsRun(src, { maxSteps: 3000 });
      }),
      { numRuns: 150 },
    );
  });

  it('hands the output out while it runs, in parts, with variables and steps carried across them', () => {
    const lines = ['q = msgget(IPC_PRIVATE, IPC_CREAT|0600)'];
    for (let i = 0; i < STREAM_PART + 300; i++) lines.push(`msgsnd(q, ${(i % 300) + 1}, 1, IPC_NOWAIT)`);
    lines.push('repeat 3000 { msgrcv(q, 0, 1, IPC_NOWAIT) }', 'msgctl(q, IPC_RMID)');
    const text = lines.join('\n');
    const { result, chunks } = streamed(text);
    expect(chunks.length).toBeGreaterThan(3);
    expect(result.output).toBe(runWorkload(text).output);
    expect(result.output.split('\n')).toHaveLength(1 + STREAM_PART + 300 + 3000 + 1 + 1);
    // each operation is a step, and so is each loop iteration
    expect(result.steps).toBe(1 + STREAM_PART + 300 + 3000 + 3000 + 1);
  });

  it('stops at a run-time error in a later part, with the output before it', () => {
    const n = STREAM_PART + 200;
    const text = [...Array.from({ length: n }, () => 'msgget(IPC_PRIVATE, 0600)'), 'msgctl(nope, IPC_RMID)', 'msgget(IPC_PRIVATE, 0600)'].join('\n');
    const { result } = streamed(text);
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatchObject({ code: 'undefined_variable', line: n + 1 });
    expect(result.output.split('\n')).toHaveLength(n + 1);
    expectSameAsRun(text);
  });

  it('spends the step budget across parts as one run does', () => {
    const text = Array.from({ length: STREAM_PART + 150 }, () => 'msgget(IPC_PRIVATE, 0600)').join('\n');
    const { result } = streamed(text, { maxSteps: STREAM_PART + 100 });
    expect(result.error).toMatchObject({ code: 'step_limit', line: STREAM_PART + 101 });
    expectSameAsRun(text, { maxSteps: STREAM_PART + 100 });
  });

  it('prints nothing for a parse error after more than a part of good lines', () => {
    const text = Array.from({ length: STREAM_PART + 100 }, () => 'msgget(IPC_PRIVATE, 0600)').join('\n') + '\nmsgget(IPC_PRIVATE\n';
    const { result, chunks } = streamed(text);
    expect(chunks).toEqual([]);
    expect(result.exitCode).toBe(2);
    expect(result.error?.line).toBe(STREAM_PART + 101);
  });
});

describe('streamPlainParts', () => {
  it('yields after each part, once its lines went to write, and returns what streamWorkload returns', () => {
    const text = Array.from({ length: 2 * STREAM_PART + 7 }, (_, i) => (i % 2 ? 'msgctl(q, IPC_RMID)' : 'q = msgget(IPC_PRIVATE, 0600)')).join('\n');
    const chunks: Uint8Array[] = [];
    const parts = streamPlainParts(text, (c) => chunks.push(c));
    const linesAtYield: number[] = [];
    let r = parts.next();
    while (r.done !== true) {
      linesAtYield.push(joined(chunks).split('\n').length - 1);
      r = parts.next();
    }
    expect(linesAtYield).toEqual([STREAM_PART, 2 * STREAM_PART, 2 * STREAM_PART + 7]);
    const whole = streamed(text);
    expect(joined(chunks)).toBe(whole.result.output);
    expect(r.value).toEqual({ ...whole.result, output: '' });
  });

  it('returns null at once, having written nothing, for a workload that must run whole', () => {
    const chunks: Uint8Array[] = [];
    const parts = streamPlainParts('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@a semop(s, {0, -1})\nsemop(s, {0, 1})\n', (c) => chunks.push(c));
    expect(parts.next()).toEqual({ done: true, value: null });
    expect(chunks).toEqual([]);
  });
});

describe('calls outside loops', () => {
  // with constant arguments a call is planned once per run (operations.ts), as in a loop; with a variable it is not
  const CALLS = [
    'msgsnd(K, 1, "hi", 0)',
    'msgsnd(K, 1, "hi", 0)',
    'msgrcv(K, 2, 0, IPC_NOWAIT)',
    'msgctl(K, IPC_STAT)',
    'msgctl(K, IPC_STAT, msg_qnum)',
    'semget(K, 1, 0600)',
    'shmget(K, 4096, IPC_CREAT|0600)',
  ];

  it('print with constant arguments exactly what they print with the same values in variables, repeated or not', () => {
    const head = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n';
    const withVariable = runWorkload(`#@default K=0\n${head}${CALLS.join('\n')}\n`);
    const constant = `${head}${CALLS.map((c) => c.replace('K', '0')).join('\n')}\n`;
    const planned = runWorkload(constant);
    expect(planned.error).toBeNull();
    expect(planned.output).toBe(withVariable.output);
    expect(planned.output.split('msgsnd(0, 1, "hi", 0) = 0\n')).toHaveLength(3);
    expect(streamed(constant).result.output).toBe(planned.output);
  });
});
