#!/usr/bin/env node
// Entry point of the `ipcscope` command. The TypeScript sources are bundled
// into build/cli/ipcscope.mjs by `npm install` (the `prepare` script); if that
// bundle is missing (e.g. installed with --ignore-scripts) it is built first.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'build', 'cli', 'ipcscope.mjs');

if (!existsSync(bundle)) {
  process.stderr.write('ipcscope: building the command-line tool (first run)…\n');
  // imported only here: node:child_process loads the stream, net and dgram modules, which a run does not need
  const { execFileSync } = await import('node:child_process');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the JSDoc cast, which typescript-eslint does not see (it reads the expression inside the parentheses)
const { main } = /** @type {{ main: (argv: string[]) => Promise<number | undefined> }} */ (await import(pathToFileURL(bundle).href));
const code = await main(process.argv.slice(2));
process.exitCode = typeof code === 'number' ? code : 0;
