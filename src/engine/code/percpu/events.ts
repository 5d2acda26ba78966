/**
 * lib/percpu_counter.c (6.1+) and the atomic_t of ≤6.0 behind msg's
 * global counters (msg_bytes, msg_hdrs) and MSG_INFO's reads of them.
 */
import type { MechanismRows } from '../table';

/** The rows of the percpu events (the percpu mechanism). */
export const PERCPU_ROWS = {
  percpu_add: {
    mechanism: 'percpu',
    at: (ev, c) => ({
      fn: 'percpu_counter_add_batch',
      line: 'local',
      via: [c.entry === 'sys_msgrcv' ? 'do_msgrcv' : 'do_msgsnd', 'percpu_counter_add_local'],
      why: `${ev.counter} += ${ev.amount} on CPU ${ev.cpu}: below the batch, so only its cell changes (now ${ev.local}).`,
    }),
  },
  percpu_fold: {
    mechanism: 'percpu',
    at: (ev, c) => ({
      fn: 'percpu_counter_add_batch',
      line: 'fold',
      via: [c.entry === 'sys_msgrcv' ? 'do_msgrcv' : 'do_msgsnd', 'percpu_counter_add_local'],
      why: `CPU ${ev.cpu}'s cell would reach the batch: it is folded into the shared count (now ${ev.count}).`,
    }),
  },
  percpu_sum: { mechanism: 'percpu', at: (ev) => ({ fn: 'percpu_counter_sum', line: 'loop', via: ['msgctl_info'], why: `MSG_INFO sums ${ev.counter} over every CPU: ${ev.value}.` }) },
  atomic_add: {
    mechanism: 'percpu',
    at: (ev, c) =>
      c.entry === 'sys_msgrcv'
        ? { fn: 'do_msgrcv', line: 'remove', why: `${ev.counter} ${ev.amount < 0 ? '−' : '+'}= ${Math.abs(ev.amount)}: one locked add on the shared cache line (now ${ev.value}).` }
        : { fn: 'do_msgsnd', line: 'counters', why: `${ev.counter} += ${ev.amount}: one locked add on the shared cache line (now ${ev.value}).` },
  },
  atomic_read: { mechanism: 'percpu', at: (ev) => ({ fn: 'msgctl_info', line: 'counts', why: `MSG_INFO reads ${ev.counter}: ${ev.value}, one plain load.` }) },
} satisfies MechanismRows<'percpu'>;
