import { describe, expect, it } from 'vitest';
import { newProbe } from './probe';
import { runWorkload } from './run';

// Expected outputs were recorded with linux-oracle/kernel_replay.py on Linux 6.18.

describe('runWorkload', () => {
  it('prints what Linux prints for the contract examples, loops, sysctls and devices', () => {
    const workload = `# the contract's examples, and loops
q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
repeat 3 { msgsnd(q, 1, 10, IPC_NOWAIT) }
msgrcv(q, 0, 4, IPC_NOWAIT)
for i in 0..3 { msgrcv($q, 0, 10, IPC_NOWAIT) }
msgrcv(q, 0, 10)
msgctl(q, IPC_RMID); msgctl(q, IPC_RMID)
semctl(0, 0, SEM_INFO)
echo 5 > /proc/sys/kernel/msgmni
echo 2147483648 > /proc/sys/kernel/msg_next_id
cat /proc/sys/kernel/msgmni
for n in 0..2 { ip link add type ifb }
ip link add name dummy$n type ifb
ip link del ifb9
ls -U /proc/net/dev_snmp6
`;
    const r = runWorkload(workload);
    expect(r.error).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(r.output).toBe(`msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgsnd(0, 1, 10, IPC_NOWAIT) = 0
msgsnd(0, 1, 10, IPC_NOWAIT) = 0
msgsnd(0, 1, 10, IPC_NOWAIT) = 0
msgrcv(0, 0, 4, IPC_NOWAIT) = -1 E2BIG (Argument list too long)
msgrcv(0, 0, 10, IPC_NOWAIT) = 10
msgrcv(0, 0, 10, IPC_NOWAIT) = 10
msgrcv(0, 0, 10, IPC_NOWAIT) = 10
msgrcv(0, 0, 10, 0) = -1 EINTR (Interrupted system call)
msgctl(0, IPC_RMID) = 0
msgctl(0, IPC_RMID) = -1 EINVAL (Invalid argument)
semctl(0, 0, SEM_INFO) = 0
echo 5 > /proc/sys/kernel/msgmni = 0
echo 2147483648 > /proc/sys/kernel/msg_next_id = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/msgmni = 1
5
ip link add type ifb = 0
ip link add type ifb = 0
ip link add dummy1 type ifb = 0
ip link del ifb9 = -1 ENODEV (No such device)
ls -U /proc/net/dev_snmp6 = 4
lo
ifb0
ifb1
dummy1
`);
    expect(r.steps).toBe(28); // 20 operations and 8 loop iterations
  });

  it('wraps odd argument values as Linux does', () => {
    const r = runWorkload(
      'msgget(0x100000000, 0)\nmsgget(-1, 0x100000|0644)\nq = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n' + 'msgrcv(q, 1, -1)\nmsgsnd(q, 0x10000000000000001, 0, IPC_NOWAIT)\nmsgctl(32769, MSG_STAT)\n',
    );
    expect(r.output).toBe(
      'msgget(IPC_PRIVATE, 000) = 0\n' +
        'msgget(0xffffffff, 0x100000|0644) = -1 ENOENT (No such file or directory)\n' +
        'msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1\n' +
        'msgrcv(1, 1, 18446744073709551615, 0) = -1 EINVAL (Invalid argument)\n' +
        'msgsnd(1, 1, 0, IPC_NOWAIT) = 0\n' +
        'msgctl(32769, MSG_STAT) = 1\n',
    );
  });

  it('a parse error runs nothing and exits 2', () => {
    const r = runWorkload('msgget(0, 0)\nrepeat 3\n');
    expect(r).toMatchObject({ output: '', exitCode: 2, steps: 0, error: { code: 'missing_block', line: 2, column: 1 } });
  });

  it('a run-time error keeps the output so far and exits 2', () => {
    const r = runWorkload('msgget(0, 0)\nmsgctl(q, IPC_RMID)\nmsgget(0, 0)');
    expect(r.output).toBe('msgget(IPC_PRIVATE, 000) = 0\n');
    expect(r).toMatchObject({ exitCode: 2, error: { code: 'undefined_variable', line: 2, column: 8 } });
  });

  it('a path nobody models is a run-time error, not a kernel error', () => {
    const r = runWorkload('cat /proc/cpuinfo');
    expect(r).toMatchObject({ output: '', exitCode: 2, error: { code: 'unmodeled_path', line: 1, column: 1 } });
  });

  it('counts costs into the given probe and honours maxSteps', () => {
    const probe = newProbe();
    const r = runWorkload('repeat 4 { msgget(IPC_PRIVATE, 0) }', { probe, maxSteps: 6 });
    expect(r.costs).toBe(probe.costs);
    expect(probe.costs.ipc_addid).toBe(3);
    // iteration, msgget, iteration, msgget, iteration, msgget: the fourth iteration is over budget
    expect(r.output.split('\n')).toHaveLength(4);
    expect(r).toMatchObject({ exitCode: 2, steps: 6, error: { code: 'step_limit' } });
  });

  it("reports the statements to the probe's tracer", () => {
    const kinds: string[] = [];
    const probe = newProbe((e) => {
      if (e.kind === 'stmt_begin' || e.kind === 'stmt_end') kinds.push(`${e.kind}:${e.line}`);
    });
    runWorkload('\nmsgget(IPC_PRIVATE, 0)', { probe });
    expect(kinds).toEqual(['stmt_begin:2', 'stmt_end:2']);
  });
});
