import { test, expect } from './fixtures';
import { maxidx_search } from '../src/engine/view/maxidx';
import { SET_0_3_9 } from '../src/engine/view/view.test-helper';
import { eventsOf, expectFrame, openWithViews, viewPanel } from './playground';

/**
 * ipc_search_maxidx(ids, 8) (ipc/util.c, 5.14+) builds max_idx + 1 from bit
 * ilog2(9) = 3 down, probing idr_get_next at (r | 1 << bit) - 1: 7 (nothing
 * at or above 7 once 9 is gone, r = 0), 3 (finds 3, r = 4), 5 (nothing), 4
 * (nothing): max_idx = r - 1 = 3.
 */
const PROBES = [
  { at: '7', hit: '' },
  { at: '3', hit: '3' },
  { at: '5', hit: '' },
  { at: '4', hit: '' },
];

test('removing the highest of {0, 3, 9} runs the binary search 7, 3, 5, 4 and caches max_idx 3', async ({ page }) => {
  await openWithViews(page, SET_0_3_9, 6, ['maxidx']);
  const view = viewPanel(page, 'maxidx');
  const looks = view.getByTestId('maxidx-look');
  await expect(looks).toHaveCount(4);
  for (const [i, p] of PROBES.entries()) {
    await expect(looks.nth(i)).toHaveAttribute('data-kind', 'probe');
    await expect(looks.nth(i)).toHaveAttribute('data-at', p.at);
    await expect(looks.nth(i)).toHaveAttribute('data-hit', p.hit);
  }
  await expect(view.getByTestId('maxidx-count')).toHaveText('binary search: 4 probes → max_idx 3');
  // from 9 down to 3: idx 8, 7, 6, 5, 4, 3
  await expect(view.getByTestId('maxidx-other')).toHaveText('· the linear step-down of 4.17–5.13 would look at 6 indices');
  await expect(view.getByTestId('maxidx-value')).toHaveText('3');
  await expect(view.getByTestId('maxidx-run')).toHaveCount(2);
});

test('stepping into the removal shows the probes one at a time, max_idx changing at the result', async ({ page }) => {
  await openWithViews(page, SET_0_3_9, 5, ['maxidx']);
  const view = viewPanel(page, 'maxidx');
  await expect(view.getByTestId('maxidx-value')).toHaveText('9');
  await page.keyboard.press('F9');
  await expect(page.getByTestId('step-count')).toHaveText('step 6 / 6');
  await expectFrame(page, 6, 1);
  await expect(view.getByTestId('maxidx-look')).toHaveCount(0);
  // step into until the second probe has happened (each probe's idr_get_next scans slot by slot first)
  const second = maxidx_search(eventsOf(SET_0_3_9, 6), 'msg').looks[1]!.event;
  for (let sub = 1; sub <= second; sub++) await page.keyboard.press('F9');
  await expectFrame(page, 6, second + 1);
  await expect(view.getByTestId('maxidx-look')).toHaveCount(2);
  await expect(view.getByTestId('maxidx-look').nth(1)).toHaveAttribute('data-at', '3');
  await expect(view.getByTestId('maxidx-value')).toHaveText('9');
  // step out: the search is over, max_idx is 3
  await page.keyboard.press('Control+F9');
  await expect(view.getByTestId('maxidx-look')).toHaveCount(4);
  await expect(view.getByTestId('maxidx-value')).toHaveText('3');
});

test('the 5.13 kernel steps down linearly: idr_find at 8, 7, 6, 5, 4, 3', async ({ page }) => {
  await openWithViews(page, SET_0_3_9, 6, ['maxidx'], { preset: '5.13' });
  const view = viewPanel(page, 'maxidx');
  await expect(view.getByTestId('maxidx-count')).toHaveText('linear step-down: 6 idr_find → max_idx 3');
  await expect(view.getByTestId('maxidx-other')).toHaveText('· the binary search of 5.14+ would make 4 probes');
  const looks = view.getByTestId('maxidx-look');
  await expect(looks).toHaveCount(6);
  expect(await looks.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-at')))).toEqual(['8', '7', '6', '5', '4', '3']);
  await expect(looks.nth(5)).toHaveAttribute('data-hit', '3');
  await expect(view.getByTestId('maxidx-value')).toHaveText('3');
});

test('msg_next_id 16000000 under ipcmni_extend: 24 probes instead of a 16-million-step walk', async ({ page }) => {
  // q gets idx 16000000, r idx 0; removing q searches below 16000000
  const text = 'echo 16000000 > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)\nr = msgget(IPC_PRIVATE, 0600)\nmsgctl(q, IPC_RMID)\n';
  await openWithViews(page, text, 4, ['maxidx'], { switches: { ipcmni_extend: true } });
  const view = viewPanel(page, 'maxidx');
  // ipc_search_maxidx(ids, 15999999): bits ilog2(16000000) = 23 down to 0, each probe finding idx 0 or nothing
  await expect(view.getByTestId('maxidx-count')).toHaveText('binary search: 24 probes → max_idx 0');
  await expect(view.getByTestId('maxidx-other')).toHaveText('· the linear step-down of 4.17–5.13 would look at 16,000,000 indices');
  await expect(view.getByTestId('maxidx-look').first()).toHaveAttribute('data-at', String(2 ** 23 - 1));
  await expect(view.getByTestId('maxidx-look').first()).toHaveAttribute('data-hit', '');
  await expect(view.getByTestId('maxidx-look').last()).toHaveAttribute('data-at', '0');
  await expect(view.getByTestId('maxidx-look').last()).toHaveAttribute('data-hit', '0');
});

test('the ids choice shows another ipc type, and below 1200 px the stage shows one view at a time', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const text = 'm = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\nq = msgget(IPC_PRIVATE, 0600)\nr = msgget(IPC_PRIVATE, 0600)\n';
  await openWithViews(page, text, 3, ['idr', 'maxidx']);
  await expect(page.getByTestId('stage').locator('[data-view]')).toHaveCount(2);
  const view = viewPanel(page, 'maxidx');
  await expect(view.getByTestId('maxidx-svg')).toContainText('msg ids · 2 in use');
  await view.getByLabel('ids').selectOption('shm');
  await expect(view.getByTestId('maxidx-svg')).toContainText('shm ids · 1 in use');
  await expect(view.getByTestId('maxidx-value')).toHaveText('0');
  // narrow: the first of the link's views is shown, a tab brings another forward
  await page.setViewportSize({ width: 1000, height: 900 });
  await expect(page.getByTestId('stage').locator('[data-view]')).toHaveCount(1);
  await expect(page.getByTestId('stage').locator('[data-view="idr"]')).toBeVisible();
  await expect(page.getByTestId('view-tab-idr')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('view-tab-maxidx')).toHaveAttribute('aria-selected', 'false');
  await page.getByTestId('view-tab-maxidx').click();
  await expect(page.getByTestId('stage').locator('[data-view]')).toHaveCount(1);
  await expect(page.getByTestId('stage').locator('[data-view="maxidx"]')).toBeVisible();
  await expect(page.getByTestId('view-tab-maxidx')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('view-tab-idr')).toHaveAttribute('aria-selected', 'false');
});
