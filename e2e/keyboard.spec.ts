import { test, expect } from './fixtures';
import { currentEntry, expectFrame, expectStep, openFresh, stage, TOUR_OPS } from './playground';

test('the stepping controls work from the keyboard alone', async ({ page }) => {
  await openFresh(page);
  await page.locator('body').press('F8');
  await expectStep(page, TOUR_OPS, TOUR_OPS);
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('Shift+F10');
  await expectStep(page, TOUR_OPS - 2, TOUR_OPS);
  await page.keyboard.press('F10');
  await expectStep(page, TOUR_OPS - 1, TOUR_OPS);
  await page.keyboard.press('Home');
  await expectStep(page, 0, TOUR_OPS);
  await page.keyboard.press('End');
  await expectStep(page, TOUR_OPS, TOUR_OPS);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Shift+F10');
  for (const keys of ['F9', 'Shift+F9', 'Ctrl+F9']) await expect(help.getByRole('cell', { name: keys, exact: true })).toBeVisible();
  await expect(help).toContainText('Step into: the next event inside the operation');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Tab reaches the buttons, which show their focus, and Enter presses them
  const stepBack = page.getByRole('button', { name: 'Step back', exact: true });
  for (let i = 0; i < 20 && !(await stepBack.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(stepBack).toBeFocused();
  expect(await stepBack.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await expectStep(page, TOUR_OPS - 1, TOUR_OPS);
  await expect(currentEntry(page)).toHaveText('ip link add type ifb = 0');

  // the timeline takes the arrow keys
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, TOUR_OPS - 2, TOUR_OPS);
});

test('function keys step even while typing in the editor', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('textbox', { name: 'Workload' }).click();
  await page.keyboard.press('F10');
  await expectStep(page, 1, TOUR_OPS);
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < 14; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Control+F10');
  await expectStep(page, 12, TOUR_OPS);
  await expect(page.getByTestId('current-line')).toHaveText('current statement: line 14');
  // line 1 is a comment: no operation runs there, so running to it runs to the end
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Control+F10');
  await expectStep(page, TOUR_OPS, TOUR_OPS);
});

test('F9 steps into an operation, Ctrl+F9 out of it and Shift+F9 back one event', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('view-tab-maxidx').click();
  await page.locator('body').press('F9');
  await expectStep(page, 1, TOUR_OPS);
  await expectFrame(page, 1, 1);
  await page.keyboard.press('F9');
  await expectFrame(page, 1, 2);
  await page.keyboard.press('Shift+F9');
  await expectFrame(page, 1, 1);
  await page.keyboard.press('Control+F9');
  const sub = await stage(page).locator('[data-testid="view-sub"]').innerText();
  const n = Number(/event (\d+) \/ (\d+)/.exec(sub)![2]);
  await expectFrame(page, 1, n);
  await page.keyboard.press('Shift+F9');
  await expectFrame(page, 1, n - 1);
});
