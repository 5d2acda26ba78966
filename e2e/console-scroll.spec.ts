import { test, expect } from './fixtures';
import { button, consoleBox, currentEntry, expectStep, openWithViews } from './playground';
import type { Locator } from '@playwright/test';

// The console keeps to its end without script (a reversed flex column, Console.svelte): these check
// what a reader sees of it, since nothing in the page's state says where it is scrolled.

const MANY = 'repeat 300 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }';

/** `inner` lies entirely inside the visible box of `outer` */
async function inView(outer: Locator, inner: Locator): Promise<boolean> {
  const o = await outer.boundingBox();
  const i = await inner.boundingBox();
  if (o === null || i === null) return false;
  return i.y >= o.y - 1 && i.y + i.height <= o.y + o.height + 1;
}

test('the console shows its end as steps come, and comes back to it after the reader scrolled up', async ({ page }) => {
  await openWithViews(page, MANY, 250, []);
  const box = consoleBox(page);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 249');
  // the window of records overflows the box
  expect(await box.evaluate((b) => b.scrollHeight > b.clientHeight + 50)).toBe(true);
  await expect.poll(() => inView(box, currentEntry(page))).toBe(true);

  for (let i = 1; i <= 3; i++) {
    await button(page, 'Step over').click();
    await expectStep(page, 250 + i, 300);
    await expect(currentEntry(page)).toHaveText(`msgget(IPC_PRIVATE, IPC_CREAT|0600) = ${249 + i}`);
    await expect.poll(() => inView(box, currentEntry(page))).toBe(true);
  }

  // the reader scrolls back to the window's first record: the current one is out of sight
  await box.locator('li').first().scrollIntoViewIfNeeded();
  await expect.poll(() => inView(box, currentEntry(page))).toBe(false);
  await button(page, 'Step back').click();
  await expectStep(page, 252, 300);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 251');
  await expect.poll(() => inView(box, currentEntry(page))).toBe(true);
});

test('a short output sits at the top of the console', async ({ page }) => {
  await openWithViews(page, MANY, 1, []);
  const box = consoleBox(page);
  await expect(currentEntry(page)).toHaveText('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0');
  const o = (await box.boundingBox())!;
  const first = (await box.locator('li').first().boundingBox())!;
  // below the padding, not at the bottom of the box's minimum height
  expect(first.y - o.y).toBeLessThan(20);
  expect(o.height - first.height).toBeGreaterThan(60);
});
