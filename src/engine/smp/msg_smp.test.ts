import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../presets';
import { runWorkload } from '../run';

function smp(text: string, kernel: string) {
  const c = resolveConfig(kernel);
  if (!c.ok) throw new Error(c.message);
  const r = runWorkload(text, { config: c.config });
  if (r.error !== null) throw new Error(`${r.error.line}:${r.error.column}: ${r.error.message}`);
  return r.smp!;
}

const LOOP = (cmd: string) => `cpus 1\nwarmup 0 us\nduration 100 us\nq = msgget(1, IPC_CREAT|0600)\ntask t { repeat 10 { msgctl(q, ${cmd}) } }\n`;

describe('the msgctl paths of the multi-CPU model', () => {
  for (const kernel of ['6.0', '2.6.25']) {
    it(`on ${kernel}, msgctl(q, IPC_SET) takes the queue lock twice (IPC_STAT, then IPC_SET) and the ids rwsem once for write`, () => {
      const r = smp(LOOP('IPC_SET'), kernel);
      expect(r.results['msgctl ok']).toBe(10);
      expect(r.locks.find((l) => l.lock === 'msq:0.lock')!.acquisitions).toBe(20);
      const sem = r.locks.find((l) => l.lock === 'msg_ids' && l.kind === 'rwsem')!;
      // 2.6.25's lookup of the IPC_STAT half also takes the rwsem, for read
      expect(sem.acquisitions).toBe(kernel === '6.0' ? 10 : 20);
    });
  }

  it('IPC_STAT alone takes the queue lock once and, on 6.0, no rwsem', () => {
    const r = smp(LOOP('IPC_STAT'), '6.0');
    expect(r.results['msgctl ok']).toBe(10);
    expect(r.locks.find((l) => l.lock === 'msq:0.lock')!.acquisitions).toBe(10);
    expect(r.locks.find((l) => l.lock === 'msg_ids' && l.kind === 'rwsem')).toBeUndefined();
  });

  it('a failed msgctl(id, IPC_SET) costs only its IPC_STAT: no queue lock, no rwsem on 6.0', () => {
    const r = smp('cpus 1\nduration 20 us\ntask t { forever { msgctl(5, IPC_SET) } }\n', '6.0');
    expect(r.results['msgctl EINVAL']).toBeGreaterThan(0);
    expect(r.locks.find((l) => l.lock === 'msg_ids' && l.kind === 'rwsem')).toBeUndefined();
  });

  it('on 6.1, MSG_INFO sums each counter under its own lock after up_read; on 6.0 it reads the atomic line under the rwsem', () => {
    const events: string[] = [];
    const c = resolveConfig('6.1');
    if (!c.ok) throw new Error(c.message);
    const text = 'cpus 4\nwarmup 0 us\nduration 100 us\nq = msgget(1, IPC_CREAT|0600)\ntask t { msgctl(q, MSG_INFO) }\n';
    const r = runWorkload(text, {
      config: c.config,
      probe: {
        costs: runWorkload('').costs,
        mark: null,
        trace: (e) => {
          if (e.kind === 'smp_lock' && e.op === 'release') events.push(e.lock);
        },
      },
    });
    expect(events).toEqual(['msg_ids', 'msg_hdrs.lock', 'msg_bytes.lock']);
    // each sum reads every CPU's slot
    expect(r.smp!.lines.filter((l) => l.line.startsWith('percpu:')).map((l) => l.accesses)).toEqual([2, 2, 2, 2]);
    const old = smp(text, '6.0');
    expect(old.lines.find((l) => l.line === 'ns.msg_counters')!.accesses).toBe(1);
    expect(old.locks.map((l) => l.lock)).toEqual(['msg_ids']);
  });

  it('an unknown command, and an IPC_STAT whose lookup fails, take no lock', () => {
    const r = smp('cpus 1\nwarmup 0 us\nduration 100 us\nq = msgget(1, IPC_CREAT|0600)\ntask t { msgctl(q, 0xffff); msgctl(q, -1); msgctl(-1, IPC_STAT); msgctl(q | 0x7f000000, IPC_STAT) }\n', '6.1');
    expect(r.results).toEqual({ 'msgctl EINVAL': 4 });
    expect(r.locks).toEqual([]);
  });

  it('MSG_STAT takes the lock of the queue at that index, whose id differs from the index once seq moved', () => {
    const r = smp('cpus 1\nwarmup 0 us\nduration 100 us\nfor i in 0..3 { msgget(i + 1, IPC_CREAT|0600) }\nmsgctl(1, IPC_RMID)\nmsgget(9, IPC_CREAT|0600)\ntask t { msgctl(1, MSG_STAT) }\n', '2.6.25');
    expect(r.results).toEqual({ 'msgctl ok': 1 });
    expect(r.locks.map((l) => l.lock).filter((l) => l.startsWith('msq:'))).toEqual(['msq:32769.lock']);
  });
});

