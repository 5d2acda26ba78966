import type { Locator } from '@playwright/test';
import { extract_proc } from '../src/engine/view/proc';
import { test, expect } from './fixtures';
import { engineAt, expectFrame, openWithViews, viewPanel } from './playground';

const IFBS = (n: number) => `repeat ${n} { ip link add type ifb }\n`;

/** The drawn nodes as "name:colour", in in-order (data-order) sequence. */
async function drawnInOrder(view: Locator): Promise<string[]> {
  const nodes = view.getByTestId('proc-node');
  const n = await nodes.count();
  const rows: [number, string][] = [];
  for (let i = 0; i < n; i++) {
    const node = nodes.nth(i);
    rows.push([Number(await node.getAttribute('data-order')), `${await node.getAttribute('data-name')}:${await node.getAttribute('data-colour')}`]);
  }
  return rows.sort((a, b) => a[0] - b[0]).map((r) => r[1]);
}

test('after ten unnamed ifb devices the rb-tree of /proc/net/dev_snmp6 has the engine colours in in-order sequence', async ({ page }) => {
  const { kernel, events } = engineAt(IFBS(10), 10);
  const model = extract_proc(kernel, events, {});
  expect(model.nodes.map((n) => n.name)).toEqual(['lo', 'ifb0', 'ifb1', 'ifb2', 'ifb3', 'ifb4', 'ifb5', 'ifb6', 'ifb7', 'ifb8', 'ifb9']);
  await openWithViews(page, IFBS(10), 10, ['proc']);
  await expectFrame(page, 10, events.length);
  const view = viewPanel(page, 'proc');
  await expect(view.getByTestId('proc-view')).toHaveAttribute('data-dir', 'net/dev_snmp6');
  await expect(view.getByTestId('proc-node')).toHaveCount(11);
  expect(await drawnInOrder(view)).toEqual(model.nodes.map((n) => `${n.name}:${n.red ? 'red' : 'black'}`));
  expect((await drawnInOrder(view)).map((s) => s.split(':')[1]![0]).join('')).toBe('bbbbbbbrrbr');
  // seed 003: the name scan dwarfs the tree's descent
  expect([model.op.compares, model.op.rotations, model.op.recolours, model.op.scan?.scanned]).toEqual([5, 1, 2, 10]);
  await expect(view.getByTestId('proc-steps')).toHaveText('this operation: 5 comparisons, 1 rotation, 2 recolourings · name scan: 10 sscanf');
  await expect(view.getByTestId('name-scan')).toContainText('__dev_alloc_name("ifb%d"): 10 devices scanned, 9 numbers in use → ifb9');
  await expect(view.getByRole('img')).toHaveAttribute('aria-label', /^\/proc\/net\/dev_snmp6 holds 11 entries in an rb-tree\./);
});

test('stepping into the third insert shows the new red leaf, then the fix-up recolouring it', async ({ page }) => {
  const { events } = engineAt(IFBS(3), 3);
  await openWithViews(page, IFBS(3), 2, ['proc']);
  const view = viewPanel(page, 'proc');
  await expect(view.getByTestId('proc-node')).toHaveCount(3);
  // the dev_snmp6 link is the one right before proc_register
  const reg = events.findIndex((e) => e.kind === 'proc_register');
  const link = events
    .slice(0, reg)
    .map((e) => e.kind)
    .lastIndexOf('rb_link');
  expect(events[link]).toMatchObject({ kind: 'rb_link', key: 'ifb2' });
  await page.keyboard.press('F9');
  await expectFrame(page, 3, 1);
  for (let i = 1; i <= link; i++) await page.keyboard.press('F9');
  await expectFrame(page, 3, link + 1);
  await expect(view.getByTestId('proc-node')).toHaveCount(4);
  const leaf = view.locator('[data-testid="proc-node"][data-name="ifb2"]');
  await expect(leaf).toHaveAttribute('data-colour', 'red');
  await expect(leaf).toHaveClass(/current/);
  expect(await drawnInOrder(view)).toEqual(['lo:red', 'ifb0:black', 'ifb1:red', 'ifb2:red']);
  // step out to the end of the operation: case 1 recoloured lo and ifb1 black
  await page.keyboard.press('Control+F9');
  await expectFrame(page, 3, events.length);
  expect(await drawnInOrder(view)).toEqual(['lo:black', 'ifb0:black', 'ifb1:black', 'ifb2:red']);
});

test('the list of kernels up to 3.18 shows the newest entry first', async ({ page }) => {
  const { events } = engineAt(IFBS(4), 4, { proc_dir: 'list' });
  await openWithViews(page, IFBS(4), 4, ['proc'], { switches: { proc_dir: 'list' } });
  await expectFrame(page, 4, events.length);
  const view = viewPanel(page, 'proc');
  await expect(view.getByTestId('proc-view')).toHaveAttribute('data-impl', 'list');
  expect(await drawnInOrder(view)).toEqual(['ifb3:none', 'ifb2:none', 'ifb1:none', 'ifb0:none', 'lo:none']);
  await expect(view.getByTestId('proc-steps')).toHaveText('this operation: 4 list steps · name scan: 4 sscanf');
});

test('with reduced motion the tree moves without transitions', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openWithViews(page, IFBS(3), 3, ['proc']);
  const view = viewPanel(page, 'proc');
  await expect(view.getByTestId('proc-view')).toHaveClass(/still/);
  const node = view.getByTestId('proc-node').first();
  expect(await node.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
});

test('picking /proc/net shows its 61 entries in proc_match order, shorter names first', async ({ page }) => {
  const { kernel, events } = engineAt(IFBS(2), 2);
  const net = extract_proc(kernel, events, { dir: 'net' });
  expect(net.entries).toBe(61);
  await openWithViews(page, IFBS(2), 2, ['proc']);
  const view = viewPanel(page, 'proc');
  await expect(view.getByTestId('proc-view')).toHaveAttribute('data-dir', 'net/dev_snmp6');
  await view.getByRole('combobox').selectOption('net');
  await expect(view.getByTestId('proc-view')).toHaveAttribute('data-dir', 'net');
  await expect(view.getByTestId('proc-node')).toHaveCount(61);
  const names = (await drawnInOrder(view)).map((s) => s.split(':')[0]);
  expect(names).toEqual(net.nodes.map((n) => n.name));
  expect(names.slice(0, 4)).toEqual(['arp', 'dev', 'raw', 'tcp']);
});
