// Views stay legible at every size: the smallest text each view renders,
// measured in the page (computed font size × the SVG's scale on screen), is
// at least 11 CSS px with three views open at 1440 px, 1024 px and on a
// phone; one view at a time below 1200 px is the one the scenario is about,
// and the tabs say which is shown; a view can be maximised.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { engineAt, expectFrame, linkHash, openWithViews, stage, viewPanel } from './playground';
import { extract_idr } from '../src/engine/view/idr';
import { SET_0_3_9 } from '../src/engine/view/view.test-helper';
import { KEYS_49 } from '../src/engine/view/keyht.test-helper';
import { extract_proc } from '../src/engine/view/proc';

const TOUR = readFileSync(new URL('../public/examples/tour.ipc', import.meta.url), 'utf8');
const SHM_CARD = readFileSync(new URL('../public/examples/shm-removed-while-attached.ipc', import.meta.url), 'utf8');
const TOUR_OPS = 17;
const PRODCONS = readFileSync(new URL('../public/examples/sem-producer-consumer.ipc', import.meta.url), 'utf8');
const FLOOR_PX = 11;
/** every view, three at a time: the Tour's own set, the rest, max_idx after its search, the key table after a resize */
const SETS = [
  { workload: TOUR, step: TOUR_OPS, views: ['idr', 'seqfile', 'proc'] },
  { workload: TOUR, step: TOUR_OPS, views: ['maxidx', 'percpu', 'seqfile'] },
  { workload: SET_0_3_9, step: 6, views: ['maxidx', 'idr', 'proc'] },
  { workload: KEYS_49, step: 49, views: ['keyht', 'percpu', 'idr'] },
  { workload: PRODCONS, step: 9, views: ['sem', 'idr', 'seqfile'] },
  { workload: SHM_CARD, step: 11, views: ['shm', 'idr', 'seqfile'] },
];
const SIZES = [
  { name: '1440 px', width: 1440, height: 900 },
  { name: '1024 px', width: 1024, height: 768 },
  { name: 'a phone', width: 390, height: 844 },
];

/**
 * The smallest on-screen size of the text `panel`'s SVG draws: each <text>
 * with something in it and inside the part of its <svg> on screen, its
 * computed font size times the scale of its screen transform.
 */
async function smallestText(panel: Locator): Promise<{ px: number; text: string; count: number }> {
  return panel.evaluate((root) => {
    let px = Infinity;
    let text = '';
    let count = 0;
    for (const t of root.querySelectorAll<SVGTextElement>('svg text')) {
      const content = t.textContent?.trim() ?? '';
      const r = t.getBoundingClientRect();
      const clip = t.closest('svg')!.getBoundingClientRect();
      if (content === '' || r.width === 0 || r.right <= clip.left || r.left >= clip.right || r.bottom <= clip.top || r.top >= clip.bottom) continue;
      const m = t.getScreenCTM();
      if (m === null) continue;
      const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      count++;
      if (size < px) {
        px = size;
        text = content.slice(0, 60);
      }
    }
    return { px, text, count };
  });
}

