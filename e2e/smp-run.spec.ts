import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { button, openFresh, typeWorkload } from './playground';
import { configForChoice } from '../src/engine/kernel_choice';
import { runWorkload } from '../src/engine/run';
import type { SmpResult } from '../src/engine/smp/types';

const PING_PONG = `cpus 1 x 2 x 1
warmup 10 us
duration 200 us
a = msgget(1, IPC_CREAT|0600)
b = msgget(2, IPC_CREAT|0600)
task ping on 0 { forever { msgsnd(a, 1, 8); msgrcv(b, 0, 8) } }
task pong on 1 { forever { msgrcv(a, 0, 8); msgsnd(b, 1, 8) } }`;

/** What `ipcscope run` computes for `text` on the preset `preset`. */
function cliRun(text: string, preset: string): SmpResult {
  const r = runWorkload(text, { config: configForChoice({ preset }) });
  if (r.smp === undefined) throw new Error(`no multi-CPU result: ${r.error?.message}`);
  return r.smp;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

async function stateTimes(row: Locator): Promise<Record<'running' | 'spinning' | 'stalled' | 'idle', number>> {
  const get = async (k: string) => Number(await row.getAttribute(`data-${k}`));
  return { running: await get('running'), spinning: await get('spinning'), stalled: await get('stalled'), idle: await get('idle') };
}

test('a multi-CPU workload runs in the Multi-CPU run panel with the CLI\'s numbers, one timeline lane per CPU, and exports', async ({ page }) => {
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

test('the RCU IDR scenario runs from F8 on 2.6.25 and 2.6.27 side by side with the CLI\'s throughputs', async ({ page }) => {
  const text = readFileSync(new URL('../public/examples/004-rcu-idr.ipc', import.meta.url), 'utf8');
  const before = cliRun(text, '2.6.25');
  const after = cliRun(text, '2.6.27');
  await openFresh(page);
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open The RCU IDR for ipc' }).click();
  await expect(page.getByRole('combobox', { name: 'Kernel', exact: true })).toHaveValue('2.6.25');

  await page.getByTestId('smp-compare').selectOption('2.6.27');
  // F8 (Run) runs a multi-CPU workload too
  await page.keyboard.press('F8');
  const runs = page.getByTestId('smp-run');
  await expect(runs).toHaveCount(2, { timeout: 30_000 });
  await expect(runs.nth(0)).toHaveAttribute('data-kernel', '2.6.25');
  await expect(runs.nth(1)).toHaveAttribute('data-kernel', '2.6.27');
  await expect(runs.getByTestId('smp-throughput')).toHaveText([int(before.throughput), int(after.throughput)]);
  await expect(runs.nth(1).getByTestId('smp-ratio')).toHaveText(`(${(after.throughput / before.throughput).toFixed(2)}× the first)`);
  await expect(page.getByTestId('smp-timeline')).toHaveCount(2);
  await expect(page.getByTestId('smp-timeline').nth(0).getByTestId('smp-lane')).toHaveCount(8);
  await expect(page.getByTestId('smp-timeline').nth(0).getByTestId('smp-lock-row').first()).toBeVisible();
});

test('a long multi-CPU run shows its progress in simulated time and Cancel stops it', async ({ page }) => {
  await openFresh(page);
  const long = PING_PONG.replace('cpus 1 x 2 x 1', 'cpus 2 x 40 x 2').replace('duration 200 us', 'duration 2 s')
    .replace(/task ping on 0 /, 'task ping x 80 ').replace(/task pong on 1 /, 'task pong x 80 ');
  await typeWorkload(page, long);
  const controls = page.getByTestId('smp-controls');
  await controls.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('smp-progress')).toContainText(/running… simulated .* of 2 s/);
  await controls.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('smp-error')).toContainText('The run was cancelled.');
  await expect(controls.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // the restarted worker runs the next request
  await typeWorkload(page, PING_PONG);
  await controls.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('smp-run').getByTestId('smp-throughput')).toHaveText(int(cliRun(PING_PONG, '6.18').throughput), { timeout: 20_000 });
  await expect(page.getByTestId('smp-error')).toHaveCount(0);
});
