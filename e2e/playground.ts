// What the specs do on the playground page, in a user's terms.
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** operations the tour executes */
export const TOUR_OPS = 17;

export function editor(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Workload' });
}

/** Replaces the editor's text as a user would: select all, type. */
export async function typeWorkload(page: Page, text: string): Promise<void> {
  const box = editor(page);
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The editor's text (CodeMirror renders one .cm-line per line). */
export async function workloadText(page: Page): Promise<string> {
  const lines = await editor(page).locator('.cm-line').allInnerTexts();
  // an empty line renders as a <br>, whose innerText is a newline
  return lines.map((l) => l.replace(/\u200b/g, '').replace(/\n$/, '')).join('\n');
}

export function consoleBox(page: Page): Locator {
  return page.getByTestId('console');
}

/** The console entry of the current step. */
export function currentEntry(page: Page): Locator {
  return consoleBox(page).locator('li[aria-current="step"] .text');
}

export async function expectStep(page: Page, step: number, total: number): Promise<void> {
  await expect(page.getByTestId('step-count')).toHaveText(`step ${step} / ${total}`);
}

export function button(page: Page, name: string): Locator {
  return page.getByRole('toolbar', { name: 'Stepping controls' }).getByRole('button', { name, exact: true });
}

export async function openFresh(page: Page): Promise<void> {
  await page.goto('./');
  await expect(editor(page)).toContainText('msgget(IPC_PRIVATE, IPC_CREAT|0600)');
}

// lz-string is CommonJS without static exports, so Node's ESM loader (which runs these specs) needs require
const lz = createRequire(import.meta.url)('lz-string') as typeof import('lz-string');

/** The `#s=` hash of a link carrying `state` (any JSON, valid or not). */
export function linkHash(state: unknown): string {
  return '#s=' + lz.compressToEncodedURIComponent(JSON.stringify(state));
}
