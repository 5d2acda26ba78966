import { test, expect } from './fixtures';
import { linkHash, openFresh, typeWorkload, workloadText } from './playground';

const MINE = 'semget(IPC_PRIVATE, 2, IPC_CREAT|0600)\nsemctl(0, 0, SEM_INFO)';
const SHARED = 'shmget(IPC_PRIVATE, 8192, IPC_CREAT|0600)';

test('an edit survives a reload', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, MINE);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('semctl');
  await page.reload();
  await expect.poll(() => workloadText(page)).toBe(MINE);
  // and without the address bar's state too
  await page.goto('./');
  await expect.poll(() => workloadText(page)).toBe(MINE);
  await expect(page.getByTestId('restore-draft')).toHaveCount(0);
});

test('an edit made the moment before a reload is kept as the draft', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, MINE);
  // no wait for the save a moment after each edit: the page saves what is due as it goes away
  await page.reload();
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('ipcscope:draft') ?? 'null') as { workload: string } | null)?.workload)).toBe(MINE);
  await page.goto('./');
  await expect.poll(() => workloadText(page)).toBe(MINE);
});

test('opening a shared link keeps the local draft one click away', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, MINE);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('semctl');
  await page.goto('./' + linkHash({ v: 1, workload: SHARED, step: 1 }));
  await page.reload();
  await expect.poll(() => workloadText(page)).toBe(SHARED);
  expect(await page.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('semctl');
  await page.getByTestId('restore-draft').click();
  await expect.poll(() => workloadText(page)).toBe(MINE);
  await expect(page.getByTestId('restore-draft')).toHaveCount(0);
});

test('opening an example from the gallery keeps the draft one click away', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, MINE);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('semctl');
  await page.locator('summary', { hasText: 'Scenarios' }).click();
  await page.getByRole('button', { name: 'Open Tour' }).click();
  await expect(page.getByRole('textbox', { name: 'Workload' })).toContainText('# A tour of SysV IPC');
  await page.getByTestId('restore-draft').click();
  await expect.poll(() => workloadText(page)).toBe(MINE);
});
