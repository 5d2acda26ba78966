import { describe, expect, it } from 'vitest';
import type { CallName } from './ast';
import { errorExitCode, type WorkloadError } from './errors';
import { createFakeKernel, FAKE_SYSCALLS, type FakeKernel } from './fake_kernel';
import { createRun, type RunOptions } from './interpreter';
import { parse } from './parser';
import type { TraceEvent } from '../trace';

const MSGMNI = '/proc/sys/kernel/msgmni';

function start(src: string, kernel: FakeKernel = createFakeKernel(), opts: Partial<RunOptions<FakeKernel>> = {}) {
  const p = parse(src);
  if (!p.ok) throw new Error(JSON.stringify(p.error));
  return { run: createRun(p.program, kernel, { syscalls: FAKE_SYSCALLS, ...opts }), kernel };
}

function run(src: string, kernel?: FakeKernel, opts?: Partial<RunOptions<FakeKernel>>) {
  const { run, kernel: k } = start(src, kernel, opts);
  const { output, error } = run.runToEnd();
  return { output, error, kernel: k, state: run.state };
}

/** A kernel whose IPC calls all return `r`. */
const returning = (r: number) => createFakeKernel({ callResult: () => r });
/** A kernel whose IPC calls return 0, 1, 2, ... */
function counting(): FakeKernel {
  let n = 0;
  return createFakeKernel({ callResult: () => n++ });
}

describe('calls', () => {
  it('arguments are wrapped to the C type: a key of 2^32 is IPC_PRIVATE', () => {
    const { output, kernel } = run('msgget(0x100000000, 0)', returning(0));
    expect(output).toBe('msgget(IPC_PRIVATE, 000) = 0\n');
    expect(kernel.log).toEqual(['msgget(0, 0)']);
  });

  it('a size of -1 is passed and printed as 2^64-1, and omitted flags as 0', () => {
    const { output, kernel } = run('msgrcv(0, 1, -1)', returning(-22));
    expect(output).toBe('msgrcv(0, 1, 18446744073709551615, 0) = -1 EINVAL (Invalid argument)\n');
    expect(kernel.log).toEqual(['msgrcv(0, 1, 18446744073709551615, 0)']);
  });

  it('mtype wraps as a signed 64-bit long', () => {
    const { output, kernel } = run('msgsnd(0, 0x7fffffffffffffff + 1, 0, IPC_NOWAIT)', returning(0));
    expect(output).toBe('msgsnd(0, -9223372036854775808, 0, IPC_NOWAIT) = 0\n');
    expect(kernel.log).toEqual(['msgsnd(0, -9223372036854775808, 0, 2048)']);
  });

  it('get flags print named bits, other bits and the octal mode', () => {
    const { output } = run('msgget(1, IPC_CREAT|IPC_EXCL)\nmsgget(-1, 0x100000|0644)\nshmget(2, 4096, IPC_CREAT|0600)', returning(0));
    expect(output).toBe('msgget(0x1, IPC_CREAT|IPC_EXCL|000) = 0\nmsgget(0xffffffff, 0x100000|0644) = 0\n' + 'shmget(0x2, 4096, IPC_CREAT|0600) = 0\n');
  });

  it('commands are named per call family', () => {
    const { output } = run('msgctl(0, 13); shmctl(0, 13); semctl(0, 0, 13); semctl(0, 0, SEM_INFO); msgctl(0, 1)', returning(0));
    expect(output).toBe('msgctl(0, MSG_STAT_ANY) = 0\nshmctl(0, SHM_STAT) = 0\nsemctl(0, 0, GETALL) = 0\nsemctl(0, 0, SEM_INFO) = 0\n' + 'msgctl(0, IPC_SET) = 0\n');
  });

  it("arithmetic is on unbounded integers; | is two's complement on negatives", () => {
    const { output } = run('msgget(-8 | 3, 0)\nsemget(0x100000000 * 0x100000000 + 7, 2 - 3 * -4, 0600)', returning(0));
    expect(output).toBe('msgget(0xfffffffb, 000) = 0\nsemget(0x7, 14, 0600) = 0\n');
  });

  it('every call name reaches its system call with its arguments in order', () => {
    const calls: [CallName, string, string][] = [
      ['msgget', 'msgget(1, 2)', 'msgget(1, 2)'],
      ['msgsnd', 'msgsnd(1, 2, 3, 4)', 'msgsnd(1, 2, 3, 4)'],
      ['msgrcv', 'msgrcv(1, 2, 3, 4)', 'msgrcv(1, 2, 3, 4)'],
      ['msgctl', 'msgctl(1, 2)', 'msgctl(1, 2)'],
      ['shmget', 'shmget(1, 2, 3)', 'shmget(1, 2, 3)'],
      ['shmctl', 'shmctl(1, 2)', 'shmctl(1, 2)'],
      ['semget', 'semget(1, 2, 3)', 'semget(1, 2, 3)'],
      ['semctl', 'semctl(1, 2, 3)', 'semctl(1, 2, 3)'],
    ];
    for (const [, src, logged] of calls) expect(run(src, returning(0)).kernel.log).toEqual([logged]);
  });
});

