import { describe, expect, it } from 'vitest';
import { runWorkload } from '../run';
import { compareExpectations, formatExpectReport, normaliseResult, readExpectations } from './expect';

describe('readExpectations', () => {
  it('reads each statement line with its process and expectation', () => {
    const r = readExpectations('# header\n@a msgget(IPC_PRIVATE, 0600)  # expect: = 0\nmsgctl(0, IPC_RMID)  # expect: = -1 EINVAL\n@a exit\n');
    expect(r).toEqual({
      ok: true,
      statements: [
        { line: 2, proc: 'a', expect: '= 0' },
        { line: 3, proc: 'main', expect: '= -1 EINVAL' },
        { line: 4, proc: 'a', expect: null },
      ],
    });
  });

  it('reads CRLF and lone CR line ends as line ends, as the workload language does', () => {
    const statements = [
      { line: 1, proc: 'main', expect: '= 0' },
      { line: 2, proc: 'main', expect: '= 1' },
    ];
    expect(readExpectations('msgget(IPC_PRIVATE, 0600)  # expect: = 0\r\nmsgctl(0, IPC_RMID)  # expect: = 1\r\n')).toEqual({ ok: true, statements });
    // with lone CRs the second statement was read as part of the first one's comment: its difference went unreported
    expect(readExpectations('msgget(IPC_PRIVATE, 0600)  # expect: = 0\rmsgctl(0, IPC_RMID)  # expect: = 1\r')).toEqual({ ok: true, statements });
  });

  it('refuses blocks and `;`, which break the line-per-statement rule', () => {
    expect(readExpectations('repeat 2 { msgget(IPC_PRIVATE, 0600) }\n')).toMatchObject({ ok: false, line: 1, column: 10 });
    expect(readExpectations('msgget(IPC_PRIVATE, 0600); msgget(IPC_PRIVATE, 0600)\n')).toMatchObject({ ok: false, line: 1, column: 26 });
    expect(readExpectations('semop(0, {0, 1, 0})  # expect: = 0\n')).toMatchObject({ ok: true });
  });
});

describe('normaliseResult', () => {
  it('keeps the value or -1 and the errno name, not what follows', () => {
    expect(normaliseResult('= -1 EINVAL (Invalid argument)')).toBe('= -1 EINVAL');
    expect(normaliseResult('= 0 {1, 0, 2}')).toBe('= 0');
    expect(normaliseResult('= 5 "hello"')).toBe('= 5');
    expect(normaliseResult('= pid(a)')).toBe('= pid(a)');
  });
});

describe('compareExpectations', () => {
  it('finds the calls whose model result differs, with both values', () => {
    const w = 'q = msgget(0x10, IPC_CREAT|0600)  # expect: = 0\nmsgctl(q, IPC_RMID)  # expect: = 0\nmsgctl(q, IPC_RMID)  # expect: = 0\n';
    const run = runWorkload(w);
    const r = compareExpectations(w, run.output, false);
    expect(r).toEqual({ checked: 3, differences: [{ line: 3, expected: '= 0', actual: '= -1 EINVAL' }], notRun: 0 });
    expect(formatExpectReport(r as Exclude<typeof r, { error: string }>)).toBe('!! line 3: strace = 0, model = -1 EINVAL\n== 1 of 3 calls differs from the recorded result\n');
  });

  it('takes a sleeping call result from its resumed line, and counts calls after an error as not run', () => {
    const w =
      '@a s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)  # expect: = 0\n@b semop(s, {0, -1, 0})  # expect: = 0\n@a semop(s, {0, 1, 0})  # expect: = 0\n@b semctl(s, 0, GETPID)  # expect: = pid(a)\n@a semctl(s, 0, GETVAL, 1)  # expect: = 0\n';
    const run = runWorkload(w);
    expect(run.output).toMatch(/<\.\.\. semop resumed> = 0/);
    const r = compareExpectations(w, run.output, run.error !== null);
    expect(r).toMatchObject({ checked: 5, differences: [{ line: 4, expected: '= pid(a)', actual: '= pid(b)' }] });
    expect(run.error === null || (r as { notRun: number }).notRun === 1).toBe(true);
  });

  it('accepts EINTR at the end for a call the program never saw return', () => {
    const w = '@a s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)  # expect: = 0\n@b semop(s, {0, -1, 0})  # expect: <unfinished ...>\n';
    const run = runWorkload(w);
    expect(run.output).toMatch(/EINTR/);
    expect(compareExpectations(w, run.output, false)).toEqual({ checked: 2, differences: [], notRun: 0 });
  });
});
