import { test, expect } from './fixtures';
import { button, expectStep, openWithViews, typeWorkload } from './playground';
import { createSession } from '../src/session/session';
import { sparkline } from '../src/ui/costs/sparkline';

// The costs panel draws a history that comes to it with no lines drawn a task after its table (CostsPanel.svelte):
// the lines must still come, and be those of the run shown, also after a new run replaces the history.

/** the idr_node_visits sparkline's path of `text` run to its end, as the worker's history makes it */
function expectedPath(text: string): string {
  const created = createSession(text);
  if (!created.ok) throw new Error(created.error.message);
  const s = created.session;
  while (!s.seek(Number.POSITIVE_INFINITY, 1_000_000));
  const h = s.snapshot().history;
  return sparkline(h.steps, h.series.idr_node_visits!, -1, 64, 16).d;
}

const A = 'repeat 30 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\ncat /proc/sysvipc/msg';
const B = 'repeat 90 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nrepeat 3 { cat /proc/sysvipc/msg }';

test('the sparklines of a link come after its table, and a new run redraws them', async ({ page }) => {
  const a = expectedPath(A);
  const b = expectedPath(B);
  expect(a).not.toBe(b);
  await openWithViews(page, A, 31, []);
  const path = page.getByTestId('costs').locator('tr[data-counter="idr_node_visits"]').getByTestId('sparkline').locator('path');
  await expect(path).toHaveAttribute('d', a);

  await typeWorkload(page, B);
  await button(page, 'Run').click();
  await expectStep(page, 93, 93);
  await expect(path).toHaveAttribute('d', b);
  // a step back keeps the line (the same history), its marker moved
  const marker = page.getByTestId('costs').locator('tr[data-counter="idr_node_visits"]').getByTestId('sparkline').locator('line');
  const x = await marker.getAttribute('x1');
  await button(page, 'Step back').click();
  await expectStep(page, 92, 93);
  await expect(path).toHaveAttribute('d', b);
  await expect(marker).not.toHaveAttribute('x1', x!);
});
