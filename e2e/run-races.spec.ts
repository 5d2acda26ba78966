// A press that comes while something it depends on is still on its way:
// the press is for what the user asked for last, and is carried out once
// that is there, never dropped or carried out on what was there before.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { button, consoleBox, editor, holdFile, openFresh, paste, viewPanel } from './playground';

const SEM = readFileSync(new URL('../public/examples/sem-producer-consumer.ipc', import.meta.url), 'utf8');
const SEM_OPS = SEM.split('\n').filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#')).length;

test('Run pressed while an opened example is still on its way runs that example, not the text before it', async ({ page }) => {
  const release = await holdFile(page, 'examples/sem-producer-consumer.ipc');
  await page.goto('./');
  await expect(editor(page)).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Producer and consumer on semaphores' }).click();
  // the example's text has not come yet: the tour is still in the editor when Run is pressed
  await button(page, 'Run').click();
  await expect(editor(page)).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
  release();
  await expect(editor(page)).toContainText('semget(IPC_PRIVATE, 2, IPC_CREAT|0600)');
  await expect(page.getByTestId('step-count')).toHaveText(`step ${SEM_OPS} / ${SEM_OPS}`);
  await expect(consoleBox(page)).not.toContainText('The workload changed since this ran');
  await expect(consoleBox(page)).toContainText('semget(IPC_PRIVATE, 2, IPC_CREAT|0600)');
  await expect(viewPanel(page, 'sem').getByTestId('sem-view')).toBeVisible();
});

test('F8 pressed before the tour has come runs the tour', async ({ page }) => {
  const release = await holdFile(page, 'examples/tour.ipc');
  await page.goto('./');
  await expect(button(page, 'Run')).toBeVisible();
  await page.keyboard.press('F8');
  release();
  await expect(editor(page)).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
  await expect(page.getByTestId('step-count')).toHaveText(/^step [1-9]\d* \/ /);
  await expect(consoleBox(page)).not.toContainText('The workload changed since this ran');
});

test('of two examples opened one after the other, the second stays, whichever comes first', async ({ page }) => {
  const release = await holdFile(page, 'examples/sem-producer-consumer.ipc');
  await page.goto('./');
  await expect(editor(page)).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
  const cards = page.getByRole('region', { name: 'Scenarios' });
  await cards.getByRole('button', { name: 'Open Producer and consumer on semaphores' }).click();
  await cards.getByRole('button', { name: 'Open A segment removed while attached' }).click();
  await expect(editor(page)).toContainText('shmget(');
  release();
  await button(page, 'Run').click();
  await expect(page.getByTestId('step-count')).toHaveText(/^step [1-9]\d* \/ /);
  await expect(editor(page)).toContainText('shmget(');
  await expect(editor(page)).not.toContainText('semget(');
});

test('Run pressed while a pasted strace log is still being imported runs the imported workload', async ({ page }) => {
  // the importer is a chunk of its own, fetched at the first paste
  const release = await holdFile(page, 'assets/strace-*.js');
  await openFresh(page);
  await paste(page, readFileSync(new URL('../tests/strace/logs/util-linux.log', import.meta.url), 'utf8'));
  await button(page, 'Run').click();
  release();
  await expect(editor(page)).toContainText('# imported by ipcscope import from pasted log');
  await expect(page.getByTestId('step-count')).toHaveText(/^step ([1-9]\d*) \/ \1$/);
  await expect(consoleBox(page)).not.toContainText('The workload changed since this ran');
});
