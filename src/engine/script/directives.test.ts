import { describe, expect, test } from 'vitest';
import { initial_vars, parse_defaults } from './directives';
import { parse } from './parser';

const ok = (text: string) => {
  const r = parse_defaults(text);
  if (!r.ok) throw new Error(r.error.message);
  return [...r.defaults];
};
const err = (text: string) => {
  const r = parse_defaults(text);
  if (r.ok) throw new Error('expected an error');
  return { line: r.error.line, column: r.error.column, message: r.error.message };
};

describe('parse_defaults', () => {
  test('a default named like a constant is refused at its word, as an assignment to one is, instead of hiding the constant', () => {
    expect(err('#@default N=1 IPC_CREAT=1\n')).toEqual({ line: 1, column: 15, message: '`IPC_CREAT` is a constant and cannot be used as a variable' });
  });

  test('a workload without directives has no defaults', () => {
    expect(ok('q = msgget(IPC_PRIVATE, 0600)\n# a comment\n#@measure\n')).toEqual([]);
  });

  test('one directive line gives one variable', () => {
    expect(ok('#@default N=1000\nrepeat $N { semget(IPC_PRIVATE, 1, 0600) }\n')).toEqual([['N', 1000n]]);
  });

  test('a line may set several variables and blanks around the marker are allowed', () => {
    expect(ok('  # @default N=1024\tGAPS=0  \n#@default M=-3\n')).toEqual([
      ['N', 1024n],
      ['GAPS', 0n],
      ['M', -3n],
    ]);
  });

  test('CRLF and lone CR line ends are read as line ends', () => {
    expect(ok('#@default A=1\r\n#@default B=2\rx = 1\n')).toEqual([
      ['A', 1n],
      ['B', 2n],
    ]);
  });

  test('a word that merely starts with default is not a directive', () => {
    expect(ok('#@defaults N=x\n#@defaultN=1\n')).toEqual([]);
  });

  test('the largest 64-bit value is accepted and one more is refused', () => {
    expect(ok('#@default N=9223372036854775807\n')).toEqual([['N', 9223372036854775807n]]);
    expect(err('#@default N=9223372036854775808\n')).toEqual({ line: 1, column: 11, message: '#@default N: 9223372036854775808 does not fit in 64 bits' });
  });

  test('a malformed assignment is reported at its line and column', () => {
    expect(err('x = 1\n#@default N=1000 GAPS=ten\n')).toEqual({ line: 2, column: 18, message: '#@default needs NAME=INTEGER, got "GAPS=ten"' });
    expect(err('#@default N\n')).toEqual({ line: 1, column: 11, message: '#@default needs NAME=INTEGER, got "N"' });
    expect(err('#@default =5\n')).toEqual({ line: 1, column: 11, message: '#@default needs NAME=INTEGER, got "=5"' });
  });

  test('a directive without assignments is an error after the marker', () => {
    expect(err('\n\n#@default   \n')).toEqual({ line: 3, column: 10, message: '#@default needs at least one NAME=INTEGER' });
  });

  test('a name given twice is an error at the second one', () => {
    expect(err('#@default N=1\n#@default N=2\n')).toEqual({ line: 2, column: 11, message: '#@default N is given twice' });
  });
});

describe('initial_vars', () => {
  test('overrides replace defaults of the same name and add the others', () => {
    const vars = initial_vars(
      new Map([
        ['N', 1000n],
        ['GAPS', 0n],
      ]),
      new Map([
        ['N', 8n],
        ['X', 1n],
      ]),
    );
    expect([...vars]).toEqual([
      ['N', 8n],
      ['GAPS', 0n],
      ['X', 1n],
    ]);
  });
});

describe('#@default through parse()', () => {
  test('parse() returns the defaults with the program, and each malformed directive has its own code', () => {
    const ok = parse('#@default N=3 M=-2\nmsgget(N, 0)');
    expect(ok.ok && [...ok.program.defaults!]).toEqual([
      ['N', 3n],
      ['M', -2n],
    ]);
    const code = (t: string) => {
      const r = parse(t);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code('#@default N')).toBe('bad_default');
    expect(code('#@default')).toBe('empty_default');
    expect(code('#@default N=99999999999999999999')).toBe('default_out_of_range');
    expect(code('#@default N=1 N=2')).toBe('duplicate_default');
    expect(code('#@default IPC_CREAT=1\nmsgget(IPC_PRIVATE, IPC_CREAT)')).toBe('constant_as_variable');
    // a statement error comes first, as the run reported it before
    expect(code('#@default N\nmsgfoo(1)')).toBe('unknown_call');
  });
});
