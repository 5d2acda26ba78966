import { describe, expect, it } from 'vitest';
import type { Expression, Program, Statement, Word } from './ast';
import type { WorkloadError } from './errors';
import fc from 'fast-check';
import { anyProgram } from './fuzz_programs';
import { check, parse, programReader } from './parser';

function program(src: string): Program {
  const r = parse(src);
  if (!r.ok) throw new Error(`unexpected parse error: ${JSON.stringify(r.error)}`);
  return r.program;
}

function error(src: string): WorkloadError {
  const r = parse(src);
  if (r.ok) throw new Error(`expected a parse error for ${JSON.stringify(src)}`);
  return r.error;
}

/** A compact rendering of the tree, to compare structure without offsets. */
function show(st: Statement): string {
  const w = (x: Word) => x.parts.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join('');
  const e = (x: Expression): string => {
    switch (x.type) {
      case 'NumberLiteral':
        return String(x.value);
      case 'Identifier':
        return x.name;
      case 'UnaryExpression':
        return `(${x.operator}${e(x.argument)})`;
      case 'BinaryExpression':
        return `(${e(x.left)} ${x.operator} ${e(x.right)})`;
      case 'AddrExpression':
        return `ADDR(${e(x.index)})`;
    }
  };
  const body = (b: Statement[]) => `{ ${b.map(show).join('; ')} }`;
  switch (st.type) {
    case 'CallStatement':
      return `${st.assign ? st.assign.name + ' = ' : ''}${st.callee}(${st.args.map(e).join(', ')})`;
    case 'EchoStatement':
      return `echo [${st.words.map(w).join(',')}] > ${st.path}`;
    case 'CatStatement':
      return `cat ${w(st.path)}`;
    case 'LsStatement':
      return `ls ${w(st.path)}`;
    case 'IpLinkAddStatement':
      return `ipadd ${st.name ? w(st.name) : '-'} ${w(st.kind)}`;
    case 'IpLinkDelStatement':
      return `ipdel ${w(st.name)}`;
    case 'RepeatStatement':
      return `repeat ${e(st.count)} ${body(st.body)}`;
    case 'ForStatement':
      return `for ${st.variable.name} ${e(st.from)} ${e(st.to)} ${body(st.body)}`;
    case 'ProcessStatement':
      return `@${st.proc} ${st.action}`;
  }
}

const shows = (src: string) => program(src).body.map(show);

