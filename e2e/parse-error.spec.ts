import { test, expect } from './fixtures';
import { button, editor, expectStep, openFresh, typeWorkload } from './playground';

test('an edit that does not parse shows the error inline, with its line and column', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1)\n');
  const status = page.getByTestId('parse-status');
  await expect(status).toHaveText('2:1: msgsnd takes 3 or 4 arguments, got 2');
  await expect(status).toHaveAttribute('data-ok', 'false');
  const mark = editor(page).locator('.cm-lintRange-error');
  await expect(mark).toHaveText('msgsnd');
  await mark.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('2:1: msgsnd takes 3 or 4 arguments, got 2');

  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.insertText(', 0');
  await expect(status).toHaveText('parses');
  await expect(editor(page).locator('.cm-lintRange-error')).toHaveCount(0);
});

test('Run of a workload that does not parse says so in a banner, which goes once the fixed workload has run', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1)\n');
  await button(page, 'Run').click();
  const banner = page.getByRole('alert').filter({ hasText: 'The workload does not parse: line 2, column 1: msgsnd takes 3 or 4 arguments, got 2' });
  await expect(banner).toBeVisible();
  await typeWorkload(page, 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 0)\n');
  await button(page, 'Run').click();
  await expectStep(page, 2, 2);
  await expect(banner).toHaveCount(0);
});
