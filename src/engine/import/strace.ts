/**
 * Importing an strace log (strace 6.x, `strace -f -e trace=ipc,...` with
 * any timestamp option, one file or the `-ff -o FILE` files FILE.PID) as a
 * workload: one `@p<PID>` process per traced pid, each SysV IPC call as its
 * statement (strace_calls.ts) ending in `# expect: RESULT`, the result
 * strace recorded, every other line kept as a comment saying why. Pure: no
 * Node APIs, no kernel; `expect.ts` compares a run with the expectations.
 *
 * Order. A call split by `<unfinished ...>` / `<... resumed>` is placed
 * where it ended (`order: 'end'`, the default) — the kernel acted between
 * its start and its end, and a call that slept was woken by one that ended
 * before it or that the model runs after it anyway. `order: 'start'`
 * places every call where it started instead. A call that never ended (the
 * log stops, or the process died in it) is placed where it started.
 *
 * Processes: `exited with N` becomes `@pN exit` (the language has only
 * exit status 0; the status is noted), `killed by SIG...` `@pN kill`. Lines
 * without a pid (strace without -f, or before the first fork when strace
 * writes to stderr) belong to the workload's main process; a log that has
 * no pids at all imports as a single-process workload.
 *
 * Glossary: source = one log file; event = one placed line (a call, an
 * exit, a comment); proc = the workload process name (`p1234`, or '' for main).
 */
import { parseStraceArgs } from './strace_args';
import { isIpcCall, shorten, translateCall, type CallContext, type Recorded } from './strace_calls';
import { parseStraceLine, splitCall, type StraceLine } from './strace_line';

export interface StraceSource {
  /** the file name (a `.PID` suffix names the process of a pid-less -ff file) */
  name: string;
  text: string;
}

export interface ImportOptions {
  order?: 'end' | 'start';
}

/** A line of the log that is not strace output, or not understood. */
export interface ImportDiagnostic {
  source: string;
  /** 1-based */
  line: number;
  message: string;
}

/** One statement of the workload and where it came from. */
export interface ImportedCall {
  /** 1-based line of the workload */
  workloadLine: number;
  source: string;
  /** 1-based line in its source (of the line that ended the call) */
  logLine: number;
  proc: string;
  expect: string;
}

export interface ImportResult {
  workload: string;
  calls: ImportedCall[];
  diagnostics: ImportDiagnostic[];
  /** the workload process names, in order of first use */
  processes: string[];
  /** log lines kept as comments (not IPC calls, or not replayable) */
  skipped: number;
}

interface Event {
  key: number;
  source: string;
  line: number;
  proc: string;
  kind: 'call' | 'exit' | 'kill' | 'comment';
  /** call: the whole text `name(args) = result`, or the entry only (never ended) */
  text: string;
  ended: boolean;
  /** exit: the exit status */
  status: number;
}

const MAX_COMMENT = 160;