async function expectLegible(page: Page, id: string, where: string) {
  const panel = viewPanel(page, id);
  await expect(panel.locator('svg').first()).toBeVisible();
  // the view lays itself out to the panel's width after its first paint
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const s = await smallestText(panel);
  expect(s.count, `${id} at ${where} draws text`).toBeGreaterThan(2);
  expect(s.px, `${id} at ${where}: "${s.text}" renders at ${s.px.toFixed(1)} px`).toBeGreaterThanOrEqual(FLOOR_PX - 0.05);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const size of SIZES) {
  test(`every view's smallest text is at least 11 px with three views open at ${size.name}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const { workload, step, views } of SETS) {
      await openWithViews(page, workload, step, views);
      await expectFrame(page, step, engineAt(workload, step).events.length);
      if (size.width >= 1200) {
        await expect(stage(page).locator('[data-view]')).toHaveCount(3);
        for (const id of views) await expectLegible(page, id, size.name);
      } else {
        // one at a time: each tab in turn brings its view forward
        for (const id of views) {
          await page.getByTestId(`view-tab-${id}`).click();
          await expect(page.getByTestId(`view-tab-${id}`)).toHaveAttribute('aria-selected', 'true');
          await expect(stage(page).locator('[data-view]')).toHaveCount(1);
          await expectLegible(page, id, size.name);
          expect(await pageWidth(page), `the page at ${size.name} with ${id} shown`).toBeLessThanOrEqual(size.width);
        }
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
    }
  });
}

test('IDR "Fit" at 32768 entries draws counts, legibly, that add up to the engine\'s tree', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const text = 'echo 32768 > /proc/sys/kernel/msgmni\nrepeat 32768 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n';
  await page.goto('./' + linkHash({ v: 1, workload: text, step: 32769, views: ['idr', 'seqfile', 'proc'], kernel: {} }));
  await expect(page.getByTestId('step-count')).toHaveText(/^step 32,769 \/ /, { timeout: 60_000 });
  const idr = viewPanel(page, 'idr');
  const model = extract_idr(engineAt(text, 32769).kernel, [], {});
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-nodes', String(model.node_count));
  await idr.getByRole('button', { name: 'Fit' }).click();
  await expect(idr.getByTestId('idr-counts')).toBeVisible();
  await expectLegible(page, 'idr', 'Fit, 1440 px');
  // every node is a drawn box or in a "+N" count: nothing is lost to the smear
  const drawn = await idr.getByTestId('idr-strip').count();
  const counted = await idr.getByTestId('idr-group').evaluateAll((gs) => gs.reduce((s, g) => s + Number(g.getAttribute('data-count')), 0));
  expect(drawn + counted).toBe(model.node_count);
  await expect(idr.getByTestId('idr-group').first()).toContainText(/^\+\d+/);
  // zooming in returns to the slots
  await idr.getByRole('button', { name: 'Zoom in' }).click();
  await idr.getByRole('button', { name: 'Zoom in' }).click();
  await idr.getByRole('button', { name: 'Zoom in' }).click();
  await idr.getByRole('button', { name: 'Zoom in' }).click();
  await idr.getByRole('button', { name: 'Zoom in' }).click();
  await idr.getByRole('button', { name: 'Zoom in' }).click();
  await expect(idr.getByTestId('idr-counts')).toHaveCount(0);
  await expectLegible(page, 'idr', 'zoomed in, 1440 px');
});

test("below 1200 px the scenario's own view is shown and the tabs say so", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('./');
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open Finding max_idx after a removal' }).click();
  await expect(viewPanel(page, 'maxidx')).toBeVisible();
  await expect(stage(page).locator('[data-view]')).toHaveCount(1);
  const tabs = page.getByRole('tablist', { name: 'Views' });
  await expect(tabs.getByRole('tab', { name: 'max_idx' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { selected: true })).toHaveCount(1);
  await expect(viewPanel(page, 'maxidx')).toHaveAttribute('role', 'tabpanel');
  // the shown tab stays shown when clicked again; the other view of the scenario is one tab away, still open
  await tabs.getByRole('tab', { name: 'max_idx' }).click();
  await expect(viewPanel(page, 'maxidx')).toBeVisible();
  await tabs.getByRole('tab', { name: 'IDR' }).click();
  await expect(viewPanel(page, 'idr')).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'IDR' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'max_idx' })).toHaveAttribute('aria-selected', 'false');
  // arrow keys move along the tabs
  await tabs.getByRole('tab', { name: 'IDR' }).press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'max_idx' })).toBeFocused();
  // Close closes the shown view; the next open one comes forward
  await viewPanel(page, 'idr').getByTestId('view-close').click();
  await expect(viewPanel(page, 'maxidx')).toBeVisible();
  await expect(tabs.getByRole('tab', { selected: true })).toHaveCount(1);
});

test('Maximise shows one view across the stage, Restore brings the others back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWithViews(page, TOUR, TOUR_OPS, SETS[0]!.views);
  await expect(stage(page).locator('[data-view]')).toHaveCount(3);
  const before = (await viewPanel(page, 'proc').boundingBox())!.width;
  await viewPanel(page, 'proc').getByTestId('view-maximise').click();
  await expect(stage(page).locator('[data-view]')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: '/proc directory' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'IDR' })).toHaveAttribute('aria-selected', 'false');
  expect((await viewPanel(page, 'proc').boundingBox())!.width).toBeGreaterThan(before * 1.8);
  await expectLegible(page, 'proc', 'maximised');
  // maximised, it still draws the engine's directory, every name whole
  const { kernel, events } = engineAt(TOUR, TOUR_OPS);
  const dir = extract_proc(kernel, events, {});
  await expect(viewPanel(page, 'proc').getByTestId('proc-node')).toHaveCount(dir.nodes.length);
  for (const n of dir.nodes) await expect(viewPanel(page, 'proc').locator(`[data-testid="proc-node"][data-name="${n.name}"] text`)).toHaveText(n.name);
  await viewPanel(page, 'proc').getByTestId('view-maximise').click();
  await expect(stage(page).locator('[data-view]')).toHaveCount(3);
});
