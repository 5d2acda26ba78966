// The stepper's process strip against the engine's own task table: after
// each step, every live @NAME process with its state (the one that ran the
// step, runnable, or blocked) and, for a blocked one, the queue, array and
// semaphore it sleeps on, read from the kernel's fields here, not from the
// strip's own function. The console keeps its [name] prefixes.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { button, consoleBox, engineAt, openWithViews } from './playground';
import type { Kernel } from '../src/engine/kernel';
import { sem_ids } from '../src/engine/ipc/sem';
import { ipc_obtain_object_check } from '../src/engine/ipc/util';
import { NO_PROBE } from '../src/engine/probe';

const W = `s = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
@a semop(s, {0, 1}, {1, -2, SEM_UNDO})
@b msgrcv(q, 3, 100, 0)
@c semctl(s, 0, GETVAL)
semop(s, {1, 2})
msgsnd(q, 3, "hi", IPC_NOWAIT)
@c exit
`;

/** What the strip must show for each task of `k`, from the task table and the queues. */
function expected(k: Kernel): { name: string; state: string; on: string[] }[] {
  const t = k.state.tasks;
  return [...t.tasks.values()].map((task) => {
    if (task.sem_sleeping >= 0) {
      const sma = ipc_obtain_object_check(k.state.ipc, sem_ids(k), task.sem_sleeping, NO_PROBE)!;
      const q = [sma.pending, ...(sma.sems_pending ?? [])].flatMap((l) => [...l.pending_alter, ...l.pending_const]).find((x) => x.pid === task.pid)!;
      const sop = q.sops[q.blocking]!;
      return { name: task.comm, state: 'blocked', on: ['semop', `sem ${sop.sem_num}`, `array ${sma.id}`, `op ${sop.sem_op}`] };
    }
    if (task.msg_wait !== null) return { name: task.comm, state: 'blocked', on: [task.msg_wait.call, `type ${task.msg_wait.msgtyp}`, `queue ${task.msg_wait.msqid}`] };
    return { name: task.comm, state: task.pid === t.current ? 'running' : 'runnable', on: [] };
  });
}

async function expectStrip(page: Page, step: number): Promise<void> {
  const { kernel } = engineAt(W, step);
  const want = expected(kernel);
  const strip = page.getByTestId('process-strip');
  if (want.length < 2) return expect(strip).toHaveCount(0);
  const rows = strip.locator('li');
  await expect(rows).toHaveCount(want.length);
  for (const [i, w] of want.entries()) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute('data-name', w.name);
    await expect(row).toHaveAttribute('data-state', w.state);
    for (const part of w.on) await expect(row).toContainText(part);
  }
}

test('the strip shows which process runs and which are blocked, and on what, as the engine holds them, step by step', async ({ page }) => {
  await openWithViews(page, W, 2, []);
  await expectStrip(page, 2);
  for (let step = 3; step <= 8; step++) {
    await button(page, 'Step over').click();
    await expect(page.getByTestId('step-count')).toHaveText(new RegExp(`^step ${step} / `));
    await expectStrip(page, step);
  }
  // at step 5 both a and b slept; the console kept their prefixes and main's semop woke a
  await expect(consoleBox(page)).toContainText('[a] semop(0, {0, 1, 0}, {1, -2, SEM_UNDO}) <unfinished ...>');
  await expect(consoleBox(page)).toContainText('[b] msgrcv(0, 3, 100, 0) <unfinished ...>');
  await expect(consoleBox(page)).toContainText('[a] <... semop resumed> = 0');
});

test('a single-process workload shows no strip', async ({ page }) => {
  await openWithViews(page, 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(q, IPC_RMID)\n', 2, []);
  await expect(consoleBox(page)).toContainText('msgctl(0, IPC_RMID) = 0');
  await expect(page.getByTestId('process-strip')).toHaveCount(0);
});
