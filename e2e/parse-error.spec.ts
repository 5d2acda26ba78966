import { test, expect } from './fixtures';
import { editor, openFresh, typeWorkload } from './playground';

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
