// An axe-core audit of every kind of page, in the light and the dark
// theme: the landing page, the playground with every view open, compare
// mode, the sweep charts and the multi-CPU panel. Any serious or critical
// violation fails, listed with the elements it was found on, and so do the
// moderate landmark rules the pages once broke (no <main>, two landmarks of
// one name) and the experimental rule that a control's name starts with
// its visible words.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { editor, openWithViews, stage } from './playground';

const TOUR = readFileSync(new URL('../public/examples/tour.ipc', import.meta.url), 'utf8');
const TOUR_OPS = 17;
/** every view the stage has (the test checks the tabs agree) */
const ALL_VIEWS = ['idr', 'maxidx', 'proc', 'percpu', 'seqfile', 'keyht', 'sem', 'shm'];

test.use({ viewport: { width: 1440, height: 900 } });

/** rules that fail the spec whatever their impact */
const ALWAYS = new Set(['landmark-one-main', 'landmark-unique', 'label-content-name-mismatch']);

async function expectNoSeriousViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS.has(v.id));
  const report = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 6)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 3).join(' ')}`)
        .join('\n')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
  // the audit looked at the page: it checked some rules and found the landmarks
  expect(result.passes.length, `axe checked ${what}`).toBeGreaterThan(10);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('the landing page', async ({ page }) => {
      await page.goto('./');
      await expect(page.getByRole('region', { name: 'Scenarios' })).toBeVisible();
      await expectNoSeriousViolations(page, `the landing page (${scheme})`);
    });

    test('the playground with every view open, stepped into an operation', async ({ page }) => {
      await openWithViews(page, TOUR, TOUR_OPS, ALL_VIEWS);
      await expect(page.getByRole('tablist', { name: 'Views' }).getByRole('tab')).toHaveCount(ALL_VIEWS.length);
      await expect(stage(page).locator('[data-view]')).toHaveCount(ALL_VIEWS.length);
      await expect(editor(page)).toBeVisible();
      // the current line of the editor (its syntax colours on the highlighted line) is on screen
      await page.keyboard.press('Shift+F9');
      await expect(stage(page)).toHaveAttribute('data-frame', new RegExp(`^${TOUR_OPS}:`));
      await expectNoSeriousViolations(page, `the playground (${scheme})`);
    });

    test('compare mode', async ({ page }) => {
      await page.goto('./');
      await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Compare Tour' }).click();
      await expect(page.getByTestId('compare-step')).toHaveText(`step 0 / ${TOUR_OPS}`);
      await page.getByRole('toolbar', { name: 'Compare controls' }).getByRole('button', { name: 'Step over' }).click();
      await expect(page.getByTestId('compare-step')).toHaveText(`step 1 / ${TOUR_OPS}`);
      await expectNoSeriousViolations(page, `compare mode (${scheme})`);
    });

    test('the sweep charts with a chart drawn', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('./');
      await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Reproduce Reading /proc/sysvipc/shm' }).click();
      const charts = page.getByRole('region', { name: 'Sweep charts' });
      await charts.getByLabel('Values').fill('256, 512');
      await charts.getByRole('button', { name: 'Run sweep' }).click();
      await expect(charts.getByTestId('sweep-chart')).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolations(page, `the charts (${scheme})`);
    });

    test('the multi-CPU panel after a run', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('./');
      await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open The RCU IDR for ipc' }).click();
      await page.getByTestId('smp-controls').getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByTestId('smp-panel').getByTestId('smp-run')).toHaveCount(1, { timeout: 30_000 });
      await expectNoSeriousViolations(page, `the multi-CPU panel (${scheme})`);
    });
  });
}

test('the audit fails on a serious violation (it can fail)', async ({ page }) => {
  await openWithViews(page, TOUR, 1, ['idr']);
  await expect(stage(page)).toHaveAttribute('data-frame', /^1:/);
  // an unlabelled image-button, as a careless view might draw
  await page.evaluate(() => document.querySelector('[data-view="idr"]')!.insertAdjacentHTML('beforeend', '<button type="button"><svg width="8" height="8"></svg></button>'));
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toContain('button-name');
});
