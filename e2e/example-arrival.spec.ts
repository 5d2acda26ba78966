// An example opened from the gallery (or the tour) comes a moment after the
// click. What the user does meanwhile stays: a kernel picked in the header
// is the one the example runs on, a mode chosen stays, what was typed is kept
// as the draft; the example's text still loads. When it comes, only what the
// page shows changes: no region moves or changes size.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { button, consoleBox, currentEntry, editor, holdFile, openFresh, typeWorkload, workloadText } from './playground';

test('a kernel picked while an opened example is on its way is the kernel it runs on, and its text still loads', async ({ page }) => {
  const release = await holdFile(page, 'examples/000-sysvipc-find-ipc.ipc');
  await openFresh(page);
  // the card opens on 5.13; 2.6.25 is picked before its text has come
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Reading /proc/sysvipc/shm' }).click();
  const kernel = page.getByRole('combobox', { name: 'Kernel', exact: true });
  await kernel.selectOption('2.6.25');
  await expect(editor(page)).not.toContainText('repeat $N');
  release();
  await expect(editor(page)).toContainText('repeat $N { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }');
  for (let i = 0; i < 3; i++) await button(page, 'Step over').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^step 3 \/ /);
  // the second segment's id is what the engine answered: 2.6.25 bumps the sequence (32768 + 1); 5.13 would answer 1
  await expect(currentEntry(page)).toHaveText('shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 32769');
  await expect(kernel).toHaveValue('2.6.25');
});

/** Where each main region of the page is, in page coordinates (the page may scroll to the Run button once the example is open). */
async function regions(page: Page): Promise<Record<string, string>> {
  const found: Record<string, Locator> = {
    header: page.locator('header').first(),
    'kernel selector': page.getByTestId('kernel-selector'),
    controls: page.getByRole('region', { name: 'Controls' }),
    editor: page.getByRole('region', { name: 'Workload editor' }),
    views: page.getByRole('region', { name: 'Views', exact: true }),
    stage: page.getByTestId('stage'),
    console: consoleBox(page),
  };
  const out: Record<string, string> = {};
  for (const [name, l] of Object.entries(found)) {
    const r = await l.evaluate((el) => {
      const b = el.getBoundingClientRect();
      return [b.left + scrollX, b.top + scrollY, b.width, b.height];
    });
    // to the pixel: equal within 1 px
    out[name] = r.map((v) => Math.round(v)).join(' ');
  }
  return out;
}

for (const width of [1280, 800, 390]) {
  test(`at ${width} px an example's arrival changes what the regions show, not where they are or their size`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // the card brings a kernel with a switch changed ("Switches (1 changed)") and two views
    const release = await holdFile(page, 'examples/002-ipc-search-maxidx.ipc');
    await openFresh(page);
    await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Close' }).click();
    const gallery = page.locator('details.gallery');
    await gallery.locator('summary').click();
    await gallery.getByRole('button', { name: 'Open Finding max_idx after a removal' }).click();
    await gallery.locator('summary').click();
    const before = await regions(page);
    release();
    await expect(editor(page)).toContainText('msgctl(q, IPC_RMID)');
    await expect(page.getByTestId('kernel-selector').locator('summary')).toHaveText('Switches (1 changed)');
    await expect(page.getByTestId('view-tab-maxidx')).toHaveAttribute('aria-selected', 'true');
    expect(await regions(page)).toEqual(before);
  });
}

test('what is typed while an opened example is on its way is kept as the draft when the example replaces it', async ({ page }) => {
  const mine = 'msgget(IPC_PRIVATE, 0644)\n# typed while the example came';
  const release = await holdFile(page, 'examples/sem-producer-consumer.ipc');
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Producer and consumer on semaphores' }).click();
  await typeWorkload(page, mine);
  // the example comes right after the last key, before the draft's save a moment after each edit
  release();
  await expect(editor(page)).toContainText('semget(IPC_PRIVATE, 2, IPC_CREAT|0600)');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ipcscope:draft'))).toContain('typed while the example came');
  await page.getByTestId('restore-draft').click();
  await expect.poll(() => workloadText(page)).toBe(mine);
});

test('a mode chosen while an opened example is on its way stays; the example is in the editor when the user goes back', async ({ page }) => {
  const release = await holdFile(page, 'examples/000-sysvipc-find-ipc.ipc');
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Reading /proc/sysvipc/shm' }).click();
  const modes = page.getByRole('navigation', { name: 'Mode' });
  await modes.getByRole('button', { name: 'Charts' }).click();
  await expect(page.getByRole('region', { name: 'Sweep charts' })).toBeVisible();
  release();
  await expect.poll(() => page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '')).toContain('repeat $N');
  await expect(page.getByRole('region', { name: 'Sweep charts' })).toBeVisible();
  await expect(modes.getByRole('button', { name: 'Charts' })).toHaveAttribute('aria-pressed', 'true');
  await modes.getByRole('button', { name: 'One kernel' }).click();
  await expect(editor(page)).toContainText('repeat $N { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }');
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('5.13');
});

test('a mode chosen while the tour is on its way stays when the tour comes', async ({ page }) => {
  const release = await holdFile(page, 'examples/tour.ipc');
  await page.goto('./');
  const modes = page.getByRole('navigation', { name: 'Mode' });
  await modes.getByRole('button', { name: 'Charts' }).click();
  await expect(page.getByRole('region', { name: 'Sweep charts' })).toBeVisible();
  release();
  await modes.getByRole('button', { name: 'One kernel' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '')).toContain('A tour of SysV IPC');
  await expect(modes.getByRole('button', { name: 'Charts' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Sweep charts' })).toBeVisible();
});

test('a kernel picked after a run while an example is on its way does not run the example that comes', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Close' }).click();
  await button(page, 'Step over').click();
  await button(page, 'Step over').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^step 2 \/ /);
  const release = await holdFile(page, 'examples/000-sysvipc-find-ipc.ipc');
  const gallery = page.locator('details.gallery');
  await gallery.locator('summary').click();
  await gallery.getByRole('button', { name: 'Open Reading /proc/sysvipc/shm' }).click();
  await page.getByRole('combobox', { name: 'Kernel', exact: true }).selectOption('2.6.25');
  release();
  await expect(editor(page)).toContainText('repeat $N { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }');
  // the restart on the new kernel was for the tour, which has gone: the example waits for Run or a step, as any example opened
  await expect(consoleBox(page)).toContainText('The workload changed since this ran');
  await expect(page.getByTestId('step-count')).toHaveText('step 0 / 0');
  await button(page, 'Step over').click();
  await button(page, 'Step over').click();
  await expect(currentEntry(page)).toHaveText('shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 0');
  await button(page, 'Step over').click();
  await expect(currentEntry(page)).toHaveText('shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 32769');
});