describe('statements', () => {
  it('a call may assign its result to a variable', () => {
    expect(shows('q = msgget(IPC_PRIVATE, IPC_CREAT|0600)')).toEqual(['q = msgget(IPC_PRIVATE, (IPC_CREAT | 384))']);
    expect(shows('q=msgget (1,2)')).toEqual(['q = msgget(1, 2)']);
  });

  it('msgsnd and msgrcv take their flags optionally', () => {
    expect(shows('msgsnd(q, 1, 10); msgrcv(q, 0, 4, IPC_NOWAIT)')).toEqual(['msgsnd(q, 1, 10)', 'msgrcv(q, 0, 4, IPC_NOWAIT)']);
  });

  it('variables are written q, $q or ${q} in expressions', () => {
    expect(shows('msgctl($q, ${cmd})')).toEqual(['msgctl(q, cmd)']);
  });

  it('literals are decimal, 0x hex or leading-zero octal', () => {
    expect(shows('msgget(0x1F, 0777); msgget(0, 00); msgget(0X10, 010)')).toEqual(['msgget(31, 511)', 'msgget(0, 0)', 'msgget(16, 8)']);
  });

  it('| binds loosest, then + and -, then *, with unary minus and parentheses', () => {
    expect(shows('msgget(1 | 2 + 3 * 4, -(1 - 2) - --3)')).toEqual(['msgget((1 | (2 + (3 * 4))), ((-(1 - 2)) - (-(-3))))']);
    expect(shows('msgget(1 - 2 - 3, +4)')).toEqual(['msgget(((1 - 2) - 3), (+4))']);
  });

  it('shmat takes an address and flags; shmdt takes ADDR(k), a variable or a number; ADDR is no variable name', () => {
    expect(shows('a = shmat(m, 0x1000, SHM_RND)')).toEqual(['a = shmat(m, 4096, SHM_RND)']);
    expect(shows('shmdt(ADDR(k + 1))')).toEqual(['shmdt(ADDR((k + 1)))']);
    expect(shows('shmdt(a)')).toEqual(['shmdt(a)']);
    expect(error('ADDR = shmat(m, 0, 0)').code).toBe('constant_as_variable');
    expect(error('shmdt(1, 2)').code).toBe('wrong_argument_count');
  });

  it('echo keeps its value words and a literal path', () => {
    expect(shows('echo 1  2\t$x > /proc/sys/kernel/msgmni')).toEqual(['echo [1,2,{x}] > /proc/sys/kernel/msgmni']);
    expect(shows('echo 1 >> /proc/sys/kernel/msgmni')).toEqual(['echo [1,>] > /proc/sys/kernel/msgmni']);
  });

  it('echo with no value and with the > against the path', () => {
    expect(shows('echo > /proc/sys/kernel/msgmni; echo 5>/proc/sys/kernel/shmmni')).toEqual(['echo [] > /proc/sys/kernel/msgmni', 'echo [5] > /proc/sys/kernel/shmmni']);
  });

  it('echo may write the mqueue and net sysctls', () => {
    expect(shows('echo 1 > /proc/sys/fs/mqueue/queues_max\necho 1 > /proc/sys/net/core/somaxconn')).toHaveLength(2);
  });

  it('cat and ls -U take one word with interpolations', () => {
    expect(shows('cat /proc/sysvipc/msg\nls -U /proc/net/${d}x')).toEqual(['cat /proc/sysvipc/msg', 'ls /proc/net/{d}x']);
  });

  it('ip link add takes an optional name, with or without the name keyword', () => {
    expect(shows('ip link add type ifb\nip link add ifb$i type ifb\nip link add name foo type dummy')).toEqual(['ipadd - ifb', 'ipadd ifb{i} ifb', 'ipadd foo dummy']);
    expect(shows('ip link add type type ifb; ip link add name type ifb')).toEqual(['ipadd type ifb', 'ipadd name ifb']);
  });

  it('ip link del accepts delete and dev', () => {
    expect(shows('ip link del a; ip link delete b; ip link del dev c; ip link delete dev d; ip link del dev')).toEqual(['ipdel a', 'ipdel b', 'ipdel c', 'ipdel d', 'ipdel dev']);
  });

  it('repeat and for take expressions; for splits at the first ..', () => {
    expect(shows('repeat 2*n { }\nfor i in 0 .. 3 {\n}\nfor j in -1..$n+1 { }')).toEqual(['repeat (2 * n) {  }', 'for i 0 3 {  }', 'for j (-1) (n + 1) {  }']);
  });

  it('words that name statements are still usable as variables when the form does not match', () => {
    expect(shows('for = msgget(0, 0)\necho = msgget(0, 0)\nrepeat=msgget(0, 0)\nip=msgget(0, 0)')).toEqual(['for = msgget(0, 0)', 'echo = msgget(0, 0)', 'repeat = msgget(0, 0)', 'ip = msgget(0, 0)']);
  });

  it('cat followed by one word is a cat, even if it looks like an assignment', () => {
    expect(shows('cat =msgget(0,0)')).toEqual(['cat =msgget(0,0)']);
  });
});

