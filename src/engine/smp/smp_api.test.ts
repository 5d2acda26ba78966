import { describe, expect, test } from 'vitest';
import { configForChoice } from '../kernel_choice';
import { runWorkload } from '../run';
import { MACHINES } from './constants';
import { runSmpWorkload } from './smp_api';

const PING_PONG = `cpus 1 x 2 x 1
warmup 10 us
duration 100 us
a = msgget(1, IPC_CREAT|0600)
b = msgget(2, IPC_CREAT|0600)
task ping on 0 { forever { msgsnd(a, 1, 8); msgrcv(b, 0, 8) } }
task pong on 1 { forever { msgrcv(a, 0, 8); msgsnd(b, 1, 8) } }
`;

describe('runSmpWorkload', () => {
  const reply = runSmpWorkload(PING_PONG, { preset: '6.0' });
  if (!reply.ok) throw new Error(reply.error.message);
  const d = reply.data;

  test('gives the result and output runWorkload gives for the same text and kernel', () => {
    const ref = runWorkload(PING_PONG, { config: configForChoice({ preset: '6.0' }) });
    expect(d.result).toEqual(ref.smp);
    expect(d.output + d.summary).toBe(ref.output);
    expect(d.output).toBe('msgget(0x1, IPC_CREAT|0600) = 0\nmsgget(0x2, IPC_CREAT|0600) = 1\n');
  });

  test("bins cover the measured window and add up to each CPU's busy times", () => {
    expect(d.bins.t0).toBe(10_000);
    expect(d.bins.width * d.bins.count).toBe(100_000);
    expect(d.bins.cpus).toBe(2);
    for (const c of d.result.cpus) {
      for (const s of ['running', 'spinning', 'stalled'] as const) {
        const sum = d.bins[s].slice(c.cpu * d.bins.count, (c.cpu + 1) * d.bins.count).reduce((a, b) => a + b, 0);
        expect(sum).toBeCloseTo(c[s], 6);
      }
    }
  });

  test('line moves and lock events are those of the measured window, complete to its end when under the cap', () => {
    expect(d.lineMoves.length).toBeGreaterThan(0);
    expect(d.lockEvents.length).toBeGreaterThan(0);
    expect(d.lineMoves.every((e) => e.t >= 10_000)).toBe(true);
    expect(d.detail_end).toBe(110_000);
  });

  test('capped events end the detail at the first event left out', () => {
    const capped = runSmpWorkload(PING_PONG, { preset: '6.0' }, { eventLimit: 10 });
    if (!capped.ok) throw new Error(capped.error.message);
    expect(capped.data.lineMoves).toEqual(d.lineMoves.slice(0, 10));
    expect(capped.data.lockEvents).toEqual(d.lockEvents.slice(0, 10));
    expect(capped.data.detail_end).toBe(Math.min(d.lineMoves[10]!.t, d.lockEvents[10]!.t));
  });

  test('reports progress in simulated time up to the end of the run', () => {
    const seen: [number, number][] = [];
    runSmpWorkload(PING_PONG, { preset: '6.0' }, {}, (t, end) => seen.push([t, end]));
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every(([t, end]) => end === 110_000 && t <= end)).toBe(true);
  });

  test('runs with the machine constants overridden, as runWorkload does with the same overrides', () => {
    const slow = runSmpWorkload(PING_PONG, { preset: '6.0' }, { constants: ['syscall=10000', 'ipc_ns_offset=32'] });
    if (!slow.ok) throw new Error(slow.error.message);
    expect(slow.data.result.constants).toEqual({ ...MACHINES.icelake, syscall: 10000, ipc_ns_offset: 32 });
    expect(d.result.constants).toEqual(MACHINES.icelake);
    expect(slow.data.result.throughput).toBeLessThan(d.result.throughput);
    const ref = runWorkload(PING_PONG, { config: configForChoice({ preset: '6.0' }), smpConstants: { syscall: 10000, ipc_ns_offset: 32 } });
    expect(slow.data.result).toEqual(ref.smp);
  });

  test('refuses a bad constant override with a message naming it, at no place in the workload', () => {
    const cases: [string[], RegExp][] = [
      [['syscall=fast'], /^Machine constants: syscall needs a number ≥ 0 \(ns\), got "fast"$/],
      [['sycall=10'], /^Machine constants: each needs NAME=VALUE with NAME one of l1_hit, .*ipc_ns_offset; got "sycall=10"$/],
      [['syscall=1', 'ipc_ns_offset=12'], /^Machine constants: ipc_ns_offset needs a multiple of 8 from 0 to 56/],
    ];
    for (const [constants, message] of cases) {
      const r = runSmpWorkload(PING_PONG, { preset: '6.0' }, { constants });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.message).toMatch(message);
      expect(r.error).toMatchObject({ code: 'bad_declaration', start: 0, end: 0 });
      expect(r.output).toBe('');
    }
  });

  test('refuses a one-CPU workload and reports parse errors', () => {
    const one = runSmpWorkload('q = msgget(IPC_PRIVATE, IPC_CREAT|0600)', {});
    expect(one.ok).toBe(false);
    const bad = runSmpWorkload('cpus 1 x 2 x 1\nmsgget(', {});
    expect(bad.ok ? null : bad.error.line).toBe(2);
  });
});
