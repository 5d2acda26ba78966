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

test("stepping into a read of /proc/sysvipc/shm on 5.13, the seq_file view's line names the page and the IDR lookups of each next(), as the engine made them", async ({ page }) => {
  const text = 'repeat 6 { shmget(IPC_PRIVATE, 4096, 0600) }\nshmctl(2, IPC_RMID)\ncat /proc/sysvipc/shm';
  const kernel = { preset: '5.13' };
  const config = configForChoice(kernel);
  let step = 7;
  while (!eventsOf(text, step, config).some((e) => e.kind === 'seq_next')) step++;
  const events = eventsOf(text, step, config);
  // the third next(): the engine's idr_find results since the call before it
  const sub = events.flatMap((e, i) => (e.kind === 'seq_next' ? [i + 1] : []))[2]!;
  const ev = events[sub - 1] as Extract<TraceEvent, { kind: 'seq_next' }>;
  let from = sub - 2;
  while (from >= 0 && !events[from]!.kind.startsWith('seq_')) from--;
  const looked = events.slice(from + 1, sub - 1).flatMap((e) => (e.kind === 'idr_result' && e.op === 'find' ? [e.index] : []));
  expect(looked.length).toBeGreaterThan(1);
  const shows = events.slice(0, sub).filter((e) => e.kind === 'seq_show' && !e.overflow).length;
  await openAt(page, text, kernel, ['seqfile'], step, sub);
  await expectFrame(page, step, sub);
  const line = viewPanel(page, 'seqfile').getByTestId('view-narration');
  await expect(line).toContainText(`next() looks for the object at position ${ev.pos} through sysvipc_find_ipc: ${looked.length} IDR lookups (index ${looked[0]} to ${looked[looked.length - 1]})`);
  // the show after it: the page has one record more than the engine had shown
  await page.keyboard.press('ArrowRight');
  await expectFrame(page, step, sub + 1);
  await expect(line).toContainText(`page 1 now holds ${shows + 1} records`);
});

test('a semaphore wake-up is narrated under the semaphore view with the list the engine had queued the sleeper on', async ({ page }) => {
  const text = 's = semget(IPC_PRIVATE, 2, IPC_CREAT|0600)\n@cons semop(s, {1, -1})\n@prod semop(s, {0, 1}, {1, 1})\nsemctl(s, 0, GETALL)';
  const kernel = { preset: '6.18' };
  const config = configForChoice(kernel);
  const slept = eventsOf(text, 2, config).find((e): e is Extract<TraceEvent, { kind: 'sem_sleep' }> => e.kind === 'sem_sleep')!;
  const events = eventsOf(text, 3, config);
  const wake = events.findIndex((e) => e.kind === 'sem_wake' && e.pid === slept.pid) + 1;
  expect(wake).toBeGreaterThan(0);
  await openAt(page, text, kernel, ['sem'], 3, wake);
  await expectFrame(page, 3, wake);
  const line = viewPanel(page, 'sem').getByTestId('view-narration');
  await expect(line).toContainText(`Event ${wake} (sem_wake):`);
  await expect(line).toContainText(`cons leaves semaphore ${slept.sem}'s ${slept.list === 'const' ? 'pending_const' : 'pending_alter'}, where the view draws it until the operation completes.`);
});

test("stepping into seed 002 on 5.15, each probe narrates the search's bound on max_idx, which holds the engine's answer", async ({ page }) => {
  const text = await example('002-ipc-search-maxidx.ipc');
  const kernel = { preset: '5.15', switches: { ipcmni_extend: 'on' } };
  const events = eventsOf(text, 3, configForChoice(kernel));
  const answer = (events.find((e) => e.kind === 'maxidx_result') as Extract<TraceEvent, { kind: 'maxidx_result' }>).max_idx;
  const probes = events.flatMap((e, i) => (e.kind === 'maxidx_probe' ? [i + 1] : []));
  const line = viewPanel(page, 'maxidx').getByTestId('view-narration');
  for (const k of [0, Math.floor(probes.length / 2)]) {
    await openAt(page, text, kernel, ['maxidx'], 3, probes[k]!);
    await expectFrame(page, 3, probes[k]!);
    await expect(line).toContainText(`Mark ${k + 1} on the index line`);
    const m = /max_idx in (-?[\d,]+) … ([\d,]+)/.exec((await line.textContent()) ?? '');
    expect(m).not.toBeNull();
    expect(Number(m![1]!.replace(/,/g, ''))).toBeLessThanOrEqual(answer);
    expect(Number(m![2]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(answer);
  }
  await openAt(page, text, kernel, ['maxidx'], 3, probes[probes.length - 1]!);
  await expect(line).toContainText(`the search's bound is closed, max_idx = ${answer.toLocaleString('en')}.`);
});
