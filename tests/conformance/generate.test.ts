import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRng, generateProcsWorkload, generateWorkload } from './generate';
import { recorderParseErrors } from './host';

const hasPython = !spawnSync('python3', ['--version']).error;

/** Statements of a generated workload: one per line, plus the body statements of one-line loops. */
function statementCount(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#') || t === '}') continue;
    n += t.split(/[{};]/).filter((s) => s.trim()).length;
  }
  return n;
}

const SEEDS = Array.from({ length: 200 }, (_, i) => i + 1);

describe('createRng', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 8 }, () => a.below(1000));
    expect(Array.from({ length: 8 }, () => b.below(1000))).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => c.below(1000))).not.toEqual(seqA);
  });

  it('stays within [0, n)', () => {
    const r = createRng(7);
    const values = Array.from({ length: 10000 }, () => r.below(6));
    expect(Math.min(...values)).toBe(0);
    expect(Math.max(...values)).toBe(5);
  });
});

describe('generateWorkload', () => {
  it('is deterministic for a seed', () => {
    expect(generateWorkload(17)).toBe(generateWorkload(17));
    expect(generateWorkload(17, { net: true })).toBe(generateWorkload(17, { net: true }));
    expect(generateWorkload(17)).not.toBe(generateWorkload(18));
  });

  it('writes 10 to 60 statements', () => {
    const counts = SEEDS.map((s) => statementCount(generateWorkload(s)));
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...counts)).toBeLessThanOrEqual(60);
  });

  it('mixes every call, loops, sysctl writes and procfs reads over a few seeds', () => {
    const all = SEEDS.slice(0, 40)
      .map((s) => generateWorkload(s))
      .join('\n');
    for (const word of ['msgget(', 'msgsnd(', 'msgrcv(', 'msgctl(', 'shmget(', 'shmctl(', 'semget(', 'semctl(', 'repeat ', 'for i in ', 'echo ', 'cat /proc/sysvipc/', 'cat /proc/sys/kernel/', '$q']) {
      expect(all, word).toContain(word);
    }
  });

  it('writes ip lines only when asked, with at most two deletions', () => {
    expect(SEEDS.some((s) => generateWorkload(s).includes('ip link'))).toBe(false);
    const net = SEEDS.map((s) => generateWorkload(s, { net: true }));
    expect(net.some((t) => t.includes('ip link add'))).toBe(true);
    expect(Math.max(...net.map((t) => (t.match(/ip link del /g) ?? []).length))).toBeLessThanOrEqual(2);
  });

  it('never asks for more than two blocking calls, a pid-valued or pointer-valued semctl, or huge messages', () => {
    for (const s of SEEDS) {
      const text = generateWorkload(s);
      const blocking = text.split('\n').filter((l) => /^msg(snd|rcv)\(/.test(l) && !l.includes('IPC_NOWAIT'));
      expect(blocking.length).toBeLessThanOrEqual(2);
      expect(text).not.toMatch(/semctl\([^)]*, (11|16)\)/);
      expect(text).not.toMatch(/msgsnd\([^,]+, [^,]+, (65537|1\d{5,})/);
    }
  });

  it.skipIf(!hasPython)('writes workloads the recorder parses', () => {
    const errors = recorderParseErrors(SEEDS.map((s) => generateWorkload(s, { net: s % 2 === 0 })));
    expect(errors.filter((e) => e !== null)).toEqual([]);
  });

  it('leaves the printings part 2 changes (semctl 11-17, MSG_COPY) to the multi-process generator', () => {
    for (const s of SEEDS) {
      const text = generateWorkload(s);
      expect(text).not.toMatch(/semctl\([^)]*, 1[1-7]\)/);
      expect(text).not.toContain('040000');
    }
  });
});

/** The process a line of a multi-process workload addresses (main without a prefix). */
const processOf = (line: string) => /^@([a-z][a-z0-9_]*) /.exec(line)?.[1] ?? 'main';

describe('generateProcsWorkload', () => {
  const texts = SEEDS.map((s) => generateProcsWorkload(s));

  it('is deterministic for a seed', () => {
    expect(generateProcsWorkload(5)).toBe(generateProcsWorkload(5));
    expect(generateProcsWorkload(5)).not.toBe(generateProcsWorkload(6));
  });

  it('runs 2 to 4 processes besides main and mixes semop, SEM_UNDO, exit, kill, shmat/shmdt, payloads and creds', () => {
    for (const text of texts) {
      const names = new Set(
        text
          .split('\n')
          .filter((l) => l.startsWith('@'))
          .map(processOf),
      );
      names.delete('main');
      expect(names.size).toBeGreaterThanOrEqual(2);
      expect(names.size).toBeLessThanOrEqual(4);
    }
    const all = texts.join('\n');
    for (const word of [
      'semop(s, {',
      'SEM_UNDO',
      ' exit\n',
      ' kill\n',
      '= shmat(m, 0, ',
      'shmdt(a',
      'msgsnd(q, ',
      '"hello"',
      'msgrcv(q, ',
      'MSG_COPY',
      'creds 1000 1000',
      'creds 0 1000',
      'IPC_SET, gid=1000',
      '_INFO, ',
      '_STAT_ANY, ',
      'GETPID',
      'SETALL',
      'IPC_RMID',
    ]) {
      expect(all, word).toContain(word);
    }
  });

  it('never addresses a process that may be asleep, except to kill it, and never lets main sleep', () => {
    for (const text of texts) {
      const maybeAsleep = new Set<string>();
      for (const line of text.split('\n')) {
        const p = processOf(line);
        const statement = line.replace(/^@\S+ /, '');
        if (statement === 'kill' || statement === 'exit') {
          expect(statement === 'exit' && maybeAsleep.has(p), line).toBe(false);
          maybeAsleep.delete(p);
          continue;
        }
        expect(maybeAsleep.has(p), `${line}\n${text}`).toBe(false);
        const sleepy = /^(msgsnd|msgrcv)\(/.test(statement)
          ? !statement.includes('IPC_NOWAIT')
          : /^semop\(/.test(statement)
            ? [...statement.matchAll(/\{\d+, (-?\d+)(?:, ([^}]*))?\}/g)].some((m) => Number(m[1]) <= 0 && !(m[2] ?? '').includes('IPC_NOWAIT'))
            : false;
        if (sleepy) {
          expect(p, line).not.toBe('main');
          maybeAsleep.add(p);
        }
      }
    }
  });

  it('attaches at fixed addresses below 0x10000 only in processes without creds', () => {
    let fixed = 0;
    for (const text of texts) {
      const withCreds = new Set<string>();
      for (const line of text.split('\n')) {
        const p = processOf(line);
        if (/ creds \d+ \d+$/.test(line)) withCreds.add(p);
        if (/ (exit|kill)$/.test(line)) withCreds.delete(p);
        const m = /shmat\(m, (\w+), /.exec(line);
        if (!m || m[1] === '0') continue;
        fixed++;
        expect(withCreds.has(p), line).toBe(false);
        expect(Number(m[1])).toBeLessThan(0x10000);
      }
    }
    expect(fixed).toBeGreaterThan(0);
  });

  it('makes at most one msgsnd that can sleep (several sleeping senders race)', () => {
    for (const text of texts) {
      expect(text.split('\n').filter((l) => /msgsnd\(q, [^)]*, 0\)$/.test(l)).length).toBeLessThanOrEqual(1);
    }
  });

  it.skipIf(!hasPython)('writes workloads the recorder parses', () => {
    const errors = recorderParseErrors(texts);
    expect(errors.filter((e) => e !== null)).toEqual([]);
  });
});
