// The host-kernel side of the bench: compiles kernel/ipctimer.c with `cc -O2`
// into a temporary folder and runs one workload per process (each in fresh
// namespaces made by ipctimer itself). When the kernel side cannot run (not
// root, no C compiler, no namespaces, no ifb driver) it says why, and the
// bench shows those rows as skipped.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface KernelTiming {
  workload: string;
  n: number;
  total_ms: number;
  parts: Record<string, number>;
  check: Record<string, number>;
  /** the whole ipctimer process as its parent sees it (exec, unshare, the work, exit), not printed by ipctimer */
  process_ms: number;
}

export type KernelTimer = { ok: true; run(name: string, args: string[]): KernelTiming | { skipped: string }; dispose(): void } | { ok: false; reason: string };

const SOURCE = fileURLToPath(new URL('./kernel/ipctimer.c', import.meta.url));

/** Builds the timer, or says why the kernel side cannot run here. */
export function kernelTimer(): KernelTimer {
  if (process.platform !== 'linux') return { ok: false, reason: 'not Linux' };
  if (process.getuid?.() !== 0) return { ok: false, reason: 'not root (fresh IPC/network namespaces need root)' };
  const dir = mkdtempSync(join(tmpdir(), 'ipcscope-bench-'));
  const exe = join(dir, 'ipctimer');
  try {
    execFileSync('cc', ['-O2', '-o', exe, SOURCE], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { code?: string; stderr?: Buffer };
    return { ok: false, reason: err.code === 'ENOENT' ? 'no C compiler (cc)' : `cc failed: ${String(err.stderr ?? e).trim()}` };
  }
  return {
    ok: true,
    run(name, args) {
      const t0 = performance.now();
      const r = spawnSync(exe, [name, ...args], { encoding: 'utf8', timeout: 300_000 });
      const process_ms = performance.now() - t0;
      if (r.status === 77) return { skipped: r.stderr.trim() || 'no namespaces' };
      if (r.status !== 0) {
        const why = (r.stderr || String(r.error ?? `exit ${r.status}`)).trim();
        // a missing driver is a property of the host, not a failure of the bench
        if (name === 'ifb' && /not supported|No such file|Operation not supported/i.test(why)) return { skipped: `no ifb driver: ${why}` };
        throw new Error(`ipctimer ${name} ${args.join(' ')} failed: ${why}`);
      }
      return { ...(JSON.parse(r.stdout) as Omit<KernelTiming, 'process_ms'>), process_ms };
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
