/**
 * Test support: random workloads built from the grammar (valid and nearly
 * valid), mutated ones, and random text, as fast-check arbitraries. Used by
 * fuzz.test.ts; not part of the engine.
 */
import fc from 'fast-check';

const VARS = ['q', 'x', 'i', 'n', 'IPC_CREAT', 'repeat', 'ip', 'cat', 'echo', 'for', 'msgget'];
const CALLS = ['msgget', 'msgsnd', 'msgrcv', 'msgctl', 'shmget', 'shmctl', 'semget', 'semctl', 'msgfoo', 'repeat'];
const CONSTS = [
  'IPC_PRIVATE',
  'IPC_CREAT',
  'IPC_EXCL',
  'IPC_NOWAIT',
  'MSG_NOERROR',
  'MSG_EXCEPT',
  'IPC_RMID',
  'IPC_STAT',
  'IPC_INFO',
  'MSG_STAT',
  'MSG_INFO',
  'MSG_STAT_ANY',
  'SHM_STAT',
  'SHM_INFO',
  'SHM_STAT_ANY',
  'SEM_STAT',
  'SEM_INFO',
  'SEM_STAT_ANY',
];
const PATHS = [
  '/proc/sys/kernel/msgmni',
  '/proc/sys/kernel/msg_next_id',
  '/proc/sys/kernel/sem',
  '/proc/sysvipc/msg',
  '/proc/sys/net/core/somaxconn',
  '/proc/sys/fs/mqueue/msg_max',
  '/etc/passwd',
  '/proc/sys/kernel/hostname',
  '/proc/net/dev_snmp6',
  '/proc/sys/kernel/$x',
  '/proc/${q}',
  'rel',
];
const DEFINED = ['q', 'x', 'i', 'n'];
const WRITABLE = ['/proc/sys/kernel/msgmni', '/proc/sys/kernel/msg_next_id', '/proc/sys/kernel/sem', '/proc/sys/net/core/somaxconn', '/proc/sys/fs/mqueue/msg_max'];
const READABLE = WRITABLE.concat(['/proc/sysvipc/msg']);
const SPACES = [' ', ' ', ' ', '  ', '\t', '\x1c', '\xa0', '\u3000', '\x0b'];
const JUNK = ['{', '}', '(', ')', ';', '#', '$', '${', '\n', '\r', '\r\n', ',', '.', '..', '=', '>', '<', '|', '+', '-', '*', '0x', '08', '9', 'a', ' ', '\t', 'é', '\u2028', '\ud83d\ude00', '\0'];

const pick = (xs: readonly string[]) => fc.constantFrom(...xs);
const sp = pick(SPACES);

const literal = fc.oneof(
  fc.integer({ min: -5, max: 70000 }).map(String),
  fc.bigInt({ min: 0n, max: 1n << 70n }).map((v) => '0x' + v.toString(16)),
  fc.integer({ min: 0, max: 0o7777 }).map((v) => '0' + v.toString(8)),
  pick(['0', '00', '08', '0x', '0X1F', '1e3', '12abc', '2147483648', '4294967296', '18446744073709551615']),
);
const goodLiteral = fc.oneof(
  fc.integer({ min: -5, max: 70000 }).map(String),
  fc.bigInt({ min: 0n, max: 1n << 70n }).map((v) => '0x' + v.toString(16)),
  fc.integer({ min: 0, max: 0o7777 }).map((v) => '0' + v.toString(8)),
  pick(['0', '00', '2147483648', '4294967296', '18446744073709551615', '0xffffffff', '-1']),
);
const name = fc.oneof(
  pick(CONSTS),
  pick(VARS),
  pick(VARS).map((v) => '$' + v),
  pick(VARS).map((v) => '${' + v + '}'),
);
const goodName = fc.oneof(
  pick(CONSTS),
  pick(DEFINED),
  pick(DEFINED).map((v) => '$' + v),
  pick(DEFINED).map((v) => '${' + v + '}'),
);

