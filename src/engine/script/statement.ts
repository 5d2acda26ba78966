/**
 * Phase 2b: one statement piece to a Statement node. The forms are tried in
 * the reference's order, and a form that does not match falls through to
 * the next: `repeat`, `for`, `echo`, `cat`, `ls`, `ip`, a call. Once a form
 * matches, its errors are final (as in kernel_replay.py). Loop statements
 * come back with an empty body; parser.ts attaches the block.
 */
import type { BufferFieldNode, CallStatement, Expression, Identifier, SemBufNode, Span, Statement, Word } from './ast';
import { CALL_NAMES, CALLS, isCallName, isConstantName } from './calls';
import {
  bad_process_name,
  bad_sembuf,
  constant_as_variable,
  forbidden_sysctl,
  main_cannot_end,
  main_creds,
  misplaced_sembuf,
  misplaced_string,
  misplaced_value_list,
  missing_process_statement,
  unknown_call,
  unknown_field,
  unknown_statement,
  unsupported_ip_command,
  variable_in_sysctl_path,
  wrong_argument_count,
} from './errors';
import { parseExpression } from './expression';
import { isIdentifier } from './chars';
import { Reader, trim } from './reader';
import { parseWord } from './word';
import { parseStringLiteral } from './string_literal';
import { isFieldName } from '../uapi/ipc_buffers';

/** The sysctls `echo` may write: they live in the (fresh) IPC namespace. */
export const WRITABLE_SYSCTLS: ReadonlySet<string> = new Set([
  ...['msgmax', 'msgmnb', 'msgmni', 'auto_msgmni', 'msg_next_id', 'sem', 'sem_next_id', 'shmall', 'shmmax', 'shmmni', 'shm_rmid_forced', 'shm_next_id'].map((n) => '/proc/sys/kernel/' + n),
  ...['msg_default', 'msg_max', 'msgsize_default', 'msgsize_max', 'queues_max'].map((n) => '/proc/sys/fs/mqueue/' + n),
]);
/** ... and anything under this prefix (the fresh network namespace's sysctls). */
export const WRITABLE_SYSCTL_PREFIX = '/proc/sys/net/';

const CALL_FORM = '`[VAR =] CALL(ARG, ...)`';
/** The statement keywords, and the form each expects (for messages). */
const FORMS: Record<string, string> = {
  repeat: '`repeat N { ... }`',
  for: '`for VAR in A..B { ... }`',
  echo: '`echo VALUE > PATH`',
  cat: '`cat PATH`',
  ls: '`ls -U DIR`',
  ip: '`ip link add ...` or `ip link del ...`',
};

/**
 * Parses the statement source[piece.start, piece.end).
 * Throws unknown_statement, unknown_call, wrong_argument_count,
 * constant_as_variable, unsupported_ip_command, forbidden_sysctl,
 * variable_in_sysctl_path, and the expression errors.
 */
export function parseStatement(source: string, piece: Span): Statement {
  if (source.charCodeAt(piece.start) !== 64 /* @ */) return parsePlain(source, piece);
  return parseInProcess(source, piece);
}

const PROCESS_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * `@NAME STATEMENT`, `@NAME exit|kill`, `@NAME creds UID GID`. The
 * statement's span starts at the `@`. Throws bad_process_name,
 * missing_process_statement, main_cannot_end, main_creds and the inner
 * statement's errors.
 */
function parseInProcess(source: string, piece: Span): Statement {
  const r = Reader.of(source, piece);
  r.pos++;
  const nameSpan = r.word() ?? { start: r.pos, end: r.pos };
  const name = r.text(nameSpan);
  if (!PROCESS_NAME.test(name)) bad_process_name(nameSpan, name);
  const rest = r.rest();
  if (rest.start === rest.end) missing_process_statement(piece, name);
  const words = new Reader(source, rest.start, rest.end).words();
  const first = r.text(words[0]!);
  const { start, end } = piece;
  if ((first === 'exit' || first === 'kill') && words.length === 1) {
    if (name === 'main') main_cannot_end(piece);
    return { type: 'ProcessStatement', proc: name, action: first, uid: null, gid: null, start, end };
  }
  if (first === 'creds' && words.length === 3) {
    if (name === 'main') main_creds(piece);
    const uid = parseExpression(source, words[1]!);
    const gid = parseExpression(source, words[2]!);
    return { type: 'ProcessStatement', proc: name, action: 'creds', uid, gid, start, end };
  }
  const st = parsePlain(source, rest);
  st.proc = name;
  st.start = start;
  return st;
}

