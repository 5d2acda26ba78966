import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { button, currentEntry, editor, eventsOf, expectFrame, expectStep, openFresh, TOUR_OPS, viewPanel } from './playground';

test('stepping over, back, scrubbing and running to the cursor move the console, the editor and the costs together', async ({ page }) => {
  await openFresh(page);
  const costs = page.getByTestId('costs');
  const counter = (name: string) => costs.locator(`tr[data-counter="${name}"] td`);

  await button(page, 'Step over').click();
  await expectStep(page, 1, TOUR_OPS);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0');
  await expect(page.getByTestId('current-line')).toHaveText('current statement: line 3');
  await expect(counter('ipc_addid').nth(0)).toHaveText('1');
  await expect(counter('ipc_addid').nth(1)).toHaveText('+1');

  await button(page, 'Run').click();
  await expectStep(page, TOUR_OPS, TOUR_OPS);
  await button(page, 'Step back').click();
  await expectStep(page, TOUR_OPS - 1, TOUR_OPS);
  await expect(currentEntry(page)).toHaveText('ip link add type ifb = 0');
  await expect(editor(page).locator('.cm-current-statement')).toHaveText('ip link add type ifb');

  await button(page, 'Step over').click();
  await expect(currentEntry(page)).toHaveText('ls -U /proc/net/dev_snmp6 = 2');

  // the timeline: jump to step 3, the E2BIG receive
  await page.getByTestId('scrubber').fill('3');
  await expectStep(page, 3, TOUR_OPS);
  await expect(currentEntry(page)).toHaveText('msgrcv(0, 0, 4, IPC_NOWAIT) = -1 E2BIG (Argument list too long)');
  await expect(page.locator('.cm-error-gutter .cm-error-return')).toHaveCount(1);
  await expect(counter('syscalls').nth(0)).toHaveText('3');

  // run to the cursor: put it on line 14 (cat /proc/sys/kernel/msgmni)
  await editor(page).locator('.cm-line').nth(13).click();
  await button(page, 'Run to cursor').click();
  await expectStep(page, 12, TOUR_OPS);
  await expect(currentEntry(page)).toHaveText('cat /proc/sys/kernel/msgmni = 1');
  await expect(page.getByTestId('current-line')).toHaveText('current statement: line 14');
  await expect(counter('vfs_read_calls').nth(1)).toHaveText('+2');

  // clicking an earlier output line jumps there
  await page
    .getByTestId('console')
    .getByRole('button', { name: /msgsnd\(0, 1, 10, IPC_NOWAIT\) = 0/ })
    .click();
  await expectStep(page, 2, TOUR_OPS);

  await button(page, 'Reset').click();
  await expectStep(page, 0, TOUR_OPS);
  await expect(page.getByTestId('console')).toContainText('No operation executed yet');
});

test('play runs the steps one after the other and stops at the end', async ({ page }) => {
  await openFresh(page);
  await page.getByLabel('Speed').selectOption('max');
  await page.getByRole('button', { name: 'Play' }).click();
  await expectStep(page, TOUR_OPS, TOUR_OPS);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('step into, step out and back one event walk the events of an operation and cross into its neighbours', async ({ page }) => {
  const tour = await readFile(new URL('../public/examples/tour.ipc', import.meta.url), 'utf8');
  const e1 = eventsOf(tour, 1).length;
  const e2 = eventsOf(tour, 2).length;
  expect(e1).toBeGreaterThan(2);
  expect(e2).toBeGreaterThan(0);
  await openFresh(page);
  await page.getByTestId('view-tab-idr').click();
  await expect(button(page, 'Back one event')).toHaveAttribute('aria-disabled', 'true');

  // into the first operation: its first event
  await button(page, 'Step into').click();
  await expectStep(page, 1, TOUR_OPS);
  await expectFrame(page, 1, 1);
  await button(page, 'Step into').click();
  await expectFrame(page, 1, 2);
  await expect(viewPanel(page, 'idr').getByTestId('view-sub')).toHaveText(`event 2 / ${e1}`);
  // out: the end of the operation, then into the next one's first event
  await button(page, 'Step out').click();
  await expectFrame(page, 1, e1);
  await button(page, 'Step into').click();
  await expectStep(page, 2, TOUR_OPS);
  await expectFrame(page, 2, 1);
  // back one event twice: the start of operation 2, then the last event of operation 1
  await button(page, 'Back one event').click();
  await expectFrame(page, 2, 0);
  await button(page, 'Back one event').click();
  await expectStep(page, 1, TOUR_OPS);
  await expectFrame(page, 1, e1 - 1);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0');
  // a step over lands at the end of the next operation
  await button(page, 'Step over').click();
  await expectFrame(page, 2, e2);
});
