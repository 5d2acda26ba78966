import { describe, expect, it } from 'vitest';
import { runWorkload } from '../run';

const run = (text: string) => runWorkload(text);

describe('shmat and shmdt in the language', () => {
  it('prints every successful shmat as ADDR(k) and shmdt of it by name; integers print as %#x', () => {
    const r = run('m = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\na = shmat(m, 0, SHM_RDONLY|SHM_EXEC)\nshmdt(a)\nshmdt(ADDR(1))\nshmdt(4096)\nshmat(m, 0x1001, SHM_RND|0x100000)');
    expect(r.output).toBe(
      [
        'shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 0',
        'shmat(0, 0, SHM_RDONLY|SHM_EXEC) = ADDR(1)',
        'shmdt(ADDR(1)) = 0',
        'shmdt(ADDR(1)) = -1 EINVAL (Invalid argument)',
        'shmdt(0x1000) = -1 EINVAL (Invalid argument)',
        'shmat(0, 0x1001, SHM_RND|0x100000) = ADDR(2)',
        '',
      ].join('\n'),
    );
  });

  it('a symbolic address in arithmetic, another call or a word is a workload error; so is ADDR(k) before the k-th shmat', () => {
    const base = 'm = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\na = shmat(m, 0, 0)\n';
    expect(run(base + 'shmdt(a + 1)').error?.code).toBe('symbolic_value');
    expect(run(base + 'shmctl(a, IPC_RMID)').error?.code).toBe('symbolic_value');
    expect(run(base + 'cat /proc/$a').error?.code).toBe('symbolic_value');
    const late = run(base + 'shmdt(ADDR(2))');
    expect(late.error).toMatchObject({ code: 'no_such_attachment', line: 3 });
    expect(late.exitCode).toBe(2);
  });

  it('a fixed address at or above 0x10000 is a workload error (after rounding), an unaligned one without SHM_RND the kernel EINVAL', () => {
    const base = 'm = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\n';
    expect(run(base + 'shmat(m, 0x10000, 0)').error?.code).toBe('fixed_address_out_of_range');
    expect(run(base + 'shmat(m, 0x10fff, SHM_RND)').error?.code).toBe('fixed_address_out_of_range');
    expect(run(base + 'shmat(m, 0x10001, 0)').output).toContain('shmat(0, 0x10001, 0) = -1 EINVAL (Invalid argument)');
  });

  it('a variable assigned again by another call stops being symbolic', () => {
    const r = run('m = shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)\na = shmat(m, 0, 0)\na = shmctl(m, IPC_RMID)\nshmctl(a, IPC_STAT, shm_nattch)');
    expect(r.error).toBeNull();
    expect(r.output).toContain('shmctl(0, IPC_STAT, shm_nattch) = 0 {shm_nattch=1}');
  });
});
