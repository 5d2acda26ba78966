import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';
import { eventsOf, expectFrame, openWithViews, viewPanel } from './playground';

const MANY = (n: number) => `repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n`;

test('70 queues draw a two-level IDR: a head with two children, one leaf full and one with 6 entries', async ({ page }) => {
  await openWithViews(page, MANY(70), 70, ['idr']);
  const n = eventsOf(MANY(70), 70).length;
  await expectFrame(page, 70, n);
  const idr = viewPanel(page, 'idr');
  const strips = idr.getByTestId('idr-strip');
  await expect(strips).toHaveCount(3);
  // the radix tree of 70 ids (lib/radix-tree.c): a shift-6 head over two leaves
  await expect(strips.nth(0)).toHaveAttribute('data-level', '1');
  await expect(strips.nth(0)).toHaveAttribute('data-slots', 'cc' + '.'.repeat(62));
  // IDR_FREE: clear on the full first leaf's slot, set everywhere else
  await expect(strips.nth(0)).toHaveAttribute('data-marks', '0' + '1'.repeat(63));
  await expect(strips.nth(1)).toHaveAttribute('data-slots', 'e'.repeat(64));
  await expect(strips.nth(1)).toHaveAttribute('data-marks', '0'.repeat(64));
  await expect(strips.nth(2)).toHaveAttribute('data-first', '64');
  await expect(strips.nth(2)).toHaveAttribute('data-slots', 'e'.repeat(6) + '.'.repeat(58));
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-nodes', '3');
  await expect(idr.getByTestId('view-describe')).toHaveText(`After operation 70. msg IDR: height 2, 3 nodes, 70 entries, 0 reserved.`);
});

test('stepping into the 65th msgget grows the tree event by event', async ({ page }) => {
  await openWithViews(page, MANY(70), 64, ['idr']);
  const idr = viewPanel(page, 'idr');
  await expect(idr.getByTestId('idr-strip')).toHaveCount(1);
  const events = eventsOf(MANY(70), 65);
  const grow = events.findIndex((e) => e.kind === 'idr_grow');
  expect(grow).toBeGreaterThan(0);
  expect(events[0]).toEqual({ kind: 'idr_node_new', node: 1, shift: 6, parent: null, offset: 0 });
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-height', '1');
  // the first event: radix_tree_extend allocates the new head
  await page.keyboard.press('F9');
  await expectFrame(page, 65, 1);
  await expect(idr.getByTestId('idr-strip')).toHaveCount(2);
  await expect(idr.getByTestId('idr-caption')).toHaveText('new node 1 (shift 6) · root IDR_FREE 0');
  for (let i = 1; i <= grow; i++) await page.keyboard.press('F9');
  await expectFrame(page, 65, grow + 1);
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-height', '2');
  await expect(idr.locator('[data-testid="idr-strip"][data-id="1"]')).toHaveAttribute('data-slots', 'c' + '.'.repeat(63));
  // back one event, then forward again
  await page.keyboard.press('Shift+F9');
  await expectFrame(page, 65, grow);
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-height', '1');
  await page.keyboard.press('F9');
  await expectFrame(page, 65, grow + 1);
  await page.keyboard.press('Control+F9');
  await expectFrame(page, 65, events.length);
  await expect(idr.getByTestId('idr-strip')).toHaveCount(3);
  await expect(idr.getByTestId('idr-strip').nth(2)).toHaveAttribute('data-slots', 'e' + '.'.repeat(63));
});

test('32768 queues stay readable: 1 head, 8 middle nodes, 8 leaves drawn and the other 504 counted', async ({ page }) => {
  test.setTimeout(90_000);
  const text = 'echo 32768 > /proc/sys/kernel/msgmni\n' + MANY(32768);
  await openWithViews(page, text, 32769, ['idr']);
  const idr = viewPanel(page, 'idr');
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-nodes', '521');
  await expect(idr.locator('[data-testid="idr-strip"][data-level="2"]')).toHaveCount(1);
  await expect(idr.locator('[data-testid="idr-strip"][data-level="1"]')).toHaveCount(8);
  await expect(idr.locator('[data-testid="idr-strip"][data-level="0"]')).toHaveCount(8);
  const hidden = await idr.getByTestId('idr-group').evaluateAll((gs) => gs.reduce((s, g) => s + Number(g.getAttribute('data-count')), 0));
  expect(hidden).toBe(512 - 8);
  // zoom to the middle node of indices 4096-8191 (from the keyboard): its 64 leaves, 8 of them drawn
  await idr.locator('[data-testid="idr-strip"][data-level="1"][data-first="4096"]').focus();
  await page.keyboard.press('Enter');
  await expect(idr.getByTestId('idr-whole')).toBeVisible();
  await expect(idr.getByTestId('idr-strip').first()).toHaveAttribute('data-first', '4096');
  await expect(idr.locator('[data-testid="idr-strip"][data-level="0"]')).toHaveCount(8);
  await expect(idr.getByTestId('idr-group')).toHaveAttribute('data-count', '56');
  await idr.getByTestId('idr-whole').click();
  await expect(idr.locator('[data-testid="idr-strip"][data-level="1"]')).toHaveCount(8);
});

