/**
 * ipc/util.c's max_idx: the ≤4.16 walk of ipc_get_maxid, the 4.17–5.13
 * step-down in ipc_rmid and the 5.14+ binary search of ipc_search_maxidx.
 */
import { DOWN_FN } from '../ipc/events';
import type { MechanismRows, CodeContext } from '../table';

const maxidxVia = (c: CodeContext) => (c.removed ? [DOWN_FN[c.entry] ?? 'ipc_rmid', 'ipc_rmid'] : ['msgctl_info']);

/** The rows of the maxidx events (the maxidx mechanism). */
export const MAXIDX_ROWS = {
  maxidx_probe: {
    mechanism: 'maxidx',
    at: (ev, c) => ({
      fn: 'ipc_search_maxidx',
      line: 'probe',
      via: maxidxVia(c),
      why:
        ev.hit === null
          ? `Bit ${ev.bit}: idr_get_next(${ev.probe}) misses (no index at or above ${ev.probe}), so max_idx < ${ev.probe}: the bit stays 0${ev.bit === 0 ? '' : ' and the search goes on below'} (r = ${ev.r}${ev.bit === 0 ? `: max_idx is ${ev.r - 1}` : ''}).`
          : `Bit ${ev.bit}: idr_get_next(${ev.probe}) hits index ${ev.hit}, so max_idx ≥ ${ev.probe}: the bit is set${ev.bit === 0 ? '' : ' and the search goes on above'} (r = ${ev.r}${ev.bit === 0 ? `: max_idx is ${ev.r - 1}` : ''}).`,
    }),
  },
  maxidx_step: {
    mechanism: 'maxidx',
    at: (ev, c) =>
      c.config.ipc_maxidx === 'linear' && c.removed
        ? {
            fn: 'ipc_rmid',
            line: 'stepdown',
            via: [DOWN_FN[c.entry] ?? 'ipc_rmid'],
            why: ev.hit ? `Index ${ev.idx} is used: the step-down stops here.` : `Index ${ev.idx} is empty: one more step down.`,
          }
        : {
            fn: 'ipc_get_maxid',
            line: 'walk',
            via: ['msgctl_info'],
            why: ev.hit ? `Index ${ev.idx} is used: it is counted, and it is the highest so far.` : `Index ${ev.idx} is empty: the walk goes on until it has seen in_use objects.`,
          },
  },
  maxidx_result: {
    mechanism: 'maxidx',
    at: (ev, c) => {
      const why = `max_idx is now ${ev.max_idx}${ev.max_idx < 0 ? ' (no object left)' : ''}.`;
      if (c.config.ipc_maxidx === 'linear' && c.removed) return { fn: 'ipc_rmid', line: 'set', via: [DOWN_FN[c.entry] ?? 'ipc_rmid'], why };
      if (c.config.ipc_maxidx === 'none') return { fn: 'ipc_get_maxid', line: 'ret', via: ['msgctl_info'], why };
      return { fn: 'ipc_search_maxidx', line: 'ret', via: maxidxVia(c), why };
    },
  },
} satisfies MechanismRows<'maxidx'>;
