/**
 * The host kernel as the reference: whether it can be used here, and running
 * a workload on it through our recorder (recorder/record.py).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CONFORMANCE_DIR, type Recording } from './corpus';

export const RECORDER = join(CONFORMANCE_DIR, 'recorder', 'record.py');

/** The blocking-call timeout the committed recordings use (the recorder's default). */
const BLOCK_TIMEOUT = '0.05';

let cachedReason: string | null | undefined;

/**
 * Why the host kernel cannot be used as the reference (not Linux, not root,
 * no python3, `unshare -i` failing), or null when it can.  Checked once.
 */
export function hostUnavailableReason(): string | null {
  if (cachedReason !== undefined) return cachedReason;
  cachedReason = probeHost();
  return cachedReason;
}

function probeHost(): string | null {
  if (process.platform !== 'linux') return `not Linux (${process.platform})`;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'not root (unshare -i needs CAP_SYS_ADMIN)';
  const py = spawnSync('python3', ['-c', 'import ctypes'], { encoding: 'utf8' });
  if (py.error || py.status !== 0) return 'python3 is not available';
  const un = spawnSync('unshare', ['-i', 'true'], { encoding: 'utf8' });
  if (un.error) return `unshare is not available (${un.error.message})`;
  if (un.status !== 0) return `unshare -i fails: ${un.stderr.trim() || `status ${un.status}`}`;
  return null;
}

/**
 * Parses each text with the recorder's parser in one python3 process (no
 * kernel involved); the parse error of each, or null when it parses.
 */
export function recorderParseErrors(texts: readonly string[]): (string | null)[] {
  const program = [
    'import json, sys',
    'sys.dont_write_bytecode = True',
    `sys.path.insert(0, ${JSON.stringify(join(CONFORMANCE_DIR, 'recorder'))})`,
    'from language import WorkloadError, parse_workload',
    'out = []',
    'for text in json.load(sys.stdin):',
    '    try:',
    '        parse_workload(text)',
    '        out.append(None)',
    '    except WorkloadError as exc:',
    '        out.append(str(exc))',
    'print(json.dumps(out))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', program], { input: JSON.stringify(texts), encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error(`python3 failed: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout) as (string | null)[];
}

/** Runs `text` on the host kernel with the recorder; its stdout and exit status. */
export function recordOnHost(text: string, options: { net?: boolean } = {}): Recording & { stderr: string } {
  const args = [RECORDER, '--block-timeout', BLOCK_TIMEOUT, ...(options.net ? ['--net'] : []), '-'];
  const r = spawnSync('python3', args, { input: text, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { output: r.stdout, exitCode: r.status ?? 3, stderr: r.stderr };
}
