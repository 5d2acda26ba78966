import { describe, expect, it } from 'vitest';
import { runWorkload } from '../run';

/** The output lines of a workload that must run to the end. */
function lines(text: string): string[] {
  const r = runWorkload(text);
  expect(r.error).toBeNull();
  return r.output.trimEnd().split('\n');
}

describe('buffer fields after a STAT or INFO command', () => {
  it('print in the order asked, from the kernel state, with modes in octal and times as T', () => {
    const out = lines('q = msgget(0x42, IPC_CREAT|0640)\nmsgsnd(q, 3, 10, 0)\nmsgctl(q, IPC_STAT, msg_qnum, msg_cbytes, mode, key, msg_stime, msg_rtime, msg_lspid, seq)');
    expect(out[2]).toBe(
      'msgctl(0, IPC_STAT, msg_qnum, msg_cbytes, mode, key, msg_stime, msg_rtime, msg_lspid, seq) = 0 {msg_qnum=1, msg_cbytes=10, mode=0640, key=0x42, msg_stime=T, msg_rtime=0, msg_lspid=pid(main), seq=0}',
    );
  });

  it('follow shmctl and semctl commands, and the INFO buffers of each call', () => {
    const out = lines(
      'm = shmget(IPC_PRIVATE, 5000, IPC_CREAT|0600)\ns = semget(IPC_PRIVATE, 3, IPC_CREAT|0600)\n' +
        'shmctl(m, SHM_STAT_ANY, shm_segsz, shm_nattch, shm_cpid)\nshmctl(0, SHM_INFO, used_ids, shm_tot, shm_rss)\nshmctl(0, IPC_INFO, shmmin, shmseg)\n' +
        'semctl(s, 0, IPC_STAT, sem_nsems, sem_otime)\nsemctl(0, 0, SEM_INFO, semusz, semaem)\nsemctl(0, 0, IPC_INFO, semusz, semaem, semvmx)\nmsgctl(0, MSG_INFO, msgpool, msgseg)',
    );
    expect(out.slice(2)).toEqual([
      'shmctl(0, SHM_STAT_ANY, shm_segsz, shm_nattch, shm_cpid) = 0 {shm_segsz=5000, shm_nattch=0, shm_cpid=pid(main)}',
      'shmctl(0, SHM_INFO, used_ids, shm_tot, shm_rss) = 0 {used_ids=1, shm_tot=2, shm_rss=0}',
      'shmctl(0, IPC_INFO, shmmin, shmseg) = 0 {shmmin=1, shmseg=4096}',
      'semctl(0, 0, IPC_STAT, sem_nsems, sem_otime) = 0 {sem_nsems=3, sem_otime=0}',
      'semctl(0, 0, SEM_INFO, semusz, semaem) = 0 {semusz=1, semaem=3}',
      'semctl(0, 0, IPC_INFO, semusz, semaem, semvmx) = 0 {semusz=20, semaem=32767, semvmx=32767}',
      'msgctl(0, MSG_INFO, msgpool, msgseg) = 0 {msgpool=0, msgseg=65535}',
    ]);
  });

  it('print nothing after a failed call', () => {
    expect(lines('msgctl(5, IPC_STAT, msg_qnum)')).toEqual(['msgctl(5, IPC_STAT, msg_qnum) = -1 EINVAL (Invalid argument)']);
  });
});

describe('IPC_SET with named fields', () => {
  it("starts from the object's own buffer, so unnamed fields keep their values", () => {
    const out = lines(
      'q = msgget(IPC_PRIVATE, IPC_CREAT|0640)\nmsgctl(q, IPC_SET, msg_qbytes=100)\nmsgctl(q, IPC_STAT, msg_qbytes, mode, uid)\nmsgctl(q, IPC_SET, uid=7, mode=01777)\nmsgctl(q, IPC_STAT, msg_qbytes, mode, uid)',
    );
    expect(out.slice(1)).toEqual([
      'msgctl(0, IPC_SET, msg_qbytes=100) = 0',
      'msgctl(0, IPC_STAT, msg_qbytes, mode, uid) = 0 {msg_qbytes=100, mode=0640, uid=0}',
      'msgctl(0, IPC_SET, uid=7, mode=01777) = 0',
      'msgctl(0, IPC_STAT, msg_qbytes, mode, uid) = 0 {msg_qbytes=100, mode=0777, uid=7}',
    ]);
  });

  it('prints the values in their C types and refuses (uid_t)-1 with EINVAL', () => {
    const out = lines('s = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\nsemctl(s, 0, IPC_SET, uid=-1)\nshmctl(7, IPC_SET, mode=-1)');
    expect(out.slice(1)).toEqual(['semctl(0, 0, IPC_SET, uid=4294967295) = -1 EINVAL (Invalid argument)', 'shmctl(7, IPC_SET, mode=037777777777) = -1 EINVAL (Invalid argument)']);
  });
});

describe('buffer field errors', () => {
  const error = (text: string) => {
    const r = runWorkload(text);
    return r.error === null ? null : [r.error.code, r.error.line, r.error.column, r.exitCode];
  };

  it('an unknown field name is a parse error at the field', () => {
    expect(error('msgctl(0, IPC_STAT, msg_bogus)')).toEqual(['unknown_field', 1, 21, 2]);
  });

  it('a field the command does not fill, a field to print without a STAT or INFO command, a setting outside IPC_SET or beside a field to print', () => {
    expect(error('msgctl(0, IPC_STAT, shm_nattch)')).toEqual(['unknown_field', 1, 21, 2]);
    expect(error('msgctl(0, IPC_RMID, msg_qnum)')).toEqual(['fields_need_stat', 1, 1, 2]);
    expect(error('msgctl(0, IPC_STAT, mode=0600)')).toEqual(['bad_field_setting', 1, 1, 2]);
    expect(error('msgctl(0, IPC_SET, mode=0600, uid)')).toEqual(['bad_field_setting', 1, 1, 2]);
    expect(error('shmctl(0, IPC_SET, msg_qbytes=5)')).toEqual(['bad_field_setting', 1, 20, 2]);
  });

  it('semctl takes either its union argument or fields, and a second creds is a workload error', () => {
    expect(error('semctl(0, 0, IPC_STAT, 1, sem_nsems)')).toEqual(['fields_with_union', 1, 1, 2]);
    expect(error('semctl(0, 0, SETVAL, 1, sem_nsems)')).toEqual(['fields_need_stat', 1, 1, 2]);
    expect(error('@u creds 1000 1000\n@u creds 1000 1000')).toEqual(['second_creds', 2, 1, 2]);
  });
});
