import { describe, expect, it } from 'vitest';
import { formatDifferences } from './compare';
import { listCorpus } from './corpus';
import { checkAgainst, pendingNotice, pendingReason } from './engine';

const corpus = listCorpus().map((entry) => ({ entry, pending: pendingReason(entry) }));
const notice = pendingNotice(corpus.flatMap(({ entry, pending }) => (pending ? [{ name: entry.name, reason: pending }] : [])));
if (notice) console.warn(notice);

describe('the engine matches the recorded Linux 6.18 output of', () => {
  for (const { entry, pending } of corpus) {
    if (pending) {
      it.todo(`${entry.name} (PENDING: ${pending})`);
      continue;
    }
    it(entry.name, () => {
      expect(entry.expected, `${entry.name} has no recording: run npm run conformance:record`).not.toBeNull();
      const { differences } = checkAgainst(entry.text, entry.expected!);
      expect(differences.length, `${entry.name}\n${formatDifferences(differences)}`).toBe(0);
    });
  }
});
