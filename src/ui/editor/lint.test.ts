import { describe, expect, it } from 'vitest';
import { check } from '../../engine/script/parser';
import { checkInSlices } from './lint';

const big = (bad: string) => Array.from({ length: 100_000 }, (_, i) => `msgctl(${i}, IPC_RMID)`).join('\n') + bad;

describe('checkInSlices', () => {
  it("gives check()'s verdict on a large text, a good one and one with an error on its last line", async () => {
    for (const text of [big(''), big('\nmsgctl(1)')]) {
      expect(await checkInSlices(text, () => false)).toEqual(check(text));
    }
    expect(await checkInSlices(big('\nmsgctl(1)'), () => false)).toMatchObject({ ok: false, error: { line: 100_001 } });
  });

  it('lets the page run between slices and gives up once the text is stale', async () => {
    let slices = 0;
    const r = await checkInSlices(big(''), () => {
      slices++;
      return slices === 2;
    });
    expect(slices).toBe(2);
    expect(r).toBeNull();
  });
});
