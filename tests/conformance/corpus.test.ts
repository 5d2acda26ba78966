import { describe, expect, it } from 'vitest';
import { listCorpus } from './corpus';

const corpus = listCorpus();

/** kernel-observed.md items whose subject is timing only (32..35) are not output facts. */
const OBSERVED_ITEMS = Array.from({ length: 31 }, (_, i) => i + 1);

describe('the conformance corpus', () => {
  it('holds at least 80 workloads, each recorded', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(80);
    expect(corpus.filter((e) => e.expected === null).map((e) => e.name)).toEqual([]);
  });

  it('holds at least 80 part-2 workloads (300-399: processes, semop, shmat, payloads, credentials), each recorded', () => {
    const part2 = corpus.filter((e) => /^3\d\d-/.test(e.name));
    expect(part2.length).toBeGreaterThanOrEqual(80);
    expect(part2.filter((e) => e.expected === null).map((e) => e.name)).toEqual([]);
  });

  it('names every workload NNN-short-name with a unique number', () => {
    const numbers = corpus.map((e) => e.name.slice(0, 3));
    expect(corpus.filter((e) => !/^\d{3}-[a-z0-9-]+$/.test(e.name)).map((e) => e.name)).toEqual([]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('opens every workload with a comment saying what it checks', () => {
    expect(corpus.filter((e) => !/^# \S.{20,}/.test(e.text)).map((e) => e.name)).toEqual([]);
  });

  it('references every numbered behaviour of kernel-observed.md from 1 to 31', () => {
    const seen = new Set<number>();
    for (const e of corpus) {
      const first = e.text.split('\n', 1)[0]!;
      for (const m of first.matchAll(/kernel-observed ([\d, ]+)/g)) {
        for (const n of m[1]!.split(',')) if (n.trim()) seen.add(Number(n));
      }
    }
    expect(OBSERVED_ITEMS.filter((n) => !seen.has(n))).toEqual([]);
  });

  it('records a non-zero exit status only for the workloads about errors of the language', () => {
    const nonZero = corpus.filter((e) => e.expected && e.expected.exitCode !== 0).map((e) => [e.name, e.expected!.exitCode]);
    expect(nonZero).toEqual([
      ['141-runtime-error-undefined', 2],
      ['142-parse-error', 2],
      ['381-error-statement-for-blocked-process', 2],
      ['382-error-main-cannot-exit', 2],
      ['383-error-symbolic-in-arithmetic', 2],
      ['384-error-semtimedop-timeout-too-long', 2],
      ['385-error-fixed-address-out-of-range', 2],
      ['386-error-setall-wrong-length', 2],
      // credentials and buffer fields: a second creds, fields a buffer does not have
      ['437-creds-error-second-creds', 2],
      ['439-creds-field-workload-errors', 2],
      // messages: a variable of a call still asleep, a statement for a blocked process, bad ctl fields
      ['516-msg-resumed-variable', 2],
      ['526-error-msgctl-field-not-in-buffer', 2],
      ['527-error-msgctl-set-with-rmid', 2],
      ['528-msg-statement-for-blocked-process', 2],
      // GETPID's symbolic variable used where a number is needed
      ['560-getpid-variable-is-symbolic', 2],
      ['561-getpid-variable-not-an-address', 2],
      ['562-getpid-ended-process-symbolic-in-word', 2],
      ['563-getpid-symbolic-in-arithmetic', 2],
    ]);
  });
});
