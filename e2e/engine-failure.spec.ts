// The engine worker cannot load (a stale deploy, a missing chunk): the page
// says so and offers a retry instead of "starting the engine…" for ever.
// This spec uses Playwright's own `test`, not ./fixtures: the blocked worker
// script is a console error on purpose; the test checks that it is the only one.
import { test, expect } from '@playwright/test';
import { button, editor } from './playground';

const WORKER = '**/engine.worker-*.js';

test('a worker that cannot load reaches the failed state with its reason, and Retry recovers', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  await page.route(WORKER, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('./');
  await expect(editor(page)).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
  const status = page.getByTestId('engine-status');
  await expect(status).toHaveAttribute('data-status', 'failed');
  await expect(status).toContainText('engine failed to start: the engine worker could not be loaded');

  // Run does not wait for ever either: it ends with a banner and the controls come back
  await button(page, 'Run').click();
  await expect(page.getByRole('alert').filter({ hasText: 'The engine failed:' })).toBeVisible();
  await expect(button(page, 'Cancel')).toHaveCount(0);

  await page.unroute(WORKER);
  await status.getByRole('button', { name: 'Retry' }).click();
  await expect(status).toHaveAttribute('data-status', 'ready');
  await button(page, 'Run').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^step \d+ \/ \d+$/);
  expect(
    errors.every((e) => /404|Failed to load|engine\.worker/i.test(e)),
    errors.join('\n'),
  ).toBe(true);
});
