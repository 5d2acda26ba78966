import { describe, expect, it } from 'vitest';
import { parse } from './parser';

function program(src: string) {
  const r = parse(src);
  if (!r.ok) throw new Error(`${r.error.line}:${r.error.column}: ${r.error.message}`);
  return r.program;
}

function error(src: string) {
  const r = parse(src);
  if (r.ok) throw new Error('parsed');
  return { code: r.error.code, line: r.error.line, column: r.error.column, message: r.error.message };
}

describe('multi-CPU declarations', () => {
  it('a program without declarations has no smp part, and `cpus = ...` stays a call', () => {
    expect(program('q = msgget(IPC_PRIVATE, 0600)').smp).toBe(undefined);
    const p = program('cpus = msgget(IPC_PRIVATE, 0600)\nduration=msgget(1, 0)');
    expect(p.smp).toBe(undefined);
    expect(p.body.map((s) => s.type)).toEqual(['CallStatement', 'CallStatement']);
  });

  it('parses the topology, the times and the tasks, and keeps the setup in the body', () => {
    const p = program('cpus 2 x 40 x 2 machine core2\nwarmup 1 ms\nduration N * 2 us\nq = msgget(1, IPC_CREAT)\ntask s x PAIRS on TASK + 1 {\n  forever { msgsnd(q, 1, 4) }\n}\n');
    const smp = p.smp!;
    expect(smp.cpus).toMatchObject({ sockets: { value: 2n }, cores: { value: 40n }, threads: { value: 2n }, machine: 'core2' });
    expect(smp.warmup).toMatchObject({ amount: { value: 1n }, unit: 'ms' });
    expect(smp.duration).toMatchObject({ amount: { type: 'BinaryExpression', operator: '*' }, unit: 'us' });
    expect(p.body.map((s) => s.type)).toEqual(['CallStatement']);
    expect(smp.tasks).toHaveLength(1);
    const t = smp.tasks[0]!;
    expect(t).toMatchObject({ name: 's', count: { type: 'Identifier', name: 'PAIRS' }, cpu: { type: 'BinaryExpression', operator: '+' } });
    expect(t.body).toHaveLength(1);
    expect(t.body[0]).toMatchObject({ type: 'RepeatStatement', count: { value: 1n << 50n } });
    expect(t.body[0]!.type === 'RepeatStatement' && t.body[0].body.map((s) => s.type)).toEqual(['CallStatement']);
  });

  it('accepts `cpus N` as one socket of N cores', () => {
    expect(program('cpus $CPUS\n').smp!.cpus).toMatchObject({ sockets: { value: 1n }, cores: { type: 'Identifier', name: 'CPUS' }, threads: { value: 1n }, machine: null });
  });

  it('reports misplaced, repeated and malformed declarations at their line and column', () => {
    expect(error('repeat 2 {\n  task t { msgget(1, 0) }\n}')).toEqual({ code: 'misplaced_declaration', line: 2, column: 3, message: '`task` must be at the top level, outside any block' });
    expect(error('forever { msgget(1, 0) }')).toEqual({ code: 'misplaced_declaration', line: 1, column: 1, message: '`forever` runs only inside a task block' });
    expect(error('cpus 2\ncpus 4')).toEqual({ code: 'duplicate_declaration', line: 2, column: 1, message: '`cpus` may appear only once' });
    expect(error('duration 5')).toMatchObject({ code: 'bad_duration_form', line: 1, column: 1 });
    expect(error('cpus 2 x 3')).toMatchObject({ code: 'bad_cpus_form', message: 'expected `cpus N` or `cpus SOCKETS x CORES x THREADS`' });
    expect(error('task 9x { }')).toMatchObject({ code: 'missing_task_name', line: 1, column: 6 });
    expect(error('task t x { }')).toMatchObject({ code: 'missing_declaration_value', message: 'the COUNT after `x` is missing' });
    expect(error('task t')).toMatchObject({ code: 'missing_block', message: expect.stringContaining('task') });
    expect(error('task t {\n msgget(1, 0)\n')).toMatchObject({ code: 'missing_close_brace', line: 1, column: 1 });
  });
});
