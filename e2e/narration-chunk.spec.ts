// The narration loads as a chunk of its own with the first step into an
// operation (Stage.svelte). When that chunk cannot load (a stale deploy), the
// narration line says so and the views still draw. Playwright's own `test`,
// not ./fixtures: the blocked chunk is a console error on purpose.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { configForChoice } from '../src/engine/kernel_choice';
import { eventsOf, expectFrame, openAt, viewPanel } from './playground';

const CHUNK = '**/narration-*.js';

test('a narration chunk that cannot load is named in the narration line, and the view under it still draws and describes', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  await page.route(CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }));
  const text = await readFile(new URL('../public/examples/002-ipc-search-maxidx.ipc', import.meta.url), 'utf8');
  const kernel = { preset: '5.15', switches: { ipcmni_extend: 'on' } };
  const events = eventsOf(text, 3, configForChoice(kernel));
  const sub = events.findIndex((e) => e.kind === 'maxidx_probe') + 1;
  expect(sub).toBeGreaterThan(0);
  await openAt(page, text, kernel, ['maxidx'], 3, sub);
  await expectFrame(page, 3, sub);
  const panel = viewPanel(page, 'maxidx');
  await expect(panel.getByTestId('view-narration')).toContainText('The narration could not be loaded');
  await expect(panel.getByTestId('view-describe')).toContainText('max_idx');
  expect(
    errors.every((e) => /404|Failed to (load|fetch)|narration/i.test(e)),
    errors.join('\n'),
  ).toBe(true);
});
