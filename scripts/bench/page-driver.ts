// Driving the page for the bench: the static server, links, pages with the
// probe installed (page-probe.ts), waiting for what the probe records, key
// presses timed in page time, and the worker's heap over the DevTools protocol.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { installProbe, type BenchProbe, type Change } from './page-probe';
import type * as LzStringModule from 'lz-string';
type LzString = typeof LzStringModule;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// lz-string is CommonJS without static exports, so Node's ESM loader needs require
const lz = createRequire(import.meta.url)('lz-string') as LzString;

/** A link as the page makes one: version 1 of the URL state (newer pages migrate it). */
export function link(base: string, workload: string, step: number, views: string[]): string {
  const state = { v: 1, workload, step, views, kernel: {} };
  return `${base}#s=${lz.compressToEncodedURIComponent(JSON.stringify(state))}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a !== null ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Serves the dist/ of the checkout at `root` (this one by default: another one to compare builds side by side). */
export async function serve(root: string = ROOT): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['scripts/serve-dist.mjs', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`serve-dist exited (${code})`)));
    proc.stdout.once('data', () => resolve());
  });
  return { base: `http://127.0.0.1:${port}/`, proc };
}

export const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __bench: BenchProbe }).__bench);

/** Waits until the probe has recorded a change at index ≥ from matching kind and the pattern; returns it. */
export async function waitChange(page: Page, from: number, kind: Change['kind'], pattern: string, timeout: number): Promise<Change> {
  try {
    return await waitChangeOrThrow(page, from, kind, pattern, timeout);
  } catch (e) {
    // say what the page showed instead
    const seen = await probeOf(page).then(
      (b) => (['count', 'frame'] as const).map((k) => `${k} "${b.changes.filter((c) => c.kind === k).at(-1)?.value ?? 'none'}"`).join(', '),
      () => 'no probe',
    );
    throw new Error(`no ${kind} /${pattern}/ within ${timeout / 1000} s (last ${seen}): ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
  }
}

async function waitChangeOrThrow(page: Page, from: number, kind: Change['kind'], pattern: string, timeout: number): Promise<Change> {
  const handle = await page.waitForFunction(
    ([from, kind, pattern]) => {
      const b = (window as unknown as { __bench: BenchProbe }).__bench;
      const re = new RegExp(pattern);
      for (let i = from; i < b.changes.length; i++) {
        const c = b.changes[i]!;
        if (c.kind === kind && re.test(c.value)) return c;
      }
      return null;
    },
    [from, kind, pattern] as const,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as Change;
}

export const countPattern = (step: number, total?: number) => `^step ${step.toLocaleString('en')} / ${total === undefined ? '' : total.toLocaleString('en') + '$'}`;

/** every error any page logged, for the notes of a measurement that failed */
export const allErrors: string[] = [];

export async function newPage(ctx: BrowserContext, errors: string[]): Promise<Page> {
  const page = await ctx.newPage();
  const log = (text: string) => {
    errors.push(text);
    allErrors.push(text);
  };
  page.on('console', (m) => m.type() === 'error' && log(m.text()));
  page.on('pageerror', (e) => log(e.message));
  // tsx keeps function names with esbuild's __name helper, which the page lacks
  await page.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})();` });
  return page;
}

/** Opens `url` and waits for the step counter to show `step`; then whether the stage shows a frame of that step with the svg of `view`. */
export async function openAt(page: Page, url: string, step: number, view: string, timeout: number): Promise<{ count: Change; frame: Change | null }> {
  await page.goto(url);
  const count = await waitChange(page, 0, 'count', countPattern(step), timeout);
  let frame: Change | null = null;
  try {
    frame = await waitChange(page, 0, 'frame', `^${step}:`, 15_000);
    if ((await page.locator(`[data-testid="stage"] [data-view="${view}"] svg`).count()) === 0) frame = null;
  } catch {
    frame = null;
  }
  return { count, frame };
}

export async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Presses `key` and returns the ms from its keydown to the first change of `kind` matching `pattern`. */
export async function pressAndTime(page: Page, key: string, kind: Change['kind'], pattern: string, timeout: number): Promise<number> {
  const before = (await probeOf(page)).changes.length;
  await page.keyboard.press(key);
  const change = await waitChange(page, before, kind, pattern, timeout);
  // the page records KeyboardEvent.key: 'F10' for 'Shift+F10'
  const name = key.split('+').pop();
  const keys = (await probeOf(page)).keys.filter((k) => k.key === name);
  return change.t - keys[keys.length - 1]!.t;
}

/** Heap of a worker through the DevTools protocol, in bytes: [used JS heap, embedder heap, array buffers] after a forced GC, and the JS heap before it. */
export async function workerHeap(cdp: CDPSession, sessionId: string): Promise<[number, number, number, number]> {
  let id = 0;
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const my = ++id;
      const on = (e: { sessionId: string; message: string }) => {
        const msg = JSON.parse(e.message) as { id?: number; result?: Record<string, number>; error?: { message: string } };
        if (e.sessionId !== sessionId || msg.id !== my) return;
        cdp.off('Target.receivedMessageFromTarget', on);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result ?? {});
      };
      cdp.on('Target.receivedMessageFromTarget', on);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: my, method }) }).catch(reject);
      setTimeout(() => {
        cdp.off('Target.receivedMessageFromTarget', on);
        reject(new Error(`the worker did not answer ${method} within 30 s`));
      }, 30_000).unref();
    });
  const before = await call('Runtime.getHeapUsage');
  await call('HeapProfiler.collectGarbage');
  const h = await call('Runtime.getHeapUsage');
  return [h.usedSize ?? 0, h.embedderHeapUsedSize ?? 0, h.backingStorageSize ?? 0, before.usedSize ?? 0];
}

/** The page's long tasks that started at or after `since` (page ms), as a note. */
export async function longTasksSince(page: Page, since: number): Promise<string> {
  const tasks = (await probeOf(page)).longtasks.filter((l) => l.start >= since);
  if (tasks.length === 0) return '; no long tasks';
  return `; ${tasks.length} long task(s), longest ${Math.max(...tasks.map((l) => l.duration)).toFixed(0)} ms`;
}

export function errNote(errors: string[]): string {
  return errors.length === 0 ? '' : `; page logged ${errors.length} error(s): ${errors[0]!.slice(0, 120)}`;
}
