import { test, expect } from './fixtures';
import { TOUR_OPS, button, editor, expectStep, linkHash } from './playground';

const cases = [
  { what: 'corrupted', hash: '#s=%%%garbage', says: 'The link is damaged: its state cannot be decompressed.' },
  { what: 'truncated', hash: '#s=N4IgbiBcCMC', says: 'The link is cut short' },
  {
    what: 'of an unknown version',
    hash: linkHash({ v: 9, workload: 'x', step: 0 }),
    says: 'The link has state version 9; this ipcscope reads versions up to 3.',
  },
  { what: 'foreign (#w=)', hash: '#w=N4IgbiBcCMC', says: 'The link was not understood: its part after # ("w=N4IgbiBcCMC") holds no ipcscope state' },
  { what: 'garbage', hash: '#garbage', says: 'The link was not understood' },
  {
    what: 'oversized',
    hash: linkHash({ v: 1, workload: '#'.repeat(300 * 1024), step: 0 }),
    says: 'The link holds more than 200 KB of state',
  },
];

for (const c of cases) {
  test(`a ${c.what} link opens the tour with a banner saying so`, async ({ page }) => {
    await page.goto('./' + c.hash);
    const banner = page.getByRole('alert').filter({ hasText: c.says });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('The tour opened instead.');
    await expect(editor(page)).toContainText('# A tour of SysV IPC');
    await button(page, 'Run').click();
    await expectStep(page, TOUR_OPS, TOUR_OPS);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
  });
}

test('markup in a link is shown as text, never rendered', async ({ page }) => {
  const workload = '<img src=x onerror="document.title=1">\n';
  await page.goto('./' + linkHash({ v: 1, workload, step: 0 }));
  await expect(editor(page)).toContainText('<img src=x onerror="document.title=1">');
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.getByTestId('parse-status')).toContainText('1:1:');
});
