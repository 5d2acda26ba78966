/**
 * Syntax highlighting of the workload language (a StreamLanguage: one
 * token at a time, a little state per line). It only colours; the parser
 * (via the linter) decides what is valid.
 *
 * A statement starts a line or follows `;`, `{` or `}`. At its start,
 * `echo`, `cat`, `ls` and `ip` are commands and the rest of the statement
 * is words (paths are strings, `-U` a flag, ip's sub-commands commands);
 * `repeat` and `for` are loop keywords; anything else is a call or an
 * assignment, where names are calls, constants or variables.
 */
import { HighlightStyle, StreamLanguage, type StreamParser } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { LANGUAGE_CONSTANTS } from '../../engine/uapi/ipc';

const CALLS = new Set(['msgget', 'msgsnd', 'msgrcv', 'msgctl', 'shmget', 'shmctl', 'semget', 'semctl']);
const COMMANDS = new Set(['echo', 'cat', 'ls', 'ip']);
const IP_WORDS = new Set(['link', 'add', 'del', 'delete', 'type', 'name', 'dev']);
const CONSTANTS = new Set(Object.keys(LANGUAGE_CONSTANTS));

interface LineState {
  mode: 'start' | 'expr' | 'words';
  command: string;
}

const WORD_END = /^[^\s;#{}$]+/;

export const workloadStreamParser: StreamParser<LineState> = {
  name: 'ipcscope-workload',
  startState: () => ({ mode: 'start', command: '' }),
  copyState: (s) => ({ ...s }),
  token(stream, state) {
    if (stream.sol()) state.mode = 'start';
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^\$\{[A-Za-z_]\w*\}/) || stream.match(/^\$[A-Za-z_]\w*/)) return 'interpolation';
    const ch = stream.peek()!;
    if (ch === ';' || ch === '{' || ch === '}') {
      stream.next();
      state.mode = 'start';
      return ch === ';' ? 'separator' : 'brace';
    }
    if (state.mode === 'words') {
      if (stream.match(/^-U\b/)) return 'flag';
      if (stream.eat('>')) return 'operator';
      if (stream.match(/^\/[^\s;#{}$]*/)) return 'path';
      if (stream.match(/^\d+(?![^\s;#{}$])/)) return 'number';
      const word = stream.match(WORD_END) as RegExpMatchArray | null;
      if (word && state.command === 'ip' && IP_WORDS.has(word[0])) return 'command';
      if (!word) stream.next();
      return null;
    }
    const name = stream.match(/^[A-Za-z_]\w*/) as RegExpMatchArray | null;
    if (name) {
      const id = name[0];
      if (state.mode === 'start') {
        if (COMMANDS.has(id)) {
          state.mode = 'words';
          state.command = id;
          return 'command';
        }
        state.mode = 'expr';
        if (id === 'repeat' || id === 'for') return 'keyword';
      } else if (id === 'in') return 'keyword';
      if (CALLS.has(id)) return 'call';
      if (CONSTANTS.has(id)) return 'constant';
      return 'variable';
    }
    state.mode = 'expr';
    if (stream.match(/^0[xX][0-9a-fA-F]*/) || stream.match(/^\d+/)) return 'number';
    if (stream.match('..')) return 'operator';
    stream.next();
    if ('|+-*=>'.includes(ch)) return 'operator';
    if (ch === '(' || ch === ')') return 'paren';
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
  tokenTable: {
    comment: t.lineComment,
    interpolation: t.special(t.variableName),
    separator: t.separator,
    brace: t.brace,
    paren: t.paren,
    flag: t.attributeName,
    operator: t.operator,
    path: t.string,
    number: t.number,
    command: t.keyword,
    keyword: t.controlKeyword,
    call: t.function(t.variableName),
    constant: t.constant(t.variableName),
    variable: t.variableName,
  },
};

export const workloadLanguage = StreamLanguage.define(workloadStreamParser);

/** Colours come from CSS variables, so the light and dark themes restyle the editor too. */
export const workloadHighlight = HighlightStyle.define([
  { tag: t.lineComment, color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: t.special(t.variableName), color: 'var(--hl-variable)', fontWeight: '600' },
  { tag: t.variableName, color: 'var(--hl-variable)' },
  { tag: t.function(t.variableName), color: 'var(--hl-call)', fontWeight: '600' },
  { tag: t.constant(t.variableName), color: 'var(--hl-constant)' },
  { tag: t.number, color: 'var(--hl-number)' },
  { tag: t.string, color: 'var(--hl-path)' },
  { tag: t.keyword, color: 'var(--hl-command)', fontWeight: '600' },
  { tag: t.controlKeyword, color: 'var(--hl-keyword)', fontWeight: '600' },
  { tag: t.attributeName, color: 'var(--hl-constant)' },
  { tag: [t.operator, t.separator, t.brace, t.paren], color: 'var(--hl-operator)' },
]);
