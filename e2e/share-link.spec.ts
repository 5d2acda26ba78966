import { test, expect } from './fixtures';
import { button, currentEntry, editor, expectStep, openFresh, paste, TOUR_OPS, typeWorkload, workloadText } from './playground';

const WORKLOAD = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nrepeat 3 { msgsnd(q, 1, 8, IPC_NOWAIT) }\nmsgctl(q, MSG_INFO)\n';

test('a copied link opens the identical workload at the identical step', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await typeWorkload(page, WORKLOAD);
  await button(page, 'Run').click();
  await expectStep(page, 5, 5);
  await button(page, 'Step back').click();
  await button(page, 'Step back').click();
  await expectStep(page, 3, 5);

  const copy = page.getByTestId('copy-link');
  await copy.click();
  await expect(copy).toHaveText('Copied ✓');
  const link = await copy.getAttribute('href');
  expect(link).toMatch(/#s=[A-Za-z0-9+\-$]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(page.url()).toBe(link);

  const other = await context.newPage();
  await other.goto(link!);
  await expectStep(other, 3, 5);
  expect(await workloadText(other)).toBe(WORKLOAD);
  await expect(currentEntry(other)).toHaveText('msgsnd(0, 1, 8, IPC_NOWAIT) = 0');
  await expect(other.getByTestId('console').locator('li')).toHaveCount(3);
});

test('a workload too large for a link: Copy link says so instead of copying a link that would not open, and a reload opens the draft', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  // over 200 KB of state, more than a link may carry (url_state.ts)
  const big = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n' + Array.from({ length: 3600 }, (_, i) => `msgsnd(q, ${i + 1}, 8, IPC_NOWAIT)  # message ${i} of the batch\n`).join('');
  expect(big.length).toBeGreaterThan(200 * 1024);
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await paste(page, big);
  await expect(page.getByTestId('parse-status')).toHaveText('parses');
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  const copy = page.getByTestId('copy-link');
  await copy.click();
  await expect(page.getByRole('alert').filter({ hasText: 'The workload is too large for a link' })).toBeVisible();
  await expect(copy).toHaveText('Copy link');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
  // the address bar holds no state the page would refuse, so a reload opens the draft, not the tour
  await expect.poll(() => page.url()).not.toMatch(/#/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ipcscope:draft')?.length ?? 0)).toBeGreaterThan(200 * 1024);
  await page.reload();
  await expect(page.getByTestId('parse-status')).toHaveText('parses');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // all of it (the editor draws only the lines in view): each statement runs
  await button(page, 'Run').click();
  await expect(page.getByTestId('step-count')).toHaveText('step 3,601 / 3,601');
});

test('the address bar follows the step without adding history entries', async ({ page }) => {
  await openFresh(page);
  const before = await page.evaluate(() => history.length);
  await button(page, 'Step over').click();
  await button(page, 'Step over').click();
  await expectStep(page, 2, TOUR_OPS);
  await expect.poll(() => page.url()).toMatch(/#s=/);
  const at2 = page.url();
  await button(page, 'Step over').click();
  await expectStep(page, 3, TOUR_OPS);
  await expect.poll(() => page.url()).not.toBe(at2);
  expect(await page.evaluate(() => history.length)).toBe(before);
});