describe('variables', () => {
  it('VAR = call stores the result, or -1 when the call failed', () => {
    const k = createFakeKernel({ callResult: (name) => (name === 'msgget' ? 5 : -22) });
    const { output } = run('q = msgget(1, 0)\nr = msgctl(q, IPC_STAT)\nmsgctl(r, IPC_RMID)', k);
    expect(output).toBe('msgget(0x1, 000) = 5\nmsgctl(5, IPC_STAT) = -1 EINVAL (Invalid argument)\n' + 'msgctl(-1, IPC_RMID) = -1 EINVAL (Invalid argument)\n');
  });

  it('a for variable keeps its last value after the loop', () => {
    const { output } = run('for i in 0..3 { }\nmsgctl(i, IPC_RMID)', returning(0));
    expect(output).toBe('msgctl(2, IPC_RMID) = 0\n');
  });

  it('an empty for range leaves its variable unset', () => {
    const { output, error } = run('for i in 3..3 { msgget(0, 0) }\nmsgctl(i, IPC_RMID)', returning(0));
    expect(output).toBe('');
    expect(error).toMatchObject({ code: 'undefined_variable', line: 2, column: 8, message: 'undefined variable `i`' });
  });

  it('the loop counter, not the variable, drives a for loop', () => {
    const { output } = run('for i in 0..3 { i = msgget(7, 0) ; msgctl(i, 0) }', counting());
    expect(output).toBe('msgget(0x7, 000) = 0\nmsgctl(0, IPC_RMID) = 1\nmsgget(0x7, 000) = 2\nmsgctl(2, IPC_RMID) = 3\n' + 'msgget(0x7, 000) = 4\nmsgctl(4, IPC_RMID) = 5\n');
  });

  it('a for range beyond the safe integers counts exactly (bigint counters), as one inside them does (number counters)', () => {
    const big = 2n ** 60n;
    const { output, state } = run(`for i in ${big - 1n}..${big + 2n} { msgctl(i, 0) }`, returning(0));
    expect(output).toBe([big - 1n, big, big + 1n].map((v) => `msgctl(${BigInt.asIntN(32, v)}, IPC_RMID) = 0\n`).join(''));
    expect(state.vars.get('i')).toBe(big + 1n);
    const edge = BigInt(Number.MAX_SAFE_INTEGER);
    expect(run(`for i in ${edge - 2n}..${edge} { }`, returning(0)).state.vars.get('i')).toBe(edge - 1n);
    expect(run(`for i in ${edge - 1n}..${edge + 1n} { }`, returning(0)).state.vars.get('i')).toBe(edge);
  });

  it('repeat runs N times (none for N <= 0) and nests', () => {
    expect(run('repeat 2 { repeat 3 { msgget(0, 0) } }', returning(0)).output.split('\n')).toHaveLength(7);
    expect(run('repeat -5 { msgget(0, 0) }\nrepeat 0 { msgget(0, 0) }', returning(0)).output).toBe('');
  });

  it('an undefined variable in a body that never runs is no error', () => {
    expect(run('repeat 0 { msgget(nope, 0) }').error).toBeNull();
  });

  it('an undefined variable ends the run at its line and column, keeping the output so far', () => {
    const { output, error } = run('msgget(1, 0)\nmsgget(2, 0)\nmsgsnd(0, 1, $missing)', returning(0));
    expect(output).toBe('msgget(0x1, 000) = 0\nmsgget(0x2, 000) = 0\n');
    expect(error).toMatchObject({ code: 'undefined_variable', line: 3, column: 14 });
    expect(errorExitCode(error!)).toBe(2);
  });
});

