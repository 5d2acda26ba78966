import { describe, expect, it } from 'vitest';
import type { CorpusEntry } from './corpus';
import { engineParseError, pendingNotice, pendingReason } from './engine';

const entry = (name: string, text: string, output = 'x = 0\n', exitCode = 0): CorpusEntry => ({
  name,
  workloadPath: `${name}.ipc`,
  text,
  expected: { output, exitCode },
});

/** A line no version of the engine parses, so the rule is tested without depending on how far part 2 has got. */
const UNPARSABLE = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n!! not a statement\n';
const PART1 = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(q, IPC_RMID)\n';

describe('pendingReason', () => {
  it('makes a part-2 workload the engine cannot parse pending, saying where the engine stopped', () => {
    const reason = pendingReason(entry('301-x', UNPARSABLE));
    expect(reason).toMatch(/^the engine cannot parse part 2 yet: line 2: /);
  });

  it('checks a part-2 workload as soon as the engine parses it', () => {
    expect(pendingReason(entry('301-x', PART1))).toBeNull();
  });

  it('never makes a part-1 workload pending, parsable or not', () => {
    expect(pendingReason(entry('061-x', UNPARSABLE))).toBeNull();
    expect(pendingReason(entry('263-x', UNPARSABLE))).toBeNull();
  });

  it('checks a part-2 recording that is itself a parse error (nothing printed, exit 2)', () => {
    expect(pendingReason(entry('382-x', UNPARSABLE, '', 2))).toBeNull();
    expect(pendingReason(entry('381-x', UNPARSABLE, 'semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0\n', 2))).not.toBeNull();
  });
});

describe('engineParseError and pendingNotice', () => {
  it('gives the engine parse error as line and message, null when it parses', () => {
    expect(engineParseError(UNPARSABLE)).toMatch(/^line 2: \S/);
    expect(engineParseError(PART1)).toBeNull();
  });

  it('lists every pending workload with its reason, nothing when there is none', () => {
    expect(pendingNotice([])).toBe('');
    const notice = pendingNotice([
      { name: '301-a', reason: 'r1' },
      { name: '302-b', reason: 'r2' },
    ]);
    expect(notice.split('\n')).toEqual(['conformance: 2 part-2 workloads pending (checked as soon as the engine runs them):', '  PENDING 301-a: r1', '  PENDING 302-b: r2']);
  });
});
