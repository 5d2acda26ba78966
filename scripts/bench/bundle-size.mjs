// The gzipped size of the production build's main chunk (the module script
// dist/index.html loads), against its budget. Deterministic, so `npm test`
// runs it (`--check`, after the browser tests have built dist/) as well as
// `npm run bench`. --check also fails when Compare, Charts or the multi-CPU
// panel lost its own chunk (LAZY_PARTS). Usage: node scripts/bench/bundle-size.mjs [--check] [--json]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from '../script-args.mjs';
import { gzipSync } from 'node:zlib';

export const MAIN_CHUNK_BUDGET_BYTES = 250 * 1024;
/** the parts of the page that load as chunks of their own when first shown (App.svelte imports them dynamically) */
export const LAZY_PARTS = ['CompareView', 'ChartsPage', 'SmpPanel'];

/**
 * What --check reports as wrong with `sizes`: the main chunk over budget, a
 * lazy part folded into it (no chunk of its own). Empty when all is well.
 * @param {{ main: string, mainGzip: number, assets: { file: string }[] }} sizes
 * @returns {string[]}
 */
export function bundleProblems(sizes) {
  const problems = [];
  if (sizes.mainGzip > MAIN_CHUNK_BUDGET_BYTES) problems.push(`main chunk ${sizes.main} is over its budget`);
  for (const part of LAZY_PARTS) {
    if (!sizes.assets.some((a) => a.file.startsWith(`assets/${part}-`) && a.file.endsWith('.js'))) {
      problems.push(`${part} has no chunk of its own: is it imported statically somewhere?`);
    }
  }
  return problems;
}

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Sizes of the build in `dist` (default: the project's dist/): the main chunk
 * and every other asset, raw and gzipped (zlib level 9, as a static server's
 * precompressed files).
 * @param {string} [dist]
 * `mainGzip` counts the chunks the main chunk imports statically too (the
 * page's <link rel="modulepreload">s): code split off into a shared chunk
 * still loads before the page runs, so it stays inside the budget.
 * @returns {{ main: string, mainBytes: number, mainGzip: number, preloaded: string[], assets: { file: string, bytes: number, gzip: number }[] }}
 */
export function bundleSizes(dist = DIST) {
  let html;
  try {
    html = readFileSync(join(dist, 'index.html'), 'utf8');
  } catch {
    throw new Error(`no build in ${dist}: run npm run build first`);
  }
  const m = /<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html);
  if (m === null) throw new Error(`${join(dist, 'index.html')} loads no module script`);
  const assets = readdirSync(join(dist, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const body = readFileSync(join(dist, 'assets', f));
      return { file: `assets/${f}`, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
  const main = assets.find((a) => a.file === m[1]);
  if (main === undefined) throw new Error(`the main chunk ${m[1]} is not in ${join(dist, 'assets')}`);
  const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.?\/?([^"]+)"/g)].map((p) => p[1] ?? '');
  const initial = [main, ...assets.filter((a) => preloaded.includes(a.file))];
  return {
    main: main.file,
    mainBytes: initial.reduce((n, a) => n + a.bytes, 0),
    mainGzip: initial.reduce((n, a) => n + a.gzip, 0),
    preloaded,
    assets,
  };
}

const kb = (/** @type {number} */ b) => `${(b / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flags = scriptArgs('bundle-size', 'usage: node scripts/bench/bundle-size.mjs [--json] [--check]', {
    options: { json: { type: 'boolean' }, check: { type: 'boolean' } },
  }).values;
  const s = bundleSizes();
  if (flags.json) console.log(JSON.stringify(s));
  else {
    for (const a of s.assets) console.log(`${a.file.padEnd(40)} ${kb(a.bytes).padStart(10)} ${kb(a.gzip).padStart(10)} gzip${a.file === s.main ? '  (main)' : ''}`);
  }
  if (flags.check) {
    const ok = s.mainGzip <= MAIN_CHUNK_BUDGET_BYTES;
    const what = s.preloaded.length === 0 ? '' : ` with its static imports ${s.preloaded.join(', ')}`;
    console.log(`main chunk ${s.main}${what}: ${kb(s.mainGzip)} gzipped, budget ${kb(MAIN_CHUNK_BUDGET_BYTES)}: ${ok ? 'ok' : 'OVER BUDGET'}`);
    const problems = bundleProblems(s);
    for (const p of problems) console.log(`bundle: ${p}`);
    if (problems.length === 0) console.log(`lazy chunks: ${LAZY_PARTS.join(', ')}: ok`);
    if (problems.length > 0) process.exit(1);
  }
}
