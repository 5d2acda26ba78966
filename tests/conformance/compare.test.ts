import { describe, expect, it } from 'vitest';
import { compareOutputs, formatDifferences, parseOutput } from './compare';

const MSG_HEADER = '       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime';
const msgRow = (id: string, cbytes: string, lspid: string, lrpid: string, stime: string, rtime: string) =>
  `         0 ${id.padStart(10)}   600 ${cbytes.padStart(11)}          1 ${lspid.padStart(5)} ${lrpid.padStart(5)}     0     0     0     0 ${stime.padStart(10)} ${rtime.padStart(10)} 1795980706`;

const SHM_HEADER = '       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap';
const shmRow = (size: string, cpid: string) =>
  `         0          0   600 ${size.padStart(21)} ${cpid.padStart(5)}     0      0     0     0     0     0          0          0 1795980706                     0                     0`;

const base = [
  'msgget(IPC_PRIVATE, 0600) = 0',
  'msgsnd(0, 1, 10, IPC_NOWAIT) = 0',
  'cat /proc/sysvipc/msg = 2',
  MSG_HEADER,
  msgRow('0', '10', '7167', '0', '1795980445', '0'),
  'cat /proc/sysvipc/shm = 2',
  SHM_HEADER,
  shmRow('100', '7167'),
  'cat /proc/sys/kernel/sem = 1',
  '32000\t1024000000\t500\t32000',
  '',
].join('\n');

const replace = (text: string, from: string, to: string) => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

describe('parseOutput', () => {
  it('gives cat and ls -U operations the content lines they announce', () => {
    const ops = parseOutput(base);
    expect(ops.map((o) => [o.number, o.content.length])).toEqual([
      [1, 0],
      [2, 0],
      [3, 2],
      [4, 2],
      [5, 1],
    ]);
    expect(ops[4]!.content).toEqual(['32000\t1024000000\t500\t32000']);
  });

  it('does not treat a content line that looks like an operation as one', () => {
    const ops = parseOutput('ls -U /x = 2\nmsgget(IPC_PRIVATE, 000) = 0\ncat /y = 0\nmsgctl(0, IPC_RMID) = 0\n');
    expect(ops).toHaveLength(2);
    expect(ops[1]!.line).toBe('msgctl(0, IPC_RMID) = 0');
  });

  it('gives a process-prefixed cat of a multi-process workload its content (the content lines carry no prefix)', () => {
    const ops = parseOutput(`[u] cat /proc/sysvipc/msg = 2\n${MSG_HEADER}\n${msgRow('0', '10', '7167', '0', '1795980445', '0')}\n[u] ls -U /x = 1\n[u] y\nmsgget(1, 000) = 0\n`);
    expect(ops.map((o) => [o.line.slice(0, 8), o.content.length])).toEqual([
      ['[u] cat ', 2],
      ['[u] ls -', 1],
      ['msgget(1', 0],
    ]);
  });

  it('gives a failed cat no content', () => {
    const ops = parseOutput('cat /proc/sysvipc/nope = -1 ENOENT (No such file or directory)\nmsgget(1, 000) = 0\n');
    expect(ops.map((o) => o.content.length)).toEqual([0, 0]);
  });
});

