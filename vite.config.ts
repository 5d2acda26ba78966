/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// `base: './'` keeps every asset URL relative, so the built site works when
// served from any sub-path (e.g. https://example.org/ipcscope/).
export default defineConfig({
  base: './',
  plugins: [svelte()],
  worker: { format: 'es' },
  build: { outDir: 'dist', target: 'es2022' },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // the JSON report lets .ci/run sum the counts of every runner
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // `npm run coverage`: V8's own coverage of the engine, CLI and UI logic the unit tests reach
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'workers/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.test-helper.ts'],
      reporter: ['text-summary', 'html', 'json-summary'],
      reportsDirectory: 'reports/coverage',
    },
  },
});
