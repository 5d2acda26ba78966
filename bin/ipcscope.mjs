#!/usr/bin/env node
// Entry point of the `ipcscope` command. The TypeScript sources are bundled
// into build/cli/ipcscope.js (CommonJS) by `npm install` (the `prepare`
// script); if that bundle is missing (e.g. installed with --ignore-scripts)
// it is built first.
//
// The bundle is compiled here as a vm.Script with V8's code cache, kept in
// build/cli/ipcscope.js.cache: without it Node parses the whole bundle and
// compiles every function a run calls, each run (about 6% of the
// instructions of a run of 32768 queues). The cache is made after a run
// that had none (or whose cache V8 refused: another Node, other V8 flags),
// from what that run compiled (and again by the first `run` after one made
// by another command). It holds a copy of the bundle it was made from,
// compared with the bundle byte for byte, so that the cache of another build
// is never handed to V8 (which checks only the source's length); V8 checks
// its own header (its version, its flags, the data's length) and, told to,
// its data's checksum, and the file is renamed into place once written, so
// that no run reads one half written. A cache that does not fit is made
// again; anything wrong with it (missing, unreadable, unwritable) only
// costs that speed.
// IPCSCOPE_CODE_CACHE=off runs without it; =report says on stderr what was
// done with it.
// The built-in modules through process.getBuiltinModule (Node 20.16 on), not `import`: an import of
// one builds an ES-module facade of it, reading every export (node:fs's fs.promises getter loads the
// promises API); 3% of the CLI's own start-up
const builtins = typeof process.getBuiltinModule === 'function';
const { existsSync, readFileSync, writeFileSync, renameSync } = builtins ? process.getBuiltinModule('node:fs') : await import('node:fs');
const { isAscii } = builtins ? process.getBuiltinModule('node:buffer') : await import('node:buffer');
const { Module, createRequire } = builtins ? process.getBuiltinModule('node:module') : await import('node:module');
const path = builtins ? process.getBuiltinModule('node:path') : await import('node:path');
const { fileURLToPath } = builtins ? process.getBuiltinModule('node:url') : await import('node:url');
const { setFlagsFromString } = builtins ? process.getBuiltinModule('node:v8') : await import('node:v8');
const { Script } = builtins ? process.getBuiltinModule('node:vm') : await import('node:vm');

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'build', 'cli');
const bundle = path.join(dir, 'ipcscope.js');
const cacheFile = bundle + '.cache';
const mode = process.env.IPCSCOPE_CODE_CACHE ?? '';

if (!existsSync(bundle)) {
  process.stderr.write('ipcscope: building the command-line tool (first run)…\n');
  // imported only here: node:child_process loads the stream, net and dgram modules, which a run does not need
  const { execFileSync } = await import('node:child_process');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The cache file: MAGIC, the kind of command that made it (RUN or OTHER),
 * the bundle it was made from (its length as 4 bytes, then its bytes),
 * then V8's data.
 */
const MAGIC = Buffer.from('ipcscope code cache 2\n', 'latin1');
const RUN = 0x72;
const OTHER = 0x2d;
// a cache made by another command (--version, a sweep, whose runs are on
// other threads) holds few of the engine's functions: a run makes it again
const kind = process.argv[2] === 'run' ? RUN : OTHER;
let madeBy = OTHER;

const source = readFileSync(bundle);
/** @type {Buffer | undefined} */
let cached;
let why = 'none';
if (mode !== 'off') {
  try {
    const file = readFileSync(cacheFile);
    const at = MAGIC.length + 5;
    const made = file.length >= at ? file.readUInt32LE(MAGIC.length + 1) : -1;
    // the bundle compared whole (a native memcmp, cheaper than hashing it in JavaScript)
    if (made < 0 || !file.subarray(0, MAGIC.length).equals(MAGIC)) why = 'damaged';
    else if (made !== source.length || !file.subarray(at, at + made).equals(source)) why = 'stale';
    else {
      cached = file.subarray(at + made);
      madeBy = file.readUInt8(MAGIC.length);
    }
  } catch {
    why = 'missing';
  }
}

// V8 checks its data's checksum only with this flag (off in release builds:
// damaged data would crash the process); on while the cache is read or made,
// and off again, so that V8's flags (and so the code caches of Node's own
// modules) are as they were
/**
 * @template T
 * @param {() => T} f
 * @returns {T}
 */
function verified(f) {
  setFlagsFromString('--verify-snapshot-checksum');
  try {
    return f();
  } finally {
    setFlagsFromString('--no-verify-snapshot-checksum');
  }
}
// the bundle is built ASCII only (vite.cli.config.ts): read as Latin-1 it is a one-byte string, a copy,
// where the UTF-8 decoder would make it two-byte (a bundle that is not ASCII is still read as UTF-8)
const text = isAscii(source) ? source.toString('latin1') : source.toString('utf8');
const script = verified(() => new Script(`(function (exports, require, module, __filename, __dirname) {${text}\n})`, { filename: bundle, cachedData: cached }));
// the bundle is the module at its path, so that the chunks that require it
// (sweep, import, the multi-CPU run) share this one instead of loading a second
const mod = new Module(bundle);
mod.filename = bundle;
const require = createRequire(bundle);
require.cache[bundle] = mod;
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the JSDoc, which typescript-eslint does not see
const wrapper = /** @type {(exports: unknown, require: NodeJS.Require, module: InstanceType<typeof Module>, filename: string, dirname: string) => void} */ (script.runInThisContext());
wrapper.call(mod.exports, mod.exports, require, mod, bundle, dir);
mod.loaded = true;

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed by the JSDoc cast, which typescript-eslint does not see (it reads the expression inside the parentheses)
const { main } = /** @type {{ main: (argv: string[]) => Promise<number | undefined> }} */ (mod.exports);
const code = await main(process.argv.slice(2));
process.exitCode = typeof code === 'number' ? code : 0;

if (mode !== 'off') {
  const used = cached !== undefined && !script.cachedDataRejected;
  if (used && (madeBy === RUN || kind === OTHER)) why = 'used';
  else {
    why = used ? 'used, made by another command' : cached !== undefined ? 'refused' : why;
    try {
      const head = Buffer.alloc(5);
      head[0] = kind;
      head.writeUInt32LE(source.length, 1);
      const tmp = `${cacheFile}.${process.pid}`;
      writeFileSync(tmp, Buffer.concat([MAGIC, head, source, verified(() => script.createCachedData())]));
      // renamed into place: a run reading the cache never sees it half written
      renameSync(tmp, cacheFile);
      why += ', written';
    } catch (e) {
      why += `, not written (${e instanceof Error ? e.message : String(e)})`;
    }
  }
  if (mode === 'report') process.stderr.write(`ipcscope: code cache ${why}\n`);
}