describe('compareOutputs', () => {
  it('accepts an identical output', () => {
    expect(compareOutputs(base, base)).toEqual([]);
  });

  it('accepts different non-zero pids and times in volatile columns', () => {
    let other = replace(base, msgRow('0', '10', '7167', '0', '1795980445', '0'), msgRow('0', '10', '99999', '0', '1795999999', '0'));
    other = replace(other, shmRow('100', '7167'), shmRow('100', '123456'));
    expect(compareOutputs(base, other)).toEqual([]);
  });

  it('detects a changed id in an operation line', () => {
    const other = replace(base, 'msgget(IPC_PRIVATE, 0600) = 0', 'msgget(IPC_PRIVATE, 0600) = 32768');
    expect(compareOutputs(base, other)).toEqual([
      {
        operation: 1,
        what: 'operation',
        expected: 'msgget(IPC_PRIVATE, 0600) = 0',
        actual: 'msgget(IPC_PRIVATE, 0600) = 32768',
      },
    ]);
  });

  it('detects a changed non-volatile column of a sysvipc row', () => {
    const other = replace(base, msgRow('0', '10', '7167', '0', '1795980445', '0'), msgRow('0', '11', '7167', '0', '1795980445', '0'));
    const diffs = compareOutputs(base, other);
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatchObject({ operation: 3, contentLine: 2, what: 'column cbytes: 10 vs 11' });
  });

  it('detects a zero/non-zero flip in a volatile column', () => {
    const other = replace(base, msgRow('0', '10', '7167', '0', '1795980445', '0'), msgRow('0', '10', '7167', '7167', '1795980445', '0'));
    expect(compareOutputs(base, other)).toMatchObject([{ operation: 3, contentLine: 2, what: 'column lrpid: zero vs non-zero' }]);
    const other2 = replace(base, shmRow('100', '7167'), shmRow('100', '0'));
    expect(compareOutputs(base, other2)).toMatchObject([{ operation: 4, contentLine: 2, what: 'column cpid: non-zero vs zero' }]);
  });

  it('detects a missing content line and the changed count', () => {
    const other = replace(base, `cat /proc/sysvipc/msg = 2\n${MSG_HEADER}\n${msgRow('0', '10', '7167', '0', '1795980445', '0')}\n`, `cat /proc/sysvipc/msg = 1\n${MSG_HEADER}\n`);
    expect(compareOutputs(base, other)).toMatchObject([
      { operation: 3, what: 'operation', expected: 'cat /proc/sysvipc/msg = 2', actual: 'cat /proc/sysvipc/msg = 1' },
      { operation: 3, contentLine: 2, what: 'missing line' },
    ]);
  });

  it('detects a missing final operation', () => {
    const other = base.split('\n').slice(0, -3).join('\n') + '\n';
    expect(compareOutputs(base, other)).toMatchObject([{ operation: 5, what: 'missing operation', actual: '' }]);
  });

  it('compares a sysvipc header exactly', () => {
    const other = replace(base, MSG_HEADER, MSG_HEADER.replace('msqid', 'msgid'));
    expect(compareOutputs(base, other)).toMatchObject([{ operation: 3, contentLine: 1, what: 'header' }]);
  });

  it('compares other content byte for byte, whitespace included', () => {
    const other = replace(base, '32000\t1024000000\t500\t32000', '32000 1024000000 500 32000');
    expect(compareOutputs(base, other)).toMatchObject([{ operation: 5, contentLine: 1, what: 'content' }]);
  });

  it('masks the volatile columns of a process-prefixed cat of /proc/sysvipc too', () => {
    const prefixed = (lspid: string) => `[reader] cat /proc/sysvipc/msg = 2\n${MSG_HEADER}\n${msgRow('0', '10', lspid, '0', '1795980445', '0')}\n`;
    expect(compareOutputs(prefixed('7167'), prefixed('4242'))).toEqual([]);
    expect(compareOutputs(prefixed('7167'), prefixed('0'))).toMatchObject([{ operation: 1, contentLine: 2, what: 'column lspid: non-zero vs zero' }]);
  });

  it('reports a pid that overflows its column width as equal when both are non-zero', () => {
    const wide = replace(base, msgRow('0', '10', '7167', '0', '1795980445', '0'), msgRow('0', '10', '1234567', '0', '1795980445', '0'));
    expect(compareOutputs(base, wide)).toEqual([]);
  });
});

describe('formatDifferences', () => {
  it('names the operation, the line and both sides', () => {
    const text = formatDifferences([{ operation: 3, contentLine: 2, what: 'column cbytes: 10 vs 11', expected: 'a', actual: 'b' }]);
    expect(text).toBe('op 3 line 2: column cbytes: 10 vs 11\n  expected: a\n  actual:   b');
  });

  it('cuts a long list after the limit', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ operation: i + 1, what: 'operation', expected: 'x', actual: 'y' }));
    expect(formatDifferences(many, 2).split('\n').pop()).toBe('... and 3 more differences');
  });
});
