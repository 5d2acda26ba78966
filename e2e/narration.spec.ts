import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { configForChoice } from '../src/engine/kernel_choice';
import type { TraceEvent } from '../src/engine/trace';
import { eventsOf, expectFrame, openAt, viewPanel } from './playground';

// Each view's narration line (src/ui/views/narration.ts) checked against the engine's own events.
const example = (file: string) => readFile(new URL(`../public/examples/${file}`, import.meta.url), 'utf8');

test('in seed 003 on 3.19 the first rb-tree comparison is narrated with the two names compared and the branch the engine took', async ({ page }) => {
  const text = await example('003-procfs-rbtree.ipc');
  const kernel = { preset: '3.19' };
  const step = 60;
  const events = eventsOf(text, step, configForChoice(kernel));
  const first = events.findIndex((e) => e.kind === 'rb_compare');
  const cmp = events[first] as Extract<TraceEvent, { kind: 'rb_compare' }>;
  // the new entry: the rb_link that ends the descent
  const link = events.slice(first).find((e): e is Extract<TraceEvent, { kind: 'rb_link' }> => e.kind === 'rb_link')!;
  await openAt(page, text, kernel, ['proc'], step, 0);
  await expectFrame(page, step, 0);
  await page.getByTestId('next-in-view-proc').click();
  await expectFrame(page, step, first + 1);
  const line = viewPanel(page, 'proc').getByTestId('view-narration');
  await expect(line).toContainText(`Event ${first + 1} (rb_compare): ${link.key} against ${cmp.key}:`);
  await expect(line).toContainText(cmp.dir < 0 ? `${link.key} sorts before it: go left.` : `${link.key} sorts after it: go right.`);
});

test('stepping into seed 002 on 5.15, each max_idx probe is narrated with the index probed, hit or miss, and the direction', async ({ page }) => {
  const text = await example('002-ipc-search-maxidx.ipc');
  const kernel = { preset: '5.15', switches: { ipcmni_extend: 'on' } };
  const events = eventsOf(text, 3, configForChoice(kernel));
  const probes = events.flatMap((e, i) => (e.kind === 'maxidx_probe' ? [{ e, sub: i + 1 }] : []));
  expect(probes.length).toBeGreaterThan(10);
  await openAt(page, text, kernel, ['maxidx'], 3, probes[0]!.sub - 1);
  await expectFrame(page, 3, probes[0]!.sub - 1);
  let at = probes[0]!.sub - 1;
  const line = viewPanel(page, 'maxidx').getByTestId('view-narration');
  for (const { e, sub } of probes.slice(0, 6)) {
    while (at < sub) {
      await page.keyboard.press('ArrowRight');
      at++;
    }
    await expectFrame(page, 3, sub);
    await expect(line).toContainText(`Bit ${e.bit}: idr_get_next(${e.probe}) ${e.hit === null ? 'misses' : `hits index ${e.hit}`}`);
    await expect(line).toContainText(e.hit === null ? `max_idx < ${e.probe}: the bit stays 0 and the search goes on below` : `max_idx ≥ ${e.probe}: the bit is set and the search goes on above`);
  }
});

test("an event another view draws is narrated as that view's, with where it is", async ({ page }) => {
  const text = await example('002-ipc-search-maxidx.ipc');
  const kernel = { preset: '5.15', switches: { ipcmni_extend: 'on' } };
  const events = eventsOf(text, 3, configForChoice(kernel));
  // idr_get_next's walk under a probe: the IDR view's event
  const visit = events.findIndex((e) => e.kind === 'idr_visit') + 1;
  expect(visit).toBeGreaterThan(0);
  await openAt(page, text, kernel, ['maxidx'], 3, visit);
  await expectFrame(page, 3, visit);
  const line = viewPanel(page, 'maxidx').getByTestId('view-narration');
  await expect(line).toContainText(`Event ${visit} (idr_visit): this is an IDR node visit, drawn in the IDR view (open its tab above), not here.`);
});
