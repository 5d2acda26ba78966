import { test, expect } from './fixtures';
import { button, currentEntry, expectStep, linkHash, openCopiedLink, openFresh, typeWorkload } from './playground';

// the third operation reuses index 0: 2.6.25 bumps the sequence (id 32768), 6.18 allocates cyclically (id 1)
const WORKLOAD = 'q = msgget(IPC_PRIVATE, 0600)\nmsgctl(q, IPC_RMID)\nmsgget(IPC_PRIVATE, 0600)\n';

test('choosing a preset reruns the workload on that kernel and shows its output', async ({ page }) => {
  await openFresh(page);
  await typeWorkload(page, WORKLOAD);
  await button(page, 'Run').click();
  await expectStep(page, 3, 3);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, 0600) = 1');
  await page.getByRole('combobox', { name: 'Kernel', exact: true }).selectOption('2.6.25');
  await expectStep(page, 3, 3);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, 0600) = 32768');
});

test('a switch set away from its preset is marked, changes the run and travels in the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFresh(page);
  await typeWorkload(page, WORKLOAD);
  await button(page, 'Run').click();
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, 0600) = 1');
  const selector = page.getByTestId('kernel-selector');
  await selector.locator('summary').click();
  const sw = page.getByRole('combobox', { name: 'Kernel switch ipc_idx_alloc' });
  await expect(sw).toHaveValue('cyclic');
  await sw.selectOption('lowest');
  await expect(selector.locator('summary')).toHaveText('Switches (1 changed)');
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, 0600) = 32768');

  const { other } = await openCopiedLink(page, context);
  await expectStep(other, 3, 3);
  await expect(currentEntry(other)).toHaveText('msgget(IPC_PRIVATE, 0600) = 32768');
  await other.getByTestId('kernel-selector').locator('summary').click();
  await expect(other.getByRole('combobox', { name: 'Kernel switch ipc_idx_alloc' })).toHaveValue('lowest');
});

test('a combination no kernel had is refused with the reason and the run is unchanged', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('kernel-selector').locator('summary').click();
  await page.getByRole('combobox', { name: 'Kernel switch idr' }).selectOption('layer');
  await expect(page.getByTestId('kernel-selector')).toContainText('Not applied: idr=layer needs ipc_idx_alloc=lowest');
  await expect(page.getByTestId('kernel-selector').locator('summary')).toHaveText('Switches');
});

test('a link naming a kernel this version does not know opens 6.18 and says so', async ({ page }) => {
  await page.goto('./' + linkHash({ v: 2, workload: WORKLOAD, step: 3, kernel: { preset: '9.99', switches: { idr: 'btree' } } }));
  const banner = page.getByRole('alert').filter({ hasText: 'unknown kernel "9.99", 6.18 used instead' });
  await expect(banner).toContainText('idr cannot be "btree"');
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('6.18');
  await expectStep(page, 3, 3);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, 0600) = 1');
});

test('a version 1 link with an on/off switch still opens', async ({ page }) => {
  await page.goto('./' + linkHash({ v: 1, workload: WORKLOAD, step: 2, kernel: { preset: '2.6.25', switches: { ipcmni_extend: true } } }));
  await expectStep(page, 2, 3);
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('2.6.25');
  await page.getByTestId('kernel-selector').locator('summary').click();
  await expect(page.getByRole('combobox', { name: 'Kernel switch ipcmni_extend' })).toHaveValue('on');
});
