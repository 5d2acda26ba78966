import { test, expect } from './fixtures';
import { currentEntry, linkHash } from './playground';

test.use({ viewport: { width: 390, height: 844 } });

test('a shared link is readable on a phone: the console and the current step are in view', async ({ page }) => {
  const workload = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 10, IPC_NOWAIT)\nmsgrcv(q, 0, 4, IPC_NOWAIT)\n';
  await page.goto('./' + linkHash({ v: 1, workload, step: 3 }));
  await expect(page.getByTestId('step-count')).toHaveText('step 3 / 3');
  await expect(currentEntry(page)).toBeInViewport();
  await expect(currentEntry(page)).toHaveText('msgrcv(0, 0, 4, IPC_NOWAIT) = -1 E2BIG (Argument list too long)');
  await expect(page.getByTestId('step-count')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
