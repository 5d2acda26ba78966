import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { cleanChoice } from '../../engine/kernel_choice';
import { reproductionFor } from '../../engine/reproductions';
import { EXAMPLES } from './examples';

const dir = new URL('../../../public/examples/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.ipc'));

describe('the gallery', () => {
  test('has a card for every workload in public/examples, the tour first', () => {
    expect(EXAMPLES[0]!.file).toBe('tour.ipc');
    expect(EXAMPLES.map((e) => e.file).sort()).toEqual([...files].sort());
  });

  for (const ex of EXAMPLES) {
    test(`${ex.file}: two sentences, kernels that exist, views and a compare pair unless it is multi-CPU`, () => {
      expect(ex.blurb.match(/[.!?](\s|$)/g)).toHaveLength(2);
      const text = readFileSync(new URL(ex.file, dir), 'utf8');
      const multiCpu = /^cpus /m.test(text);
      expect(ex.compare === undefined).toBe(multiCpu);
      for (const k of [ex.kernel ?? {}, ex.compare?.left ?? {}, ex.compare?.right ?? {}]) expect(cleanChoice(k).ignored).toEqual([]);
      expect(ex.views!.length).toBeGreaterThan(0);
      if (ex.compare) expect(JSON.stringify(ex.compare.left)).not.toBe(JSON.stringify(ex.compare.right));
      // the numbered seed scenarios each reproduce a published measurement
      if (/^\d{3}-/.test(ex.file)) expect(reproductionFor(ex.file)).toBeDefined();
    });
  }
});
