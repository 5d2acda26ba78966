import { createRequire } from 'node:module';
import { test, expect } from './fixtures';
import { editor, expectStep, button, openFresh, typeWorkload } from './playground';
import type * as LzStringModule from 'lz-string';
type LzString = typeof LzStringModule;

const lz = createRequire(import.meta.url)('lz-string') as LzString;

/** The state in the page's address bar. */
function stateOf(url: string): Record<string, unknown> {
  const encoded = new URL(url).hash.replace(/^#s=/, '');
  return JSON.parse(lz.decompressFromEncodedURIComponent(encoded)) as Record<string, unknown>;
}

test('a first visit lands on the scenario cards: the tour and every seed scenario', async ({ page }) => {
  await openFresh(page);
  const landing = page.getByRole('region', { name: 'Scenarios' });
  await expect(landing.locator('li.card')).toHaveCount(17);
  await expect(landing.locator('li.card h3')).toHaveText([
    'Tour',
    'Reading /proc/sysvipc/shm',
    'Per-CPU message counters',
    'Finding max_idx after a removal',
    'Why max_idx stayed cached',
    'procfs directories: list or rb-tree',
    'procfs directories, named devices',
    'The RCU IDR for ipc',
    'semget of many keys',
    'semget of existing keys',
    'Semaphore locks on 24 CPUs',
    'Semaphore locks on 4 CPUs',
    'Complex semops and the hysteresis',
    'Message wake-ups after the unlock',
    'Producer and consumer on semaphores',
    'A receiver woken by a sender',
    'A segment removed while attached',
  ]);
  await expect(landing.getByRole('button', { name: 'Reproduce Semaphore locks on 24 CPUs' })).toBeVisible();
  await expect(landing.getByRole('button', { name: 'Reproduce Reading /proc/sysvipc/shm' })).toBeVisible();
  await expect(landing.getByRole('button', { name: 'Reproduce Tour' })).toHaveCount(0);
});

test('opening a seed scenario loads its workload, its kernel and its views', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Finding max_idx after a removal' }).click();
  await expect(editor(page)).toContainText('#@default N=2');
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('5.13');
  await expect(page.getByTestId('kernel-selector').locator('summary')).toHaveText('Switches (1 changed)');
  await expect(page.getByRole('region', { name: 'Scenarios' })).toHaveCount(0);
  await button(page, 'Run').click();
  // N = 2 from the #@default line: two rounds of echo, msgget, IPC_RMID
  await expectStep(page, 6, 6);
  await expect
    .poll(() => stateOf(page.url()))
    .toMatchObject({
      v: 3,
      kernel: { preset: '5.13', switches: { ipcmni_extend: 'on' } },
      views: ['maxidx', 'idr'],
      mode: 'play',
      step: 6,
    });
});

test('the landing cards give way once the user types', async ({ page }) => {
  await openFresh(page);
  await expect(page.getByRole('region', { name: 'Scenarios' })).toBeVisible();
  await typeWorkload(page, 'msgget(IPC_PRIVATE, 0600)\n');
  await expect(page.getByRole('region', { name: 'Scenarios' })).toHaveCount(0);
  await page.locator('summary', { hasText: 'Scenarios' }).click();
  await expect(page.getByRole('button', { name: 'Open The RCU IDR for ipc' })).toBeVisible();
});
