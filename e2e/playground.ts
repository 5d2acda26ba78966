// What the specs do on the playground page, in a user's terms.
import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import { expect } from './fixtures';
import { bootMachine } from '../src/engine/api';
import type { KernelConfig } from '../src/engine/config';
import type { Kernel } from '../src/engine/kernel';
import type { TraceEvent } from '../src/engine/trace';
import type * as LzStringModule from 'lz-string';
type LzString = typeof LzStringModule;

/**
 * Clicks "Copy link" on `page`, checks it says so, and opens the copied link
 * in a new page of `context`. Return: the link and the new page.
 */
export async function openCopiedLink(page: Page, context: BrowserContext): Promise<{ link: string; other: Page }> {
  const copy = page.getByTestId('copy-link');
  await copy.click();
  await expect(copy).toHaveText('Copied ✓');
  const link = (await copy.getAttribute('href'))!;
  const other = await context.newPage();
  await other.goto(link);
  return { link, other };
}

/** Holds every request for `file` (a glob after the last /) until the returned function is called. */
export async function holdFile(page: Page, file: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${file}`, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

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

/** Pastes `text` into the editor as the clipboard would. */
export async function paste(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await editor(page).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
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
const lz = createRequire(import.meta.url)('lz-string') as LzString;

/** The `#s=` hash of a link carrying `state` (any JSON, valid or not). */
export function linkHash(state: unknown): string {
  return '#s=' + lz.compressToEncodedURIComponent(JSON.stringify(state));
}

/** Opens a version-3 link to `workload` on `kernel` with `views`, at `event` events into operation `step`. */
export async function openAt(page: Page, workload: string, kernel: Record<string, unknown>, views: string[], step: number, event: number | null): Promise<void> {
  await page.goto('./' + linkHash({ v: 3, workload, step, event, views, kernel, mode: 'play', compare: null }));
  await expect(page.getByTestId('step-count')).toHaveText(new RegExp(`^step ${step.toLocaleString('en')} / `));
}

/** Opens a link to `workload` with `views` open, at `step` (a version-1 link, as the oldest pages made them). */
export async function openWithViews(page: Page, workload: string, step: number, views: string[], kernel: Record<string, unknown> = {}): Promise<void> {
  await page.goto('./' + linkHash({ v: 1, workload, step, views, kernel }));
  // the first call loads the page too: up to 5 s measured with two browser workers at load 11
  await expect(page.getByTestId('step-count')).toHaveText(new RegExp(`^step ${step.toLocaleString('en')} / `), { timeout: 15_000 });
}

export function stage(page: Page): Locator {
  return page.getByTestId('stage');
}

/** Waits until the stage has rendered the frame of operation `step` at inner position `sub`. */
export async function expectFrame(page: Page, step: number, sub: number): Promise<void> {
  await expect(stage(page)).toHaveAttribute('data-frame', `${step}:${sub}`);
}

/** The open view panel `id` ('idr', 'maxidx', ...). */
export function viewPanel(page: Page, id: string): Locator {
  return stage(page).locator(`[data-view="${id}"]`);
}

/** The open view panel `id` of compare mode's `side` pane. */
export function paneViewPanel(page: Page, side: 'left' | 'right', id: string): Locator {
  return page.getByTestId(`stage-${side}`).locator(`[data-view="${id}"]`);
}

/** The kernel after operation `step` of `text` (on the default kernel changed by `config`) and that operation's trace events, from the engine itself. */
export function engineAt(text: string, step: number, config: Partial<KernelConfig> = {}): { kernel: Kernel; events: TraceEvent[] } {
  const booted = bootMachine(text, config);
  if (!booted.ok) throw new Error(booted.error.message);
  const m = booted.machine;
  for (let i = 1; i < step; i++) m.run.step();
  const events: TraceEvent[] = [];
  m.kernel.probe.trace = (e) => events.push(e);
  m.run.step();
  m.kernel.probe.trace = null;
  return { kernel: m.kernel, events };
}

/** The trace events of operation `step` of `text` (on the default kernel changed by `config`), from the engine itself. */
export function eventsOf(text: string, step: number, config: Partial<KernelConfig> = {}): TraceEvent[] {
  return engineAt(text, step, config).events;
}