describe('separators, comments and blocks', () => {
  it('; and newlines separate, # comments run to the end of the line', () => {
    expect(shows('msgget(1, 0); msgget(2, 0) # msgget(3, 0)\n\n  # alone\nmsgget(4, 0);')).toEqual(['msgget(1, 0)', 'msgget(2, 0)', 'msgget(4, 0)']);
  });

  it('\\r\\n and a lone \\r end lines', () => {
    const p = program('msgget(1, 0)\r\nmsgget(2, 0)\rmsgget(3, 0)');
    expect(p.body.map(show)).toEqual(['msgget(1, 0)', 'msgget(2, 0)', 'msgget(3, 0)']);
  });

  it('Python whitespace (\\x1c, no-break space, ideographic space) separates like a space', () => {
    expect(shows('msgget(0,\u00a00)\x1c; repeat\u30002 { }')).toEqual(['msgget(0, 0)', 'repeat 2 {  }']);
  });

  it('{ may end the header line or start the next one; } may close a one-line block', () => {
    const expected = ['repeat 3 { msgsnd(q, 1, 0, IPC_NOWAIT) }'];
    expect(shows('repeat 3 { msgsnd(q, 1, 0, IPC_NOWAIT) }')).toEqual(expected);
    expect(shows('repeat 3\n{\nmsgsnd(q, 1, 0, IPC_NOWAIT)\n}')).toEqual(expected);
    expect(shows('repeat 3 # comment\n{ msgsnd(q, 1, 0, IPC_NOWAIT)\n}')).toEqual(expected);
    expect(shows('repeat 3;{msgsnd(q, 1, 0, IPC_NOWAIT)}')).toEqual(expected);
  });

  it('blocks nest and a statement may follow } on the same line', () => {
    expect(shows('repeat 2 { for i in 0..2 { msgget(i, 0) } } msgget(9, 0)')).toEqual(['repeat 2 { for i 0 2 { msgget(i, 0) } }', 'msgget(9, 0)']);
  });

  it('nesting depth is not limited by recursion', () => {
    const depth = 5000;
    const p = program('repeat 1 {\n'.repeat(depth) + 'msgget(0, 0)\n' + '}\n'.repeat(depth));
    let st: Statement = p.body[0]!;
    let n = 1;
    while (st.type === 'RepeatStatement' && st.body[0]!.type === 'RepeatStatement') {
      st = st.body[0]!;
      n++;
    }
    expect(n).toBe(depth);
  });

  it('${...} is copied whole, even over ; and #', () => {
    const p = program('echo ${a;b#c} > /proc/sys/kernel/msgmni');
    expect(p.body.map(show)).toEqual(['echo [${a;b#c}] > /proc/sys/kernel/msgmni']);
  });

  it('after an unbalanced ( in an echo value, ; no longer separates (as in the reference)', () => {
    const p = program('echo ( > /proc/sys/kernel/msgmni\necho a; echo b > /proc/sys/kernel/msgmni');
    expect(p.body.map(show)).toEqual(['echo [(] > /proc/sys/kernel/msgmni', 'echo [a;,echo,b] > /proc/sys/kernel/msgmni']);
  });

  it('statements carry spans into the source and loops span to their }', () => {
    const src = 'x = msgget(1, 0)\nrepeat 2 {\n  msgget(2, 0)\n}';
    const p = program(src);
    const [call, loop] = p.body;
    expect(src.slice(call!.start, call!.end)).toBe('x = msgget(1, 0)');
    expect(src.slice(loop!.start, loop!.end)).toBe(src.slice(17));
    const inner = (loop as { body: Statement[] }).body[0]!;
    expect(src.slice(inner.start, inner.end)).toBe('msgget(2, 0)');
  });

  it('an empty text is an empty program', () => {
    expect(program('').body).toEqual([]);
    expect(program('\n  # nothing\n;;\n').body).toEqual([]);
  });
});