describe('a task asleep in msgsnd or msgrcv keeps its wait in its kernel TaskStruct (msg_wait), as the processes of part 2 do', () => {
  // s fills the queue (2 × 8192 bytes = msgmnb) and sleeps in its third msgsnd; k removes the queue meanwhile
  const RMID =
    'cpus 2\nwarmup 0 us\nduration 200 us\nq = msgget(1, IPC_CREAT|0600)\ntask s on 0 { msgsnd(q, 1, 8192); msgsnd(q, 1, 8192); msgsnd(q, 1, 8) }\ntask k on 1 { repeat 20 { msgctl(q, IPC_STAT) }; msgctl(q, IPC_RMID) }\n';

  it('a sender asleep on a full queue that IPC_RMID removes returns EIDRM (freeque woke it with -EIDRM), not the EINVAL of a new lookup', () => {
    const r = smp(RMID, '6.18');
    expect(r.results['msgsnd EIDRM']).toBe(1);
    expect(r.results['msgsnd EINVAL']).toBeUndefined();
  });

  it('a receiver asleep in msgrcv when the queue goes returns EIDRM without another pass', () => {
    const r = smp(
      'cpus 2\nwarmup 0 us\nduration 200 us\nq = msgget(1, IPC_CREAT|0600)\ntask r on 0 { msgrcv(q, 0, 8) }\ntask k on 1 { repeat 20 { msgctl(q, IPC_STAT) }; msgctl(q, IPC_RMID) }\n',
      '6.18',
    );
    expect(r.results['msgrcv EIDRM']).toBe(1);
  });
});

describe('msg_wakeup on the multi-CPU model: where msgsnd wakes the receiver it hands a message to', () => {
  const PING =
    'cpus 2\nwarmup 0 us\nduration 30 us\na = msgget(1, IPC_CREAT|0600)\nb = msgget(2, IPC_CREAT|0600)\ntask ping on 0 { forever { msgsnd(a, 1, 8); msgrcv(b, 0, 8) } }\ntask pong on 1 { forever { msgrcv(a, 0, 8); msgsnd(b, 1, 8) } }\n';
  /** the first wake-up of pong and the queue-lock events of ping's msgsnd around it: acquire, release and wake in time order */
  function order(wakeup: string): string[] {
    const c = resolveConfig('6.18', [['msg_wakeup', wakeup]]);
    if (!c.ok) throw new Error(c.message);
    const seen: string[] = [];
    let done = false;
    runWorkload(PING, {
      config: c.config,
      probe: {
        costs: runWorkload('').costs,
        mark: null,
        trace: (e) => {
          if (done) return;
          if (e.kind === 'smp_lock' && e.lock === 'msq:0.lock' && e.task === 0 && e.op !== 'wait') seen.push(e.op);
          if (e.kind === 'smp_wake' && e.task === 1) seen.push('wake');
          if (e.kind === 'smp_lock' && e.lock === 'msq:0.lock' && e.op === 'release' && seen.includes('wake')) done = true;
        },
      },
    });
    return seen.slice(-3);
  }

  it('4.9+ (wake_q): after the queue lock is released; < 4.9 (locked): while ping still holds it', () => {
    expect(order('wake_q')).toEqual(['acquire', 'release', 'wake']);
    expect(order('locked')).toEqual(['acquire', 'wake', 'release']);
  });
});