/** The workload equivalent to the strace log(s). Never throws; bad lines become diagnostics. */
export function importStrace(sources: StraceSource[], opts: ImportOptions = {}): ImportResult {
  const order = opts.order ?? 'end';
  const diagnostics: ImportDiagnostic[] = [];
  const events: Event[] = [];
  let anyPid = false;
  const parsed = sources.map((src) => {
    const filePid = /\.(\d+)$/.exec(src.name)?.[1];
    const lines = src.text.split('\n');
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    const out: (StraceLine | null)[] = lines.map((l) => {
      const p = parseStraceLine(l.replace(/\r$/, ''));
      if (p !== null && p.pid === null && filePid !== undefined) p.pid = Number(filePid);
      if (p?.pid !== null && p !== null) anyPid = true;
      return p;
    });
    return { src, lines, parsed: out };
  });
  // merge: one source keeps its order; several are sorted by time (stable), -r times added up per source
  const items: { src: string; line: number; text: string; p: StraceLine | null; time: number }[] = [];
  for (const { src, lines, parsed: ps } of parsed) {
    // -r prints seconds since the previous line: small, and never as a clock
    const relative = ps.some((p) => p?.time != null) && ps.every((p) => p === null || p.time === null || (p.time < 1e6 && !p.clock));
    let clock = 0;
    ps.forEach((p, i) => {
      if (p !== null && p.time !== null) clock = relative ? clock + p.time : p.time;
      items.push({ src: src.name, line: i + 1, text: lines[i]!, p, time: clock });
    });
  }
  if (sources.length > 1) {
    if (parsed.some((s) => s.parsed.some((p) => p !== null && p.time === null))) {
      diagnostics.push({ source: sources.map((s) => s.name).join(', '), line: 1, message: 'several files without timestamps: merged one after the other (record with -tt to merge them by time)' });
    } else items.sort((a, b) => a.time - b.time);
  }
  const procOf = (pid: number | null): string => (pid === null || !anyPid ? '' : `p${pid}`);
  const pending = new Map<string, { key: number; line: number; text: string; name: string; before: number | null }>();
  /** a call that may have slept ends: the producers in flight in other processes may have woken it, so they go first */
  const ends = (proc: string, key: number, text: string): void => {
    if (order !== 'end' || !mayWait(text)) return;
    for (const [other, y] of pending) if (other !== proc && y.before === null && wakes(text, y.text)) y.before = key;
  };
  items.forEach((it, key) => {
    const p = it.p;
    if (p === null) {
      if (it.text.trim() !== '') diagnostics.push({ source: it.src, line: it.line, message: `not strace output, skipped: ${shorten(it.text.trim(), 80)}` });
      return;
    }
    const proc = procOf(p.pid);
    // one shape for every event (no spreads): 100,000-line logs make as many
    const event = (k: number, kind: Event['kind'], text: string, line = it.line, ended = true, status = 0): Event => ({ key: k, source: it.src, line, proc, kind, text, ended, status });
    switch (p.kind) {
      case 'call':
        ends(proc, key, p.text);
        events.push(event(key, 'call', p.text));
        return;
      case 'unfinished': {
        const before = pending.get(proc);
        if (before !== undefined) events.push(event(before.key, 'call', before.text, before.line, false));
        pending.set(proc, { key, line: it.line, text: p.text, name: p.name, before: null });
        return;
      }
      case 'resumed': {
        const start = pending.get(proc);
        if (start === undefined || start.name !== p.name) {
          diagnostics.push({ source: it.src, line: it.line, message: `\`<... ${p.name} resumed>\` without its start, skipped` });
          events.push(event(key, 'comment', `resumed without its start: ${it.text.trim()}`));
          return;
        }
        pending.delete(proc);
        ends(proc, key, start.text + p.text);
        events.push(event(order === 'start' ? start.key : start.before === null ? key : start.before - 0.5, 'call', start.text + p.text));
        return;
      }
      case 'exited':
      case 'killed': {
        const start = pending.get(proc);
        if (start !== undefined) {
          pending.delete(proc);
          events.push(event(start.key, 'call', start.text, start.line, false));
        }
        if (proc === '') events.push(event(key, 'comment', it.text.trim()));
        else if (p.kind === 'exited') events.push(event(key, 'exit', '', it.line, true, p.status));
        else events.push(event(key, 'kill', p.signal));
        return;
      }
      case 'signal':
      case 'note':
        events.push(event(key, 'comment', p.text));
        return;
    }
  });
  for (const [proc, start] of pending) events.push({ key: start.key, source: items[start.key]!.src, line: start.line, proc, kind: 'call', text: start.text, ended: false, status: 0 });
  events.sort((a, b) => a.key - b.key || a.line - b.line);
  return write(events, diagnostics, sources);
}

/** A call that can sleep until another process acts: msgrcv and msgsnd without IPC_NOWAIT, semop/semtimedop. */
function mayWait(text: string): boolean {
  return (text.startsWith('msgrcv(') || text.startsWith('msgsnd(') || text.startsWith('semop(') || text.startsWith('semtimedop(')) && !text.includes('IPC_NOWAIT)');
}

/**
 * Whether call `y` (maybe only its entry) can wake the sleeper `x`: a
 * message for a receiver, a semop that adds, a removal. (A receiver also
 * makes room for a sleeping sender, but a queue is rarely full, and calling
 * both directions a wake-up would put each of a sender and a receiver in
 * flight together before the other.)
 */