describe('interpolation and the file statements', () => {
  it('$VAR and ${VAR} are interpolated as decimal in words', () => {
    const k = returning(0);
    const { output } = run('for i in 0..2 { ip link add ifb$i type ifb }\nip link add name x${i}y type dummy\nip link del dev x1y', k);
    expect(output).toBe('ip link add ifb0 type ifb = 0\nip link add ifb1 type ifb = 0\nip link add x1y type dummy = 0\nip link del x1y = 0\n');
    expect(k.log).toEqual(['newlink(ifb0, ifb)', 'newlink(ifb1, ifb)', 'newlink(x1y, dummy)', 'dellink(x1y)']);
  });

  it('ip link add without a name prints no name', () => {
    expect(run('ip link add type ifb\nip link del ifb9').output).toBe('ip link add type ifb = 0\nip link del ifb9 = -1 ENODEV (No such device)\n');
  });

  it('echo rejoins its words with one space and writes VALUE\\n with O_WRONLY|O_TRUNC', () => {
    const k = createFakeKernel({ files: new Map([[MSGMNI, '32000\n']]) });
    const { output } = run(`for i in 0x10000000000000000..0x10000000000000001 { echo  7\t $i \${i}x $$i > ${MSGMNI} }`, k);
    const value = '7 18446744073709551616 18446744073709551616x $18446744073709551616';
    expect(output).toBe(`echo ${value} > ${MSGMNI} = 0\n`);
    expect(k.log).toEqual([`open(${MSGMNI}, 513)`, `write(3, ${JSON.stringify(value + '\n')})`, 'close(3)']);
  });

  it('echo reports the write error', () => {
    const k = createFakeKernel({ files: new Map([[MSGMNI, '32000\n']]) });
    k.writeErrors.set(MSGMNI, -22);
    expect(run(`echo > ${MSGMNI}`, k).output).toBe(`echo  > ${MSGMNI} = -1 EINVAL (Invalid argument)\n`);
    expect(k.log).toEqual([`open(${MSGMNI}, 513)`, 'write(3, "\\n")', 'close(3)']);
  });

  it('$CONSTANT is not a variable in a word', () => {
    const { error } = run(`echo $IPC_CREAT > ${MSGMNI}`);
    expect(error).toMatchObject({ code: 'undefined_variable', line: 1, column: 6 });
  });

  it('cat prints the line count, then the content with a final newline added', () => {
    const k = createFakeKernel({
      files: new Map([
        ['/a', 'x\ny'],
        ['/b', ''],
        ['/c', '1\n2\n'],
      ]),
    });
    expect(run('cat /a; cat /b; cat /c', k).output).toBe('cat /a = 2\nx\ny\ncat /b = 0\ncat /c = 2\n1\n2\n');
  });

  it('cat reads 128 KiB at a time until read returns nothing', () => {
    const big = 'z'.repeat(131072 + 10);
    const k = createFakeKernel({ files: new Map([['/big', big]]) });
    const { output } = run('cat /big', k);
    expect(output).toBe(`cat /big = 1\n${big}\n`);
    expect(k.log).toEqual(['open(/big, 0)', 'read(3, 131072)', 'read(3, 131072)', 'read(3, 131072)', 'close(3)']);
  });

  it('cat of a file that cannot be opened prints the error and no content', () => {
    const k = createFakeKernel({ files: new Map([['/a', 'x\n']]) });
    k.openErrors.set('/a', -2);
    expect(run('cat /a', k).output).toBe('cat /a = -1 ENOENT (No such file or directory)\n');
  });

  it('cat decodes UTF-8 and escapes invalid bytes as \\xNN', () => {
    const k = createFakeKernel({ files: new Map([['/u', 'caf\xc3\xa9 \xff\n']]) });
    expect(run('cat /u', k).output).toBe('cat /u = 1\ncafé \\xff\n');
  });

  it('cat prints long and short contents, ASCII or not, the same as text, as bytes to a sink and stepping', () => {
    const long = 'row 1\n'.repeat(3000);
    const files = new Map([
      ['/ascii', long],
      ['/latin', long + 'caf\xc3\xa9 \xff'],
      ['/split', 'x'.repeat(131071) + '\xc3\xa9\n' + long],
      ['/short', 'caf\xc3\xa9\n\x80'],
    ]);
    const src = 'cat /ascii\ncat /latin\ncat /split\ncat /short\ncat /ascii\n';
    const expected = `cat /ascii = 3000\n${long}cat /latin = 3001\n${long}café \\xff\ncat /split = 3001\n${'x'.repeat(131071)}é\n${long}cat /short = 2\ncafé\n\\x80\ncat /ascii = 3000\n${long}`;
    expect(run(src, createFakeKernel({ files: new Map(files) })).output).toBe(expected);
    const chunks: Uint8Array[] = [];
    start(src, createFakeKernel({ files: new Map(files) })).run.runToEnd((c) => chunks.push(c));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
    const { run: stepping } = start(src, createFakeKernel({ files: new Map(files) }));
    let stepped = '';
    for (let r = stepping.step(); r.kind === 'op'; r = stepping.step()) stepped += r.output;
    expect(stepped).toBe(expected);
  });

  it('ls -U lists the entries in order without those starting with a dot', () => {
    const k = createFakeKernel({ dirs: new Map([['/proc/net/dev_snmp6', ['lo', '.x', 'ifb10', 'ifb9']]]) });
    expect(run('ls -U /proc/net/dev_snmp6', k).output).toBe('ls -U /proc/net/dev_snmp6 = 3\nlo\nifb10\nifb9\n');
    expect(run('ls -U /a', createFakeKernel({ files: new Map([['/a', '']]) })).output).toBe('ls -U /a = -1 ENOTDIR (Not a directory)\n');
  });

  it('a path the engine does not model ends the run with unmodeled_path', () => {
    const { output, error } = run('msgget(0, 0)\ncat /proc/nowhere', returning(0));
    expect(output).toBe('msgget(IPC_PRIVATE, 000) = 0\n');
    expect(error).toEqual<WorkloadError>({
      code: 'unmodeled_path',
      message: 'ipcscope does not model the path /proc/nowhere',
      line: 2,
      column: 1,
      start: 13,
      end: 30,
    });
  });

  it('an exception of the engine is an internal error (exit 3) at its statement', () => {
    const k = createFakeKernel({
      callResult: () => {
        throw new Error('boom');
      },
    });
    const { error } = run('\n  msgget(0, 0)', k);
    expect(error).toMatchObject({ code: 'internal_error', message: 'internal error: boom', line: 2, column: 3 });
    expect(errorExitCode(error!)).toBe(3);
  });
});

