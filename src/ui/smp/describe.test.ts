import { expect, test } from 'vitest';
import { describeTimeline, formatNs } from './describe';

test('formatNs picks ns, µs, ms or s and drops trailing zeros', () => {
  expect(formatNs(0)).toBe('0 ns');
  expect(formatNs(999)).toBe('999 ns');
  expect(formatNs(1000)).toBe('1 µs');
  expect(formatNs(1234.5)).toBe('1.23 µs');
  expect(formatNs(999_999)).toBe('1 ms');
  expect(formatNs(1_000_000)).toBe('1 ms');
  expect(formatNs(2_500_000)).toBe('2.5 ms');
  expect(formatNs(2e9)).toBe('2 s');
});

test('describeTimeline names the window, the CPU time shares, the busiest lock and the line followed', async () => {
  const { runSmpWorkload } = await import('../../engine/smp/smp_api');
  const reply = runSmpWorkload('cpus 1 x 2 x 1\nduration 20 us\na = msgget(1, IPC_CREAT|0600)\ntask p on 0 { forever { msgsnd(a, 1, 8) } }\ntask c on 1 { forever { msgrcv(a, 0, 8) } }', {});
  if (!reply.ok) throw new Error(reply.error.message);
  const d = reply.data;
  const lock = d.result.locks[0]!;
  const text = describeTimeline(d, 2, 'lane', { running: 30, spinning: 10, stalled: 10, idle: 50 }, [5_000, 15_000], 'msq:0.lock', 7);
  expect(text).toBe(
    'Timeline of 2 CPUs in 2 lanes, from 5 µs to 15 µs of the measured 20 µs. ' +
      'CPU time shown: running 30%, spinning 10%, stalled on cache lines 10%, idle 50%. ' +
      `Lock ${lock.lock} (${lock.kind}): ${lock.acquisitions} acquisitions, ${lock.contended} contended, ${formatNs(lock.wait_ns)} waited in the whole run. ` +
      'Cache line msq:0.lock: 7 moves between CPUs in the window.',
  );
});
