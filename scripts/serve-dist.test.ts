import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let server: ChildProcess | null = null;

/** Starts serve-dist on a free port; resolves to its base URL. */
function start(): Promise<string> {
  const proc = spawn(process.execPath, ['scripts/serve-dist.mjs', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  server = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    proc.once('exit', (code) => reject(new Error(`serve-dist exited (${code}) before listening`)));
  });
}

afterAll(() => {
  server?.kill();
});

describe('serve-dist.mjs', () => {
  it('answers 400 to a path that does not decode and keeps serving', async () => {
    const base = await start();
    const bad = await fetch(`${base}/%E0%A4%A`);
    expect(bad.status).toBe(400);
    // still alive: the next request gets an answer (200 with a build, 404 without)
    const next = await fetch(`${base}/no-such-file.txt`);
    expect(next.status).toBe(404);
    expect(server?.exitCode).toBeNull();
  });
});
