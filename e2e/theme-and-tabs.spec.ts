import { test, expect } from './fixtures';
import { openFresh, typeWorkload, workloadText } from './playground';

// what the page looks like when the HTML has been parsed, before any module script ran
const recordFirstPaint = () => {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const w = window as unknown as { __firstTheme: string | null; __firstBackground: string };
    w.__firstTheme = document.documentElement.getAttribute('data-theme');
    w.__firstBackground = getComputedStyle(document.body).backgroundColor;
  });
};

test('a stored dark theme is on <html> before the app runs, so the first paint is dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(recordFirstPaint);
  await page.addInitScript(() => localStorage.setItem('ipcscope:theme', JSON.stringify({ v: 1, theme: 'dark' })));
  await openFresh(page);
  expect(await page.evaluate(() => (window as unknown as { __firstTheme: string | null }).__firstTheme)).toBe('dark');
  const first = await page.evaluate(() => (window as unknown as { __firstBackground: string }).__firstBackground);
  // the app's own background once it runs (dark, the toggle says so)
  await expect(page.getByTestId('theme-toggle')).toHaveText('Theme: dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(first);
});

test('a stored theme that is not light or dark changes nothing', async ({ page }) => {
  await page.addInitScript(recordFirstPaint);
  await page.addInitScript(() => localStorage.setItem('ipcscope:theme', JSON.stringify({ v: 1, theme: '"><b>x</b>' })));
  await openFresh(page);
  expect(await page.evaluate(() => (window as unknown as { __firstTheme: string | null }).__firstTheme)).toBeNull();
  await expect(page.getByTestId('theme-toggle')).toHaveText('Theme: system');
});

test('a tab with edits is asked before it overwrites the draft another tab saved', async ({ context }) => {
  const a = await context.newPage();
  await openFresh(a);
  await typeWorkload(a, 'msgget(IPC_PRIVATE, 0600)');
  await expect.poll(() => a.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('msgget');
  const b = await context.newPage();
  await b.goto('./');
  await expect.poll(() => workloadText(b)).toBe('msgget(IPC_PRIVATE, 0600)');
  await typeWorkload(b, 'semget(IPC_PRIVATE, 1, 0600)');
  await expect.poll(() => b.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('semget');

  // tab A has edits of its own: it asks, and its next edit does not overwrite B's draft
  await expect(a.getByTestId('draft-conflict')).toContainText('Another tab saved a different draft.');
  await typeWorkload(a, 'shmget(IPC_PRIVATE, 4096, 0600)');
  await a.waitForTimeout(800); // longer than the draft's save delay
  expect(await a.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('semget');

  // "Keep mine" saves A's text, and now B is asked
  await a.getByTestId('keep-this-draft').click();
  await expect.poll(() => a.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('shmget');
  await expect(b.getByTestId('draft-conflict')).toBeVisible();
  await b.getByTestId('take-other-draft').click();
  await expect.poll(() => workloadText(b)).toBe('shmget(IPC_PRIVATE, 4096, 0600)');
  await expect(b.getByTestId('draft-conflict')).toHaveCount(0);
});