function wakes(x: string, y: string): boolean {
  if (/IPC_RMID/.test(y)) return true;
  if (x.startsWith('msgrcv(')) return y.startsWith('msgsnd(');
  if (x.startsWith('msgsnd(')) return false;
  return /^sem(timed)?op\(.*sem_op=[1-9]|^semctl\(.*(SETVAL|SETALL)/.test(y);
}

function parseResult(result: string): Recorded {
  if (result === '') return { kind: 'none', why: 'the log ends inside the call' };
  if (result.startsWith('?')) return { kind: 'unknown' };
  const m = /^(0x[0-9a-fA-F]+|-?\d+)(?:\s+(E[A-Z0-9]+))?/.exec(result);
  if (m === null) return { kind: 'unknown' };
  if (m[2] !== undefined) return m[2].startsWith('ERESTART') ? { kind: 'none', why: 'interrupted' } : { kind: 'error', errno: m[2] };
  return { kind: 'value', value: BigInt(m[1]!) };
}

function write(events: Event[], diagnostics: ImportDiagnostic[], sources: StraceSource[]): ImportResult {
  const out: string[] = [];
  const calls: ImportedCall[] = [];
  const processes: string[] = [];
  const alive = new Set<string>();
  const ctx: CallContext = { attachments: 0, attached: new Map(), unreplayed: new Map() };
  let skipped = 0;
  const prefix = (proc: string): string => (proc === '' ? '' : `@${proc} `);
  const use = (proc: string): void => {
    if (proc !== '' && !alive.has(proc)) {
      alive.add(proc);
      if (!processes.includes(proc)) processes.push(proc);
    }
  };
  const comment = (e: Event, text: string): void => {
    out.push(`# ${e.source}:${e.line}${e.proc === '' ? '' : ` [${e.proc}]`} ${shorten(text.replace(/[\r\n]/g, ' '), MAX_COMMENT)}`);
    skipped++;
  };
  const pidName = (pid: bigint): string => (alive.has(`p${pid}`) ? `pid(p${pid})` : 'pid(?)');
  out.push(`# imported by ipcscope import from ${sources.map((s) => s.name).join(', ')}`);
  out.push('# each call ends in `# expect: RESULT`, what strace recorded; `ipcscope run --expect` compares');
  const foreign = diagnostics.filter((d) => d.message.startsWith('not strace output'));
  if (foreign.length > 0) out.push(`# ${foreign.length} line${foreign.length === 1 ? ' was' : 's were'} not strace output and skipped (first: ${foreign[0]!.source}:${foreign[0]!.line})`);
  for (const e of events) {
    if (e.kind === 'comment') {
      comment(e, e.text);
      continue;
    }
    if (e.kind === 'exit' || e.kind === 'kill') {
      if (!alive.has(e.proc)) {
        comment(e, `${e.kind === 'exit' ? 'exited' : 'killed'} before any IPC call`);
        continue;
      }
      const note = e.kind === 'exit' ? (e.status === 0 ? '' : `  # exited with ${e.status}`) : e.text === 'SIGKILL' ? '' : `  # killed by ${e.text}`;
      out.push(`${prefix(e.proc)}${e.kind}${note}`);
      alive.delete(e.proc);
      continue;
    }
    const split = e.ended ? splitCall(e.text) : { name: e.text.slice(0, e.text.indexOf('(')), args: e.text.slice(e.text.indexOf('(') + 1), result: '' };
    if (split === null) {
      diagnostics.push({ source: e.source, line: e.line, message: 'a call without its closing parenthesis and result, skipped' });
      comment(e, `not understood: ${e.text}`);
      continue;
    }
    if (!isIpcCall(split.name)) {
      comment(e, `${e.text}  (not a SysV IPC call)`);
      continue;
    }
    let argText = split.args;
    if (!e.ended) argText = argText.replace(/,?\s*$/, '');
    const args = parseStraceArgs(argText);
    if (!args.ok) {
      if (e.ended) diagnostics.push({ source: e.source, line: e.line, message: `${split.name}: ${args.message}` });
      comment(e, `not replayed (${args.message}): ${e.text}`);
      continue;
    }
    const recorded = parseResult(split.result);
    if (!e.ended && args.args.length < expectedArgs(split.name)) {
      comment(e, `not replayed (the log stops inside the call, its arguments are cut): ${e.text}`);
      continue;
    }
    use(e.proc);
    const t = translateCall(split.name, args.args, recorded, e.proc, ctx, pidName);
    if (!t.ok) {
      comment(e, `not replayed (${t.reason}): ${e.text}${e.ended ? '' : ' <unfinished ...>'}`);
      continue;
    }
    calls.push({ workloadLine: out.length + 1, source: e.source, logLine: e.line, proc: e.proc, expect: t.expect });
    out.push(`${prefix(e.proc)}${t.code}  # expect: ${t.expect}${t.note === undefined ? '' : `  (${t.note.replace(/[\r\n]/g, ' ')})`}`);
  }
  return { workload: out.join('\n') + '\n', calls, diagnostics, processes, skipped };
}

/** How many arguments a call needs to be written (semctl's union only for SETVAL, SETALL and IPC_SET, checked later). */
const ARG_COUNTS: Record<string, number> = { msgget: 2, msgsnd: 4, msgrcv: 5, msgctl: 2, shmget: 3, shmat: 3, shmdt: 1, shmctl: 2, semget: 3, semop: 3, semtimedop: 3, semctl: 3 };

function expectedArgs(name: string): number {
  return ARG_COUNTS[name] ?? 0;
}
