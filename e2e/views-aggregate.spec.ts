// Past the trace cap, the views draw from the engine's exact counters (issue #15, item 4).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { configForChoice, type KernelChoice } from '../src/engine/kernel_choice';
import { runWorkload } from '../src/engine/run';
import { bootMachine } from '../src/engine/api';
import { MAX_FRAME_EVENTS } from '../src/engine/view/types';
import { engineAt, expectFrame, linkHash, viewPanel } from './playground';

const example = (file: string) => readFile(new URL(`../public/examples/${file}`, import.meta.url), 'utf8');

async function openAt(page: Page, workload: string, kernel: KernelChoice, views: string[], step: number): Promise<void> {
  await page.goto('./' + linkHash({ v: 3, workload, step, event: null, views, kernel, mode: 'play', compare: null }));
  await expect(page.getByTestId('step-count')).toHaveText(new RegExp(`^step ${step.toLocaleString('en')} / `), { timeout: 20_000 });
}

test('seed 000 on 5.13 shows all 44 reads of its cat with the lookups of each, though the trace stops after 20,000 events', async ({ page }) => {
  test.setTimeout(60_000);
  const text = await example('000-sysvipc-find-ipc.ipc');
  const kernel = { preset: '5.13' };
  // the cat: the echo, 1024 shmget, then it
  const step = 1026;
  // the engine's own account, from its whole trace (no cap): the IDR lookups between one read's seq_read and the next
  const { events } = engineAt(text, step, configForChoice(kernel));
  expect(events.length).toBeGreaterThan(MAX_FRAME_EVENTS * 10);
  const perRead: number[] = [];
  for (const e of events) {
    if (e.kind === 'seq_read') perRead.push(0);
    else if (e.kind === 'idr_result' && (e.op === 'find' || e.op === 'get_next') && perRead.length > 0) perRead[perRead.length - 1]!++;
  }
  expect(perRead).toHaveLength(44);
  const total = perRead.reduce((a, b) => a + b, 0);
  // and the CLI's --costs: every idr_find of the run that is not an shmget's is the cat's
  expect(runWorkload(text, { config: configForChoice(kernel) }).costs.idr_find).toBeGreaterThanOrEqual(total);

  await openAt(page, text, kernel, ['seqfile'], step);
  await expectFrame(page, step, MAX_FRAME_EVENTS);
  const view = viewPanel(page, 'seqfile');
  const bars = view.getByTestId('seq-read-bar');
  await expect(bars).toHaveCount(44);
  const shown = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lookups'))));
  expect(shown).toEqual(perRead);
  // which part is drawn event by event and which from the counters
  const sources = await bars.evaluateAll((els) => els.map((e) => e.getAttribute('data-source')));
  const traced = sources.indexOf('counters');
  expect(traced).toBeGreaterThan(0);
  expect(sources.slice(0, traced).every((s) => s === 'events')).toBe(true);
  expect(sources.slice(traced).every((s) => s === 'counters')).toBe(true);
  await expect(view.getByTestId('seqfile-view')).toContainText(`read() 1–${traced} are drawn event by event, read() ${traced + 1}–44 and the totals come from the engine's exact counters`);
  await expect(view.getByTestId('seq-totals')).toContainText(`IDR lookups ${total.toLocaleString('en')}`);
});

test('seed 002 on 5.13 counts the whole 16-million-step step-down of its removal, drawing the first steps one by one', async ({ page }) => {
  test.setTimeout(60_000);
  const text = await example('002-ipc-search-maxidx.ipc');
  const kernel = { preset: '5.13', switches: { ipcmni_extend: 'on' } };
  // operation 3: the msgctl(q, IPC_RMID) of the only queue, at idx 16000000; the engine's counters for it alone
  const booted = bootMachine(text, configForChoice(kernel));
  if (!booted.ok) throw new Error(booted.error.message);
  const m = booted.machine;
  m.run.step();
  m.run.step();
  const before = m.kernel.probe.costs.ipc_maxidx_steps;
  m.run.step();
  const steps = m.kernel.probe.costs.ipc_maxidx_steps - before;
  expect(steps).toBe(16_000_000);

  await openAt(page, text, kernel, ['maxidx'], 3);
  const view = viewPanel(page, 'maxidx');
  const count = view.getByTestId('maxidx-count');
  await expect(count).toContainText(`linear step-down: ${steps.toLocaleString('en')} idr_find (the engine's exact counters; the first `, { timeout: 20_000 });
  await expect(count).toContainText('→ max_idx -1');
  const drawn = Number(/the first ([\d,]+) drawn/.exec((await count.textContent()) ?? '')![1]!.replace(/,/g, ''));
  expect(drawn).toBeGreaterThan(1000);
  expect(drawn).toBeLessThanOrEqual(MAX_FRAME_EVENTS);
});
