import { expect, test } from 'vitest';
import { defaultLaneMode, lanes, laneTimes, stackedBar } from './lanes';

const result = {
  topology: { sockets: 2, cores: 1, threads: 2 },
  cpus: [
    { cpu: 0, socket: 0, running: 10, spinning: 20, stalled: 30, idle: 40 },
    { cpu: 1, socket: 1, running: 1, spinning: 0, stalled: 0, idle: 99 },
    { cpu: 2, socket: 0, running: 50, spinning: 0, stalled: 0, idle: 50 },
    { cpu: 3, socket: 1, running: 0, spinning: 0, stalled: 0, idle: 100 },
  ],
};

test('one lane per CPU, or per socket with the CPUs of that socket', () => {
  expect(lanes(result, 'cpu').map((l) => l.cpus)).toEqual([[0], [1], [2], [3]]);
  expect(lanes(result, 'socket')).toEqual([
    { key: 'socket0', label: 'socket 0 (2 CPUs)', cpus: [0, 2] },
    { key: 'socket1', label: 'socket 1 (2 CPUs)', cpus: [1, 3] },
  ]);
});

test('more than 32 CPUs start aggregated by socket', () => {
  expect(defaultLaneMode(32, 2)).toBe('cpu');
  expect(defaultLaneMode(160, 2)).toBe('socket');
  expect(defaultLaneMode(64, 64)).toBe('cpu');
});

test("a socket lane adds its CPUs' times and the bar stacks them over the capacity", () => {
  const t = laneTimes(result, lanes(result, 'socket')[0]!);
  expect(t).toEqual({ running: 60, spinning: 20, stalled: 30, idle: 90 });
  expect(stackedBar(t, 200)).toEqual([
    { state: 'running', x0: 0, x1: 0.3, ns: 60 },
    { state: 'spinning', x0: 0.3, x1: 0.4, ns: 20 },
    { state: 'stalled', x0: 0.4, x1: 0.55, ns: 30 },
    { state: 'idle', x0: 0.55, x1: 1, ns: 90 },
  ]);
});
