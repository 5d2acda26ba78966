import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleProblems, bundleSizes, LAZY_PARTS } from './bundle-size.mjs';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fake build: index.html loading assets/index-x.js, plus `files` (name → size in bytes). */
function build(files: Record<string, number>): string {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-'));
  made.push(dist);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<script type="module" crossorigin src="./assets/index-x.js"></script>');
  for (const [name, size] of Object.entries({ 'index-x.js': 1000, ...files })) writeFileSync(join(dist, 'assets', name), 'x'.repeat(size));
  return dist;
}

describe('bundle-size --check', () => {
  it('passes a build where Compare, Charts and the multi-CPU panel are chunks of their own', () => {
    const chunks = Object.fromEntries(LAZY_PARTS.map((p) => [`${p}-abc.js`, 10]));
    expect(bundleProblems(bundleSizes(build(chunks)))).toEqual([]);
  });

  it("counts the chunks the main chunk preloads in the main chunk's size", () => {
    const d = build({ 'shared-abc.js': 5000, 'lazy-abc.js': 7000 });
    writeFileSync(join(d, 'index.html'), '<script type="module" src="./assets/index-x.js"></script><link rel="modulepreload" crossorigin href="./assets/shared-abc.js">');
    const s = bundleSizes(d);
    expect(s.preloaded).toEqual(['assets/shared-abc.js']);
    expect(s.mainBytes).toBe(6000);
  });

  it('names a part folded into the main chunk, and a main chunk over budget', () => {
    const problems = bundleProblems(bundleSizes(build({ 'CompareView-abc.css': 10 })));
    expect(problems).toEqual(LAZY_PARTS.map((p) => `${p} has no chunk of its own: is it imported statically somewhere?`));
    const sizes = { ...bundleSizes(build({})), mainGzip: 251 * 1024 };
    expect(bundleProblems(sizes)[0]).toBe(`main chunk assets/index-x.js is over its budget`);
  });
});
