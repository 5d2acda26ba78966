import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { linkHash, openCopiedLink, openFresh } from './playground';
import { fittedSlope, runSweep, sweepConfigs } from '../src/engine/sweep';
import { formatSweepCsv } from '../src/engine/sweep_format';

const FILE = '000-sysvipc-find-ipc.ipc';
const TEXT = readFileSync(new URL(`../public/examples/${FILE}`, import.meta.url), 'utf8');
const VALUES = [1024, 2048, 4096];

/** What `ipcscope sweep 000-sysvipc-find-ipc.ipc --var N=1024,2048,4096 --kernel 5.13 --kernel 5.15 --kernel 6.18` computes. */
function cliSweep() {
  const configs = sweepConfigs(['5.13', '5.15', '6.18'], []);
  if (!configs.ok) throw new Error(configs.message);
  return runSweep({ text: TEXT, variable: 'N', values: VALUES, configs: configs.configs });
}

test("Reproduce runs a seed's sweep: the fitted slopes are the CLI's, the CSV is its data and the chart exports as SVG and PNG", async ({ page }) => {
  const expected = cliSweep();
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Reproduce Reading /proc/sysvipc/shm' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await expect(charts.getByRole('combobox', { name: 'Scenario' })).toHaveValue(FILE);
  // the list names the scenario as its card does
  await expect(charts.getByRole('combobox', { name: 'Scenario' }).locator('option:checked')).toHaveText('Reading /proc/sysvipc/shm');
  await expect(charts).toContainText('Rafael Aquini');
  // Reproduce started the document's sweep; this test runs a smaller one
  await charts.getByRole('button', { name: 'Cancel' }).click();
  await expect(charts.getByRole('button', { name: 'Run sweep' })).toBeEnabled();
  await charts.getByLabel('Values').fill(VALUES.join(', '));
  await expect(charts.getByLabel('Kernels')).toHaveValue('5.13 5.15 6.18');
  await charts.getByRole('button', { name: 'Run sweep' }).click();

  const chart = charts.getByTestId('sweep-chart');
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect(charts.getByTestId('slope')).toHaveText(expected.series.map((s) => s.slope!.toFixed(2)));
  await expect(chart.getByTestId('series-line')).toHaveCount(3);
  await expect(chart.getByTestId('end-label')).toHaveText(['5.13', '5.15', '6.18']);
  // the published before/after times, as rings beside 5.13 and 5.15
  await expect(chart.locator('circle[stroke-dasharray]')).toHaveCount(12);
  const table = charts.getByTestId('sweep-table');
  await expect(table.locator('thead th')).toHaveText(['N', '5.13', '5.15', '6.18', 'published before the fix', 'published after the fix']);
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText(['4.28 ms', '999 µs', '1.01 ms', '12 ms', '2 ms']);

  await chart.getByTestId('series-point').first().hover();
  await expect(charts.getByTestId('chart-hover')).toHaveText('5.13: N = 1024, 4.28 ms');

  const download = page.waitForEvent('download');
  await charts.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('000-sysvipc-find-ipc-sweep.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toBe(formatSweepCsv(expected));

  const svgDownload = page.waitForEvent('download');
  await charts.getByRole('button', { name: 'SVG' }).click();
  const svg = readFileSync(await (await svgDownload).path(), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg.match(/data-testid="series-line"/g)).toHaveLength(3);

  const pngDownload = page.waitForEvent('download');
  await charts.getByRole('button', { name: 'PNG' }).click();
  const png = readFileSync(await (await pngDownload).path());
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

test('a sweep shows its progress and can be cancelled', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await charts.getByRole('combobox', { name: 'Scenario' }).selectOption('003-procfs-rbtree.ipc');
  await expect(charts).toContainText('takes long in the browser');
  await charts.getByLabel('Values').fill('1000, 30000');
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  await expect(charts.getByTestId('sweep-progress')).toContainText('of 4 runs');
  await charts.getByRole('button', { name: 'Cancel' }).click();
  await expect(charts.getByRole('alert')).toHaveText('The sweep was cancelled.');
  await expect(charts.getByRole('button', { name: 'Run sweep' })).toBeEnabled();
});

test("a multi-CPU seed plots throughput, with the thread's figures beside it", async ({ page }) => {
  const text = readFileSync(new URL('../public/examples/004-rcu-idr.ipc', import.meta.url), 'utf8');
  const configs = sweepConfigs(['2.6.25', '2.6.27'], []);
  if (!configs.ok) throw new Error(configs.message);
  const expected = runSweep({ text, variable: 'CPUS', values: [1, 2], configs: configs.configs });
  const slopes = expected.series.map((s) => fittedSlope(s.points.map((p) => ({ value: p.value, ns: p.throughput! })))!.toFixed(2));

  await openFresh(page);
  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await charts.getByRole('combobox', { name: 'Scenario' }).selectOption('004-rcu-idr.ipc');
  await expect(charts.getByLabel('Variable')).toHaveValue('CPUS');
  await charts.getByLabel('Values').fill('1, 2');
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  const chart = charts.getByTestId('sweep-chart');
  await expect(chart).toHaveAttribute('aria-label', 'Throughput against CPUS, log-log', { timeout: 30_000 });
  await expect(charts.getByTestId('slope')).toHaveText(slopes);
  await expect(chart.locator('circle[stroke-dasharray]')).toHaveCount(16);
  const table = charts.getByTestId('sweep-table');
  await expect(table.locator('thead th')).toHaveText(['CPUS', '2.6.25', '2.6.27', 'pmsg, stock 2.6.25-mm1', 'pmsg, 2.6.25-mm1 + RCU IDR']);
  await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText('876k msgs/s');
});

test('a copied link in charts mode opens the same scenario, range and form, and its sweep runs', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await charts.getByRole('combobox', { name: 'Scenario' }).selectOption('003-procfs-rbtree.ipc');
  await charts.getByLabel('use the full range').check();
  await charts.getByRole('combobox', { name: 'Scenario' }).selectOption(FILE);
  await charts.getByLabel('Values').fill('1024, 2048');
  await charts.getByLabel('Kernels').fill('5.13 6.18');
  await charts.getByLabel('Constants').fill('M=2');
  const { other } = await openCopiedLink(page, context);
  const charts2 = other.getByRole('region', { name: 'Sweep charts' });
  await expect(charts2).toBeVisible();
  await expect(other.getByRole('button', { name: 'Charts' })).toHaveAttribute('aria-pressed', 'true');
  await expect(charts2.getByRole('combobox', { name: 'Scenario' })).toHaveValue(FILE);
  await expect(charts2.getByLabel('Variable')).toHaveValue('N');
  await expect(charts2.getByLabel('Values')).toHaveValue('1024, 2048');
  await expect(charts2.getByLabel('Kernels')).toHaveValue('5.13 6.18');
  await expect(charts2.getByLabel('Constants')).toHaveValue('M=2');
  // the sweep is not run by opening the link; Run sweep runs what it shows
  await expect(charts2.getByTestId('sweep-table')).toHaveCount(0);
  await charts2.getByRole('button', { name: 'Run sweep' }).click();
  const table = charts2.getByTestId('sweep-table');
  await expect(table.locator('tbody tr')).toHaveCount(2, { timeout: 20_000 });
  await expect(table.locator('thead th').nth(1)).toHaveText('5.13');
  await expect(table.locator('thead th').nth(2)).toHaveText('6.18');
  await expect(other.getByRole('alert')).toHaveCount(0);

  // the full-range box goes with the link too: the rbtree seed's full range, not its quick one
  await charts.getByRole('combobox', { name: 'Scenario' }).selectOption('003-procfs-rbtree.ipc');
  await expect(charts.getByLabel('Values')).toHaveValue('1000, 2000, 4000, 8000, 16000, 30000');
  const { other: third } = await openCopiedLink(page, context);
  const charts3 = third.getByRole('region', { name: 'Sweep charts' });
  await expect(charts3.getByRole('combobox', { name: 'Scenario' })).toHaveValue('003-procfs-rbtree.ipc');
  await expect(charts3.getByLabel('use the full range')).toBeChecked();
  await expect(charts3.getByLabel('Values')).toHaveValue('1000, 2000, 4000, 8000, 16000, 30000');
});

test('a link with a charts scenario this version lacks opens the charts page as it was, with a banner', async ({ page }) => {
  const form = { variable: 'N', values: '1, 2', kernels: '6.18', sets: '', constants: '' };
  await page.goto('./' + linkHash({ v: 2, workload: 'msgget(IPC_PRIVATE, 0)\n', step: 0, mode: 'charts', charts: { file: '<b>999.ipc</b>', full: false, form } }));
  await expect(page.getByRole('alert')).toContainText('the charts scenario "<b>999.ipc</b>" (not one this ipcscope has)');
  await expect(page.locator('b')).toHaveCount(0);
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await expect(charts.getByRole('combobox', { name: 'Scenario' })).toHaveValue(FILE);
  await expect(charts.getByLabel('Values')).not.toHaveValue('1, 2');
});

test("Reproduce starts the sweep at once and draws each point as it finishes; the finished chart is the serial run's", async ({ page }) => {
  const text = readFileSync(new URL('../public/examples/004-rcu-idr.ipc', import.meta.url), 'utf8');
  const configs = sweepConfigs(['2.6.25', '2.6.27'], []);
  if (!configs.ok) throw new Error(configs.message);
  const values = [1, 2, 3, 4, 5, 6, 7, 8];
  const expected = runSweep({ text, variable: 'CPUS', values, configs: configs.configs });
  const slopes = expected.series.map((s) => fittedSlope(s.points.map((p) => ({ value: p.value, ns: p.throughput! })))!.toFixed(2));

  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Reproduce The RCU IDR for ipc' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await expect(charts.getByTestId('sweep-progress')).toContainText('of 16 runs');
  // some points are drawn while others still run
  await page.waitForFunction(
    () => {
      const drawn = document.querySelectorAll('[data-testid="series-point"]').length;
      return drawn > 0 && drawn < 16 && document.querySelector('[data-testid="sweep-progress"]') !== null;
    },
    undefined,
    { timeout: 60_000, polling: 20 },
  );
  await expect(charts.getByTestId('sweep-progress')).toHaveCount(0, { timeout: 90_000 });
  await expect(charts.getByTestId('series-point')).toHaveCount(16);
  await expect(charts.getByTestId('slope')).toHaveText(slopes);
  const table = charts.getByTestId('sweep-table');
  await expect(table.locator('tbody tr').nth(7).locator('td').nth(0)).toHaveText(`${+(expected.series[0]!.points[7]!.throughput! / 1e3).toPrecision(3)}k msgs/s`);
});

test('a value or a kernel given twice is refused with a message, and the page stays usable', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('button', { name: 'Charts' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  await charts.getByLabel('Values').fill('1, 1, 10');
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  await expect(charts.getByRole('alert')).toHaveText('The value 1 is listed twice; give each value once.');
  await charts.getByLabel('Values').fill('1, 10');
  await charts.getByLabel('Kernels').fill('6.18, 6.18');
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  await expect(charts.getByRole('alert')).toHaveText('The kernel 6.18 is listed twice; give each kernel once.');
  await charts.getByLabel('Kernels').fill('6.18');
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  await expect(charts.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(2, { timeout: 20_000 });
  await expect(charts.getByRole('alert')).toHaveCount(0);
});