function parsePlain(source: string, piece: Span): Statement {
  const { start, end } = piece;
  const r = Reader.of(source, piece);
  const w0 = r.text(r.word() ?? piece);
  if (!Object.hasOwn(FORMS, w0)) {
    // only the call form can match
    const call = matchCall(source, piece);
    if (call !== null) return call;
    return unknown_statement(piece, source.slice(start, end), isIdentifier(w0.split(/[=(]/)[0]!) ? CALL_FORM : null);
  }
  r.pos = start;
  const words = r.words();
  const text = (s: Span) => source.slice(s.start, s.end);
  const word = (i: number): Word => parseWord(source, words[i]!);
  const expr = (s: number, e: number): Expression => parseExpression(source, { start: s, end: e });

  if (w0 === 'repeat' && words.length >= 2) {
    return { type: 'RepeatStatement', count: expr(words[1]!.start, end), body: [], start, end, headerEnd: end };
  }
  if (w0 === 'for' && words.length >= 4 && text(words[2]!) === 'in' && isIdentifier(text(words[1]!))) {
    // A = the text up to the first `..` (A is not empty), B = the rest (not empty either)
    const from = words[3]!.start;
    const dots = source.indexOf('..', from + 1);
    if (dots >= 0 && dots + 2 < end) {
      const variable: Identifier = { type: 'Identifier', name: text(words[1]!), ...words[1]! };
      if (isConstantName(variable.name)) constant_as_variable(variable, variable.name);
      return {
        type: 'ForStatement',
        variable,
        from: expr(from, dots),
        to: expr(dots + 2, end),
        body: [],
        start,
        end,
        headerEnd: end,
      };
    }
  }
  if (w0 === 'echo' && words.length >= 2) {
    const st = matchEcho(source, words[1]!.start, piece);
    if (st !== null) return st;
  }
  if (w0 === 'cat' && words.length === 2) return { type: 'CatStatement', path: word(1), start, end };
  if (w0 === 'ls' && words.length === 3 && text(words[1]!) === '-U') {
    return { type: 'LsStatement', path: word(2), start, end };
  }
  if (w0 === 'ip' && words.length >= 2) {
    const w = words.map(text);
    if (w[1] === 'link' && w[2] === 'add') {
      if (w.length === 5 && w[3] === 'type') return { type: 'IpLinkAddStatement', name: null, kind: word(4), start, end };
      if (w.length === 6 && w[4] === 'type') return { type: 'IpLinkAddStatement', name: word(3), kind: word(5), start, end };
      if (w.length === 7 && w[3] === 'name' && w[5] === 'type') {
        return { type: 'IpLinkAddStatement', name: word(4), kind: word(6), start, end };
      }
    }
    if (w[1] === 'link' && (w[2] === 'del' || w[2] === 'delete')) {
      if (w.length === 4) return { type: 'IpLinkDelStatement', name: word(3), start, end };
      if (w.length === 5 && w[3] === 'dev') return { type: 'IpLinkDelStatement', name: word(4), start, end };
    }
    return unsupported_ip_command(piece);
  }
  const call = matchCall(source, piece);
  if (call !== null) return call;
  return unknown_statement(piece, text(piece), FORMS[w0]!);
}

/**
 * `echo VALUE > PATH`: PATH is the non-blank run at the end, preceded by the
 * first `>` for which that holds; VALUE is everything before it (it can
 * span lines inside a `${...}`). null when the piece has no such `>`.
 */
function matchEcho(source: string, valueStart: number, piece: Span): Statement | null {
  const r = new Reader(source, valueStart, piece.end);
  while (r.until('>') !== null) {
    const gt = r.pos++;
    const pathSpan = r.skipSpace().word();
    if (pathSpan === null || !r.done) {
      r.pos = gt + 1;
      continue;
    }
    const path = r.text(pathSpan);
    if (path.includes('$')) variable_in_sysctl_path(pathSpan);
    if (!WRITABLE_SYSCTLS.has(path) && !path.startsWith(WRITABLE_SYSCTL_PREFIX)) forbidden_sysctl(pathSpan, path);
    const value = trim(source, valueStart, gt);
    const words = new Reader(source, value.start, value.end).words().map((w) => parseWord(source, w));
    return { type: 'EchoStatement', words, path, start: piece.start, end: piece.end };
  }
  return null;
}

/** `[VAR =] NAME(ARGS)` with the last `)` ending the piece; null when the piece is not of that shape. */
function matchCall(source: string, piece: Span): CallStatement | null {
  const end = piece.end;
  const r = Reader.of(source, piece);
  let name = r.ident();
  if (name === null) return null;
  let assign: Identifier | null = null;
  if (r.skipSpace().eat('=')) {
    assign = { type: 'Identifier', name: r.text(name), ...name };
    name = r.skipSpace().ident();
    if (name === null) return null;
    r.skipSpace();
  }
  const close = end - 1;
  const open = r.pos;
  if (!r.eat('(') || open >= close || source.charCodeAt(close) !== 41 /* ) */) return null;

  const callee = r.text(name);
  const calleeSpan = { start: name.start, end: name.end };
  if (!isCallName(callee)) return unknown_call(calleeSpan, callee, CALL_NAMES);
  if (assign !== null && (isConstantName(assign.name) || assign.name === 'ADDR')) constant_as_variable(assign, assign.name);

  let argSpans = splitArguments(source, open + 1, close);
  const { params, optional } = CALLS[callee];
  let sops: SemBufNode[] | undefined;
  let semarg: Expression | Expression[] | undefined;
  let fields: BufferFieldNode[] | undefined;
  let payload: string | undefined;
  if (callee === 'msgsnd' && argSpans.length >= 3 && source.charCodeAt(argSpans[2]!.start) === 34 /* " */) {
    payload = parseStringLiteral(source, argSpans[2]!);
    argSpans = argSpans.slice();
    argSpans[2] = { start: argSpans[2]!.start, end: argSpans[2]!.start };
  } else if (callee === 'semop' || callee === 'semtimedop') {
    if (argSpans.length < params.length) wrong_argument_count(calleeSpan, callee, params.length, params.length, argSpans.length);
    sops = argSpans.slice(params.length).map((a) => parseSemBuf(source, a));
    argSpans = argSpans.slice(0, params.length);
  } else if ((callee === 'msgctl' || callee === 'shmctl' || callee === 'semctl') && argSpans.length > params.length) {
    // after the command: semctl's union argument (a value or a {list}) unless the first is a field, then buffer fields
    const rest = argSpans.slice(params.length);
    argSpans = argSpans.slice(0, params.length);
    if (callee === 'semctl' && !looksLikeField(source, rest[0]!)) {
      const a = rest.shift()!;
      semarg = source.charCodeAt(a.start) === 123 /* { */ ? parseValueList(source, a) : parseExpression(source, a);
    }
    if (rest.length > 0) fields = rest.map((a) => parseField(source, a));
  }
  if (argSpans.length < params.length - optional || argSpans.length > params.length) {
    wrong_argument_count(calleeSpan, callee, params.length - optional, params.length, argSpans.length);
  }
  const args: Expression[] = [];
  for (const s of argSpans) {
    if (source.charCodeAt(s.start) === 123 /* { */) {
      if (sops !== undefined) misplaced_sembuf(s, callee);
      misplaced_value_list(s);
    }
    if (s.start === s.end && payload !== undefined) {
      // msgsnd's string stands where the size would: the size is its length
      args.push({ type: 'NumberLiteral', value: BigInt(payload.length), start: s.start, end: s.end });
      continue;
    }
    if (source.charCodeAt(s.start) === 34 /* " */) misplaced_string(s);
    args.push(parseExpression(source, s));
  }
  const extra = {
    ...(sops === undefined ? {} : { sops }),
    ...(semarg === undefined ? {} : { semarg }),
    ...(fields === undefined ? {} : { fields }),
    ...(payload === undefined ? {} : { payload }),
  };
  const at = params.findIndex((p) => p.endsWith('_cmd'));
  const cmd = at < 0 ? undefined : args[at];
  if (cmd?.type === 'Identifier' && cmd.name === 'IPC_SET') {
    // the stat-then-set form of msgctl/shmctl/semctl: cmd 1, with the object's own IPC_STAT data as the buffer
    args[at] = { type: 'NumberLiteral', value: 1n, start: cmd.start, end: cmd.end };
    return { type: 'CallStatement', assign, callee, calleeSpan, args, statSet: true, ...extra, start: piece.start, end: piece.end };
  }
  return { type: 'CallStatement', assign, callee, calleeSpan, args, ...extra, start: piece.start, end: piece.end };
}

/** `name` or `name = value`, a field name being lower case letters, digits and `_`. */
const FIELD_FORM = /^([a-z_][a-z0-9_]*)\s*(?:=\s*(\S[^]*))?$/;

/** Whether a *ctl argument is a buffer field (`name=value`, or the name of a field) rather than semctl's union argument. */
function looksLikeField(source: string, a: Span): boolean {
  const m = FIELD_FORM.exec(source.slice(a.start, a.end));
  return m !== null && (m[2] !== undefined || isFieldName(m[1]!));
}

/** A buffer field `name` or `name=value`. Throws unknown_field for a name no buffer has, and the expression's errors. */
function parseField(source: string, a: Span): BufferFieldNode {
  const text = source.slice(a.start, a.end);
  const m = FIELD_FORM.exec(text);
  if (m === null || !isFieldName(m[1]!)) unknown_field(a, text, 'any *ctl buffer');
  const name = m[1]!;
  const value = m[2] === undefined ? null : parseExpression(source, { start: a.end - m[2].length, end: a.end });
  return { type: 'BufferField', name, value, start: a.start, end: a.end };
}

/** `{num, op[, flg]} [x COUNT]` (the last `}` closes it). Throws bad_sembuf and expression errors. */
function parseSemBuf(source: string, span: Span): SemBufNode {
  const text = source.slice(span.start, span.end);
  const close = text.lastIndexOf('}');
  if (text.charCodeAt(0) !== 123 || close < 0) bad_sembuf(span, text);
  const after = new Reader(source, span.start + close + 1, span.end).skipSpace();
  let count: Expression | null = null;
  if (!after.done) {
    if (!after.eat('x')) bad_sembuf(span, text);
    const c = after.rest();
    if (c.start === c.end || c.start === span.start + close + 2) bad_sembuf(span, text);
    count = parseExpression(source, c);
  }
  const fields = splitArguments(source, span.start + 1, span.start + close);
  if (fields.length !== 2 && fields.length !== 3) bad_sembuf(span, text);
  const [num, op, flg] = fields.map((f) => parseExpression(source, f));
  return { type: 'SemBuf', num: num!, op: op!, flg: flg ?? null, count, start: span.start, end: span.end };
}

/** `{v0, v1, ...}`: SETALL's values (none for `{}`). */
function parseValueList(source: string, span: Span): Expression[] {
  const text = source.slice(span.start, span.end);
  if (text.charCodeAt(text.length - 1) !== 125 /* } */) bad_sembuf(span, text);
  return splitArguments(source, span.start + 1, span.end - 1).map((a) => parseExpression(source, a));
}

/**
 * The comma-separated arguments of source[start, end), trimmed; commas
 * inside parentheses do not separate. No arguments when the text is blank.
 */
function splitArguments(source: string, start: number, end: number): Span[] {
  const all = trim(source, start, end);
  if (all.start === all.end) return [];
  const r = new Reader(source, start, end);
  const spans = [r.item(',')];
  while (r.eat(',')) spans.push(r.item(','));
  return spans;
}
