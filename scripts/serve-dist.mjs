// A small static server for the production build: serves dist/ at / and
// again under /ipcscope/, so the browser tests prove the site works from a
// sub-path. Usage: node scripts/serve-dist.mjs [port]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './script-args.mjs';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
const USAGE = 'usage: node scripts/serve-dist.mjs [PORT]';
const { positionals } = scriptArgs('serve-dist', USAGE, { allowPositionals: true });
const port = Number(positionals[0] ?? process.env.PORT ?? 4173);
if (positionals.length > 1 || !Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve-dist: PORT is a port number\n${USAGE}`);
  process.exit(2);
}
/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ipc': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

createServer(async (req, res) => {
  let path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path.startsWith('/ipcscope/')) path = path.slice('/ipcscope'.length);
  else if (path === '/ipcscope') path = '/';
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(root, path));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}).listen(port, '127.0.0.1', () => console.log(`serving dist/ on http://127.0.0.1:${port}/ and /ipcscope/`));
