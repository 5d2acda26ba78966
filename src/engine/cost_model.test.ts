import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASELINE_A_COUNTS, BASELINE_B_COUNTS, COST_NS, modeledNs } from './cost_model';
import { DEFAULT_CONFIG } from './config';
import { COST_NAMES } from './probe';
import { runSweepPoint } from './sweep';

const READ_MSG = 'echo 32768 > /proc/sys/kernel/msgmni\nrepeat $N { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n#@measure\ncat /proc/sysvipc/msg\n';

describe('the cost model', () => {
  it('prices every counter with a finite, non-negative number of nanoseconds', () => {
    for (const n of COST_NAMES) expect(COST_NS[n] >= 0 && Number.isFinite(COST_NS[n])).toBe(true);
  });

  it('was calibrated on what the engine counts for baselines (a) and (b), and reproduces them', () => {
    const shm = runSweepPoint(readFileSync('public/examples/000-sysvipc-find-ipc.ipc', 'utf8'), DEFAULT_CONFIG, 'N', 32768);
    const msg = runSweepPoint(READ_MSG, DEFAULT_CONFIG, 'N', 32768);
    for (const [name, n] of Object.entries(BASELINE_A_COUNTS)) expect([name, shm.costs[name as keyof typeof shm.costs]]).toEqual([name, n]);
    for (const [name, n] of Object.entries(BASELINE_B_COUNTS)) expect([name, msg.costs[name as keyof typeof msg.costs]]).toEqual([name, n]);
    // kernel-baselines.md: 32.27 ms and 17.36 ms (read loop, 128 KiB buffer); sysctl write excluded by #@measure
    expect(shm.ns / 1e6).toBeCloseTo(32.27, 2);
    expect(msg.ns / 1e6).toBeCloseTo(17.36, 2);
  });

  it('modeledNs is the dot product of counters and prices', () => {
    const costs = Object.fromEntries(COST_NAMES.map((n) => [n, 0])) as Parameters<typeof modeledNs>[0];
    costs.syscalls = 2;
    costs.idr_find = 10;
    expect(modeledNs(costs)).toBe(2 * COST_NS.syscalls + 10 * COST_NS.idr_find);
  });
});
