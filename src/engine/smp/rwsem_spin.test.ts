import { describe, expect, it } from 'vitest';
import { event_pop } from './event_queue';
import type { SmpMachine, SmpTask } from './machine';
import { rwsem } from './rwsem';
import { rspin_threshold_ns, spin_down, spin_timeout, spin_up } from './rwsem_spin';
import { machine } from './test_machine';

function events(m: SmpMachine): { time: number; task: number }[] {
  const out = [];
  for (let e = event_pop(m.queue); e !== null; e = event_pop(m.queue)) out.push(e);
  return out;
}

const SEM = 'sem';

describe('the 5.13–6.x rw-semaphore (kernel/locking/rwsem.c)', () => {
  it('spins on readers for (10 + readers / 2) µs, at most 25 µs (rwsem_rspin_threshold)', () => {
    expect([0, 1, 2, 30, 100].map(rspin_threshold_ns)).toEqual([10_000, 10_500, 11_000, 25_000, 25_000]);
  });

  it('takes a free semaphore on the fast path, for read by several tasks or for write by one', () => {
    const m = machine(3);
    expect(spin_down(m, m.tasks[0]!, SEM, false, 0)).not.toBeNull();
    expect(spin_down(m, m.tasks[1]!, SEM, false, 100)).not.toBeNull();
    expect(rwsem(m, SEM)).toMatchObject({ readers: 2, writer: -1, contended: 0 });
    spin_up(m, m.tasks[0]!, SEM, false, 200);
    spin_up(m, m.tasks[1]!, SEM, false, 300);
    expect(spin_down(m, m.tasks[2]!, SEM, true, 400)).not.toBeNull();
    expect(rwsem(m, SEM)).toMatchObject({ readers: 0, writer: 2, contended: 0, acquisitions: 3 });
  });

  it('a writer spins on a running writer and takes the semaphore when it is released, without sleeping', () => {
    const m = machine(2);
    const [a, b] = m.tasks as [SmpTask, SmpTask];
    spin_down(m, a, SEM, true, 0);
    expect(spin_down(m, b, SEM, true, 100)).toBeNull();
    expect(b.state).toBe('waiting');
    expect(rwsem(m, SEM).osq).toEqual([1]);
    const released = spin_up(m, a, SEM, true, 1000);
    const s = rwsem(m, SEM);
    expect(s.writer).toBe(1);
    expect(s.osq).toEqual([]);
    expect(b.state).toBe('running');
    // b continues when its own access of the line completes, after a's release
    const [e] = events(m);
    expect(e!.task).toBe(1);
    expect(e!.time).toBeGreaterThan(released);
    expect(m.cpus[1]!.spinning).toBeGreaterThan(0);
    expect(b.stats_sleeping).toBe(0);
  });

  it('a writer spinning on readers gives up at the threshold: it marks the semaphore non-spinnable and sleeps', () => {
    const m = machine(3);
    const [r, w, r2] = m.tasks as [SmpTask, SmpTask, SmpTask];
    spin_down(m, r, SEM, false, 0);
    expect(spin_down(m, w, SEM, true, 100)).toBeNull();
    const [timer] = events(m);
    // a timer event (task -1 - id) at the threshold for one reader
    expect(timer!.task).toBe(-1 - w.id);
    expect(timer!.time).toBeGreaterThan(100 + 10_500);
    expect(timer!.time).toBeLessThan(100 + 10_500 + 200);
    spin_timeout(m, w, timer!.time);
    const s = rwsem(m, SEM);
    expect(s.nonspinnable).toBe(true);
    expect(s.waiters).toEqual([{ task: w.id, write: true }]);
    expect(w.state).toBe('blocked');
    // another reader now queues: readers hold the semaphore and a writer waits
    expect(spin_down(m, r2, SEM, false, 20_000)).toBeNull();
    expect(s.waiters.map((x) => x.task)).toEqual([w.id, r2.id]);
    // the last reader's up_read wakes the writer at the head (not granted) and clears non-spinnable
    spin_up(m, r, SEM, false, 30_000);
    expect(s.nonspinnable).toBe(false);
    expect(w.state).toBe('running');
    expect(s.writer).toBe(-1);
    expect(s.waiters.map((x) => x.task)).toEqual([w.id, r2.id]);
  });

  it('a reader steals a free semaphore although a writer waits, and a woken writer that finds it taken sleeps again', () => {
    const m = machine(3);
    const [r, w, r2] = m.tasks as [SmpTask, SmpTask, SmpTask];
    spin_down(m, r, SEM, false, 0);
    spin_down(m, w, SEM, true, 100);
    spin_timeout(m, w, events(m)[0]!.time);
    spin_up(m, r, SEM, false, 30_000);
    // before the woken writer runs, a reader comes: the count shows waiters, but no one holds it
    expect(spin_down(m, r2, SEM, false, 30_500)).not.toBeNull();
    const s = rwsem(m, SEM);
    expect(s.readers).toBe(1);
    w.pc = 1;
    expect(spin_down(m, w, SEM, true, 32_000)).toBeNull();
    expect(w.state).toBe('blocked');
    expect(w.pc).toBe(0);
    // the reader leaves: the writer is woken again and, re-running its down_write, takes it
    spin_up(m, r2, SEM, false, 33_000);
    expect(spin_down(m, w, SEM, true, 40_000)).not.toBeNull();
    expect(s).toMatchObject({ writer: w.id, readers: 0, waiters: [] });
  });

  it('grants every waiting reader at once, even those queued behind a writer', () => {
    const m = machine(4);
    const [x, r1, wr, r2] = m.tasks as [SmpTask, SmpTask, SmpTask, SmpTask];
    spin_down(m, x, SEM, true, 0);
    const s = rwsem(m, SEM);
    s.nonspinnable = true;
    expect(spin_down(m, r1, SEM, false, 100)).toBeNull();
    expect(spin_down(m, wr, SEM, true, 200)).toBeNull();
    expect(spin_down(m, r2, SEM, false, 300)).toBeNull();
    expect(s.waiters.map((w) => w.task)).toEqual([r1.id, wr.id, r2.id]);
    spin_up(m, x, SEM, true, 1000);
    expect(s.readers).toBe(2);
    expect(s.waiters.map((w) => w.task)).toEqual([wr.id]);
    expect([r1.state, r2.state, wr.state]).toEqual(['running', 'running', 'blocked']);
  });
});
