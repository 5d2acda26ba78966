import { test, expect } from './fixtures';

test('the page shows the app frame and the worker answers', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'ipcscope', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Workload editor' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Views' })).toBeVisible();
  const status = page.getByTestId('engine-status');
  await expect(status).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('engine-version')).toHaveText(/^\d+\.\d+\.\d+$/);
  await expect(status).toContainText('models Linux 6.18');
});

test('the built site works when served from a sub-path', async ({ page }) => {
  await page.goto('/ipcscope/');
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByRole('textbox', { name: 'Workload' })).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
});
