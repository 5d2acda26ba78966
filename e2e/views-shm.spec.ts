// The shared-memory attachments view, checked against the engine's own
// state after the same operation: each segment's nattch, SHM_DEST and key,
// each process's attachments by ADDR number and segment.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { editor, engineAt, expectFrame, openFresh, openWithViews, viewPanel } from './playground';
import { shm_ids } from '../src/engine/ipc/shm';
import { ipc_idr_find } from '../src/engine/ipc/ipc_idr';
import { NO_PROBE } from '../src/engine/probe';
import type { Kernel } from '../src/engine/kernel';

const CARD = readFileSync(new URL('../public/examples/shm-removed-while-attached.ipc', import.meta.url), 'utf8');

/** What the engine holds: per segment [id, nattch, dest, key], per process [name, [k, shmid]...]. */
function engineState(kernel: Kernel) {
  const ids = shm_ids(kernel);
  const segments: [number, number, boolean, number][] = [];
  for (let idx = 0; idx < 64; idx++) {
    const shp = ipc_idr_find(ids.ipcs_idr, idx, NO_PROBE);
    if (shp !== null) segments.push([shp.id, shp.shm_nattch, (shp.mode & 0o1000) !== 0, shp.key]);
  }
  const tasks = [...kernel.state.tasks.tasks.values()].map((t) => [t.comm, t.mm.map((v) => [v.file, v.shmid])] as const);
  return { segments, tasks };
}

async function viewState(page: Page) {
  const view = viewPanel(page, 'shm');
  const segments = await view
    .getByTestId('shm-segment')
    .evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-id')), Number(e.getAttribute('data-nattch')), e.getAttribute('data-dest') === 'true', Number(e.getAttribute('data-key'))]));
  const tasks = await view
    .getByTestId('shm-task')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-name'), [...e.querySelectorAll('[data-testid="shm-attachment"]')].map((a) => [Number(a.getAttribute('data-k')), Number(a.getAttribute('data-shmid'))])]),
    );
  return { segments, tasks };
}

for (const step of [5, 6, 13, 16]) {
  test(`after operation ${step} of the gallery card the view shows the engine's segments and attachments`, async ({ page }) => {
    await openWithViews(page, CARD, step, ['shm']);
    const { kernel, events } = engineAt(CARD, step);
    await expectFrame(page, step, events.length);
    const want = engineState(kernel);
    await expect.poll(() => viewState(page)).toEqual({ segments: want.segments, tasks: want.tasks.map(([n, a]) => [n, a]) });
  });
}

test('the removal marks the segment SHM_DEST with key 0 while three attachments keep it, and the view says so', async ({ page }) => {
  await openWithViews(page, CARD, 6, ['shm']);
  const view = viewPanel(page, 'shm');
  const seg = view.getByTestId('shm-segment');
  await expect(seg).toHaveCount(1);
  await expect(seg).toHaveAttribute('data-dest', 'true');
  await expect(seg).toHaveAttribute('data-key', '0');
  await expect(seg).toHaveAttribute('data-nattch', '3');
  await expect(seg).toContainText('SHM_DEST');
  await expect(view.getByTestId('view-describe')).toContainText('1 segment (1 removed but still attached), 3 attachments in 3 processes.');
});

test('stepping into the last shmdt lights the segment as its mapping closes, then it is gone', async ({ page }) => {
  const { events } = engineAt(CARD, 16);
  const close = events.findIndex((e) => e.kind === 'shm_vma_close');
  expect(close).toBeGreaterThanOrEqual(0);
  await openWithViews(page, CARD, 15, ['shm']);
  const view = viewPanel(page, 'shm');
  await expect(view.getByTestId('shm-segment').first()).toHaveAttribute('data-nattch', '1');
  await page.keyboard.press('F9');
  await expectFrame(page, 16, 1);
  for (let i = 1; i <= close; i++) await page.keyboard.press('F9');
  await expectFrame(page, 16, close + 1);
  await expect(view.locator('[data-testid="shm-segment"][data-id="0"]')).toHaveClass(/lit/);
  await expect(view.locator('[data-testid="shm-segment"][data-id="0"]')).toHaveAttribute('data-nattch', '0');
  await expect(view.getByTestId('view-describe')).toContainText('A mapping of segment 0 closes; nattch 0.');
});

test('the gallery card opens the workload with the shared-memory view', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open A segment removed while attached' }).click();
  await expect(editor(page)).toContainText('@writer w = shmat(m, 0, 0)');
  await expect(viewPanel(page, 'shm')).toBeVisible();
  await expect(page.getByTestId('view-tab-shm')).toHaveAttribute('aria-selected', 'true');
});
