// A small static server for the production build: serves dist/ at / and
// again under /ipcscope/, so the browser tests prove the site works from a
// sub-path. Usage: node scripts/serve-dist.mjs [port] (0: any free port)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './script-args.mjs';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
const USAGE = 'usage: node scripts/serve-dist.mjs [PORT]';
const { positionals } = scriptArgs('serve-dist', USAGE, { allowPositionals: true });
const port = Number(positionals[0] ?? process.env.PORT ?? 4173);
if (positionals.length > 1 || !Number.isInteger(port) || port < 0 || port > 65535) {
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

/** The file path a request names, or null when its URL does not decode (`/%E0%A4%A`). @param {string} url */
function requestPath(url) {
  try {
    return decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return null;
  }
}

/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
async function respond(req, res) {
  let path = requestPath(req.url ?? '/');
  if (path === null) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request: the path does not decode');
    return;
  }
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
}

// respond() catches its own errors; a rejection here would be a bug, so it ends the response instead of the server
const server = createServer((req, res) => {
  respond(req, res).catch(() => {
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
  });
});
// port 0: any free port; the line below says which
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`serving dist/ on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/ and /ipcscope/`);
});