describe('errors name their code, line and column', () => {
  const cases: [string, string, string, number, number][] = [
    ['an unclosed ${', 'msgget(0, 0)\necho ${x > /proc/sys/kernel/msgmni', 'unterminated_interpolation', 2, 6],
    ['a } closing nothing', 'msgget(0, 0)\n  }', 'unmatched_close_brace', 2, 3],
    ['a { after a call', 'msgget(0, 0) {', 'unexpected_open_brace', 1, 14],
    ['a repeat without a block', 'repeat 3\nmsgget(0, 0)', 'missing_block', 1, 1],
    ['a for without a block at the end', '\n  for i in 0..3', 'missing_block', 2, 3],
    ['an unclosed block, the innermost', 'repeat 2 {\n for i in 0..1 {', 'missing_close_brace', 2, 2],
    ['an unclosed outer block', 'repeat 2 {\n for i in 0..1 { }\n', 'missing_close_brace', 1, 1],
    ['a statement of no known form', 'msgget(0, 0)\n\thello world', 'unknown_statement', 2, 2],
    ['a for header without ..', 'for i in 3 { }', 'unknown_statement', 1, 1],
    ['cat with two paths', 'cat a b', 'unknown_statement', 1, 1],
    ['ls without -U', 'ls /proc', 'unknown_statement', 1, 1],
    ['an assignment of a number', 'x = 3', 'unknown_statement', 1, 1],
    ['a call with text after it', 'msgget(0, 0) x', 'unknown_statement', 1, 1],
    ['an unknown call', 'x = msgfoo(1)', 'unknown_call', 1, 5],
    ['too few arguments', '  msgsnd(q, 1)', 'wrong_argument_count', 1, 3],
    ['too many arguments', 'msgget(0, 0, 0)', 'wrong_argument_count', 1, 1],
    ['a number where a buffer field goes', 'semctl(0, 0, 0, 0, 0)', 'unknown_field', 1, 20],
    ['no arguments', 'msgget()', 'wrong_argument_count', 1, 1],
    ['an assignment to a constant', 'IPC_CREAT = msgget(0, 0)', 'constant_as_variable', 1, 1],
    ['a constant as loop variable', 'for IPC_RMID in 0..2 { }', 'constant_as_variable', 1, 5],
    ['an unsupported ip command', 'ip link show', 'unsupported_ip_command', 1, 1],
    ['ip followed by a space and =', 'ip = msgget(0, 0)', 'unsupported_ip_command', 1, 1],
    ['echo into a host sysctl', 'echo 1 > /proc/sys/kernel/hostname', 'forbidden_sysctl', 1, 10],
    ['echo >>PATH (the path then starts with >)', 'echo 1 >>/proc/sys/kernel/msgmni', 'forbidden_sysctl', 1, 9],
    ['echo glued to its value', 'echo>x > /proc/sys/kernel/sem', 'unknown_statement', 1, 1],
    ['a variable in an echo path', 'echo 1 > /proc/sys/kernel/$x', 'variable_in_sysctl_path', 1, 10],
    ['an empty argument', 'msgget(0, )', 'empty_expression', 1, 11],
    ['a fractional number', 'msgget(0, 1.5)', 'unexpected_character', 1, 12],
    ['a lone $', 'msgget($, 0)', 'unexpected_character', 1, 8],
    ['an octal literal with 8', 'msgget(089, 0)', 'invalid_octal_literal', 1, 8],
    ['two numbers in a row', 'msgget(1 2, 0)', 'unexpected_token', 1, 10],
    ['an operator at the end', 'repeat 3 + { }', 'unexpected_token', 1, 11],
    ['an unclosed parenthesis', 'repeat (3\n', 'missing_close_paren', 1, 8],
    ['an expression of too many tokens', 'repeat ' + '1+'.repeat(600) + '1 { }', 'expression_too_long', 1, 8],
  ];
  for (const [what, src, code, line, column] of cases) {
    it(`${what} is ${code} at ${line}:${column}`, () => {
      expect(error(src)).toMatchObject({ code, line, column });
    });
  }

  it('messages name the offending text', () => {
    expect(error('x = msgfoo(1)').message).toBe('unknown call `msgfoo` (the calls are msgget, msgsnd, msgrcv, msgctl, shmget, shmctl, shmat, shmdt, semget, semctl, semop, semtimedop)');
    expect(error('msgsnd(q, 1)').message).toBe('msgsnd takes 3 or 4 arguments, got 2');
    expect(error('msgget(089, 0)').message).toBe('`089` starts with 0, so it is octal, and 8 and 9 are not octal digits');
    expect(error('for i in 3 { }').message).toBe('cannot parse `for i in 3`: expected `for VAR in A..B { ... }`');
  });

  it('the first error in source order is reported', () => {
    expect(error('echo 1 > /etc/passwd\nmsgfoo(1)')).toMatchObject({ code: 'forbidden_sysctl', line: 1 });
  });

  it('a ${...} may span lines; the lines after it are counted', () => {
    expect(shows('echo ${a\n} > /proc/sys/kernel/msgmni')).toEqual(['echo [${a,}] > /proc/sys/kernel/msgmni']);
    expect(error('msgget(0, 0)\n  cat ${a\n}')).toMatchObject({ code: 'unknown_statement', line: 2, column: 3 });
    expect(error('echo ${a\n} > /proc/sys/kernel/msgmni\n msgfoo(1)')).toMatchObject({ code: 'unknown_call', line: 3, column: 2 });
  });
});