describe('the resumable machine', () => {
  it('step() executes one operation at a time, through loop headers', () => {
    const { run: r } = start('repeat 2 {\n  msgget(1, 0)\n}\nmsgctl(0, IPC_RMID)', counting());
    const steps = [r.step(), r.step(), r.step(), r.step(), r.step()];
    expect(steps).toEqual([
      { kind: 'op', line: 2, start: 13, end: 25, result: 0, output: 'msgget(0x1, 000) = 0\n', call: 'msgget', text: 'msgget(0x1, 000)' },
      { kind: 'op', line: 2, start: 13, end: 25, result: 1, output: 'msgget(0x1, 000) = 1\n', call: 'msgget', text: 'msgget(0x1, 000)' },
      { kind: 'op', line: 4, start: 28, end: 47, result: 2, output: 'msgctl(0, IPC_RMID) = 2\n', call: 'msgctl', text: 'msgctl(0, IPC_RMID)' },
      { kind: 'done' },
      { kind: 'done' },
    ]);
    expect(r.state.ops).toBe(3);
    expect(r.state.steps).toBe(5);
  });

  it('quiet: call statements make the same calls with the same results and variables, but build no text and print nothing', () => {
    const src = 'q = msgget(5, 0)\nrepeat 2 {\n  x = msgget(q, 0)\n  msgsnd(x, 1, 4)\n}\ncat /a';
    const kernel = () => {
      let n = 0;
      return createFakeKernel({ callResult: () => n++, files: new Map([['/a', '1\n']]) });
    };
    const loud = start(src, kernel());
    const quiet = start(src, kernel(), { quiet: true });
    const steps = (r: typeof loud.run) => Array.from({ length: 7 }, () => r.step());
    const a = steps(loud.run);
    const b = steps(quiet.run);
    expect(b.map((s) => (s.kind === 'op' ? [s.call, s.result, s.line] : s.kind))).toEqual(a.map((s) => (s.kind === 'op' ? [s.call, s.result, s.line] : s.kind)));
    expect(a[2]).toMatchObject({ output: 'msgsnd(1, 1, 4, 0) = 2\n', text: 'msgsnd(1, 1, 4, 0)' });
    expect(b.slice(0, 5)).toEqual(a.slice(0, 5).map((s) => ({ ...s, output: '', text: '' })));
    // statements other than calls still print
    expect(b[5]).toEqual(a[5]);
    expect(b[5]).toMatchObject({ call: 'cat', output: 'cat /a = 1\n1\n' });
    expect(b[6]).toEqual({ kind: 'done' });
    expect(quiet.run.state.vars).toEqual(loud.run.state.vars);
    expect(quiet.kernel.log).toEqual(loud.kernel.log);
    expect(quiet.kernel.log.length).toBeGreaterThan(3);
  });

  it('stepQuiet() executes what step() would, and leaves the call, result and text in `last`', () => {
    const src = 'q = msgget(5, 0)\nrepeat 2 {\n  msgsnd(q, 1, 4)\n}\ncat /a\nmsgget(x, 0)';
    const kernel = () => {
      let n = 0;
      return createFakeKernel({ callResult: () => n++, files: new Map([['/a', '1\n']]) });
    };
    const a = start(src, kernel());
    const b = start(src, kernel());
    for (let i = 0; i < 4; i++) {
      const s = a.run.step();
      expect(b.run.stepQuiet()).toBe('op');
      if (s.kind !== 'op') throw new Error('expected an operation');
      expect(b.run.last).toEqual({ call: s.call, result: s.result, text: s.text });
    }
    expect(b.run.last).toEqual({ call: 'cat', result: 1, text: 'cat /a' });
    expect(a.run.step()).toMatchObject({ kind: 'error', error: { code: 'undefined_variable' } });
    expect(b.run.stepQuiet()).toBe('error');
    expect(b.run.state.error).toEqual(a.run.state.error);
    expect(b.run.stepQuiet()).toBe('error');
    expect(b.kernel.log).toEqual(a.kernel.log);
    const done = start('msgget(1, 0)', returning(0)).run;
    expect([done.stepQuiet(), done.stepQuiet()]).toEqual(['op', 'done']);
  });

  it('a cat step returns its line count and the whole line group', () => {
    const { run: r } = start('cat /a', createFakeKernel({ files: new Map([['/a', '1\n2\n']]) }));
    expect(r.step()).toMatchObject({ kind: 'op', result: 2, output: 'cat /a = 2\n1\n2\n', call: 'cat', text: 'cat /a' });
  });

  it('retry() re-arms the operation just executed: the next step() runs it again, with the counts it had', () => {
    const { run: r } = start('repeat 2 {\n  msgget(1, 0)\n}\nmsgctl(0, IPC_RMID)', counting());
    expect(r.step()).toMatchObject({ result: 0 });
    r.retry();
    expect([r.state.ops, r.state.steps]).toEqual([0, 1]);
    expect(r.step()).toMatchObject({ call: 'msgget', result: 1 });
    expect(r.step()).toMatchObject({ call: 'msgget', result: 2 });
    // the last iteration's call, retried, runs inside its loop again before the loop ends
    r.retry();
    expect(r.step()).toMatchObject({ call: 'msgget', result: 3 });
    expect(r.step()).toMatchObject({ call: 'msgctl', result: 4 });
    expect(r.step()).toEqual({ kind: 'done' });
    // five executions, two of them retried: three operations done
    expect(r.state.ops).toBe(3);
  });

  it('a checkpoint (structuredClone of the state and the kernel) resumes to the same output', () => {
    const src = 'q = msgget(0, 0)\nfor i in 0..4 {\n repeat 2 { msgsnd(q, i, i, IPC_NOWAIT) }\n}\nmsgctl(i, 0)';
    const whole = run(src, counting()).output;
    const { run: r, kernel } = start(src, counting());
    let head = '';
    for (let n = 0; n < 5; n++) head += (r.step() as { output: string }).output;
    const saved = structuredClone({ state: r.state, log: kernel.log });
    expect(saved.state.frames.map((f) => f.block)).toEqual([0, 1, 2]);
    const rest1 = r.runToEnd().output;
    // resume a second machine from the checkpoint; the fake's counter continues from 5
    let n = 5;
    const k2 = createFakeKernel({ callResult: () => n++ });
    k2.log = saved.log;
    const again = createRun(r.program, k2, { syscalls: FAKE_SYSCALLS, state: saved.state }).runToEnd().output;
    expect(head + rest1).toBe(whole);
    expect(again).toBe(rest1);
  });

  it('the state is plain data', () => {
    const { run: r } = start('for i in 0..3 { msgget(i, 0) }', returning(0));
    r.step();
    expect(structuredClone(r.state)).toEqual(r.state);
    expect(r.state.vars.get('i')).toBe(0n);
  });

  it('an error is sticky: later steps return it again', () => {
    const { run: r } = start('msgget(x, 0)');
    const first = r.step();
    expect(first).toMatchObject({ kind: 'error', error: { code: 'undefined_variable' } });
    expect(r.step()).toEqual(first);
    expect(r.state.status).toBe('error');
  });

  it('stmt_begin and stmt_end are traced around each operation', () => {
    const events: TraceEvent[] = [];
    run('x = msgget(1, 0)\n\ncat /a', createFakeKernel({ files: new Map([['/a', 'q\n']]) }), {
      trace: (e) => events.push(e),
    });
    expect(events).toEqual([
      { kind: 'stmt_begin', line: 1, text: 'msgget(0x1, 000)' },
      { kind: 'stmt_end', line: 1, result: 0 },
      { kind: 'stmt_begin', line: 3, text: 'cat /a' },
      { kind: 'stmt_end', line: 3, result: 1 },
    ]);
  });
});

