import { describe, expect, it } from 'vitest';
import { runWorkload } from '../run';
import { compareExpectations } from './expect';
import { importStrace } from './strace';

const one = (text: string, order?: 'end' | 'start') => importStrace([{ name: 'log', text }], order === undefined ? {} : { order });
const code = (text: string): string[] =>
  one(text)
    .workload.split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'));

describe('importStrace: processes and order', () => {
  it('makes one @p<PID> process per pid and a single-process log a plain workload', () => {
    expect(code('7 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\n8 msgctl(0, IPC_RMID, NULL) = 0\n8 +++ exited with 0 +++\n')).toEqual([
      '@p7 msgget(IPC_PRIVATE, IPC_CREAT|0600)  # expect: = 0',
      '@p8 msgctl(0, IPC_RMID)  # expect: = 0',
      '@p8 exit',
    ]);
    expect(code('msgget(0x2a, 0600) = -1 ENOENT (No such file or directory)\n')).toEqual(['msgget(0x2a, 0600)  # expect: = -1 ENOENT']);
  });

  it('joins unfinished and resumed halves and places a call where it ended, or where it started with order start', () => {
    const log = [
      '1 semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0',
      '1 semop(0, [{sem_num=0, sem_op=-1, sem_flg=0}], 1 <unfinished ...>',
      '2 semctl(0, 0, GETVAL, NULL) = 0',
      '1 <... semop resumed>) = 0',
      '',
    ].join('\n');
    expect(code(log).map((l) => l.slice(0, 12))).toEqual(['@p1 semget(I', '@p2 semctl(0', '@p1 semop(0,']);
    expect(
      one(log, 'start')
        .workload.split('\n')
        .filter((l) => l.startsWith('@'))
        .map((l) => l.slice(0, 12)),
    ).toEqual(['@p1 semget(I', '@p1 semop(0,', '@p2 semctl(0']);
  });

  it('puts a sender in flight before the receiver that took its message, so the model needs no sleeping receiver', () => {
    const log = [
      '1 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0',
      '1 msgsnd(0, {mtype=1, mtext="a"}, 1, 0 <unfinished ...>',
      '2 msgrcv(0, {mtype=1, mtext="a"}, 1, 0, 0) = 1',
      '1 <... msgsnd resumed>) = 0',
      '',
    ].join('\n');
    const r = one(log);
    expect(r.workload).toMatch(/msgsnd[^\n]*\n@p2 msgrcv/);
    const run = runWorkload(r.workload);
    expect(run.error).toBeNull();
    expect(compareExpectations(r.workload, run.output, false)).toEqual({ checked: 3, differences: [], notRun: 0 });
  });

  it('merges -ff files by time, taking the pid from the file name', () => {
    const r = importStrace([
      { name: 'x.20', text: '10:00:00.000002 msgctl(0, IPC_RMID, NULL) = 0\n10:00:00.000003 +++ exited with 0 +++\n' },
      { name: 'x.10', text: '10:00:00.000001 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\n10:00:00.000004 +++ exited with 0 +++\n' },
    ]);
    expect(r.workload.split('\n').filter((l) => l.startsWith('@'))).toEqual([
      '@p10 msgget(IPC_PRIVATE, IPC_CREAT|0600)  # expect: = 0',
      '@p20 msgctl(0, IPC_RMID)  # expect: = 0',
      '@p20 exit',
      '@p10 exit',
    ]);
    expect(r.processes).toEqual(['p10', 'p20']);
  });

  it('adds up -r times per file before merging', () => {
    const r = importStrace([
      { name: 'y.1', text: '     0.000001 msgget(0x1, IPC_CREAT|0600) = 0\n     0.000005 msgget(0x3, IPC_CREAT|0600) = 2\n' },
      { name: 'y.2', text: '     0.000004 msgget(0x2, IPC_CREAT|0600) = 1\n' },
    ]);
    expect(r.calls.map((c) => c.expect)).toEqual(['= 0', '= 1', '= 2']);
  });
});

