/**
 * The argument text of one strace line, as strace 6.x prints it on x86_64
 * (strace's src/ipc_msg.c, ipc_sem.c, ipc_shm.c, ipc_msgctl.c, ...): read
 * into a small tree. Nothing here knows the kernel; strace_calls.ts gives
 * the trees their meaning.
 *
 * Simplified: only what the SysV IPC decoders print is read — scalars and
 * flag sets (`IPC_CREAT|IPC_EXCL|0600`, `21<<SHM_HUGE_SHIFT`, `0x100 /* SEM_??? *\/`),
 * C strings with strace's escapes (`"\0\33a"`, a trailing `...` when cut by
 * -s), structs (`{mtype=1, mtext="a"}`) and arrays (`[{...}, ...]`, a
 * trailing `...` when cut). Anything else stays an atom (its raw text).
 *
 * Glossary: atom = a run of text up to the next top-level `,` or closing
 * bracket; ellipsis = strace printed `...` instead of the rest.
 */

export type StraceValue =
  | { kind: 'atom'; text: string }
  | { kind: 'string'; bytes: number[]; truncated: boolean }
  | { kind: 'struct'; fields: { name: string | null; value: StraceValue }[]; ellipsis: boolean }
  | { kind: 'array'; items: StraceValue[]; ellipsis: boolean };

/** The values of `text` (the text between a call's parentheses), or a message saying where it stops making sense. */
export function parseStraceArgs(text: string): { ok: true; args: StraceValue[] } | { ok: false; message: string } {
  const reader = { text, pos: 0 };
  try {
    const args = readList(reader, '').map((f) => (f.name === null ? f.value : { kind: 'atom' as const, text: `${f.name}=?` }));
    if (reader.pos < text.length) return { ok: false, message: `unexpected \`${text[reader.pos]}\` at column ${reader.pos + 1} of the arguments` };
    return { ok: true, args };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

interface Reader {
  text: string;
  pos: number;
}

function skipSpaces(r: Reader): void {
  while (r.pos < r.text.length && (r.text[r.pos] === ' ' || r.text[r.pos] === '\t')) r.pos++;
}

/** Comma-separated values up to `close` ('' = the end of the text), each maybe `name=`; leaves pos on `close`. */
function readList(r: Reader, close: string): { name: string | null; value: StraceValue }[] {
  const items: { name: string | null; value: StraceValue }[] = [];
  skipSpaces(r);
  if (close !== '' && r.text[r.pos] === close) return items;
  if (close === '' && r.pos >= r.text.length) return items;
  for (;;) {
    let name: string | null = null;
    const c = r.text.charCodeAt(r.pos);
    if ((c >= 97 && c <= 122) || c === 95) {
      FIELD_NAME.lastIndex = r.pos;
      const m = FIELD_NAME.exec(r.text);
      if (m !== null) {
        name = m[1]!;
        r.pos += m[0].length;
      }
    }
    items.push({ name, value: readValue(r) });
    skipSpaces(r);
    if (r.text[r.pos] === ',') {
      r.pos++;
      skipSpaces(r);
      continue;
    }
    return items;
  }
}

const FIELD_NAME = /([a-z_][a-z0-9_]*)=(?!=)/y;

function readValue(r: Reader): StraceValue {
  skipSpaces(r);
  const c = r.text[r.pos];
  if (c === '"') return readString(r);
  if (c === '{' || c === '[') {
    const close = c === '{' ? '}' : ']';
    const open = r.pos;
    r.pos++;
    const raw = readList(r, close);
    if (r.text[r.pos] !== close) throw new Error(`\`${c}\` at column ${open + 1} is not closed`);
    r.pos++;
    const dots = (f: { name: string | null; value: StraceValue }): boolean => f.name === null && f.value.kind === 'atom' && f.value.text.replace(/\/\*.*?\*\//g, '').trim() === '...';
    const ellipsis = raw.some(dots);
    const fields = raw.filter((f) => !dots(f));
    if (close === ']') return { kind: 'array', items: fields.map((f) => f.value), ellipsis };
    return { kind: 'struct', fields, ellipsis };
  }
  return readAtom(r);
}

/** An atom runs to the next top-level `,` `}` `]` or the end (comments and bracketed decodings inside it included). */
function readAtom(r: Reader): StraceValue {
  const start = r.pos;
  for (;;) {
    const c = r.text[r.pos];
    if (c === undefined || c === ',' || c === '}' || c === ']') break;
    if (c === '/' && r.text[r.pos + 1] === '*') {
      const end = r.text.indexOf('*/', r.pos + 2);
      r.pos = end < 0 ? r.text.length : end + 2;
      continue;
    }
    if (c === '{' || c === '[' || c === '(') {
      skipBalanced(r);
      continue;
    }
    r.pos++;
  }
  return { kind: 'atom', text: r.text.slice(start, r.pos).trim() };
}

function skipBalanced(r: Reader): void {
  let depth = 0;
  while (r.pos < r.text.length) {
    const c = r.text[r.pos]!;
    if (c === '"') {
      readString(r);
      continue;
    }
    if (c === '{' || c === '[' || c === '(') depth++;
    if (c === '}' || c === ']' || c === ')') depth--;
    r.pos++;
    if (depth === 0) return;
  }
}

const SIMPLE_ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, a: 7, b: 8, '\\': 92, '"': 34, "'": 39, '?': 63 };

/** A C string as strace quotes it: `\n \t ... \\ \"`, octal `\0`–`\377`, `\xHH`; `...` after the quote = cut. */
function readString(r: Reader): StraceValue {
  const bytes: number[] = [];
  r.pos++;
  for (;;) {
    const c = r.text[r.pos];
    if (c === undefined) throw new Error('a string is not closed');
    if (c === '"') {
      r.pos++;
      break;
    }
    if (c !== '\\') {
      bytes.push(r.text.charCodeAt(r.pos) & 0xff);
      r.pos++;
      continue;
    }
    const e = r.text[r.pos + 1];
    if (e === undefined) throw new Error('a string ends in a backslash');
    if (e >= '0' && e <= '7') {
      let n = 0;
      let k = r.pos + 1;
      while (k < r.pos + 4 && r.text[k]! >= '0' && r.text[k]! <= '7') n = n * 8 + (r.text.charCodeAt(k++) - 48);
      bytes.push(n & 0xff);
      r.pos = k;
    } else if (e === 'x') {
      const m = /^[0-9a-fA-F]{1,2}/.exec(r.text.slice(r.pos + 2, r.pos + 4));
      if (m === null) throw new Error('`\\x` without hex digits in a string');
      bytes.push(parseInt(m[0], 16));
      r.pos += 2 + m[0].length;
    } else {
      const b = SIMPLE_ESCAPES[e];
      if (b === undefined) throw new Error(`unknown escape \`\\${e}\` in a string`);
      bytes.push(b);
      r.pos += 2;
    }
  }
  const truncated = r.text.startsWith('...', r.pos);
  if (truncated) r.pos += 3;
  return { kind: 'string', bytes, truncated };
}