describe('the step budget', () => {
  it('counts one step per operation and per loop iteration', () => {
    expect(run('repeat 3 { msgget(0, 0) }', returning(0), { maxSteps: 6 }).error).toBeNull();
    const over = run('repeat 3 { msgget(0, 0) }', returning(0), { maxSteps: 5 });
    expect(over.output.split('\n')).toHaveLength(3);
    expect(over.error).toMatchObject({ code: 'step_limit', line: 1, column: 12 });
  });

  it('a loop longer than the budget left fails at once, even with an empty body', () => {
    // no wall-clock bound: state.steps below shows that not one iteration ran
    const { error, state } = run('msgget(0, 0)\nrepeat 1000000000 { }', returning(0));
    expect(error).toMatchObject({ code: 'step_limit', line: 2, column: 1 });
    expect(error!.message).toBe('this loop would run 1000000000 iterations, more than the 9999999 steps left of the budget of 10000000 (see --max-steps)');
    expect(state.steps).toBe(1);
  });

  it('nested loops stop when the budget runs out', () => {
    const { error, state } = run('repeat 1000 { repeat 1000 { } }', returning(0), { maxSteps: 5000 });
    // the fifth inner loop needs 1000 of the 995 steps left
    expect(error).toMatchObject({ code: 'step_limit', line: 1, column: 15 });
    expect(state.steps).toBe(4005);
  });

  it('an infinite budget is the largest safe integer, a fractional one is rounded down', () => {
    expect(run('repeat 3 { }', returning(0), { maxSteps: Infinity }).error).toBeNull();
    expect(run('repeat 3 { }', returning(0), { maxSteps: 2.9 }).error).toMatchObject({ code: 'step_limit' });
    expect(run('repeat 2 { }', returning(0), { maxSteps: 2.9 }).error).toBeNull();
  });

  it('for loops are budgeted by their range', () => {
    const { error } = run('for i in -10..0x100000000000 { }', returning(0));
    expect(error).toMatchObject({ code: 'step_limit', line: 1, column: 1 });
  });
});

