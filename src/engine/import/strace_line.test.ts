import { describe, expect, it } from 'vitest';
import { looksLikeStrace, parseStraceLine, splitCall } from './strace_line';

describe('parseStraceLine', () => {
  it('reads the pid of -o files and of [pid N] prefixes, and lines without one', () => {
    expect(parseStraceLine('9988  12:21:32.185046 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0')).toMatchObject({ kind: 'call', pid: 9988, name: 'msgget' });
    expect(parseStraceLine('[pid  9988] msgget(IPC_PRIVATE, 0600) = 0')).toMatchObject({ kind: 'call', pid: 9988, time: null });
    expect(parseStraceLine('msgget(IPC_PRIVATE, 0600) = 0')).toMatchObject({ kind: 'call', pid: null, time: null });
  });

  it('reads -t, -tt, -ttt and -r times in seconds, marking the clock forms', () => {
    expect(parseStraceLine('12:00:01 semget(0x1, 1, 0) = 0')).toMatchObject({ time: 43201, clock: true });
    expect(parseStraceLine('7 12:00:01.500000 semget(0x1, 1, 0) = 0')).toMatchObject({ pid: 7, time: 43201.5, clock: true });
    expect(parseStraceLine('1796127692.250000 semget(0x1, 1, 0) = 0')).toMatchObject({ pid: null, time: 1796127692.25, clock: false });
    expect(parseStraceLine('     0.000036 semget(0x1, 1, 0) = 0')).toMatchObject({ pid: null, time: 0.000036, clock: false });
  });

  it('splits unfinished and resumed calls and drops -T durations', () => {
    expect(parseStraceLine('9989  msgrcv(0,  <unfinished ...>')).toEqual({ kind: 'unfinished', pid: 9989, time: null, clock: false, name: 'msgrcv', text: 'msgrcv(0, ' });
    expect(parseStraceLine('9989  <... msgrcv resumed>{mtype=1, mtext="a"}, 4, 0, 0) = 1 <0.000012>')).toMatchObject({ kind: 'resumed', name: 'msgrcv', text: '{mtype=1, mtext="a"}, 4, 0, 0) = 1' });
  });

  it('reads exits, kills, signals and strace notes', () => {
    expect(parseStraceLine('12 +++ exited with 3 +++')).toMatchObject({ kind: 'exited', pid: 12, status: 3 });
    expect(parseStraceLine('12 +++ killed by SIGKILL +++')).toMatchObject({ kind: 'killed', signal: 'SIGKILL' });
    expect(parseStraceLine('12 --- SIGCHLD {si_signo=SIGCHLD} ---')).toMatchObject({ kind: 'signal' });
    expect(parseStraceLine('strace: Process 12 attached')).toMatchObject({ kind: 'note' });
  });

  it('is null for what strace does not print', () => {
    expect(parseStraceLine('Message queue id: 0')).toBeNull();
    expect(parseStraceLine('msgget(IPC_PRIVATE')).toBeNull();
    expect(parseStraceLine('')).toBeNull();
  });
});

describe('splitCall', () => {
  it('finds the closing parenthesis past strings and brackets', () => {
    expect(splitCall('msgsnd(0, {mtype=1, mtext=") = 1"}, 4, 0) = 0')).toEqual({ name: 'msgsnd', args: '0, {mtype=1, mtext=") = 1"}, 4, 0', result: '0' });
    expect(splitCall('shmat(0, NULL, 0) = 0x7f0000000000')).toMatchObject({ result: '0x7f0000000000' });
    expect(splitCall('msgctl(0, IPC_RMID, NULL')).toBeNull();
  });
});

describe('looksLikeStrace', () => {
  it('tells a log (or a console output) from a workload', () => {
    expect(looksLikeStrace('9988  12:21:32.185046 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\n9988  +++ exited with 0 +++\n')).toBe(true);
    expect(looksLikeStrace('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\nmsgctl(0, IPC_RMID) = 0\n')).toBe(true);
    expect(looksLikeStrace('q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(q, IPC_RMID)\n')).toBe(false);
    expect(looksLikeStrace('+++ exited with 0 +++\n')).toBe(false);
    expect(looksLikeStrace('')).toBe(false);
  });
});
