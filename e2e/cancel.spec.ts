import { test, expect } from './fixtures';
import { button, openFresh, typeWorkload } from './playground';

test('a long run can be cancelled and the page stays responsive meanwhile', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nrepeat 9000000 { msgsnd(q, 1, 0, IPC_NOWAIT) }\n');
  await button(page, 'Run').click();
  await expect(page.getByTestId('progress')).toContainText('operations so far');

  // other controls still react while it runs
  const theme = page.getByTestId('theme-toggle');
  const label = await theme.textContent();
  await theme.click();
  await expect(theme).not.toHaveText(label!);

  await button(page, 'Cancel').click();
  const banner = page.getByRole('alert').filter({ hasText: 'Run cancelled after' });
  await expect(banner).toBeVisible();
  await expect(button(page, 'Cancel')).toHaveCount(0);
  const count = await page.getByTestId('step-count').textContent();
  expect(count).toMatch(/^step [\d,]+ \/ [\d,]+\+$/);

  // what ran can be stepped through
  await button(page, 'Step back').click();
  await expect(page.getByTestId('console').locator('li[aria-current="step"] .text')).toHaveText(/^msgsnd\(0, 1, 0, IPC_NOWAIT\) = (0|-1 EAGAIN \(Resource temporarily unavailable\))$/);
});

test('a runaway loop ends with the step-limit message in a banner', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, 'msgget(IPC_PRIVATE, 0)\nrepeat 1000000000 { }\n');
  await button(page, 'Run').click();
  const banner = page.getByTestId('run-error');
  await expect(banner).toHaveRole('alert');
  await expect(banner).toContainText('line 2, column 1: this loop would run 1000000000 iterations, more than the 9999999 steps left of the budget of 10000000 (see --max-steps)');
  await expect(page.getByTestId('step-count')).toHaveText('step 1 / 1');
  await expect(page.getByTestId('console-error')).toContainText('stopped: line 2, column 1');
});

test('a worker that does not answer a cancel is restarted, and the workload stays', async ({ page }) => {
  await openFresh(page);
  const workload = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nrepeat 9000000 { msgsnd(q, 1, 0, IPC_NOWAIT) }\n';
  await typeWorkload(page, workload);
  await button(page, 'Run').click();
  await expect(page.getByTestId('progress')).toContainText('operations so far');
  // hold the worker's thread, as one endless statement would
  const worker = page.workers().find((w) => w.url().includes('engine.worker'))!;
  const stuck = worker.evaluate(() => {
    const until = Date.now() + 8000;
    while (Date.now() < until);
  });
  stuck.catch(() => {});
  // the evaluation reaches the worker asynchronously (over CDP); give it time
  // to start blocking, else the Cancel can slip in first and be answered
  await page.waitForTimeout(500);
  await button(page, 'Cancel').click();
  await expect(page.getByRole('alert').filter({ hasText: 'The engine did not answer, so it was restarted.' })).toBeVisible();
  await expect(button(page, 'Cancel')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Workload' })).toContainText('repeat 9000000');

  // a fresh engine takes the next run
  await typeWorkload(page, 'msgget(IPC_PRIVATE, 0)\n');
  await button(page, 'Run').click();
  await expect(page.getByTestId('step-count')).toHaveText('step 1 / 1');
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-status', 'ready');
});
