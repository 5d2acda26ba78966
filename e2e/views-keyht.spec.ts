import { test, expect } from './fixtures';
import { resolveConfig } from '../src/engine/presets';
import { ipc_ids_of } from '../src/engine/view/ipc_ids';
import { keyht_ops } from '../src/engine/view/keyht';
import { KEYS_49 } from '../src/engine/view/keyht.test-helper';
import { engineAt, expectFrame, openWithViews, viewPanel } from './playground';

/** The kernel config of a preset, for the engine side of the checks. */
function preset(name: string) {
  const r = resolveConfig(name);
  if (!r.ok) throw new Error(r.message);
  return r.config;
}

test("after the 49th key the view shows the engine's 128-bucket table, chain by chain, and the resize", async ({ page }) => {
  await openWithViews(page, KEYS_49, 49, ['keyht']);
  const view = viewPanel(page, 'keyht');
  const { kernel } = engineAt(KEYS_49, 49);
  const ht = ipc_ids_of(kernel, 'sem').key_ht!;
  const svg = view.getByTestId('keyht-svg');
  await expect(svg).toHaveAttribute('data-size', String(ht.tbl.size));
  await expect(svg).toHaveAttribute('data-nelems', '49');
  await expect(view.getByTestId('keyht-size')).toHaveText('128');
  await expect(view.getByTestId('keyht-rehash')).toHaveText(' · resized 64 → 128, 49 moved');
  // each listed bucket holds the engine's chain, head first
  const buckets = view.getByTestId('keyht-bucket');
  await expect(buckets).toHaveCount(32);
  for (let i = 0; i < 32; i += 7) {
    const b = Number(await buckets.nth(i).getAttribute('data-bucket'));
    const keys = (ht.tbl.buckets[b] ?? []).map((o) => o.key).join(' ');
    await expect(buckets.nth(i)).toHaveAttribute('data-keys', keys);
  }
  // the histogram adds up to the table
  const counts = await view.getByTestId('keyht-hist').evaluateAll((bars) => bars.map((b) => [Number(b.getAttribute('data-len')), Number(b.getAttribute('data-count'))]));
  expect(counts.reduce((a, [, c]) => a + c!, 0)).toBe(128);
  expect(counts.reduce((a, [len, c]) => a + len! * c!, 0)).toBe(49);
});

test('stepping into a hit lights its bucket and walks the chain to the key', async ({ page }) => {
  await openWithViews(page, KEYS_49, 49, ['keyht']);
  const { kernel, events } = engineAt(KEYS_49, 50);
  const op = keyht_ops(events, 'sem').ops[0]!;
  const chain = ipc_ids_of(kernel, 'sem').key_ht!.tbl.buckets[op.bucket]!.map((o) => o.key);
  const view = viewPanel(page, 'keyht');
  await page.keyboard.press('F9');
  await expectFrame(page, 50, 1);
  for (let sub = 1; sub <= op.steps.at(-1)!.event; sub++) await page.keyboard.press('F9');
  await expectFrame(page, 50, op.steps.at(-1)!.event + 1);
  const lit = view.locator(`[data-testid="keyht-bucket"][data-bucket="${op.bucket}"]`);
  await expect(lit).toHaveClass(/lit/);
  await expect(lit).toHaveAttribute('data-keys', chain.join(' '));
  await expect(lit.locator('.key.compared')).toHaveCount(op.steps.length);
  await expect(lit.locator('.key.match')).toHaveCount(1);
  await page.keyboard.press('Control+F9');
  const idx = chain.indexOf(0x424249);
  expect(idx).toBeGreaterThanOrEqual(0);
  await expect(view.getByTestId('keyht-count')).toContainText(`hash: bucket ${op.bucket} of 128, ${op.steps.length} `);
  await expect(view.getByTestId('keyht-other')).toHaveText('the ≤4.13 walk would call idr_find 8 times');
});

test('on 4.13 the same lookup walks idx 0 … 7 with idr_find, and a missing key all 49', async ({ page }) => {
  await openWithViews(page, KEYS_49, 50, ['keyht'], { preset: '4.13' });
  const view = viewPanel(page, 'keyht');
  await expect(view.getByTestId('keyht-svg')).toHaveAttribute('data-variant', 'walk');
  const walk = keyht_ops(engineAt(KEYS_49, 50, preset('4.13')).events, 'sem').walk;
  expect(walk.map((s) => s.idx)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  await expect(view.getByTestId('keyht-count')).toHaveText(
    'walk: 8 idr_find, 8 key compares → id ' + engineAt(KEYS_49, 50, preset('4.13')).events.flatMap((e) => (e.kind === 'ipc_findkey' ? [e.id] : []))[0],
  );
  await expect(view.getByTestId('keyht-walked')).toHaveAttribute('data-last', '7');
  await expect(view.getByTestId('keyht-step').last()).toHaveAttribute('data-match', 'true');
  await page.keyboard.press('F10');
  await expect(page.getByTestId('step-count')).toHaveText(/^step 51 \//);
  await expect(view.getByTestId('keyht-count')).toHaveText('walk: 49 idr_find, 49 key compares → not found');
  await expect(view.getByTestId('keyht-other')).toHaveText("4.14's key rhashtable: one hash into 128 buckets, a chain of 0.38 keys on average");
});

test("the bucket buttons page through the table and back to the operation's bucket", async ({ page }) => {
  await openWithViews(page, KEYS_49, 50, ['keyht']);
  const view = viewPanel(page, 'keyht');
  const first = Number(await view.getByTestId('keyht-bucket').first().getAttribute('data-bucket'));
  const next = first + 32 < 128 ? first + 32 : first - 32;
  await view.getByRole('button', { name: next > first ? 'buckets →' : '← buckets' }).click();
  await expect(view.getByTestId('keyht-bucket').first()).toHaveAttribute('data-bucket', String(next));
  const { kernel } = engineAt(KEYS_49, 50);
  const ht = ipc_ids_of(kernel, 'sem').key_ht!;
  await expect(view.getByTestId('keyht-bucket').nth(3)).toHaveAttribute('data-keys', (ht.tbl.buckets[next + 3] ?? []).map((o) => o.key).join(' '));
  await view.getByRole('button', { name: "the operation's bucket" }).click();
  await expect(view.getByTestId('keyht-bucket').first()).toHaveAttribute('data-bucket', String(first));
});
