import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSweep, runSweepJob, sweepConfigs, type SweepJob, type SweepPoint, type SweepSpec } from './sweep';
import { nextJob, runSweepParallel, sweepOrder } from './sweep_parallel';

const configs = sweepConfigs(['6.0', '6.1'], []);
if (!configs.ok) throw new Error(configs.message);
const spec: SweepSpec = { text: readFileSync('public/examples/000-sysvipc-find-ipc.ipc', 'utf8'), variable: 'N', values: [8, 16, 32, 64], configs: configs.configs };
const key = (j: SweepJob) => `${spec.configs[j.series]!.label} N=${spec.values[j.index]}`;

describe('handing out the points of a parallel sweep', () => {
  it('starts with the largest values, and then the configuration whose points take longest', () => {
    const order = sweepOrder(spec);
    expect(order.map(key)).toEqual(['6.0 N=64', '6.1 N=64', '6.0 N=32', '6.1 N=32', '6.0 N=16', '6.1 N=16', '6.0 N=8', '6.1 N=8']);
    // nothing timed yet: sweepOrder's first
    expect(nextJob(order.slice(2), [], 0, spec.values)).toBe(0);
    // 6.0 N=64 took 830 ms; 6.1 N=64 has run as long and is not done: 6.1 looks longer
    const handed = [
      { job: order[0]!, start: 0, end: 830 },
      { job: order[1]!, start: 0, end: null },
    ];
    expect(key(order.slice(2)[nextJob(order.slice(2), handed, 830, spec.values)]!)).toBe('6.1 N=32');
    // both done, 6.0's the longer: 6.0 first again
    handed[1]!.end = 500;
    expect(key(order.slice(2)[nextJob(order.slice(2), handed, 900, spec.values)]!)).toBe('6.0 N=32');
  });

  it('gives the serial sweep result, whatever the order the points finish in', async () => {
    // two workers on a simulated clock: a point handed out at t finishes at t + cost(job)
    let now = 0;
    const pending: { job: SweepJob; at: number; finish: () => void }[] = [];
    const handed: string[] = [];
    const runner = (job: SweepJob) =>
      new Promise<SweepPoint>((resolve) => {
        handed.push(key(job));
        pending.push({ job, at: now + cost(job), finish: () => resolve(runSweepJob(spec, job)) });
      });
    const result = runSweepParallel(spec, [runner, runner], undefined, undefined, () => now);
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    while (pending.length > 0) {
      pending.sort((a, b) => a.at - b.at);
      const p = pending.shift()!;
      now = p.at;
      p.finish();
      await settle();
    }
    expect(await result).toEqual(runSweep(spec));
    // once 6.1's first point is seen to run long, 6.1's next points go before 6.0's (each looks like its nearest timed one)
    expect(handed).toEqual(['6.0 N=64', '6.1 N=64', '6.1 N=32', '6.1 N=16', '6.0 N=32', '6.1 N=8', '6.0 N=16', '6.0 N=8']);
  });
});

/** Simulated run time of a point: every 6.1 point takes three times as long as the 6.0 point of its value. */
function cost(job: SweepJob): number {
  return spec.values[job.index]! * (job.series === 1 ? 3 : 1);
}
