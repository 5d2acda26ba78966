/**
 * The multi-CPU model (src/engine/smp): not kernel code, so no file.
 */
import type { CodeListing } from '../listings';

export const SMP_LISTINGS = {
  smp_machine: {
    name: 'the multi-CPU model',
    file: null,
    lines: [
      ['cpu', 'a CPU runs, spins, stalls or idles for an interval'],
      ['line', 'a cache line moves to the CPU that touches it'],
      ['lock', 'a task waits for, takes or releases a lock'],
      ['op', 'one system call of a task, from entry to exit'],
      ['wake', 'a task wakes another'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
