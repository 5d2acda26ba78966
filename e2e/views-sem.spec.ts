// The semaphore-array view against the engine's own state: the values,
// who sleeps on which semaphore, each process's undo list and state, the
// lock mode, and stepping into the kill of a consumer holding the lock,
// which exit_sem gives back to the producer it wakes.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { button, engineAt, eventsOf, expectFrame, openFresh, openWithViews, viewPanel } from './playground';
import { sem_ids } from '../src/engine/ipc/sem';
import { ipc_obtain_object_check } from '../src/engine/ipc/util';
import type { Kernel } from '../src/engine/kernel';
import { task_comm } from '../src/engine/kernel/task';
import { NO_PROBE } from '../src/engine/probe';
import { resolveConfig } from '../src/engine/presets';

const W = readFileSync(new URL('../public/examples/sem-producer-consumer.ipc', import.meta.url), 'utf8');
/** operation 8: semctl GETNCNT, with prod asleep on the lock cons holds; operation 9: @cons kill */
const GETNCNT = 8;
const KILL = 9;

function array0(k: Kernel) {
  const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), 0, NO_PROBE);
  if (sma === null) throw new Error('no array 0');
  return sma;
}

const stateOf = (k: Kernel, pid: number) => (pid === k.state.tasks.current ? 'current' : k.state.tasks.tasks.get(pid)!.sem_sleeping >= 0 ? 'asleep' : 'ready');

test('the view shows what the kernel holds: values, the sleeper on the lock, every process and its undo list', async ({ page }) => {
  const { kernel } = engineAt(W, GETNCNT);
  const sma = array0(kernel);
  await openWithViews(page, W, GETNCNT, ['sem']);
  await expectFrame(page, GETNCNT, eventsOf(W, GETNCNT).length);
  const view = viewPanel(page, 'sem');
  const values = view.getByTestId('sem-value');
  await expect(values).toHaveCount(sma.sem_nsems);
  for (let i = 0; i < sma.sem_nsems; i++) await expect(values.nth(i)).toHaveAttribute('data-value', String(sma.sem_vals?.[i] ?? 0));
  const sleepers = sma.sems_pending![0]!.pending_alter.map((q) => task_comm(kernel.state.tasks.tasks.get(q.pid)!));
  expect(sleepers).toEqual(['prod']);
  await expect(view.locator('[data-testid="sem-queue"][data-sem="0"][data-list="alter"]')).toHaveAttribute('data-names', sleepers.join(','));
  const tasks = [...kernel.state.tasks.tasks.values()];
  await expect(view.getByTestId('sem-proc')).toHaveCount(tasks.length);
  for (const t of tasks) {
    await expect(view.locator(`[data-testid="sem-proc"][data-name="${task_comm(t)}"]`)).toHaveAttribute('data-state', stateOf(kernel, t.pid));
    for (const u of t.undo_list ?? []) await expect(view.locator(`[data-testid="sem-undo"][data-name="${task_comm(t)}"]`)).toHaveAttribute('data-semadj', u.semadj.join(','));
  }
  await expect(view.getByTestId('sem-lock')).toHaveAttribute('data-counter', String(sma.use_global_lock));
  await expect(view.getByTestId('view-describe')).toContainText('asleep: prod');
});

test('stepping into the kill walks exit_sem to the wake-up of the producer, and the lock goes to it', async ({ page }) => {
  const events = eventsOf(W, KILL);
  const wake = events.findIndex((e) => e.kind === 'sem_wake');
  const exit = events.findIndex((e) => e.kind === 'sem_exit');
  expect(exit).toBeGreaterThanOrEqual(0);
  expect(wake).toBeGreaterThan(exit);
  await openWithViews(page, W, GETNCNT, ['sem']);
  const view = viewPanel(page, 'sem');
  await expect(view.getByTestId('sem-value')).toHaveCount(2);
  await page.keyboard.press('F9');
  await expectFrame(page, KILL, 1);
  for (let i = 1; i <= wake; i++) await page.keyboard.press('F9');
  await expectFrame(page, KILL, wake + 1);
  const woken = view.getByTestId('sem-wake');
  await expect(woken).toHaveCount(1);
  await expect(woken).toHaveAttribute('data-name', 'prod');
  await expect(woken).toHaveAttribute('data-by', 'cons');
  await expect(woken).toHaveAttribute('data-why', 'done');
  await expect(view.getByTestId('view-describe')).toContainText('cons wakes prod: its operation completed, returns 0');
  // the end of the operation: the engine's state after the kill
  await page.keyboard.press('Control+F9');
  const { kernel } = engineAt(W, KILL);
  await expect(view.getByTestId('sem-proc')).toHaveCount(kernel.state.tasks.tasks.size);
  await expect(view.locator('[data-testid="sem-proc"][data-name="cons"]')).toHaveCount(0);
  await expect(view.getByTestId('sem-value').nth(0)).toHaveAttribute('data-value', String(array0(kernel).sem_vals![0]));
  await expect(view.locator('[data-testid="sem-queue"]')).toHaveCount(0);
});

test('on 3.9 the view says every semop takes the array lock', async ({ page }) => {
  const r = resolveConfig('3.9');
  expect(r.ok && r.config.sem_locking).toBe('global');
  await openWithViews(page, W, 4, ['sem'], { preset: '3.9' });
  const lock = viewPanel(page, 'sem').getByTestId('sem-lock');
  await expect(lock).toHaveAttribute('data-mode', 'global');
  await expect(lock).toContainText('every semop takes the array lock');
});

test('the gallery card opens the workload with the semaphore view', async ({ page }) => {
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Producer and consumer on semaphores' }).click();
  await button(page, 'Run').click();
  await expect(viewPanel(page, 'sem')).toBeVisible();
  await expect(viewPanel(page, 'sem').getByTestId('sem-view')).toBeVisible();
});
