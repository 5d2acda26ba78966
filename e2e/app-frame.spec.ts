import { test, expect } from './fixtures';

test('the page shows the app frame and the worker answers', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'ipcscope', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Workload editor' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Views' })).toBeVisible();
  const status = page.getByTestId('engine-status');
  await expect(status).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('engine-version')).toHaveText(/^\d+\.\d+\.\d+$/);
  await expect(page.getByTestId('engine-sample')).toHaveText('msgctl(-1, IPC_STAT) = -1 EINVAL (Invalid argument)');
});

test('the built site works when served from a sub-path', async ({ page }) => {
  await page.goto('/ipcscope/');
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-status', 'ready');
});