test('msg_next_id 16000000 under ipcmni_extend draws the sparse 4-level path to index 16000000', async ({ page }) => {
  const text = 'echo 16000000 > /proc/sys/kernel/msg_next_id\nq = msgget(IPC_PRIVATE, 0600)\n';
  await openWithViews(page, text, 2, ['idr'], { switches: { ipcmni_extend: true } });
  const strips = viewPanel(page, 'idr').getByTestId('idr-strip');
  await expect(strips).toHaveCount(4);
  // 16000000 = 61·64³ + 2·64² + 32·64 + 0 (base 64 digits from the top)
  const expected = [
    ['3', '0'],
    ['2', String(61 * 64 ** 3)],
    ['1', String(61 * 64 ** 3 + 2 * 64 ** 2)],
    ['0', String(16000000)],
  ];
  for (const [i, [level, first]] of expected.entries()) {
    await expect(strips.nth(i)).toHaveAttribute('data-level', level!);
    await expect(strips.nth(i)).toHaveAttribute('data-first', first!);
  }
  await expect(strips.nth(3)).toHaveAttribute('data-slots', 'e' + '.'.repeat(63));
});

test('the 2.6.25 IDR draws idr_layer bitmaps and the free list', async ({ page }) => {
  await openWithViews(page, MANY(3), 3, ['idr'], { preset: '2.6.25' });
  const idr = viewPanel(page, 'idr');
  const strips = idr.getByTestId('idr-strip');
  await expect(strips).toHaveCount(1);
  await expect(strips.first()).toHaveAttribute('data-slots', 'eee' + '.'.repeat(61));
  await expect(strips.first()).toHaveAttribute('data-marks', '111' + '0'.repeat(61));
  await expect(idr.getByTestId('idr-free-list')).toContainText('free list (id_free, ');
});

test('the 3.18 IDR draws 256-slot layers on four rows of 64 and names the hint', async ({ page }) => {
  await openWithViews(page, MANY(300), 300, ['idr'], { preset: '3.18' });
  const idr = viewPanel(page, 'idr');
  const strips = idr.getByTestId('idr-strip');
  await expect(strips).toHaveCount(3);
  await expect(idr.getByTestId('idr-svg')).toHaveAttribute('data-fanout', '256');
  // Tejun Heo's 3.9 layers: 300 ids need a layer-1 top over two 256-slot leaves
  await expect(strips.nth(0)).toHaveAttribute('data-level', '1');
  await expect(strips.nth(0)).toHaveAttribute('data-slots', 'cc' + '.'.repeat(254));
  await expect(strips.nth(0)).toHaveAttribute('data-marks', '1' + '0'.repeat(255));
  await expect(strips.nth(1)).toHaveAttribute('data-slots', 'e'.repeat(256));
  await expect(strips.nth(2)).toHaveAttribute('data-first', '256');
  await expect(strips.nth(2)).toHaveAttribute('data-slots', 'e'.repeat(44) + '.'.repeat(212));
  // four rows: the frame is as tall as four 64-slot strips with their gaps
  const frame = (i: number) => strips.nth(i).locator('rect.frame');
  await expect(frame(1)).toHaveAttribute('height', '95');
  await expect(frame(1)).toHaveAttribute('width', '258');
  // the hint is the leaf of the last msgget
  const leaf = await strips.nth(2).getAttribute('data-id');
  await expect(idr.getByTestId('idr-hint')).toContainText(`layer ${leaf}`);
  await expect(idr.getByTestId('idr-free-list')).toHaveCount(0);
  await expect(idr.getByTestId('view-describe')).toHaveText(`After operation 300. msg IDR (256-slot idr_layer): 2 layers, 3 in the tree, 300 ids used, hint layer ${leaf}.`);
});

test('Export SVG downloads a document that parses and holds the strips', async ({ page }) => {
  await openWithViews(page, MANY(70), 70, ['idr']);
  await expect(viewPanel(page, 'idr').getByTestId('idr-strip')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await viewPanel(page, 'idr').getByRole('button', { name: 'Export SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ipcscope-idr-step70.svg');
  const text = await readFile(await file.path(), 'utf8');
  const parsed = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror') !== null,
      root: doc.documentElement.tagName,
      strips: doc.querySelectorAll('[data-testid="idr-strip"]').length,
      styled: doc.querySelector('[data-testid="idr-strip"] rect')?.getAttribute('style')?.includes('fill:') ?? false,
    };
  }, text);
  expect(parsed).toEqual({ error: false, root: 'svg', strips: 3, styled: true });
  const png = page.waitForEvent('download');
  await viewPanel(page, 'idr').getByRole('button', { name: 'Export PNG' }).click();
  const pngFile = await png;
  const bytes = await readFile(await pngFile.path());
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});
