import { test, expect } from './fixtures';
import { button, consoleBox, currentEntry, expectStep, openFresh, TOUR_OPS } from './playground';

test('a first visit opens the tour, and Run prints what the kernel prints', async ({ page }) => {
  await openFresh(page);
  await button(page, 'Run').click();
  await expectStep(page, TOUR_OPS, TOUR_OPS);
  const out = consoleBox(page);
  await expect(out).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0');
  await expect(out).toContainText('msgrcv(0, 0, 4, IPC_NOWAIT) = -1 E2BIG (Argument list too long)');
  await expect(out).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 100');
  await expect(out.locator('li[data-op="12"] pre')).toHaveText('8');
  await expect(currentEntry(page)).toHaveText('ls -U /proc/net/dev_snmp6 = 2');
  await expect(out.locator('li[data-op="17"] pre')).toHaveText('lo\nifb0');
  // the failed calls are marked in the editor's gutter: lines 5 and 7 (E2BIG, ENOMSG)
  await expect(page.locator('.cm-error-gutter .cm-error-return')).toHaveCount(2);
  await expect(page.getByTestId('current-line')).toHaveText('current statement: line 19');
  await expect(page.getByTestId('costs').locator('tr[data-counter="ipc_addid"] td').first()).toHaveText('4');
});