function expression(lit: fc.Arbitrary<string>, nm: fc.Arbitrary<string>, ops: readonly string[]): fc.Arbitrary<string> {
  return fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      lit,
      nm,
      fc.tuple(pick(['-', '+', '--']), tie('e')).map(([o, e]) => o + e),
      fc.tuple(tie('e'), sp, pick(ops), sp, tie('e')).map((p) => p.join('')),
      tie('e').map((e) => '(' + e + ')'),
    ),
  })).e;
}
const expr = expression(literal, name, ['|', '+', '-', '*', '||', '']);
const goodExpr = expression(goodLiteral, goodName, ['|', '+', '-', '*']);
/** small loop bounds, so that valid programs run quickly */
const bound = fc.oneof(fc.integer({ min: -2, max: 4 }).map(String), pick(['q', '$x', '(n)', '2*2', 'IPC_RMID', '-1']));

const ARITY: Record<string, number[]> = {
  msgget: [2],
  msgsnd: [3, 4],
  msgrcv: [3, 4],
  msgctl: [2],
  shmget: [3],
  shmctl: [2],
  semget: [3],
  semctl: [3],
};
const goodCall = fc.tuple(fc.option(pick(DEFINED)), pick(Object.keys(ARITY)), fc.array(goodExpr, { minLength: 4, maxLength: 4 }), fc.nat(), pick(['', ' '])).map(([v, c, a, k, s]) => {
  const n = ARITY[c]![k % ARITY[c]!.length]!;
  return (v === null ? '' : v + s + '=' + s) + c + s + '(' + a.slice(0, n).join(', ') + ')';
});
const args = fc.array(expr, { maxLength: 5 }).map((a) => a.join(', '));
const call = fc.tuple(fc.option(pick(VARS)), pick(CALLS), args, pick(['', ' '])).map(([v, c, a, s]) => (v === null ? '' : v + s + '=' + s) + c + s + '(' + a + ')');
const word = fc.oneof(pick(['5', 'abc', '$x', '${i}', '$', '${q}z', '0x10', '>', '(', 'a>b', '$IPC_CREAT']), literal);
const echo = fc.tuple(fc.array(word, { maxLength: 3 }), pick(['>', ' > ', ' >', '>> ']), pick(PATHS)).map(([w, g, p]) => 'echo ' + w.join(' ') + g + p);
const goodEcho = fc.tuple(fc.array(fc.oneof(goodLiteral, pick(['$x', '${i}', 'abc', '$$q'])), { maxLength: 3 }), pick(WRITABLE)).map(([w, p]) => 'echo ' + w.join(' ') + ' > ' + p);
const other = fc.oneof(
  pick(PATHS).map((p) => 'cat ' + p),
  pick(PATHS).map((p) => 'ls -U ' + p),
  pick([
    'ip link add type ifb',
    'ip link add ifb$i type ifb',
    'ip link add name x type dummy',
    'ip link del ifb0',
    'ip link delete dev x',
    'ip link del',
    'ip link add x',
    'ip route',
    'ip = msgget(0, 0)',
  ]),
  // the multi-CPU declarations, well and badly formed
  pick([
    'cpus 2',
    'cpus 2 x 2 x 1',
    'cpus x',
    'cpus 1 x 2',
    'cpus 2 machine core2',
    'cpus 2 machine',
    'cpus = msgget(0, 0)',
    'duration 3 us',
    'duration 3',
    'warmup 1 ns',
    'duration q ms',
    'task',
    'forever 3',
  ]),
);
const goodOther = fc.oneof(
  pick(READABLE).map((p) => 'cat ' + p),
  pick(['ls -U /proc/net/dev_snmp6', 'ls -U /proc/sys/kernel/msgmni', 'cat /proc/net/dev_snmp6']),
  pick(['ip link add type ifb', 'ip link add ifb$i type ifb', 'ip link add name x type dummy', 'ip link del ifb0', 'ip link delete dev x', 'ip link del dev ifb1', 'ip link add type type ifb']),
);
const header = fc.oneof(
  expr.map((e) => 'repeat ' + e),
  fc.tuple(pick(VARS), expr, expr).map(([v, a, b]) => `for ${v} in ${a}..${b}`),
  fc.tuple(pick(['t', 'x', '9']), expr, expr).map(([n, c, cpu]) => `task ${n} x ${c} on ${cpu}`),
  pick(['task a', 'task b on 1', 'forever', 'task x x', 'task t on']),
);
const goodHeader = fc.oneof(
  bound.map((e) => 'repeat ' + e),
  fc.tuple(pick(DEFINED), bound, bound).map(([v, a, b]) => `for ${v} in ${a}..${b}`),
);
const OPEN = [' {\n', '\n{\n', ' { ', '{', ' {'];
const CLOSE = ['\n}', ' }', '}', '\n  }'];

