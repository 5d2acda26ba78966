// Writes docs/screenshots/<view>.png: one picture of every view the stage
// registers, each opened from a link to a workload that shows it well,
// code.png: a step into seed 003 on 3.19 (the /proc view's narration beside
// the kernel-code panel and the event list), and smp.png: the multi-CPU
// panel after a run of seed 004.
// Builds the site (skip with --no-build), serves dist/ with serve-dist.mjs
// and drives the Chromium that find-browser.mjs finds.
//   node scripts/screenshots.mjs [--no-build] [--port 4399]
/* global document -- read inside page.waitForFunction callbacks, which run in the page */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { require as tsRequire } from 'tsx/cjs/api';
import { findBrowser, INSTALL_HINT } from './find-browser.mjs';
import { scriptArgs } from './script-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const args = scriptArgs('screenshots', 'usage: node scripts/screenshots.mjs [--no-build] [--port 4399]', {
  options: { 'no-build': { type: 'boolean' }, port: { type: 'string' } },
}).values;
const port = Number(args.port ?? 4399);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`screenshots: --port needs a port number, got ${JSON.stringify(args.port)}`);
  process.exit(2);
}

// the page's own link encoder (loaded as CommonJS: lz-string has no ES module exports)
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the JSDoc cast, which typescript-eslint does not see (it reads the expression inside the parentheses)
const { hashForState } = /** @type {typeof import('../src/ui/state/url_state')} */ (tsRequire('../src/ui/state/url_state.ts', import.meta.url));
// the max_idx scene is the workload the view's tests use
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the JSDoc cast, which typescript-eslint does not see (it reads the expression inside the parentheses)
const { SET_0_3_9 } = /** @type {typeof import('../src/engine/view/view.test-helper')} */ (tsRequire('../src/engine/view/view.test-helper.ts', import.meta.url));

/** @param {number} n */
const MANY = (n) => `repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n`;
/** @param {string} file */
const example = async (file) => (await import('node:fs/promises')).readFile(new URL(`../public/examples/${file}`, import.meta.url), 'utf8');
const TOUR = await example('tour.ipc');

/**
 * The workload, step and kernel each view is pictured with; a view not listed shows the tour at its end.
 * @type {Record<string, { workload: string, step: number, kernel?: Record<string, unknown> }>}
 */
const SCENES = {
  idr: { workload: MANY(150) + 'msgctl(70, IPC_RMID)\n', step: 151 },
  maxidx: { workload: SET_0_3_9, step: 6 },
  seqfile: { workload: TOUR, step: 6 },
  proc: { workload: 'repeat 24 { ip link add type ifb }\n', step: 24 },
  percpu: {
    workload: 'q = msgget(IPC_PRIVATE, 0600)\nrepeat 5 { msgsnd(q, 1, 64, IPC_NOWAIT) }\nmsgrcv(q, 0, 64, IPC_NOWAIT)\nmsgctl(q, MSG_INFO)\n',
    step: 8,
  },
  // the producer asleep on the lock the consumer holds (GETNCNT 1)
  sem: { workload: await example('sem-producer-consumer.ipc'), step: 8 },
  // the gallery card: a segment removed while attached, a late attach to it, and the new segment under its key
  shm: { workload: await example('shm-removed-while-attached.ipc'), step: 11 },
};

function serve() {
  const server = spawn(process.execPath, [fileURLToPath(new URL('./serve-dist.mjs', import.meta.url)), String(port)], { stdio: 'ignore' });
  return server;
}

/** @param {string} url */
async function waitForServer(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${url} did not start`);
}

const browser = findBrowser();
if (!browser) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
if (!args['no-build']) {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const server = serve();
const base = `http://127.0.0.1:${port}/`;
try {
  await waitForServer(base);
  await mkdir(out, { recursive: true });
  const b = await chromium.launch({ executablePath: browser.path, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await b.newPage({ viewport: { width: 1500, height: 1100 }, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce' });
  // the machine may be busy (a build, tests): be patient rather than flaky
  page.setDefaultTimeout(120_000);
  await page.goto(base);
  const tabs = page.locator('[data-testid^="view-tab-"]');
  await tabs.first().waitFor();
  const ids = (await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('data-testid')))).map((t) => (t ?? '').slice('view-tab-'.length));
  for (const id of ids) {
    const scene = SCENES[id] ?? { workload: TOUR, step: 17 };
    const hash = hashForState({ v: 3, workload: scene.workload, step: scene.step, event: null, views: [id], kernel: scene.kernel ?? {}, mode: 'play', compare: null });
    await page.goto('about:blank');
    await page.goto(base + hash);
    const panel = page.locator(`[data-testid="stage"] [data-view="${id}"]`);
    await panel.locator('.view-body svg').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction((s) => document.querySelector('[data-testid="stage"]')?.getAttribute('data-frame')?.startsWith(`${s}:`), scene.step);
    await panel.screenshot({ path: `${out}${id}.png` });
    console.log(`docs/screenshots/${id}.png`);
  }
  // stepping into seed 003 on 3.19: the first rb-tree comparison of operation 60, narrated beside its kernel code
  const SEED_003 = await example('003-procfs-rbtree.ipc');
  const CODE_STEP = 60;
  const CODE_EVENT = 62;
  await page.goto('about:blank');
  await page.goto(base + hashForState({ v: 3, workload: SEED_003, step: CODE_STEP, event: CODE_EVENT, views: ['proc'], kernel: { preset: '3.19' }, mode: 'play', compare: null }));
  await page.waitForFunction((f) => document.querySelector('[data-testid="stage"]')?.getAttribute('data-frame') === f, `${CODE_STEP}:${CODE_EVENT}`);
  await page.locator('[data-testid="code-panel"] [data-testid="code-listing"]').waitFor();
  await page.locator('[data-testid="view-narration"]').waitFor();
  // the stage and the step-into column below it (not the console and costs)
  const top = await page.locator('[data-testid="stage"]').boundingBox();
  const bottom = await page.locator('.step-into').boundingBox();
  if (top === null || bottom === null) throw new Error('screenshots: no stage or step-into column to picture');
  const x = Math.min(top.x, bottom.x);
  await page.screenshot({ path: `${out}code.png`, fullPage: true, clip: { x, y: top.y, width: Math.max(top.x + top.width, bottom.x + bottom.width) - x, height: bottom.y + bottom.height - top.y } });
  console.log('docs/screenshots/code.png');
  // the multi-CPU panel: seed 004 on 2.6.25, run with F8, its timeline zoomed out
  const SMP = await (await import('node:fs/promises')).readFile(new URL('../public/examples/004-rcu-idr.ipc', import.meta.url), 'utf8');
  await page.goto('about:blank');
  await page.goto(base + hashForState({ v: 3, workload: SMP, step: 0, event: null, views: [], kernel: { preset: '2.6.25' }, mode: 'play', compare: null }));
  const smp = page.locator('[data-testid="smp-panel"]');
  await smp.waitFor();
  await page.keyboard.press('F8');
  await smp.locator('[data-testid="smp-timeline"] svg').first().waitFor({ timeout: 120_000 });
  await smp.screenshot({ path: `${out}smp.png` });
  console.log('docs/screenshots/smp.png');
  await b.close();
} finally {
  server.kill();
}