describe('importStrace: calls', () => {
  it('writes sembufs, timeouts and semctl values as the language has them', () => {
    expect(
      code(
        [
          '1 semtimedop(0, [{sem_num=0, sem_op=-1, sem_flg=SEM_UNDO}, {sem_num=1, sem_op=1, sem_flg=IPC_NOWAIT}], 2, {tv_sec=0, tv_nsec=10000}) = 0',
          '1 semtimedop(0, [{sem_num=0, sem_op=1, sem_flg=0}], 1, NULL) = 0',
          '1 semctl(0, 0, SETVAL, 0x1) = 0',
          '1 semctl(0, 0, SETALL, [1, 2]) = 0',
          '1 semctl(0, 0, GETALL, 0x7ffe0000) = 0',
          '1 semctl(0, 0, GETPID, NULL) = 1',
          '1 semctl(0, 0, GETPID, NULL) = 99',
        ].join('\n'),
      ),
    ).toEqual([
      '@p1 semtimedop(0, 10000, {0, -1, SEM_UNDO}, {1, 1, IPC_NOWAIT})  # expect: = 0',
      '@p1 semop(0, {0, 1, 0})  # expect: = 0  (semtimedop without a timeout)',
      '@p1 semctl(0, 0, SETVAL, 1)  # expect: = 0',
      '@p1 semctl(0, 0, SETALL, {1, 2})  # expect: = 0',
      '@p1 semctl(0, 0, GETALL)  # expect: = 0',
      '@p1 semctl(0, 0, GETPID)  # expect: = pid(p1)',
      '@p1 semctl(0, 0, GETPID)  # expect: = pid(?)',
    ]);
  });

  it('keeps a semtimedop above the 100 ms limit as semop, or shortened when it timed out', () => {
    const [a, b] = code(
      [
        '1 semtimedop(0, [{sem_num=0, sem_op=-1, sem_flg=0}], 1, {tv_sec=1, tv_nsec=0}) = 0',
        '1 semtimedop(0, [{sem_num=0, sem_op=-1, sem_flg=0}], 1, {tv_sec=1, tv_nsec=0}) = -1 EAGAIN (Resource temporarily unavailable)',
      ].join('\n'),
    );
    expect(a).toMatch(/^@p1 semop\(0, \{0, -1, 0\}\) {2}# expect: = 0 {2}\(timeout 1000000000 ns/);
    expect(b).toMatch(/^@p1 semtimedop\(0, 100000000, \{0, -1, 0\}\) {2}# expect: = -1 EAGAIN/);
  });

  it('folds sembufs strace cut short only when the rest cannot matter', () => {
    const same = `[${Array(32).fill('{sem_num=0, sem_op=1, sem_flg=0}').join(', ')}, ...]`;
    expect(code(`1 semop(0, ${same}, 600) = -1 E2BIG (Argument list too long)`)[0]).toMatch(/^@p1 semop\(0, \{0, 1, 0\} x 600\)/);
    const mixed = '[{sem_num=0, sem_op=1, sem_flg=0}, {sem_num=1, sem_op=1, sem_flg=0}, ...]';
    expect(code(`1 semop(0, ${mixed}, 4294967295) = -1 E2BIG (Argument list too long)`)[0]).toMatch(/\{1, 1, 0\} x 1048574\)/);
    const r = one(`1 semop(0, ${mixed}, 300) = 0`);
    expect(r.calls).toEqual([]);
    expect(r.workload).toMatch(/# log:1 \[p1\] not replayed \(strace showed 2 of 300 different sembufs/);
  });

  it('writes message types and sizes, flags and commands by name, the rest as numbers', () => {
    expect(
      code(
        [
          '1 msgget(0x200, IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0xfffff000|0777) = 1',
          '1 msgsnd(1, {mtype=7, mtext="abc"...}, 100, IPC_NOWAIT) = 0',
          '1 msgrcv(1, {mtype=7, mtext=""}, 100, -7, MSG_COPY|IPC_NOWAIT) = 100',
          '1 msgctl(1, IPC_64|0xfeff /* MSG_??? */, 0x7ffc) = -1 EINVAL (Invalid argument)',
          '1 msgctl(1, MSG_STAT_ANY, {msg_perm={uid=0}}) = 0',
          '1 shmget(IPC_PRIVATE, 2097152, IPC_CREAT|SHM_HUGETLB|21<<SHM_HUGE_SHIFT|0600) = -1 ENOMEM (Cannot allocate memory)',
        ].join('\n'),
      ),
    ).toEqual([
      '@p1 msgget(0x200, IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0xfffff1ff)  # expect: = 1',
      '@p1 msgsnd(1, 7, 100, IPC_NOWAIT)  # expect: = 0',
      '@p1 msgrcv(1, -7, 100, MSG_COPY|IPC_NOWAIT)  # expect: = 100',
      '@p1 msgctl(1, 65535)  # expect: = -1 EINVAL',
      '@p1 msgctl(1, MSG_STAT_ANY)  # expect: = 0',
      '@p1 shmget(IPC_PRIVATE, 2097152, IPC_CREAT|0x54000980)  # expect: = -1 ENOMEM',
    ]);
  });

  it('maps attach addresses to ADDR(k) per process and refuses fixed addresses the replayer cannot reproduce', () => {
    const r = one(
      [
        '1 shmat(0, NULL, 0) = 0x7f0000000000',
        '1 shmat(0, NULL, SHM_RDONLY) = 0x7f0000100000',
        '2 shmdt(0x7f0000000000) = -1 EINVAL (Invalid argument)',
        '1 shmdt(0x7f0000000000) = 0',
        '1 shmdt(0x7f0000000000) = -1 EINVAL (Invalid argument)',
        '1 shmat(0, 0x7f0000000000, SHM_REMAP) = 0x7f0000000000',
        '1 shmat(0, 0x1001, SHM_RND) = 0x1000',
      ].join('\n'),
    );
    expect(r.workload.split('\n').filter((l) => l.startsWith('@'))).toEqual([
      '@p1 shmat(0, 0, 0)  # expect: = ADDR(1)',
      '@p1 shmat(0, 0, SHM_RDONLY)  # expect: = ADDR(2)',
      '@p2 shmdt(0x7f0000000000)  # expect: = -1 EINVAL',
      '@p1 shmdt(ADDR(1))  # expect: = 0',
      '@p1 shmdt(0x7f0000000000)  # expect: = -1 EINVAL',
      '@p1 shmat(0, 0x1001, SHM_RND)  # expect: = ADDR(3)',
    ]);
    expect(r.workload).toMatch(/not replayed \(the fixed address 0x7f0000000000 is above 0x10000/);
  });

  it('writes IPC_SET as stat-then-set, saying what the program passed', () => {
    expect(code('1 semctl(0, 0, IPC_SET, {sem_perm={uid=5, gid=0, mode=0600}}) = 0')).toEqual([
      '@p1 semctl(0, 0, IPC_SET)  # expect: = 0  (IPC_SET {sem_perm={uid=5, gid=0, mode=0600}} replayed as stat-then-set (current values))',
    ]);
    expect(one('1 shmctl(0, IPC_SET, NULL) = -1 EFAULT (Bad address)').calls).toEqual([]);
  });
});

describe('importStrace: bad and cut input', () => {
  it('reports lines that are not strace output with their line numbers and goes on', () => {
    const r = one('Message queue id: 0\n1 msgget(IPC_PRIVATE, 0600) = 0\n<b>not strace</b>\n');
    expect(r.diagnostics.map((d) => [d.line, d.message.slice(0, 23)])).toEqual([
      [1, 'not strace output, skip'],
      [3, 'not strace output, skip'],
    ]);
    expect(r.calls).toHaveLength(1);
  });

  it('imports a log cut inside a call: the call is expected never to return, and a resumed half without its start is skipped', () => {
    const r = one('1 semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0\n2 <... semop resumed>) = 0\n1 semop(0, [{sem_num=0, sem_op=-1, sem_flg=0}], 1 <unfinished ...>\n1 semop(0, [{sem');
    expect(r.calls.map((c) => c.expect)).toEqual(['= 0', '<unfinished ...>']);
    expect(r.diagnostics.map((d) => d.line)).toEqual([2, 4]);
    const run = runWorkload(r.workload);
    expect(run.error).toBeNull();
    expect(compareExpectations(r.workload, run.output, false)).toMatchObject({ checked: 2, differences: [] });
  });

  it('keeps a call strace could not finish (`= ?`) unchecked, and kills and exits as process statements', () => {
    const r = one('1 semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0\n2 semctl(0, 0, GETVAL, NULL) = ?\n2 +++ killed by SIGKILL +++\n1 +++ exited with 1 +++\n');
    expect(r.workload.split('\n').filter((l) => l.startsWith('@'))).toEqual([
      '@p1 semget(IPC_PRIVATE, 1, IPC_CREAT|0600)  # expect: = 0',
      '@p2 semctl(0, 0, GETVAL)  # expect: ? (not recorded)',
      '@p2 kill',
      '@p1 exit  # exited with 1',
    ]);
    const run = runWorkload(r.workload);
    expect(compareExpectations(r.workload, run.output, false)).toMatchObject({ checked: 1, differences: [] });
  });
});

describe('importStrace: other system calls', () => {
  it('keeps the calls of -e trace=ipc,openat,... as comments that say so, and counts them', () => {
    const r = one('1 openat(AT_FDCWD, "/proc/sysvipc/msg", O_RDONLY) = 3\n1 msgget(IPC_PRIVATE, 0600) = 0\n1 read(3, "       key      msqid perms"..., 4096) = 200\n');
    expect(r.calls).toHaveLength(1);
    expect(r.skipped).toBe(2);
    expect(r.workload).toMatch(/^# log:1 \[p1\] openat\(AT_FDCWD, "\/proc\/sysvipc\/msg", O_RDONLY\) = 3 {2}\(not a SysV IPC call\)$/m);
  });
});
