// Finds a Chromium for the browser tests the way a user's machine has one:
// 1. $IPCSCOPE_CHROMIUM (or $CHROME_PATH), if set;
// 2. the system Chromium / Chrome (/usr/bin/chromium, ...);
// 3. Playwright's own Chromium, if `npx playwright install chromium` was run.
// `node scripts/find-browser.mjs --check` exits 1 with a one-line instruction when none is found.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './script-args.mjs';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** @returns {{ path: string | undefined, source: string } | null} path undefined = Playwright's bundled browser */
export function findBrowser() {
  for (const name of ['IPCSCOPE_CHROMIUM', 'CHROME_PATH']) {
    const p = process.env[name];
    if (p) return existsSync(p) ? { path: p, source: `$${name}` } : null;
  }
  for (const p of SYSTEM_BROWSERS) if (existsSync(p)) return { path: p, source: 'system' };
  try {
    const require = createRequire(import.meta.url);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the JSDoc cast, which typescript-eslint does not see (it reads the expression inside the parentheses)
    const { chromium } = /** @type {typeof import('playwright-core')} */ (require('playwright-core'));
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: undefined, source: 'playwright' };
  } catch {
    // playwright-core not resolvable: no bundled browser either
  }
  return null;
}

export const INSTALL_HINT = 'No Chromium found for the browser tests: install one (on Debian/Ubuntu: apt-get install chromium) or set IPCSCOPE_CHROMIUM=/path/to/chrome.';

// only when run itself: screenshots.mjs imports this module with its own arguments
const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain && scriptArgs('find-browser', 'usage: node scripts/find-browser.mjs [--check]', { options: { check: { type: 'boolean' } } }).values.check) {
  const found = findBrowser();
  if (!found) {
    const bad = process.env.IPCSCOPE_CHROMIUM || process.env.CHROME_PATH;
    console.error(bad ? `The browser set in the environment does not exist: ${bad}. ${INSTALL_HINT}` : INSTALL_HINT);
    process.exit(1);
  }
}
