import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { openFresh } from './playground';
import { REPRODUCTIONS } from '../src/engine/reproductions';

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (b === null) throw new Error('not rendered');
  return b;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the published ratios of the msg wake-ups chart are labelled inside the plot area, clear of the y axis title and tick texts', async ({ page }) => {
  test.setTimeout(180_000);
  const repro = REPRODUCTIONS.find((r) => r.file === '009-msg-pipelined-wakeups.ipc')!;
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Reproduce Message wake-ups after the unlock' }).click();
  const charts = page.getByRole('region', { name: 'Sweep charts' });
  // the ratio at PAIRS=1 sits on the y axis (the one that overlapped its title); PAIRS=2 is the next one in: a smaller sweep than the document's
  await charts.getByRole('button', { name: 'Cancel' }).click();
  await expect(charts.getByRole('button', { name: 'Run sweep' })).toBeEnabled();
  await charts.getByLabel('Values').fill('1, 2');
  await charts.getByRole('button', { name: 'Run sweep' }).click();
  const chart = charts.getByTestId('sweep-chart');
  await expect(chart.getByTestId('series-point')).toHaveCount(4, { timeout: 150_000 });
  const labels = chart.getByTestId('ratio-label');
  await expect(labels).toHaveText(repro.ratios!.slice(0, 2).map((r) => `published ${r.ratio}×`));

  const title = await box(chart.getByTestId('y-title'));
  const axis = await box(chart.getByTestId('y-axis'));
  const ticks = await Promise.all((await chart.getByTestId('y-tick').all()).map(box));
  expect(ticks.length).toBeGreaterThan(0);
  for (const label of await labels.all()) {
    const b = await box(label);
    expect(overlap(b, title), `a ratio label overlaps the y axis title: ${JSON.stringify({ label: b, title })}`).toBe(false);
    for (const t of ticks) expect(overlap(b, t), `a ratio label overlaps a y tick text: ${JSON.stringify({ label: b, tick: t })}`).toBe(false);
    // right of the y axis line, and between the plot's top and bottom
    expect(b.x).toBeGreaterThanOrEqual(axis.x + axis.width);
    expect(b.y).toBeGreaterThanOrEqual(axis.y - 1);
    expect(b.y + b.height).toBeLessThanOrEqual(axis.y + axis.height + 1);
  }
});
