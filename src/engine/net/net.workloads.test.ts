/**
 * Whole workloads against outputs recorded from the real kernel.
 * testdata/NAME.ipc is the workload, testdata/NAME.linux what Linux 6.18
 * printed for it. To re-record after changing a workload:
 *   for f in src/engine/net/testdata/*.ipc; do
 *     /work/shared/linux-oracle/kernel_replay.py $f > ${f%.ipc}.linux; done
 * (none of the net files has volatile columns, so outputs must be equal).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runWorkload } from '../run';

const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'testdata');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.ipc'))
  .map((f) => f.slice(0, -4))
  .sort();

describe('network workloads print what Linux 6.18 printed', () => {
  it('has recorded workloads', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
  });
  for (const name of cases) {
    const source = readFileSync(join(dir, `${name}.ipc`), 'utf8');
    const title = source.split('\n')[0].replace(/^#\s*/, '');
    it(`${name}: ${title}`, () => {
      const expected = readFileSync(join(dir, `${name}.linux`), 'utf8');
      const r = runWorkload(source);
      expect(r.error).toBeNull();
      expect(r.exitCode).toBe(0);
      expect(r.output).toBe(expected);
    });
  }
});
