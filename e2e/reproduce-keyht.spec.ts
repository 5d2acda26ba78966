import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { openFresh } from './playground';
import { runSweep, sweepConfigs } from '../src/engine/sweep';

const FILE = '005-ipc-findkey-rhashtable.ipc';
const TEXT = readFileSync(new URL(`../public/examples/${FILE}`, import.meta.url), 'utf8');
const VALUES = [1000, 2000];

test("Reproduce on the semget card sweeps KEYS on 4.13 and 4.14: the slopes are the engine's, the walk's near 2 and the table's near 1", async ({ page }) => {
  const configs = sweepConfigs(['4.13', '4.14'], []);
  if (!configs.ok) throw new Error(configs.message);
  const expected = runSweep({ text: TEXT, variable: 'KEYS', values: VALUES, configs: configs.configs });
  const [walk, hash] = expected.series.map((s) => s.slope!);
  expect(walk).toBeGreaterThan(1.7);
  expect(hash).toBeLessThan(1.2);
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Reproduce semget of many keys' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await expect(charts.getByRole('combobox', { name: 'Scenario' })).toHaveValue(FILE);
  await expect(charts).toContainText('Guillaume Knispel');
  await expect(charts.getByLabel('Kernels')).toHaveValue('4.13 4.14');
  await charts.getByLabel('Values').fill(VALUES.join(', '));
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  await expect(charts.getByTestId('sweep-chart')).toBeVisible({ timeout: 30_000 });
  await expect(charts.getByTestId('slope')).toHaveText([walk!.toFixed(2), hash!.toFixed(2)]);
  const table = charts.getByTestId('sweep-table');
  await expect(table.locator('thead th')).toHaveText(['KEYS', '4.13', '4.14', 'published without the patch (4.13-rc3)', 'published with the patch']);
  // the published 1000-key row: 5,630 µs and 502 µs
  await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText('5.63 ms');
});