describe('messages stay on one line', () => {
  it('control characters and line breaks in quoted source are escaped, long text is cut', () => {
    expect(error('echo ${a\n}x').message).toBe('cannot parse `echo ${a\\n}x`: expected `echo VALUE > PATH`');
    expect(error('msgget(\x01, 0)').message).toBe('unexpected character `\\x01` in an expression');
    expect(error('-'.repeat(100)).message).toBe(`cannot parse statement \`${'-'.repeat(60)}…\``);
  });
});

describe('*ctl(id, IPC_SET), the stat-then-set form', () => {
  it('the bare name IPC_SET as msgctl command marks the call and stands for the literal 1', () => {
    const [st] = program('msgctl(q, IPC_SET)').body;
    expect(st).toMatchObject({ type: 'CallStatement', callee: 'msgctl', statSet: true, args: [{ name: 'q' }, { type: 'NumberLiteral', value: 1n, start: 10, end: 17 }] });
    expect(program('msgctl(q, $IPC_SET)').body[0]).toMatchObject({ statSet: true });
  });

  it('so does it as the command of shmctl (2nd argument) and semctl (3rd, semnum untouched)', () => {
    const [shm, sem] = program('shmctl(s, (IPC_SET))\nsemctl(m, IPC_STAT, ${IPC_SET})').body;
    expect(shm).toMatchObject({ callee: 'shmctl', statSet: true, args: [{ name: 's' }, { type: 'NumberLiteral', value: 1n }] });
    expect(sem).toMatchObject({ callee: 'semctl', statSet: true, args: [{ name: 'm' }, { name: 'IPC_STAT' }, { type: 'NumberLiteral', value: 1n }] });
    expect(shows('shmctl(s, IPC_SET)\nsemctl(m, 0, IPC_SET)')).toEqual(['shmctl(s, 1)', 'semctl(m, 0, 1)']);
  });

  it('the number 1, an expression naming IPC_SET, IPC_SET as an id or semnum, and the other calls keep the zeroed buffer', () => {
    const marks = (src: string) => program(src).body.map((s) => s.type === 'CallStatement' && s.statSet === true);
    expect(marks('msgctl(q, 1)\nmsgctl(q, IPC_SET|0)\nshmctl(IPC_SET, 1)\nsemctl(q, IPC_SET, 1)\nsemctl(q, 0, -IPC_SET)\nmsgsnd(q, IPC_SET, 1)')).toEqual([false, false, false, false, false, false]);
    expect(shows('semctl(q, IPC_SET, 1)')).toEqual(['semctl(q, IPC_SET, 1)']);
  });
});

