// Bundles the command-line tool (src/cli/main.ts + the engine it imports)
// into ES modules for Node. `npm install` runs this through `prepare`.
//
// ipcscope.mjs is the command; what only some commands use (sweep's
// formatting, import, --expect's report) is in chunks it imports when they
// run, so that a plain `run` compiles and evaluates less.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'build/cli',
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'ipcscope.mjs', chunkFileNames: '[name]-[hash].mjs', format: 'es' } },
  },
});
