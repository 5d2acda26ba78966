import { describe, expect, it } from 'vitest';
import { formatDifferences } from './compare';
import { listCorpus } from './corpus';
import { checkAgainst } from './engine';

const corpus = listCorpus();

describe('the engine matches the recorded Linux 6.18 output of', () => {
  for (const entry of corpus) {
    it(entry.name, () => {
      expect(entry.expected, `${entry.name} has no recording: run npm run conformance:record`).not.toBeNull();
      const { differences } = checkAgainst(entry.text, entry.expected!);
      expect(differences.length, `${entry.name}\n${formatDifferences(differences)}`).toBe(0);
    });
  }
});
