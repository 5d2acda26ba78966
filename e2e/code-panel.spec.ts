import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { configForChoice, type KernelChoice } from '../src/engine/kernel_choice';
import { lineOf } from '../src/engine/code/listings';
import { VIEW_STEPS, viewAlso } from '../src/engine/code/event_code';
import { mechanismOf } from '../src/engine/code/code_track';
import { bootMachine } from '../src/engine/api';
import type { TraceEvent } from '../src/engine/trace';
import { button, eventsOf, expectFrame, expectStep, openAt, openCopiedLink, stage } from './playground';

const example = (file: string) => readFile(new URL(`../public/examples/${file}`, import.meta.url), 'utf8');

const codePanel = (page: Page) => page.getByTestId('code-panel');
const currentLine = (page: Page) => codePanel(page).locator('[data-testid="code-listing"] li[aria-current="true"]');

test('stepping into seed 002 on 5.15 highlights the probe line of ipc_search_maxidx at each of its probes, linked to the 5.15 tree', async ({ page }) => {
  const text = await example('002-ipc-search-maxidx.ipc');
  const kernel = { preset: '5.15', switches: { ipcmni_extend: 'on' } };
  // operation 3: the msgctl(q, IPC_RMID) of the only, highest queue
  const events = eventsOf(text, 3, configForChoice(kernel));
  const probes = events.flatMap((e, i) => (e.kind === 'maxidx_probe' ? [i + 1] : []));
  expect(probes.length).toBeGreaterThan(10);
  await openAt(page, text, kernel, ['maxidx'], 2, null);
  // stepping over shows the system call's entry
  await button(page, 'Step over').click();
  await expectStep(page, 3, 6);
  await expect(codePanel(page).getByTestId('code-listing')).toHaveAttribute('data-fn', 'sys_msgctl');
  await expect(currentLine(page)).toHaveAttribute('data-line', String(lineOf('sys_msgctl', 'entry')));
  // into it from its start: Shift+F10 back, then event by event
  await page.keyboard.press('Shift+F10');
  await expectStep(page, 2, 6);
  // the first press crosses into operation 3 (a round trip; presses meanwhile are dropped), the rest stay in the page
  await page.keyboard.press('F9');
  await expectFrame(page, 3, 1);
  let at = 1;
  for (const p of probes) {
    while (at < p) {
      await page.keyboard.press('F9');
      at++;
    }
    await expectFrame(page, 3, p);
    await expect(codePanel(page).getByTestId('code-listing')).toHaveAttribute('data-fn', 'ipc_search_maxidx');
    await expect(currentLine(page)).toHaveAttribute('data-line', String(lineOf('ipc_search_maxidx', 'probe')));
  }
  const frames = codePanel(page).getByTestId('stack-frame');
  await expect(frames).toHaveText(['sys_msgctl', 'msgctl_down', 'ipc_rmid', 'ipc_search_maxidx']);
  await expect(frames.last()).toHaveAttribute('href', 'https://elixir.bootlin.com/linux/v5.15/source/ipc/util.c');
  const last = events[probes.at(-1)! - 1] as Extract<TraceEvent, { kind: 'maxidx_probe' }>;
  await expect(codePanel(page).getByTestId('code-why')).toContainText(`Bit ${last.bit}:`);
});

/** The events of each operation of `text` on `kernel`, from the engine. */
function allEvents(text: string, kernel: KernelChoice, ops: number): TraceEvent[][] {
  const booted = bootMachine(text, configForChoice(kernel));
  if (!booted.ok) throw new Error(booted.error.message);
  const m = booted.machine;
  const out: TraceEvent[][] = [[]];
  for (let i = 1; i <= ops; i++) {
    const evs: TraceEvent[] = [];
    m.kernel.probe.trace = (e) => evs.push(e);
    m.run.step();
    m.kernel.probe.trace = null;
    out.push(evs);
  }
  return out;
}

test('in seed 003 on 3.19, "next event in this view" skips the name scan and lands on the first rb-tree comparison', async ({ page }) => {
  const text = await example('003-procfs-rbtree.ipc');
  const kernel = { preset: '3.19' };
  const step = 60;
  const events = eventsOf(text, step, configForChoice(kernel));
  const first = events.findIndex((e) => e.kind === 'rb_compare') + 1;
  expect(first).toBeGreaterThan(step - 1); // the scan of the 59 devices before it comes first
  await openAt(page, text, kernel, ['proc'], step, 0);
  await expectFrame(page, step, 0);
  await page.getByTestId('next-in-view-proc').click();
  await expectFrame(page, step, first);
  await expect(page.getByTestId('event-list').locator('button[aria-current="step"]')).toHaveText(`${first} rb_compare`);
  await expect(codePanel(page).getByTestId('code-why')).toContainText('Drawn in the /proc directory view.');
});

