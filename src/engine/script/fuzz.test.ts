import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkloadAbort, type WorkloadError } from './errors';
import { createFakeKernel, FAKE_SYSCALLS, hashResult, type FakeKernel } from './fake_kernel';
import { anyProgram, multiCpuProgram, randomText, validProgram } from './fuzz_programs';
import { runWorkload } from '../run';
import { createRun } from './interpreter';
import { parse } from './parser';
import { lineStarts } from './source_map';

const FILES: [string, string][] = [
  ['/proc/sys/kernel/msgmni', '32000\n'],
  ['/proc/sys/kernel/msg_next_id', '-1\n'],
  ['/proc/sys/kernel/sem', '32000\t1024000000\t500\t32000\n'],
  ['/proc/sysvipc/msg', '       key      msqid perms\n         0          0   600'],
  ['/proc/sys/net/core/somaxconn', '4096\n'],
  ['/proc/sys/fs/mqueue/msg_max', '10\n'],
];
const kernel = () => createFakeKernel({ files: new Map(FILES), dirs: new Map([['/proc/net/dev_snmp6', ['lo', '.hidden', 'ifb0']]]) });

function expectPositioned(src: string, e: WorkloadError): void {
  expect(e.line).toBeGreaterThanOrEqual(1);
  expect(e.column).toBeGreaterThanOrEqual(1);
  expect(e.line).toBeLessThanOrEqual(lineStarts(src).length);
  expect(e.start).toBeLessThanOrEqual(src.length);
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.message).not.toMatch(/[\n\r\u2028\u2029]/);
}

/** Parses and runs `src`; returns how it ended. Any exception escaping is a test failure. */
function runAny(src: string, maxSteps = 2000): { output: string; error: WorkloadError | null; parsed: boolean } {
  const p = parse(src);
  if (!p.ok) {
    expectPositioned(src, p.error);
    return { output: '', error: p.error, parsed: false };
  }
  const { output, error } = createRun(p.program, kernel(), { syscalls: FAKE_SYSCALLS, maxSteps }).runToEnd();
  if (error !== null) {
    expectPositioned(src, error);
    expect(error.code).not.toBe('internal_error');
  }
  return { output, error, parsed: true };
}

describe('fuzzing the language', () => {
  it('every program either runs or ends with a positioned WorkloadError, and nothing else escapes', () => {
    fc.assert(
      fc.property(anyProgram, (src) => {
        runAny(src);
      }),
      { numRuns: 4000, seed: 20260101 },
    );
  });

  it('random text never makes the parser throw', () => {
    fc.assert(
      fc.property(randomText, (src) => {
        const r = parse(src);
        if (!r.ok) expectPositioned(src, r.error);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  // a hang would hit vitest's test timeout; the assertion is that every runaway stops with step_limit
  it('the machine never hangs: runaway loops stop at the step budget', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 1e12 }), fc.integer({ min: 0, max: 3 }), (n, shape) => {
        const src = [`repeat ${n} { }`, `for i in 0..${n} { msgget(i, 0) }`, `repeat ${n} { repeat ${n} { } }`, `repeat 2 { for i in -${n}..${n} { repeat 1 { } } }`][shape]!;
        const { error } = runAny(src, 1000);
        if (n > 1000) expect(error?.code).toBe('step_limit');
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it('valid programs run to the end', () => {
    fc.assert(
      fc.property(validProgram, (src) => {
        expect(runAny(src, 1e6).error).toBeNull();
      }),
      { numRuns: 1500, seed: 11 },
    );
  });

  it('stepping prints the same as running to the end, and a checkpoint anywhere resumes identically', () => {
    const cloneKernel = (k: FakeKernel): FakeKernel => {
      const { callResult: _, ...data } = k;
      return { ...structuredClone(data), callResult: hashResult };
    };
    fc.assert(
      fc.property(validProgram, fc.nat({ max: 40 }), (src, at) => {
        const p = parse(src);
        if (!p.ok) throw new Error('validProgram produced an invalid program');
        const whole = createRun(p.program, kernel(), { syscalls: FAKE_SYSCALLS }).runToEnd().output;
        const k = kernel();
        const r = createRun(p.program, k, { syscalls: FAKE_SYSCALLS });
        let head = '';
        for (let i = 0; i < at; i++) {
          const s = r.step();
          if (s.kind !== 'op') break;
          head += s.output;
        }
        const snapshot = structuredClone(r.state);
        const k2 = cloneKernel(k);
        const tail = r.runToEnd().output;
        const resumed = createRun(p.program, k2, { syscalls: FAKE_SYSCALLS, state: snapshot }).runToEnd().output;
        expect(head + tail).toBe(whole);
        expect(resumed).toBe(tail);
      }),
      { numRuns: 500, seed: 5 },
    );
  });

  it('multi-CPU programs run on the SMP model or end with a positioned error, never an internal one', () => {
    fc.assert(
      fc.property(multiCpuProgram, (src) => {
        const r = runWorkload(src);
        if (r.error !== null) {
          expectPositioned(src, r.error);
          expect(r.error.code).not.toBe('internal_error');
        } else {
          expect(r.smp).toBeDefined();
        }
      }),
      { numRuns: 150, seed: 23 },
    );
  });

  it('parse errors come back as data, never as a thrown WorkloadAbort', () => {
    expect(() => parse('msgget(')).not.toThrow();
    expect(parse('msgget(').ok).toBe(false);
    expect(new WorkloadAbort('unknown_call', 'x', { start: 0, end: 1 })).toBeInstanceOf(Error);
  });
});
