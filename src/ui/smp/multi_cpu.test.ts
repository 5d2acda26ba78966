import { expect, test } from 'vitest';
import { isMultiCpuText } from './multi_cpu';

test('a workload with a cpus, duration, warmup or task declaration is multi-CPU', () => {
  expect(isMultiCpuText('cpus 1 x 2 x 1\nq = msgget(IPC_PRIVATE, IPC_CREAT|0600)')).toBe(true);
  expect(isMultiCpuText('duration 10 us\ntask t { forever { msgget(IPC_PRIVATE, 0) } }')).toBe(true);
  expect(isMultiCpuText('q = msgget(IPC_PRIVATE, IPC_CREAT|0600)')).toBe(false);
});

test('while a multi-CPU workload does not parse, its declaration lines still say so, comments do not', () => {
  expect(isMultiCpuText('cpus 1 x 2 x 1\nmsgget(')).toBe(true);
  expect(isMultiCpuText('# task t runs later\nmsgget(')).toBe(false);
  expect(isMultiCpuText('task = 3\nmsgget(')).toBe(false);
});