function statements(simple: fc.Arbitrary<string>[], head: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.letrec<{ s: string }>((tie) => ({
    s: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      ...simple,
      fc.tuple(head, pick(OPEN), fc.array(fc.tuple(tie('s'), pick(['\n', ';', '\n\n'])), { maxLength: 3 }), pick(CLOSE)).map(([h, o, b, c]) => h + o + b.map(([x, y]) => x + y).join('') + c),
    ),
  })).s;
}
const statement = statements([call, echo, other], header);
const goodStatement = statements([goodCall, goodCall, goodEcho, goodOther], goodHeader);

const separator = pick(['\n', '; ', '\n\n', ' # comment\n', '\r\n', ';', '\n  ', ' #{}\n']);
const PRELUDE = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nfor x in 3..4 { }\nfor i in 0..1 { }; for n in 2..3 {}\n';

/** Programs built from the grammar, mostly valid. */
export const grammarProgram = fc.array(fc.tuple(statement, separator), { maxLength: 8 }).map((xs) => xs.map(([s, sep]) => s + sep).join(''));

/** Valid programs (every variable defined, small loops): they run to the end. */
export const validProgram = fc.array(fc.tuple(goodStatement, separator), { maxLength: 8 }).map((xs) => PRELUDE + xs.map(([s, sep]) => s + sep).join(''));

/** A grammar program with a few random edits (deleted, inserted or duplicated text). */
export const mutatedProgram = fc.tuple(grammarProgram, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), pick(JUNK)), { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
  let s = text;
  for (const [at, op, junk] of edits) {
    const i = s.length === 0 ? 0 : at % (s.length + 1);
    if (op === 0) s = s.slice(0, i) + s.slice(i + 1);
    else if (op === 1 || op === 2) s = s.slice(0, i) + junk + s.slice(i);
    else s = s.slice(0, i) + s.slice(i, i + 8) + s.slice(i);
  }
  return s;
});

/** Arbitrary text: printable ASCII with the language's punctuation, or any code points. */
export const randomText = fc.oneof(
  fc.array(pick(JUNK.concat(['msgget', 'repeat ', 'for i in ', 'echo ', 'cat ', '1', 'x', ' ', 'cpus ', 'task ', 'forever', 'duration ', ' on '])), { maxLength: 40 }).map((a) => a.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

export const anyProgram = fc.oneof(validProgram, grammarProgram, mutatedProgram, randomText);

/**
 * Multi-CPU programs that parse: a topology, a short duration, and tasks
 * whose bodies are valid statements (some inside `forever`).
 */
export const multiCpuProgram = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.integer({ min: 1, max: 20 }),
    fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.array(fc.tuple(goodStatement, separator), { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 3 }),
  )
  .map(
    ([cpus, us, tasks]) =>
      `cpus ${cpus}\nduration ${us} us\n` +
      PRELUDE +
      tasks
        .map(([n, forever, body], i) => {
          const b = body.map(([st, sep]) => st + sep).join('');
          return `task t${i} x ${n} {\n${forever ? `forever {\n${b}\n}` : b}\n}\n`;
        })
        .join(''),
  );
