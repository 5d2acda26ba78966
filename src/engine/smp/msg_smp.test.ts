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
});
