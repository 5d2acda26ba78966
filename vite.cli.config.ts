// Bundles the command-line tool (src/cli/main.ts + the engine it imports)
// into one ES module for Node. `npm install` runs this through `prepare`.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'build/cli',
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'ipcscope.mjs', format: 'es' } },
  },
});
