import { test, expect } from './fixtures';
import { eventsOf, expectFrame, openWithViews, viewPanel } from './playground';

const W = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 100, IPC_NOWAIT)\nmsgsnd(q, 2, 28, IPC_NOWAIT)\nmsgctl(q, MSG_INFO)\n';

test('after two sends the grid shows CPU 0 holding 128 bytes and 2 headers in its cells and nothing folded', async ({ page }) => {
  await openWithViews(page, W, 3, ['percpu']);
  await expectFrame(page, 3, eventsOf(W, 3).length);
  const view = viewPanel(page, 'percpu');
  await expect(view.getByTestId('percpu-view')).toHaveAttribute('data-impl', 'percpu');
  const cpus = view.getByTestId('percpu-cpu');
  await expect(cpus).toHaveCount(2);
  await expect(cpus.nth(0)).toHaveAttribute('data-bytes', '128');
  await expect(cpus.nth(0)).toHaveAttribute('data-hdrs', '2');
  await expect(cpus.nth(1)).toHaveAttribute('data-bytes', '0');
  const bytes = view.locator('[data-testid="percpu-count"][data-counter="msg_bytes"]');
  await expect(bytes).toHaveAttribute('data-count', '0');
  await expect(bytes).toHaveAttribute('data-sum', '128');
  await expect(view.getByTestId('view-describe')).toHaveText('The percpu counters hold msg_bytes 128, msg_hdrs 2 over 2 CPUs (folded counts 0 and 0).');
});

test('stepping into MSG_INFO lights every CPU cell while percpu_counter_sum reads them', async ({ page }) => {
  const events = eventsOf(W, 4);
  expect(events.filter((e) => e.kind === 'percpu_sum')).toEqual([
    { kind: 'percpu_sum', counter: 'msg_hdrs', value: 2 },
    { kind: 'percpu_sum', counter: 'msg_bytes', value: 128 },
  ]);
  await openWithViews(page, W, 3, ['percpu']);
  const view = viewPanel(page, 'percpu');
  await expect(view.getByTestId('percpu-cpu')).toHaveCount(2);
  const first = events.findIndex((e) => e.kind === 'percpu_sum');
  // into the next operation first (a press while that request is out would be taken for another operation)
  await page.keyboard.press('F9');
  await expectFrame(page, 4, 1);
  for (let i = 1; i <= first; i++) await page.keyboard.press('F9');
  await expectFrame(page, 4, first + 1);
  await expect(view.getByTestId('percpu-cpu').nth(0)).toHaveClass(/summed/);
  await expect(view.getByTestId('percpu-cpu').nth(1)).toHaveClass(/summed/);
  await expect(view.getByTestId('view-describe')).toContainText('percpu_counter_sum reads every cell of msg_hdrs: 2.');
});

test('the atomic_t of kernels before 6.1 moves its cache line to the CPU that adds', async ({ page }) => {
  const config = { msg_counters: 'atomic' as const };
  const events = eventsOf(W, 2, config);
  expect(events.filter((e) => e.kind === 'atomic_add').map((e) => e.kind === 'atomic_add' && e.cpu)).toEqual([0, 0]);
  await openWithViews(page, W, 1, ['percpu'], { switches: { msg_counters: 'atomic' } });
  const view = viewPanel(page, 'percpu');
  await expect(view.getByTestId('percpu-view')).toHaveAttribute('data-impl', 'atomic');
  await expect(view.getByTestId('cache-line')).toHaveAttribute('data-owner', 'memory');
  await page.keyboard.press('F9');
  await expectFrame(page, 2, 1);
  const first = events.findIndex((e) => e.kind === 'atomic_add');
  for (let i = 1; i <= first; i++) await page.keyboard.press('F9');
  await expectFrame(page, 2, first + 1);
  await expect(view.getByTestId('cache-line')).toHaveAttribute('data-owner', '0');
  await expect(view.locator('[data-testid="percpu-count"][data-counter="msg_bytes"]')).toHaveAttribute('data-count', '100');
  await expect(view.locator('[data-testid="percpu-count"][data-counter="msg_hdrs"]')).toHaveAttribute('data-count', '0');
});