test('a breakpoint on rb_rotate stops at each rotation, across operations, with a tick on the event scrubber for each', async ({ page }) => {
  const text = await example('003-procfs-rbtree.ipc');
  const kernel = { preset: '3.19' };
  const ops = allEvents(text, kernel, 12);
  const rotations = ops.flatMap((evs, step) => evs.flatMap((e, i) => (e.kind === 'rb_rotate' ? [{ step, sub: i + 1 }] : [])));
  expect(rotations.length).toBeGreaterThan(3);
  // from the start of the first operation that rotates (its event kinds offer the breakpoint)
  await openAt(page, text, kernel, ['proc'], rotations[0]!.step, 0);
  await page.getByTestId('event-list').getByText('Breakpoints').click();
  await page.getByTestId('breakpoint-rb_rotate').check();
  for (const r of rotations.slice(0, 5)) {
    await page.getByTestId('continue').click();
    await expectFrame(page, r.step, r.sub);
    await expect(page.getByTestId('event-list').locator('button[aria-current="step"]')).toHaveText(`${r.sub} rb_rotate`);
    const here = ops[r.step]!.filter((e) => e.kind === 'rb_rotate').length;
    await expect(page.getByTestId('breakpoint-tick')).toHaveCount(here);
  }
});

test('a link copied at operation 3, event 5 reopens at operation 3, event 5', async ({ page, context }) => {
  const text = 'repeat 3 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n';
  expect(eventsOf(text, 3).length).toBeGreaterThan(5);
  await openAt(page, text, {}, ['idr'], 3, 0);
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expectFrame(page, 3, 5);
  const { other } = await openCopiedLink(page, context);
  await expect(stage(other)).toHaveAttribute('data-frame', '3:5');
  await expect(other.getByTestId('event-list').locator('button[aria-current="step"]')).toHaveText(`5 ${eventsOf(text, 3)[4]!.kind}`);
});

// the tour, and a get with a key for the key lookup view
const TOUR_KEYED = async () => (await example('tour.ipc')) + '\nmsgget(42, IPC_CREAT|0600)\n';

for (const view of ['idr', 'maxidx', 'percpu', 'seqfile', 'keyht', 'proc'] as const) {
  test(`"next event in this view" works for the ${view} view: it lands on the first event of its mechanisms the engine emits`, async ({ page }) => {
    const tour = await TOUR_KEYED();
    const ops = allEvents(tour, {}, 18);
    const mine = new Set<string>(VIEW_STEPS[view]);
    const step = ops.findIndex((evs) => evs.some((e) => mine.has(mechanismOf(e.kind))));
    expect(step, `the workload has ${view} events`).toBeGreaterThan(0);
    const first = ops[step]!.findIndex((e) => mine.has(mechanismOf(e.kind))) + 1;
    await openAt(page, tour, {}, [view], step, 0);
    await expectFrame(page, step, 0);
    await page.getByTestId(`next-in-view-${view}`).click();
    await expectFrame(page, step, first);
  });
}

test('"next event in this view" of /proc stops at the name lookup of an operation without directory events', async ({ page }) => {
  // a second ifb0: the request fails before any /proc entry, its only /proc-view events are the name lookup's
  const dup = 'ip link add name ifb0 type ifb\nip link add name ifb0 type ifb\n';
  const evs = allEvents(dup, {}, 2)[2]!;
  const also = new Set<string>(viewAlso('proc'));
  expect(evs.some((e) => new Set<string>(VIEW_STEPS.proc).has(mechanismOf(e.kind)))).toBe(false);
  const scan = evs.findIndex((e) => also.has(mechanismOf(e.kind))) + 1;
  expect(scan).toBeGreaterThan(0);
  await openAt(page, dup, {}, ['proc'], 2, 0);
  await expectFrame(page, 2, 0);
  await page.getByTestId('next-in-view-proc').click();
  await expectFrame(page, 2, scan);
});
