/**
 * `ipcscope import FILE...|-` (an strace log as a workload, on stdout) and
 * the `--expect` of `ipcscope run` (compare the run with the workload's
 * `# expect:` results, like diff: exit 1 when any differs). The work is in
 * src/engine/import; this file reads files and prints.
 */
import { basename } from 'node:path';
import { compareExpectations, formatExpectReport, readExpectations } from '../engine/import/expect';
import { importStrace, type StraceSource } from '../engine/import/strace';
import type { RunResult } from '../engine/run';
import { readWorkload, writeAll } from './io';

export { takeExpectFlag } from './expect_flag';

export const IMPORT_USAGE = `  ipcscope import [--order end|start] FILE...|-
                                  an strace log (strace -f [-tt] -e trace=ipc ...; several
                                  -ff -o files FILE.PID are merged by time) as a workload
                                  with each call's recorded result as \`# expect: ...\`
  ipcscope run --expect FILE      replay it and report every call whose result differs
                                  (exit 1 when one does, 0 when none)
`;

/** `import`'s arguments (after the word import): the files and the order, or a usage message. */
export function parseImportArgs(args: string[]): { ok: true; files: string[]; order: 'end' | 'start' } | { ok: false; message: string } {
  const files: string[] = [];
  let order: 'end' | 'start' = 'end';
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--order' || a.startsWith('--order=')) {
      const v = a === '--order' ? args[++i] : a.slice('--order='.length);
      if (v !== 'end' && v !== 'start') return { ok: false, message: `--order takes end or start, got ${JSON.stringify(v ?? '')}` };
      order = v;
    } else if (a.startsWith('-') && a !== '-') return { ok: false, message: `unknown option of import: ${a}` };
    else files.push(a);
  }
  if (files.length === 0) return { ok: false, message: 'import needs an strace log FILE (or - for stdin)' };
  if (files.includes('-') && files.length > 1) return { ok: false, message: 'import reads - (stdin) alone' };
  return { ok: true, files, order };
}

/** Runs `ipcscope import ...`; resolves to the exit status (0, or 2 for a usage or read error). */
export async function importCommand(args: string[]): Promise<number> {
  const parsed = parseImportArgs(args);
  if (!parsed.ok) {
    await writeAll(process.stderr, `ipcscope: ${parsed.message}\n\nUsage:\n${IMPORT_USAGE}`);
    return 2;
  }
  const sources: StraceSource[] = [];
  for (const f of parsed.files) {
    const input = readWorkload(f);
    if (!input.ok) {
      await writeAll(process.stderr, `ipcscope: ${input.message}\n`);
      return 2;
    }
    sources.push({ name: f === '-' ? 'stdin' : basename(f), text: input.text });
  }
  const r = importStrace(sources, { order: parsed.order });
  await writeAll(process.stdout, r.workload);
  let err = '';
  for (const d of r.diagnostics.slice(0, 50)) err += `${d.source}:${d.line}: warning: ${d.message}\n`;
  if (r.diagnostics.length > 50) err += `... and ${r.diagnostics.length - 50} more warnings\n`;
  err += `ipcscope: imported ${r.calls.length} calls of ${r.processes.length} process${r.processes.length === 1 ? '' : 'es'}; ${r.skipped} lines kept as comments\n`;
  await writeAll(process.stderr, err);
  return 0;
}

/** Before `run --expect` runs `text`: why its results cannot be compared (a block, `;`), where, or null when they can. */
export function expectProblem(text: string): { line: number; column: number; message: string } | null {
  const read = readExpectations(text);
  return read.ok ? null : read;
}

/**
 * After `run --expect`: the report of the workload `text` against the
 * finished run. Return: the exit status — 1 when a call differs, 0 when
 * none does, the run's own status when it failed (2 or 3) — and the text
 * for stdout.
 */
export function expectReport(text: string, result: RunResult): { code: number; report: string } {
  const r = compareExpectations(text, result.output, result.error !== null);
  if ('error' in r) return { code: 2, report: `ipcscope: line ${r.line}: ${r.error}\n` };
  const lines = text.split(/\r\n?|\n/);
  const where = (l: number): string => `line ${l} (${(lines[l - 1] ?? '').replace(/\s*#.*$/, '').trim()})`;
  const report = formatExpectReport(r, where);
  if (result.exitCode !== 0) return { code: result.exitCode, report };
  return { code: r.differences.length > 0 ? 1 : 0, report };
}
