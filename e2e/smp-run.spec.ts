import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { button, linkHash, openCopiedLink, openFresh, typeWorkload, workloadText } from './playground';
import { configForChoice } from '../src/engine/kernel_choice';
import { runWorkload } from '../src/engine/run';
import type { SmpConstants } from '../src/engine/smp/constants';
import type { SmpResult } from '../src/engine/smp/types';

const PING_PONG = `cpus 1 x 2 x 1
warmup 10 us
duration 200 us
a = msgget(1, IPC_CREAT|0600)
b = msgget(2, IPC_CREAT|0600)
task ping on 0 { forever { msgsnd(a, 1, 8); msgrcv(b, 0, 8) } }
task pong on 1 { forever { msgrcv(a, 0, 8); msgsnd(b, 1, 8) } }`;

/** What `ipcscope run` computes for `text` on the preset `preset` (with `--smp` overrides `constants`). */
function cliRun(text: string, preset: string, constants?: Partial<SmpConstants>): SmpResult {
  const r = runWorkload(text, { config: configForChoice({ preset }), ...(constants === undefined ? {} : { smpConstants: constants }) });
  if (r.smp === undefined) throw new Error(`no multi-CPU result: ${r.error?.message}`);
  return r.smp;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

async function stateTimes(row: Locator): Promise<Record<'running' | 'spinning' | 'stalled' | 'idle', number>> {
  const get = async (k: string) => Number(await row.getAttribute(`data-${k}`));
  return { running: await get('running'), spinning: await get('spinning'), stalled: await get('stalled'), idle: await get('idle') };
}

test("a multi-CPU workload runs in the Multi-CPU run panel with the CLI's numbers, one timeline lane per CPU, and exports", async ({ page }) => {
  const expected = cliRun(PING_PONG, '6.18');
  await openFresh(page);
  await typeWorkload(page, PING_PONG);

  const controls = page.getByTestId('smp-controls');
  await expect(button(page, 'Step over')).toHaveAttribute('aria-disabled', 'true');
  await expect(button(page, 'Step over')).toHaveAttribute('title', /multi-CPU workload/);
  await expect(page.getByTestId('smp-not-steppable')).toContainText('stepping is off');
  await controls.getByRole('button', { name: 'Run', exact: true }).click();

  const panel = page.getByTestId('smp-panel');
  const run = panel.getByTestId('smp-run');
  await expect(run).toHaveCount(1, { timeout: 20_000 });
  await expect(run.getByTestId('smp-throughput')).toHaveText(int(expected.throughput));
  await expect(run.getByTestId('smp-ops-per-sec')).toHaveText(int(expected.ops_per_sec));
  await expect(run.getByTestId('smp-cpu-count')).toHaveText('2');
  const asleep = (100 * expected.tasks.reduce((a, t) => a + t.sleeping, 0)) / (expected.tasks.length * expected.duration);
  await expect(run.getByTestId('smp-asleep')).toHaveText(`${asleep.toFixed(1)}%`);
  await expect(page.getByTestId('run-error')).toHaveCount(0);

  // the bars carry the per-CPU times exactly
  const bars = run.getByTestId('smp-cpu-bar');
  await expect(bars).toHaveCount(2);
  for (const c of expected.cpus) {
    expect(await stateTimes(bars.nth(c.cpu))).toEqual({ running: c.running, spinning: c.spinning, stalled: c.stalled, idle: c.idle });
  }

  // the timeline's lanes, over the whole run, add up to the same times
  const timeline = panel.getByTestId('smp-timeline');
  const lanes = timeline.getByTestId('smp-lane');
  await expect(lanes).toHaveCount(2);
  for (const c of expected.cpus) {
    const t = await stateTimes(lanes.nth(c.cpu));
    expect(t.running).toBeCloseTo(c.running, 3);
    expect(t.spinning).toBeCloseTo(c.spinning, 3);
    expect(t.stalled).toBeCloseTo(c.stalled, 3);
    expect(t.idle).toBeCloseTo(c.idle, 3);
  }
  await expect(timeline.getByTestId('smp-line-owner')).toHaveCount(1);
  await expect(timeline.locator('p.desc')).toContainText('Timeline of 2 CPUs in 2 lanes, from 0 ns to 200 µs of the measured 200 µs.');

  // zooming in halves the window, and the lanes still hold one lane's worth of time
  await timeline.getByRole('button', { name: 'Zoom in' }).click();
  await expect(timeline.locator('p.desc')).toContainText('from 50 µs to 150 µs');
  const zoomed = await stateTimes(lanes.nth(0));
  expect(zoomed.running + zoomed.spinning + zoomed.stalled + zoomed.idle).toBeCloseTo(100_000, 3);
  await timeline.getByRole('button', { name: 'Whole run' }).click();
  await expect(timeline.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

  // a drag across the picture zooms to the part dragged over
  const box = (await timeline.locator('svg').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + 30);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + 30, { steps: 4 });
  await page.mouse.up();
  await expect(timeline.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
  await expect(timeline.locator('p.desc')).not.toContainText('from 0 ns to 200 µs');
  const dragged = await stateTimes(lanes.nth(1));
  expect(dragged.running + dragged.spinning + dragged.stalled + dragged.idle).toBeLessThan(60_000);
  await timeline.getByRole('button', { name: 'Whole run' }).click();

  const svgDownload = page.waitForEvent('download');
  await timeline.getByRole('button', { name: 'Export SVG' }).click();
  const svgFile = await svgDownload;
  expect(svgFile.suggestedFilename()).toBe('ipcscope-smp-timeline-6.18.svg');
  const svg = readFileSync(await svgFile.path(), 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.match(/data-testid="smp-lane"/g)).toHaveLength(2);

  const pngDownload = page.waitForEvent('download');
  await timeline.getByRole('button', { name: 'Export PNG' }).click();
  const png = readFileSync(await (await pngDownload).path());
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

test("the RCU IDR scenario runs from F8 on 2.6.25 and 2.6.27 side by side with the CLI's throughputs", async ({ page }) => {
  const text = readFileSync(new URL('../public/examples/004-rcu-idr.ipc', import.meta.url), 'utf8');
  const before = cliRun(text, '2.6.25');
  const after = cliRun(text, '2.6.27');
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open The RCU IDR for ipc' }).click();
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('2.6.25');
  // Open runs a multi-CPU card's workload
  const runs = page.getByTestId('smp-run');
  await expect(runs).toHaveCount(1, { timeout: 30_000 });
  await expect(runs.getByTestId('smp-throughput')).toHaveText(int(before.throughput));
  await expect(page.getByTestId('smp-controls').getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // no placeholder that reads as a value
  await expect(page.getByTestId('smp-constants-input')).toHaveAttribute('placeholder', /^none/);
  // a legend beside the CPU-time bars names every state
  await expect(runs.getByTestId('smp-bars-legend').locator('li')).toHaveText(['running', 'spinning', 'stalled on cache lines', 'idle']);

  await page.getByTestId('smp-compare').selectOption('2.6.27');
  // F8 (Run) runs a multi-CPU workload too
  await page.keyboard.press('F8');
  await expect(runs).toHaveCount(2, { timeout: 30_000 });
  await expect(runs.nth(0)).toHaveAttribute('data-kernel', '2.6.25');
  await expect(runs.nth(1)).toHaveAttribute('data-kernel', '2.6.27');
  await expect(runs.getByTestId('smp-throughput')).toHaveText([int(before.throughput), int(after.throughput)]);
  await expect(runs.nth(1).getByTestId('smp-ratio')).toHaveText(`(${(after.throughput / before.throughput).toFixed(2)}× the first)`);
  await expect(page.getByTestId('smp-timeline')).toHaveCount(2);
  await expect(page.getByTestId('smp-timeline').nth(0).getByTestId('smp-lane')).toHaveCount(8);
  await expect(page.getByTestId('smp-timeline').nth(0).getByTestId('smp-lock-row').first()).toBeVisible();

  // two runs side by side never make the page wider than the window
  for (const width of [1440, 1024, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `overflow at ${width} px` }).toBeLessThanOrEqual(0);
  }
});

test('a long multi-CPU run shows its progress in simulated time and Cancel stops it', async ({ page }) => {
  await openFresh(page);
  const long = PING_PONG.replace('cpus 1 x 2 x 1', 'cpus 2 x 40 x 2')
    .replace('duration 200 us', 'duration 2 s')
    .replace(/task ping on 0 /, 'task ping x 80 ')
    .replace(/task pong on 1 /, 'task pong x 80 ');
  await typeWorkload(page, long);
  const controls = page.getByTestId('smp-controls');
  await controls.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('smp-progress')).toContainText(/running…\s+simulated .* of 2 s/);
  // a bar for the known total; the 10 Hz counter is not announced, only the status is
  await expect(page.getByTestId('smp-progress-bar')).toHaveAttribute('max', '2000010000'); // 10 us of warm-up + 2 s
  await expect(page.getByTestId('smp-progress').getByRole('status')).toHaveText('running…');
  await expect(page.getByTestId('smp-progress').locator('[aria-live], [role="status"]')).toHaveCount(1);
  expect(await page.getByTestId('smp-progress').getAttribute('role')).toBe(null);
  await controls.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('smp-error')).toContainText('The run was cancelled.');
  await expect(controls.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // the restarted worker runs the next request
  await typeWorkload(page, PING_PONG);
  await controls.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('smp-run').getByTestId('smp-throughput')).toHaveText(int(cliRun(PING_PONG, '6.18').throughput), { timeout: 20_000 });
  await expect(page.getByTestId('smp-error')).toHaveCount(0);
});

test("machine constants typed in the field change the run as the CLI's --smp does, show as changed, and travel in the link", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const expected = cliRun(PING_PONG, '6.18', { syscall: 10000 });
  // the override must matter, or this test could not tell it was applied
  expect(int(expected.throughput)).not.toBe(int(cliRun(PING_PONG, '6.18').throughput));
  await openFresh(page);
  await typeWorkload(page, PING_PONG);

  const field = page.getByRole('textbox', { name: 'Machine constants' });
  await expect(field).toHaveAttribute('title', /Names: l1_hit, .*syscall, .*ipc_ns_offset/);
  await field.fill('syscall=10000');
  await page.getByTestId('smp-controls').getByRole('button', { name: 'Run', exact: true }).click();
  const run = page.getByTestId('smp-run');
  await expect(run.getByTestId('smp-throughput')).toHaveText(int(expected.throughput), { timeout: 20_000 });
  await expect(run.getByTestId('smp-ops-per-sec')).toHaveText(int(expected.ops_per_sec));

  const constants = run.getByTestId('smp-constants');
  await expect(constants.locator('summary')).toHaveText('Constants (icelake, 1 changed)');
  await expect(constants.getByTestId('smp-constant')).toHaveCount(Object.keys(expected.constants).length);
  await expect(constants.locator('[data-testid="smp-constant"][data-changed="true"]')).toHaveCount(1);
  const syscall = constants.locator('[data-testid="smp-constant"][data-name="syscall"]');
  await expect(syscall).toHaveAttribute('data-changed', 'true');
  await expect(syscall).toContainText('10,000');
  await expect(syscall).toContainText('changed (icelake: 128)');
  await expect(constants.locator('[data-testid="smp-constant"][data-name="ipc_ns_offset"]')).toHaveAttribute('data-changed', 'false');

  // the link carries the field and the kernel to compare with
  await page.getByTestId('smp-compare').selectOption('6.0');
  const { other } = await openCopiedLink(page, context);
  await expect(other.getByRole('textbox', { name: 'Machine constants' })).toHaveValue('syscall=10000');
  await expect(other.getByTestId('smp-compare')).toHaveValue('6.0');
  await expect(other.locator('[data-kind="link"]')).toHaveCount(0);
  await other.keyboard.press('F8');
  await expect(other.getByTestId('smp-run')).toHaveCount(2, { timeout: 20_000 });
  await expect(other.getByTestId('smp-run').first().getByTestId('smp-throughput')).toHaveText(int(expected.throughput));
  await expect(other.getByTestId('smp-run').nth(1).getByTestId('smp-throughput')).toHaveText(int(cliRun(PING_PONG, '6.0', { syscall: 10000 }).throughput));

  // a bad override is the run's error, as text at no place in the workload; the old results are marked stale first
  await field.fill(' syscall=10000, ');
  await expect(page.getByTestId('smp-stale')).toHaveCount(0);
  await field.fill('syscall=10000 <b>x</b>=1');
  await expect(page.getByTestId('smp-stale')).toBeVisible();
  await field.press('Enter');
  const error = page.getByTestId('smp-error');
  await expect(error).toContainText('The run stopped: Machine constants: each needs NAME=VALUE with NAME one of l1_hit,');
  await expect(error).toContainText('got "<b>x</b>=1"');
  await expect(error.locator('b')).toHaveCount(0);
  await expect(error).not.toContainText('at line');
  await field.fill('syscall=fast');
  await field.press('Enter');
  await expect(error).toContainText('The run stopped: Machine constants: syscall needs a number ≥ 0 (ns), got "fast"');
  await expect(page.getByTestId('smp-run')).toHaveCount(0);
});

test('a link whose machine constants do not parse opens the workload with the field empty and says what was ignored', async ({ page }) => {
  // pasted into an open page (a page that starts on a multi-CPU link hits Stage.svelte's frame mark after it is gone)
  await openFresh(page);
  await page.goto('./' + linkHash({ v: 2, workload: PING_PONG, step: 0, smp: { compareWith: '2.6.27', constants: 'ipc_ns_offset=12' } }));
  await expect(page.getByTestId('smp-controls')).toBeVisible();
  expect(await workloadText(page)).toBe(PING_PONG);
  await expect(page.locator('[data-kind="link"]')).toContainText('the multi-CPU run settings (the machine constants "ipc_ns_offset=12" are not NAME=VALUE overrides this ipcscope knows)');
  await expect(page.getByRole('textbox', { name: 'Machine constants' })).toHaveValue('');
  await expect(page.getByTestId('smp-compare')).toHaveValue('');
});
