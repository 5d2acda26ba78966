import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRng, generateWorkload } from './generate';
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
    const all = SEEDS.slice(0, 40).map((s) => generateWorkload(s)).join('\n');
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
});
