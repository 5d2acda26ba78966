import { test, expect } from './fixtures';
import { eventsOf, expectFrame, linkHash, openCopiedLink, openWithViews, viewPanel } from './playground';

// one queue, then 70 segments: the shm IDR has a head over two leaves, the msg IDR one entry
const WORKLOAD = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nrepeat 70 { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }\nmsgsnd(q, 1, 8, IPC_NOWAIT)\n';
const OPS = 72;

test('a copied link opens the IDR view on the same ipc type, zoomed to the same node', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openWithViews(page, WORKLOAD, OPS, ['idr']);
  const idr = viewPanel(page, 'idr');
  const ids = idr.getByRole('combobox');
  await expect(ids).toHaveValue('');
  await ids.selectOption('shm');
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-nodes', '3');
  await idr.locator('[data-testid="idr-strip"][data-level="0"][data-first="64"]').focus();
  await page.keyboard.press('Enter');
  await expect(idr.getByTestId('idr-whole')).toBeVisible();
  await expect(idr.getByTestId('idr-strip')).toHaveCount(1);
  await expect(idr.getByTestId('idr-strip')).toHaveAttribute('data-slots', 'e'.repeat(6) + '.'.repeat(58));
  const node = await idr.getByTestId('idr-strip').getAttribute('data-id');
  await expect(idr.getByRole('group', { name: 'Subtree' })).toContainText(`node ${node}`);

  const { other } = await openCopiedLink(page, context);
  await expect(other.getByTestId('step-count')).toHaveText(`step ${OPS} / ${OPS}`);
  const idr2 = viewPanel(other, 'idr');
  await expect(idr2.getByRole('combobox')).toHaveValue('shm');
  await expect(idr2.getByTestId('idr-whole')).toBeVisible();
  await expect(idr2.getByRole('group', { name: 'Subtree' })).toContainText(`node ${node}`);
  await expect(idr2.getByTestId('idr-strip')).toHaveCount(1);
  await expect(idr2.getByTestId('idr-strip')).toHaveAttribute('data-id', node!);
  await expect(idr2.getByTestId('idr-strip')).toHaveAttribute('data-slots', 'e'.repeat(6) + '.'.repeat(58));
  await expect(other.getByRole('alert')).toHaveCount(0);
});

test('a link with bad view options opens the rest, drops them with a banner and shows names only as text', async ({ page }) => {
  const viewOptions = { idr: { ipc: 'pipe', focus: -3 }, maxidx: { ipc: 'shm' }, '<img src=x onerror="document.title=1">': { ipc: 'msg' } };
  await page.goto('./' + linkHash({ v: 2, workload: WORKLOAD, step: OPS, views: ['idr', 'maxidx'], viewOptions }));
  await expect(page.getByTestId('step-count')).toHaveText(`step ${OPS} / ${OPS}`);
  const banner = page.getByRole('alert').filter({ hasText: 'Parts of the link could not be used' });
  await expect(banner).toContainText(
    // (a name from a link is quoted and cut at 32 characters)
    'Parts of the link could not be used and were ignored: the idr view\'s ipc "pipe"; the idr view\'s focus value; the options of an unknown view "<img src=x onerror=\\"document.tit…".',
  );
  await expect(page.locator('img')).toHaveCount(0);
  await expect(viewPanel(page, 'idr').getByRole('combobox')).toHaveValue('');
  await expect(viewPanel(page, 'maxidx').getByRole('combobox')).toHaveValue('shm');
  await expectFrame(page, OPS, eventsOf(WORKLOAD, OPS).length);
});
