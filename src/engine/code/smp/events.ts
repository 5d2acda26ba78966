/**
 * The multi-CPU model (src/engine/smp): not kernel code, one row per kind of
 * thing the simulated machine does.
 */
import type { MechanismRows } from '../table';

/** The rows of the smp events (the smp mechanism). */
export const SMP_ROWS = {
  smp_cpu: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'cpu', why: `CPU ${ev.cpu} is ${ev.state} from ${ev.t0} to ${ev.t1} ns.` }) },
  smp_line: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'line', why: `${ev.line} moves to CPU ${ev.to} (${ev.how}, ${ev.ns} ns).` }) },
  smp_lock: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'lock', why: `Task ${ev.task} on CPU ${ev.cpu}: ${ev.op} ${ev.lock}.` }) },
  smp_op: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'op', why: `Task ${ev.task}: ${ev.text} = ${ev.result}.` }) },
  smp_wake: { mechanism: 'smp', at: (ev) => ({ fn: 'smp_machine', line: 'wake', why: `Task ${ev.from_task} wakes task ${ev.task}.` }) },
} satisfies MechanismRows<'smp'>;