describe('msgctl(id, IPC_SET), shmctl(id, IPC_SET), semctl(id, semnum, IPC_SET)', () => {
  it('asks the kernel for the stat-then-set form and prints the same line as the numeric form', () => {
    const { output, kernel } = run('q = msgget(1, 0)\nmsgctl(q, IPC_SET)\nmsgctl(q, 1)', returning(0));
    expect(output).toBe('msgget(0x1, 000) = 0\nmsgctl(0, IPC_SET) = 0\nmsgctl(0, IPC_SET) = 0\n');
    expect(kernel.log).toEqual(['msgget(1, 0)', 'msgctl(0, 1, stat)', 'msgctl(0, 1)']);
  });

  it('does so for shmctl and semctl too, semnum passed on, the result printed as it came', () => {
    const { output, kernel } = run('shmctl(5, IPC_SET)\nsemctl(5, -3, IPC_SET)\nsemctl(5, -3, 2 - 1)', returning(-22));
    expect(output).toBe('shmctl(5, IPC_SET) = -1 EINVAL (Invalid argument)\n' + 'semctl(5, -3, IPC_SET) = -1 EINVAL (Invalid argument)\nsemctl(5, -3, IPC_SET) = -1 EINVAL (Invalid argument)\n');
    expect(kernel.log).toEqual(['shmctl(5, 1, stat)', 'semctl(5, -3, 1, stat)', 'semctl(5, -3, 1)']);
  });

  it('IPC_SET elsewhere is the constant 1 (part 2 of the language): only the bare name as the cmd is stat-then-set', () => {
    const { output, kernel } = run('shmctl(0, IPC_SET|0)\nsemctl(IPC_SET, 0, 1)', returning(0));
    expect(output).toBe('shmctl(0, IPC_SET) = 0\nsemctl(1, 0, IPC_SET) = 0\n');
    expect(kernel.log).toEqual(['shmctl(0, 1)', 'semctl(1, 0, 1)']);
  });
});
