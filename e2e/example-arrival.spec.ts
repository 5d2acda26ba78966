// An example opened from the gallery comes a moment after the click. What
// the user does meanwhile stays: a kernel picked in the header is the one
// the example runs on (its text still loads).
import { test, expect } from './fixtures';
import { button, currentEntry, editor, holdFile, openFresh } from './playground';

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
