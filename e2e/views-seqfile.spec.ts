import { bootMachine } from '../src/engine/api';
import { test, expect } from './fixtures';
import { eventsOf, expectFrame, openWithViews, viewPanel } from './playground';

const CAT = (n: number) => `repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\ncat /proc/sysvipc/msg\n`;

test('a cat of 40 queues fills a page with the header and 33 rows, then 7 rows, then reads EOF', async ({ page }) => {
  await openWithViews(page, CAT(40), 41, ['seqfile']);
  await expectFrame(page, 41, eventsOf(CAT(40), 41).length);
  const view = viewPanel(page, 'seqfile');
  const pages = view.getByTestId('seq-page');
  await expect(pages).toHaveCount(3);
  for (const [i, records, bytes] of [
    [0, 34, 4080],
    [1, 7, 840],
    [2, 0, 0],
  ] as const) {
    await expect(pages.nth(i)).toHaveAttribute('data-records', String(records));
    await expect(pages.nth(i)).toHaveAttribute('data-bytes', String(bytes));
  }
  await expect(view.getByTestId('seq-totals')).toHaveText('3 read() calls · start 3 · next 41 · show 42 · stop 3 · IDR lookups 43');
  // 6.x: one idr_get_next per next()
  const nexts = view.locator('[data-testid="seq-call-bar"][data-kind="next"]');
  await expect(nexts).toHaveCount(41);
  await expect(view.locator('[data-testid="seq-call-bar"][data-kind="next"][data-lookups="1"]')).toHaveCount(41);
});

test('the counting find of kernels before 5.15 re-walks from index 0 on every call', async ({ page }) => {
  const events = eventsOf(CAT(40), 41, { sysvipc_find_ipc: 'count' });
  await openWithViews(page, CAT(40), 41, ['seqfile'], { switches: { sysvipc_find_ipc: 'count' } });
  await expectFrame(page, 41, events.length);
  const view = viewPanel(page, 'seqfile');
  await expect(view.getByTestId('seqfile-view')).toHaveAttribute('data-find', 'count');
  await expect(view.getByTestId('seq-totals')).toHaveText('3 read() calls · start 3 · next 41 · show 42 · stop 3 · IDR lookups 934');
  const nexts = view.locator('[data-testid="seq-call-bar"][data-kind="next"]');
  const lookups: number[] = [];
  for (let i = 0; i < 5; i++) lookups.push(Number(await nexts.nth(i).getAttribute('data-lookups')));
  expect(lookups).toEqual([1, 2, 3, 4, 5]);
});

test('stepping into the read fills the first page record by record', async ({ page }) => {
  const events = eventsOf(CAT(5), 6);
  await openWithViews(page, CAT(5), 5, ['seqfile']);
  const view = viewPanel(page, 'seqfile');
  // the header and four rows: after the fourth show() the first page holds four records
  const shows = events.map((e, i) => [e, i] as const).filter(([e]) => e.kind === 'seq_show');
  const fourth = shows[3]![1];
  await page.keyboard.press('F9');
  await expectFrame(page, 6, 1);
  for (let i = 1; i <= fourth; i++) await page.keyboard.press('F9');
  await expectFrame(page, 6, fourth + 1);
  await expect(view.getByTestId('seq-page').nth(0)).toHaveAttribute('data-records', '4');
  await expect(view.getByTestId('view-describe')).toContainText('Records per page so far: 4.');
});

test('the costs panel draws each counter over the run, sampled at every step of a short run', async ({ page }) => {
  const booted = bootMachine(CAT(40), { sysvipc_find_ipc: 'count' });
  if (!booted.ok) throw new Error(booted.error.message);
  booted.machine.run.runToEnd();
  const finds = booted.machine.kernel.probe.costs.idr_find;
  expect(finds).toBe(934);
  await openWithViews(page, CAT(40), 41, ['seqfile'], { switches: { sysvipc_find_ipc: 'count' } });
  const row = page.getByTestId('costs').locator('tr[data-counter="idr_find"]');
  await expect(row.getByTestId('sparkline')).toHaveAttribute('aria-label', `idr_find over the run: ${finds.toLocaleString('en')} at the end (steps 0–41, 42 samples)`);
});
