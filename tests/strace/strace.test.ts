import { describe, expect, it } from 'vitest';
import { fixtures, replayFixture } from './replay';

/**
 * Real programs' strace logs, replayed on the model: every call must give
 * the result the real kernel gave. A log the engine cannot run yet (it
 * needs shmat, ...) is a visible pending test with the engine's reason, and
 * becomes checked as soon as the engine runs it.
 */
const all = fixtures().map((f) => ({ f, r: replayFixture(f) }));
const lines: string[] = [];
for (const { f, r } of all) {
  const n = r.report.differences.length;
  lines.push(
    `  ${f.name}: ${r.imported.calls.length} calls of ${r.imported.processes.length} processes, ${n} differ${r.pending === null ? '' : `; PENDING (${r.report.notRun} not run): ${r.pending}`}`,
  );
}
console.warn(`strace fixtures (tests/strace/logs):\n${lines.join('\n')}`);

describe('strace fixtures replay with the results the kernel recorded', () => {
  it('has the recordings the issue asks for', () => {
    expect(all.map(({ f }) => f.name)).toEqual(expect.arrayContaining(['stress-ng-msg', 'stress-ng-sem-sysv', 'stress-ng-shm-sysv', 'util-linux', 'util-linux-ff']));
  });

  for (const { f, r } of all) {
    if (r.pending !== null) {
      it.todo(`${f.name} (PENDING: ${r.pending})`);
      continue;
    }
    it(`${f.name}: every call of the log imports and gives its recorded result`, () => {
      expect(r.run.error).toBeNull();
      expect(r.report.checked).toBeGreaterThan(30);
      expect(r.report.checked).toBe(r.imported.calls.filter((c) => !c.expect.startsWith('?')).length);
      expect(r.report.differences).toEqual([]);
    });
  }

  it('merges the -ff files into the same calls as the single-file recording of the same script', () => {
    const one = all.find(({ f }) => f.name === 'util-linux')!.r.imported;
    const ff = all.find(({ f }) => f.name === 'util-linux-ff')!.r.imported;
    const calls = (w: string): string[] =>
      w
        .split('\n')
        .filter((l) => l.startsWith('@'))
        .map((l) => l.replace(/^@p\d+ /, '').replace(/0x[0-9a-f]{6,}/g, 'KEY'));
    expect(calls(ff.workload)).toEqual(calls(one.workload));
  });
});
