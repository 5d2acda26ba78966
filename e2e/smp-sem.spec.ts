import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { openFresh } from './playground';
import { configForChoice } from '../src/engine/kernel_choice';
import { runWorkload } from '../src/engine/run';
import type { SmpResult } from '../src/engine/smp/types';

function cliRun(file: string, preset: string): SmpResult {
  const text = readFileSync(new URL(`../public/examples/${file}`, import.meta.url), 'utf8');
  const r = runWorkload(text, { config: configForChoice({ preset }) });
  if (r.smp === undefined) throw new Error(`no multi-CPU result: ${r.error?.message}`);
  return r.smp;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

test("the hysteresis card runs its ping-pong on the multi-CPU model and shows the engine's semop rate, lock modes and switches to global mode", async ({ page }) => {
  const expected = cliRun('008-sem-complex-hysteresis.ipc', '4.13');
  expect(expected.sem_locks!.sweeps).toBeGreaterThan(0);
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Complex semops and the hysteresis' }).click();
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('4.13');
  const run = page.getByTestId('smp-run');
  await expect(run).toHaveCount(1, { timeout: 30_000 });
  await expect(run.getByTestId('smp-throughput')).toHaveText(int(expected.throughput));
  await expect(run.getByTestId('smp-throughput').locator('..')).toContainText('ops/s');
  await expect(run.getByTestId('smp-sem-global')).toHaveText(int(expected.sem_locks!.global));
  await expect(run.getByTestId('smp-sem-own')).toHaveText(int(expected.sem_locks!.per_sem));
  await expect(run.getByTestId('smp-sem-sweeps')).toHaveText(int(expected.sem_locks!.sweeps));
  await expect(page.getByTestId('run-error')).toHaveCount(0);
});