describe('reading a workload statement by statement', () => {
  it('an unclosed ${ anywhere is the error, before an earlier bad statement (the reference cuts the whole text first)', () => {
    expect(error('frobnicate now\nmsgget(1, 2)\necho ${a > /proc/sys/kernel/msgmni')).toMatchObject({ code: 'unterminated_interpolation', line: 3, column: 6 });
    expect(error('repeat 2\nmsgget(1, 2)\necho ${a')).toMatchObject({ code: 'unterminated_interpolation', line: 3 });
    expect(error('frobnicate now\nmsgget(1, 2)')).toMatchObject({ code: 'unknown_statement', line: 1 });
  });

  it('programReader hands out each top-level statement with its whole block, declarations aside', () => {
    const reader = programReader('cpus 2\nq = msgget(1, 2)\nrepeat 2 {\n for i in 0..2 { msgctl(i, 0) }\n}\ntask t { msgget(0, 0) }\nmsgctl(q, 0)');
    const got: string[] = [];
    for (let st = reader.next(); st !== null; st = reader.next()) got.push(show(st));
    expect(got).toEqual(['q = msgget(1, 2)', 'repeat 2 { for i 0 2 { msgctl(i, 0) } }', 'msgctl(q, 0)']);
    expect(reader.smp?.cpus).not.toBeNull();
    expect(reader.smp?.tasks.map((t) => t.name)).toEqual(['t']);
  });

  it("check() gives parse()'s verdict without the tree", () => {
    fc.assert(
      fc.property(anyProgram, (src) => {
        const p = parse(src);
        const c = check(src);
        if (p.ok) expect(c).toEqual({ ok: true, multiCpu: p.program.smp !== undefined, multiProcess: p.program.multiProcess === true });
        else expect(c).toEqual({ ok: false, error: p.error });
      }),
      { numRuns: 300 },
    );
    expect(check('cpus 2\ntask a { forever { msgget(0, 0) } }')).toEqual({ ok: true, multiCpu: true, multiProcess: false });
    expect(check('@a semop(0, {0, 1})')).toEqual({ ok: true, multiCpu: false, multiProcess: true });
    expect(check('#@default N\nmsgget(0, 0)')).toMatchObject({ ok: false, error: { code: 'bad_default' } });
  });

  it('a line repeating the one before is read as nextPiece reads it, whatever follows it on the line', () => {
    const line = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)';
    // each variant starts with the repeated text but is a different piece (or more than one)
    const variants = [line, line + ' ', line + '; msgctl(q, IPC_RMID)', line + ' # note', line + '\r', line + 'x', line + ')', line + ' {', ' ' + line, line + ' $q', line];
    const pieces = (text: string): string[] => {
      const got: string[] = [];
      const reader = programReader(text, { texts: new Map(), nested: false });
      for (let st = reader.next(); st !== null; st = reader.next()) got.push(`${reader.start}:${show(st)}`);
      return got;
    };
    for (const v of variants) {
      for (const text of [[line, line, line, v, line].join('\n'), [line, line, v].join('\n'), [line, line, line].join('\n') + '\n' + v + '\n']) {
        const p = parse(text);
        if (!p.ok) {
          expect(() => pieces(text), JSON.stringify(v)).toThrow();
          continue;
        }
        // a shared tree keeps the first one's offsets: the statements are compared, the starts below
        expect(
          pieces(text).map((x) => x.slice(x.indexOf(':'))),
          JSON.stringify(v),
        ).toEqual(p.program.body.map((st) => `:${show(st)}`));
      }
    }
    // an unbalanced parenthesis in an echo value changes the depth for what follows: a repeat of it is not plain
    const open = 'echo 1( > /proc/sys/kernel/msgmni';
    const after = [open, open, open, open, 'echo )) > /proc/sys/kernel/msgmni', 'msgget(0, 0); msgget(0, 0)'].join('\n');
    // (one open parenthesis is left, so the `;` of the last line does not separate: one piece, one error)
    expect(parse(after).ok).toBe(false);
    expect(() => pieces(after)).toThrow();
    expect(check(after)).toEqual({ ok: false, error: (parse(after) as { error: unknown }).error });
    // the starts: line by line, also for the repeats read by one comparison
    const text = [line, line, line, line].join('\n');
    const reader = programReader(text, { texts: new Map(), nested: false });
    const starts: number[] = [];
    for (let st = reader.next(); st !== null; st = reader.next()) starts.push(reader.start);
    expect(starts).toEqual([0, 1, 2, 3].map((i) => i * (line.length + 1)));
    expect(check(text + '\n' + line + '(')).toMatchObject({ ok: false, error: { line: 5 } });
  });

  it('check() still finds the error after many repeated and many distinct lines', () => {
    const same = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n'.repeat(3000);
    const distinct = Array.from({ length: 5000 }, (_, i) => `msgctl(${i}, IPC_RMID)\n`).join('');
    const bad = same + distinct + 'repeat 2 {\n' + same + 'msgctl(q)\n}\n';
    expect(check(bad)).toEqual({ ok: false, error: (parse(bad) as { error: unknown }).error });
    expect(check(bad)).toMatchObject({ ok: false, error: { code: 'wrong_argument_count', line: 3000 + 5000 + 1 + 3000 + 1 } });
    expect(check(same + 'repeat 2 {\n' + same)).toMatchObject({ ok: false, error: { code: 'missing_close_brace', line: 3001 } });
  });
});
