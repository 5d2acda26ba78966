import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compareOutputs, formatDifferences } from './compare';
import { listCorpus } from './corpus';
import { RECORDER, hostUnavailableReason, recordOnHost, recorderParseErrors } from './host';

const hostReason = hostUnavailableReason();
if (hostReason) console.warn(`conformance recorder: live tests SKIPPED: ${hostReason}`);

const hasPython = !spawnSync('python3', ['--version']).error;

function parseOnly(text: string): { status: number | null; stderr: string } {
  const r = spawnSync('python3', [RECORDER, '--parse-only', '-'], { input: text, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

/** A live test's title, saying why when it is skipped. */
const live = (title: string) => (hostReason ? `${title} (skipped: ${hostReason})` : title);

/** Records the committed workload `name` again and expects its committed output and exit status. */
function expectReproduced(name: string): void {
  const [entry] = listCorpus(name);
  expect(entry?.expected).toBeTruthy();
  const rec = recordOnHost(entry!.text);
  const differences = compareOutputs(entry!.expected!.output, rec.output);
  expect(differences.length, formatDifferences(differences)).toBe(0);
  expect(rec.exitCode).toBe(entry!.expected!.exitCode);
}

describe('the recorder, live on the host kernel', () => {
  for (const name of ['003-msg-allocator-trace', '050-zero-length-msgmnb4', '126-dev-snmp6-order']) {
    it.skipIf(hostReason !== null)(live(`still reproduces ${name}`), () => expectReproduced(name));
  }

  it.skipIf(hostReason !== null)(live('reports a blocking msgrcv as EINTR after the alarm'), () => {
    const rec = recordOnHost('q = msgget(IPC_PRIVATE, 0600)\nmsgrcv(q, 0, 10)\n');
    expect(rec.output).toBe('msgget(IPC_PRIVATE, 0600) = 0\nmsgrcv(0, 0, 10, 0) = -1 EINTR (Interrupted system call)\n');
    expect(rec.exitCode).toBe(0);
  });

  it.skipIf(hostReason !== null)(live('keeps the output before a runtime error and exits with 2'), () => {
    const rec = recordOnHost('msgget(IPC_PRIVATE, 0)\nmsgctl(x, IPC_STAT)\nmsgget(IPC_PRIVATE, 0)\n');
    expect(rec.output).toBe('msgget(IPC_PRIVATE, 000) = 0\n');
    expect(rec.exitCode).toBe(2);
    expect(rec.stderr).toContain("line 2: undefined variable 'x'");
  });
});

describe('the recorder, live: *ctl(id, IPC_SET)', () => {
  it.skipIf(hostReason !== null)(live('is IPC_STAT then IPC_SET, keeping mode 0640 where the numeric form clears it; IPC_SET in an expression is the constant 1 (part 2)'), () => {
    const rec = recordOnHost('q = msgget(IPC_PRIVATE, 0640)\nmsgctl(q, IPC_SET)\ncat /proc/sysvipc/msg\nmsgctl(q, 1)\ncat /proc/sysvipc/msg\nmsgctl(q, IPC_SET|0)\nshmctl(0, IPC_SET|0)\n');
    const lines = rec.output.split('\n');
    expect(lines[1]).toBe('msgctl(0, IPC_SET) = 0');
    expect(lines[4]!.trim().split(/ +/).slice(0, 3)).toEqual(['0', '0', '640']);
    expect(lines[5]).toBe('msgctl(0, IPC_SET) = 0');
    expect(lines[8]!.trim().split(/ +/).slice(0, 3)).toEqual(['0', '0', '0']);
    expect(lines.slice(9, 11)).toEqual(['msgctl(0, IPC_SET) = 0', 'shmctl(0, IPC_SET) = -1 EINVAL (Invalid argument)']);
    expect(rec.exitCode).toBe(0);
  });

  it.skipIf(hostReason !== null)(live('is the same pair for shmctl and semctl (semnum ignored): mode 0604 stays, the numeric form clears it'), () => {
    const rec = recordOnHost(
      's = shmget(IPC_PRIVATE, 100, 0604)\nm = semget(IPC_PRIVATE, 1, 0604)\nshmctl(s, IPC_SET)\nsemctl(m, 7, IPC_SET)\n' +
        'cat /proc/sysvipc/shm\ncat /proc/sysvipc/sem\nshmctl(s, 1)\nsemctl(m, 7, 1)\ncat /proc/sysvipc/shm\ncat /proc/sysvipc/sem\n',
    );
    const lines = rec.output.split('\n');
    const perms = (i: number) => lines[i]!.trim().split(/ +/)[2];
    expect(lines.slice(2, 4)).toEqual(['shmctl(0, IPC_SET) = 0', 'semctl(0, 7, IPC_SET) = 0']);
    expect([perms(6), perms(9)]).toEqual(['604', '604']);
    expect(lines.slice(10, 12)).toEqual(['shmctl(0, IPC_SET) = 0', 'semctl(0, 7, IPC_SET) = 0']);
    expect([perms(14), perms(17)]).toEqual(['0', '0']);
    expect(rec.exitCode).toBe(0);
  });
});

describe('the recorder, live: part 2 (processes, semop, shmat, payloads)', () => {
  for (const name of ['311-semop-update-queue-overtake', '321-undo-on-kill', '335-msg-pipelined-hand-off', '354-shm-dest-destroyed-at-exit', '362-creds-ipc-set-owner-creator']) {
    it.skipIf(hostReason !== null)(live(`still reproduces ${name}`), () => expectReproduced(name));
  }

  it.skipIf(hostReason !== null)(live('prints a sleeping call unfinished, resumes it when another process wakes it, and interrupts the rest at the end'), () => {
    const rec = recordOnHost('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@a semop(s, {0, -1})\n@b semop(s, {0, -1})\nsemop(s, {0, 1})\n');
    expect(rec.output).toBe(
      [
        'semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0',
        '[a] semop(0, {0, -1, 0}) <unfinished ...>',
        '[b] semop(0, {0, -1, 0}) <unfinished ...>',
        'semop(0, {0, 1, 0}) = 0',
        '[a] <... semop resumed> = 0',
        '[b] <... semop resumed> = -1 EINTR (Interrupted system call)',
        '',
      ].join('\n'),
    );
    expect(rec.exitCode).toBe(0);
  });

  it.skipIf(hostReason !== null)(live('keeps a single-process workload in the recorder itself: a sleeping semop is EINTR on its own line, GETPID is pid(main)'), () => {
    const rec = recordOnHost('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\nsemop(s, {0, -1})\nsemop(s, {0, 1})\nsemctl(s, 0, GETPID)\n');
    expect(rec.output.split('\n').slice(1, 4)).toEqual(['semop(0, {0, -1, 0}) = -1 EINTR (Interrupted system call)', 'semop(0, {0, 1, 0}) = 0', 'semctl(0, 0, GETPID) = pid(main)']);
  });
});

describe.skipIf(!hasPython)('the recorder parser (no kernel needed)', () => {
  it('accepts the language of every committed workload that is meant to parse', () => {
    const corpus = listCorpus().filter((e) => !['142-parse-error', '382-error-main-cannot-exit'].includes(e.name));
    const errors = recorderParseErrors(corpus.map((e) => e.text));
    expect(corpus.map((e, i) => [e.name, errors[i]]).filter(([, err]) => err !== null)).toEqual([]);
  });

  it.each([
    ['x = 5', 'cannot parse statement'],
    ['msgget(0, 08)', "bad octal literal '08'"],
    ['msgget(0, 0x)', 'trailing junk'],
    ['msgget(0)', 'msgget takes 2..2 arguments, got 1'],
    ['IPC_CREAT = msgget(0, 0)', 'cannot assign to constant IPC_CREAT'],
    ['repeat 2\nmsgget(0, 0)', 'repeat needs a { block }'],
    ['repeat 2 { msgget(0, 0)', 'missing }'],
    ['msgget(0, 0) }', 'unmatched }'],
    ['echo 1 > /proc/sys/kernel/hostname', 'refusing to write /proc/sys/kernel/hostname'],
    ['echo 1 > /proc/sys/kernel/../kernel/msgmni', 'refusing to write'],
    ['echo 1 > /proc/sys/kernel/msg$x', 'variable in sysctl path not allowed'],
    ['ip link set foo up', "unsupported ip command 'ip link set foo up'"],
    ['@main exit', 'main can neither exit nor be killed'],
    ['@main creds 1 1', 'main stays root'],
    ['@Bad msgget(0, 0)', 'bad process name @Bad'],
    ['@a', '@a needs a statement'],
    ['msgctl(0, IPC_STAT, msg_nonsense)', "unknown buffer field 'msg_nonsense'"],
    ['msgget("key", 0)', "a string is only allowed as msgsnd's message"],
    ['msgsnd(0, 1, "\\q", 0)', 'unknown escape \\q'],
    ['msgsnd(0, 1, "open, 0)', 'unterminated string'],
    ['semop(0, 1)', 'expected a sembuf'],
    ['semop(0, {1})', 'a sembuf has 2 or 3 fields'],
    ['msgctl(0, IPC_STAT, {1, 2})', 'unknown buffer field'],
    ['ADDR = shmat(0, 0, 0)', 'cannot assign to constant ADDR'],
  ])('rejects %j with exit status 2 before touching the kernel', (text, message) => {
    const r = parseOnly(`${text}\n`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
