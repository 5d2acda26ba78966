import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { openFresh } from './playground';
import { runSweep, sweepConfigs } from '../src/engine/sweep';
import { formatRate } from '../src/ui/format';

const FILE = '009-msg-pipelined-wakeups.ipc';
const TEXT = readFileSync(new URL(`../public/examples/${FILE}`, import.meta.url), 'utf8');

test("Reproduce on the msg wake-ups card sweeps PAIRS on 4.8 and 4.9 through the parallel sweep: every rate is the engine's, beside the commit's", async ({ page }) => {
  test.setTimeout(180_000);
  const configs = sweepConfigs(['4.8', '4.9'], []);
  if (!configs.ok) throw new Error(configs.message);
  const expected = runSweep({ text: TEXT, variable: 'PAIRS', values: [1, 2, 4], configs: configs.configs });
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Reproduce Message wake-ups after the unlock' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await expect(charts.getByRole('combobox', { name: 'Scenario' })).toHaveValue(FILE);
  await expect(charts).toContainText('Sebastian Andrzej Siewior');
  await expect(charts.getByLabel('Kernels')).toHaveValue('4.8 4.9');
  // the six runs may all finish before a check could see the progress line, so the end state is what is checked
  await expect(charts.getByTestId('series-point')).toHaveCount(6, { timeout: 150_000 });
  await expect(charts.getByTestId('sweep-progress')).toHaveCount(0);
  const table = charts.getByTestId('sweep-table');
  await expect(table.locator('thead th')).toHaveText(['PAIRS', '4.8', '4.9', 'pmsg-shared, before (total ÷ 60 s)', 'pmsg-shared, with the patch (total ÷ 60 s)']);
  for (let row = 0; row < 3; row++) {
    const cells = table.locator('tbody tr').nth(row).locator('td');
    await expect(cells.nth(0)).toHaveText(formatRate(expected.series[0]!.points[row]!.throughput!));
    await expect(cells.nth(1)).toHaveText(formatRate(expected.series[1]!.points[row]!.throughput!));
  }
  // the commit's 4-thread row: 35,743,458 in 60 s
  await expect(table.locator('tbody tr').nth(1).locator('td').nth(3)).toHaveText(formatRate(Math.round(35_743_458 / 60)));
});
