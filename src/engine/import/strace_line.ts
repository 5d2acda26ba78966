/**
 * One line of strace output (strace 6.x, `-f`, any of `-t`/`-tt`/`-ttt`/`-r`
 * or none, optionally `-T`), split into who, when and what. The line forms
 * are those of strace's src/strace.c and syscall.c printers:
 *
 *     [pid  1234] 12:00:00.000001 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0     (-f to stderr)
 *     1234  12:00:00.000001 msgrcv(0,  <unfinished ...>                       (-f -o FILE)
 *     1234  12:00:00.000002 <... msgrcv resumed>{mtype=1, ...}, 4, 0, 0) = 4
 *     1234  12:00:00.000003 +++ exited with 0 +++
 *     1234  12:00:00.000003 +++ killed by SIGKILL +++
 *     1234  12:00:00.000003 --- SIGCHLD {si_signo=SIGCHLD, ...} ---
 *     strace: Process 1234 attached
 *
 * Glossary: entry = the text of a call up to ` <unfinished ...>`; exit =
 * the text after `<... NAME resumed>`.
 */

interface Where {
  pid: number | null;
  time: number | null;
  /** the time was printed as a clock (-t, -tt), not as seconds (-ttt, -r) */
  clock: boolean;
}

export type StraceLine = Where &
  ({ kind: 'call' | 'unfinished' | 'resumed'; name: string; text: string } | { kind: 'exited'; status: number } | { kind: 'killed'; signal: string } | { kind: 'signal' | 'note'; text: string });

const PREFIX = /^(?:\[pid\s+(\d+)\]\s+|(\d+)\s+(?=\S))?\s*(?:(\d\d):(\d\d):(\d\d)(\.\d+)?\s+|(\d+\.\d+)\s+)?/;
const DURATION = /\s+<\d+\.\d+>$/;

/**
 * What `line` says, or null when it is not strace output. `time` is in
 * seconds: of the day for -t/-tt, since the epoch for -ttt, since the
 * previous line for -r (the caller tells them apart: -r has no colon and
 * small values).
 */
export function parseStraceLine(line: string): StraceLine | null {
  const m = PREFIX.exec(line)!;
  const pidText = m[1] ?? m[2];
  const pid = pidText === undefined ? null : Number(pidText);
  let time: number | null = null;
  if (m[3] !== undefined) time = Number(m[3]) * 3600 + Number(m[4]) * 60 + Number(m[5]) + (m[6] === undefined ? 0 : Number(m[6]));
  else if (m[7] !== undefined) time = Number(m[7]);
  const clock = m[3] !== undefined;
  let body = line.slice(m[0].length);
  if (body.endsWith('>')) body = body.replace(DURATION, '');
  if (body.startsWith('+++ ')) {
    const exited = /^\+\+\+ exited with (\d+) \+\+\+$/.exec(body);
    if (exited !== null) return { kind: 'exited', pid, time, clock, status: Number(exited[1]) };
    const killed = /^\+\+\+ killed by (SIG[A-Z0-9]+)(?: \(core dumped\))? \+\+\+$/.exec(body);
    if (killed !== null) return { kind: 'killed', pid, time, clock, signal: killed[1]! };
    return null;
  }
  if (body.startsWith('--- ') && body.endsWith(' ---')) return { kind: 'signal', pid, time, clock, text: body };
  if (/^strace: Process \d+ (attached|detached|resumed)/.test(body) || body.startsWith('strace: ')) return { kind: 'note', pid, time, clock, text: body };
  const resumed = /^<\.\.\. ([a-z_0-9?]+) resumed>\s?(.*)$/.exec(body);
  if (resumed !== null) return { kind: 'resumed', pid, time, clock, name: resumed[1]!, text: resumed[2]! };
  const call = /^([a-z_][a-z_0-9]*|\?\?\?\?)\(/.exec(body);
  if (call === null) return null;
  if (body.endsWith(' <unfinished ...>')) return { kind: 'unfinished', pid, time, clock, name: call[1]!, text: body.slice(0, -' <unfinished ...>'.length) };
  if (!/\)\s+=\s+\S/.test(body)) return null;
  return { kind: 'call', pid, time, clock, name: call[1]!, text: body };
}

/** A finished call's text split at its closing parenthesis: the name, the argument text and the result text (after ` = `), or null. */
export function splitCall(text: string): { name: string; args: string; result: string } | null {
  const open = text.indexOf('(');
  if (open < 0) return null;
  let depth = 0;
  let i = open;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) break;
    }
  }
  if (i >= text.length) return null;
  const rest = /^\)\s+=\s+(.*)$/.exec(text.slice(i));
  if (rest === null) return null;
  return { name: text.slice(0, open), args: text.slice(open + 1, i), result: rest[1]!.trim() };
}

/**
 * Whether pasted or dropped text is an strace log rather than a workload:
 * most of its first non-blank lines (at most 40) read as strace lines, one
 * of them a call. (A workload's statements have no ` = RESULT`; a console's
 * output does, and is imported as a log too, its results as expectations.)
 */
export function looksLikeStrace(text: string): boolean {
  let seen = 0;
  let strace = 0;
  let calls = 0;
  let from = 0;
  while (seen < 40 && from < text.length) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    const line = text.slice(from, to).replace(/\r$/, '');
    from = to + 1;
    if (line.trim() === '' || line.startsWith('#')) continue;
    seen++;
    const p = parseStraceLine(line);
    if (p === null) continue;
    strace++;
    if (p.kind === 'call' || p.kind === 'unfinished' || p.kind === 'resumed') calls++;
  }
  return calls > 0 && strace * 2 > seen;
}
