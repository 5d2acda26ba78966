import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { consoleBox, currentEntry, eventsOf, expectFrame, expectStep, openWithViews, viewPanel } from './playground';

// A step over of a finished run is shown from the reply the page took from the worker ahead of the
// press (Playground.#takeAhead): what it shows must be what a move there shows, and a change of the
// views must not show a reply made for the old ones.

const W = 'repeat 70 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nfor i in 0..20 { msgctl(i, IPC_RMID); msgget(IPC_PRIVATE, IPC_CREAT|0600) }';
const TOTAL = 110;

/** what the page shows of the step: the IDR view's strips and caption, the console and the costs */
async function shown(page: Page) {
  const idr = viewPanel(page, 'idr');
  return {
    describe: await idr.getByTestId('view-describe').textContent(),
    slots: await idr.getByTestId('idr-strip').evaluateAll((ss) => ss.map((s) => `${s.getAttribute('data-first')} ${s.getAttribute('data-slots')} ${s.getAttribute('data-marks')}`)),
    current: await currentEntry(page).textContent(),
    console: await consoleBox(page).locator('li .text').allTextContents(),
    costs: await page.getByTestId('costs').locator('tr[data-counter]').allTextContents(),
  };
}

test('stepping over with F10 shows, at each step, what a link to that step shows', async ({ page, context }) => {
  await openWithViews(page, W, 80, ['idr']);
  await expectFrame(page, 80, eventsOf(W, 80).length);
  for (let step = 81; step <= 86; step++) {
    await page.keyboard.press('F10');
    await expectStep(page, step, TOTAL);
    await expectFrame(page, step, eventsOf(W, step).length);
    const other = await context.newPage();
    await openWithViews(other, W, step, ['idr']);
    await expectFrame(other, step, eventsOf(W, step).length);
    expect(await shown(page)).toEqual(await shown(other));
    await other.close();
  }
});

test('a step over after the views change shows the frames of the new views', async ({ page }) => {
  await openWithViews(page, W, 90, ['idr']);
  await expectFrame(page, 90, eventsOf(W, 90).length);
  await page.keyboard.press('F10');
  await expectFrame(page, 91, eventsOf(W, 91).length);
  // the proc view joins: the reply taken ahead (IDR only) must not be shown
  await page.getByTestId('view-tab-proc').click();
  await expect(viewPanel(page, 'proc')).toBeVisible();
  await page.keyboard.press('F10');
  await expectStep(page, 92, TOTAL);
  // both views drawn at the step: the stage marks a frame only when every shown view's frame is of it
  await expectFrame(page, 92, eventsOf(W, 92).length);
  await expect(viewPanel(page, 'proc').locator('.view-body')).toBeVisible();
  await expect(viewPanel(page, 'idr').getByTestId('view-describe')).toContainText('After operation 92.');
});
