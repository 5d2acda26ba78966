import { describe, expect, it } from 'vitest';
import { to_int, to_long, to_size_t } from './ctype';
import { formatCall, formatCmd, formatGetFlags, formatKey, formatLine, formatMsgFlags } from './format';

// Expected texts are those kernel_replay.py printed on Linux 6.18 for the same arguments.

describe('C type wrapping', () => {
  it('to_int wraps modulo 2^32 into the signed range', () => {
    expect(to_int(0x100000000n)).toBe(0);
    expect(to_int(0x80000000n)).toBe(-2147483648);
    expect(to_int(0x7fffffffn)).toBe(2147483647);
    expect(to_int(-1n)).toBe(-1);
    expect(to_int(-0x80000001n)).toBe(2147483647);
    expect(to_int((1n << 100n) + 5n)).toBe(5);
  });

  it('to_long wraps modulo 2^64 into the signed range', () => {
    expect(to_long(0x10000000000000001n)).toBe(1n);
    expect(to_long(0x8000000000000000n)).toBe(-9223372036854775808n);
    expect(to_long(-0x8000000000000000n)).toBe(-9223372036854775808n);
  });

  it('to_size_t wraps modulo 2^64 into the unsigned range', () => {
    expect(to_size_t(-1n)).toBe(18446744073709551615n);
    expect(to_size_t(-4096n)).toBe(18446744073709547520n);
    expect(to_size_t(1n << 64n)).toBe(0n);
  });
});

describe('canonical argument text', () => {
  it('a key is IPC_PRIVATE for 0, else %#x of its 32 bits', () => {
    expect(formatKey(0)).toBe('IPC_PRIVATE');
    expect(formatKey(-1)).toBe('0xffffffff');
    expect(formatKey(0x1234)).toBe('0x1234');
    expect(formatKey(-2147483648)).toBe('0x80000000');
    expect(formatKey(0x7fffffff)).toBe('0x7fffffff');
  });

  it('get flags name IPC_CREAT, IPC_EXCL, IPC_NOWAIT, then other bits, then the mode as %#03o', () => {
    expect(formatGetFlags(0)).toBe('000');
    expect(formatGetFlags(1)).toBe('001');
    expect(formatGetFlags(0o7)).toBe('007');
    expect(formatGetFlags(0o1600)).toBe('IPC_CREAT|0600');
    expect(formatGetFlags(0o3000)).toBe('IPC_CREAT|IPC_EXCL|000');
    expect(formatGetFlags(0x100000 | 0o644)).toBe('0x100000|0644');
    expect(formatGetFlags(0x80000000 | 0o7777)).toBe('IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0x80000000|0777');
    expect(formatGetFlags(-1)).toBe('IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0xfffff000|0777');
  });

  it('msg flags name IPC_NOWAIT, MSG_NOERROR, MSG_EXCEPT, MSG_COPY, then other bits; 0 when none', () => {
    expect(formatMsgFlags(0)).toBe('0');
    expect(formatMsgFlags(0o4000)).toBe('IPC_NOWAIT');
    expect(formatMsgFlags(0o4000 | 0o10000 | 0o20000 | 0x40000)).toBe('IPC_NOWAIT|MSG_NOERROR|MSG_EXCEPT|0x40000');
    expect(formatMsgFlags(-1)).toBe('IPC_NOWAIT|MSG_NOERROR|MSG_EXCEPT|MSG_COPY|0xffff87ff');
    expect(formatMsgFlags(0o44000)).toBe('IPC_NOWAIT|MSG_COPY');
    expect(formatMsgFlags(1)).toBe('0x1');
  });

  it('a command is named for its family, else printed as a signed number', () => {
    expect(formatCmd('msg_cmd', 13)).toBe('MSG_STAT_ANY');
    expect(formatCmd('shm_cmd', 13)).toBe('SHM_STAT');
    expect(formatCmd('sem_cmd', 13)).toBe('GETALL');
    expect(formatCmd('sem_cmd', 21)).toBe('21');
    expect(formatCmd('msg_cmd', 1)).toBe('IPC_SET');
    expect(formatCmd('msg_cmd', 14)).toBe('14');
    expect(formatCmd('shm_cmd', 3)).toBe('IPC_INFO');
    expect(formatCmd('sem_cmd', 20)).toBe('SEM_STAT_ANY');
    expect(formatCmd('msg_cmd', -1)).toBe('-1');
  });
});

describe('canonical call text', () => {
  it('prints every parameter by its kind', () => {
    expect(formatCall('msgrcv', [4, 1n, 18446744073709551615n, 0])).toBe('msgrcv(4, 1, 18446744073709551615, 0)');
    expect(formatCall('msgrcv', [4, -9223372036854775808n, 9223372036854775807n, 0o4000 | 0o10000 | 0o20000 | 0x40000])).toBe(
      'msgrcv(4, -9223372036854775808, 9223372036854775807, IPC_NOWAIT|MSG_NOERROR|MSG_EXCEPT|0x40000)',
    );
    expect(formatCall('shmget', [-2147483648, 18446744073709547520n, 0o1000 | 0x200000 | 0o600])).toBe('shmget(0x80000000, 18446744073709547520, IPC_CREAT|0x200000|0600)');
    expect(formatCall('semget', [0x7fffffff, -2147483648, 0])).toBe('semget(0x7fffffff, -2147483648, 000)');
    expect(formatCall('semctl', [-2147483648, -1, 20])).toBe('semctl(-2147483648, -1, SEM_STAT_ANY)');
  });

  it('a line is TEXT = RESULT with the errno name and message on failure', () => {
    expect(formatLine('msgctl(3, IPC_RMID)', -22)).toBe('msgctl(3, IPC_RMID) = -1 EINVAL (Invalid argument)\n');
    expect(formatLine('semctl(0, 0, SEM_INFO)', 1)).toBe('semctl(0, 0, SEM_INFO) = 1\n');
  });
});
