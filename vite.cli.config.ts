// Bundles the command-line tool (src/cli/main.ts + the engine it imports)
// for Node. `npm install` runs this through `prepare`.
//
// ipcscope.js is the command; what only some commands use (sweep's
// formatting, import, --expect's report) is in chunks it requires when they
// run, so that a plain `run` compiles and evaluates less.
//
// CommonJS, not ES modules: bin/ipcscope.mjs compiles ipcscope.js as a
// vm.Script with V8's code cache (Node 20 has no compile cache for
// modules), which skips parsing the bundle and compiling the functions a
// run calls. The package.json written next to the chunks makes Node load
// them (and a sweep's worker threads, which import them) as CommonJS.
//
// ASCII only (other characters as escapes) and without comments: the command
// reads an ASCII bundle as a one-byte string, a copy, where UTF-8 text costs
// V8 a decode into a two-byte string, which every later parse of the bundle
// (a function the code cache lacks) then scans as two-byte.
import { defineConfig, type Plugin } from 'vite';

const commonjsPackage: Plugin = {
  name: 'ipcscope-commonjs-package',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "commonjs" }\n' });
  },
};

export default defineConfig({
  plugins: [commonjsPackage],
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'build/cli',
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'ipcscope.js', chunkFileNames: '[name]-[hash].js', format: 'cjs', charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } } },
  },
});
