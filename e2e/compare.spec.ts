import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { linkHash, openCopiedLink, openFresh, paneViewPanel } from './playground';
import { firstDivergence } from '../src/engine/compare_runs';

const TOUR = readFileSync(new URL('../public/examples/tour.ipc', import.meta.url), 'utf8');
const TOUR_OPS = 17;

test('a scenario opens in compare mode, both panes step together and jump to the first divergence', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Compare Tour' }).click();
  const step = page.getByTestId('compare-step');
  await expect(step).toHaveText(`step 0 / ${TOUR_OPS}`);
  await expect(page.getByRole('combobox', { name: 'Left kernel', exact: true })).toHaveValue('2.6.25');
  await expect(page.getByRole('combobox', { name: 'Right kernel', exact: true })).toHaveValue('6.18');

  const bar = page.getByRole('toolbar', { name: 'Compare controls' });
  await bar.getByRole('button', { name: 'Step over' }).click();
  await expect(step).toHaveText(`step 1 / ${TOUR_OPS}`);
  await bar.getByRole('button', { name: 'Step over' }).click();
  await expect(step).toHaveText(`step 2 / ${TOUR_OPS}`);
  await expect(page.getByTestId('pane-left').locator('.current')).toHaveText('msgsnd(0, 1, 10, IPC_NOWAIT) = 0');
  await expect(page.getByTestId('pane-right').locator('.current')).toHaveText('msgsnd(0, 1, 10, IPC_NOWAIT) = 0');
  await expect(page.getByTestId('console-diff').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('cost-strip')).toContainText('this step:');

  const d = firstDivergence(TOUR, { preset: '2.6.25' }, {}, 'output');
  expect(d.step).not.toBe(null);
  await bar.getByRole('button', { name: 'First different output' }).click();
  await expect(page.getByTestId('divergence')).toHaveText(`First different output at step ${d.step}.`);
  await expect(step).toHaveText(`step ${d.step} / ${TOUR_OPS}`);
  const row = page.getByTestId('console-diff').locator('tr[aria-current="step"]');
  await expect(row).toHaveClass(/differs/);
  await expect(row.locator('td').first()).toHaveText(d.left.trimEnd());
  await expect(row.locator('td').last()).toHaveText(d.right.trimEnd());

  // everything of compare mode is in the link
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('copy-link').getAttribute('href');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(link);
  const other = await context.newPage();
  await other.goto(copied);
  await expect(other.getByTestId('compare-step')).toHaveText(`step ${d.step} / ${TOUR_OPS}`);
  await expect(other.getByRole('combobox', { name: 'Left kernel', exact: true })).toHaveValue('2.6.25');
  await expect(other.getByRole('combobox', { name: 'Right kernel', exact: true })).toHaveValue('6.18');
  await expect(other.getByTestId('console-diff').locator('tr[aria-current="step"]')).toHaveClass(/differs/);
});

test('the first different cost of seed 000 is the read, where 5.13 counts from index 0', async ({ page }) => {
  const text = readFileSync(new URL('../public/examples/000-sysvipc-find-ipc.ipc', import.meta.url), 'utf8');
  const d = firstDivergence(text, { preset: '5.13' }, { preset: '5.15' }, 'costs');
  expect([d.step, d.reason, d.counter]).toEqual([1026, 'costs', 'idr_find']);
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Compare Reading /proc/sysvipc/shm' }).click();
  await expect(page.getByTestId('compare-step')).toHaveText('step 0 / 1,026');
  const bar = page.getByRole('toolbar', { name: 'Compare controls' });
  await bar.getByRole('button', { name: 'First different output' }).click();
  await expect(page.getByTestId('divergence')).toHaveText('No output differs in 1,026 operations.');
  await bar.getByRole('button', { name: 'First different cost' }).click();
  await expect(page.getByTestId('divergence')).toContainText('First different cost at step 1,026: idr_find');
  await expect(page.getByTestId('compare-step')).toHaveText('step 1,026 / 1,026');
});

test('a view option set in the right pane travels in the copied link to that pane and not the other', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Compare Tour' }).click();
  await page.getByRole('toolbar', { name: 'Compare controls' }).getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByTestId('compare-step')).toHaveText(`step ${TOUR_OPS} / ${TOUR_OPS}`);
  const right = paneViewPanel(page, 'right', 'idr');
  const title = (panel: typeof right) => panel.getByTestId('idr-svg').locator('.title');
  // the tour's last ipc operations are on queues: "auto" shows the msg IDR
  await expect(title(right)).toHaveText(/^msg IDR/);
  await right.getByRole('combobox').selectOption('shm');
  await expect(title(right)).toHaveText(/^shm IDR/);
  await expect(paneViewPanel(page, 'left', 'idr').getByRole('combobox')).toHaveValue('');

  const { other } = await openCopiedLink(page, context);
  await expect(other.getByTestId('compare-step')).toHaveText(`step ${TOUR_OPS} / ${TOUR_OPS}`);
  const right2 = paneViewPanel(other, 'right', 'idr');
  const left2 = paneViewPanel(other, 'left', 'idr');
  await expect(right2.getByRole('combobox')).toHaveValue('shm');
  await expect(title(right2)).toHaveText(/^shm IDR/);
  await expect(left2.getByRole('combobox')).toHaveValue('');
  await expect(title(left2)).toHaveText(/^msg IDR/);
  await expect(other.getByRole('alert')).toHaveCount(0);
});

test('the first diverging console row is marked and scrolled into view, where the engine says the runs diverge', async ({ page }) => {
  // sixty identical rows before the tour, so the row is far down the diff
  const text = 'repeat 60 { cat /proc/sys/kernel/shmmni }\n' + TOUR;
  const d = firstDivergence(text, { preset: '2.6.25' }, {}, 'output');
  expect(d.step).toBeGreaterThan(60);
  await page.goto(
    './' + linkHash({ v: 3, workload: text, step: 0, event: null, views: [], kernel: {}, mode: 'compare', compare: { left: { preset: '2.6.25' }, right: {}, step: 0, views: [[], []] } }),
  );
  await expect(page.getByTestId('compare-step')).toHaveText(new RegExp(`^step 0 / `));
  await page.getByRole('toolbar', { name: 'Compare controls' }).getByRole('button', { name: 'First different output' }).click();
  await expect(page.getByTestId('divergence')).toHaveText(`First different output at step ${d.step}.`);
  const marked = page.getByTestId('console-diff').locator('tr[data-first-divergence]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-op', String(d.step));
  await expect(marked.getByTestId('first-divergence-mark')).toHaveText('first different output');
  await expect(marked.locator('td').first()).toHaveText(d.left.trimEnd());
  await expect(marked.locator('td').last()).toHaveText(d.right.trimEnd());
  // the box scrolled to it: the row is on screen, the diff's first row is not
  await expect(marked).toBeInViewport();
  const box = page.getByTestId('console-diff-box');
  expect(await box.evaluate((b) => b.scrollTop)).toBeGreaterThan(0);
  await expect(page.getByTestId('console-diff').locator('tbody tr').first()).not.toBeInViewport();
});
