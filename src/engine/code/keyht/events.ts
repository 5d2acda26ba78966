/**
 * The key lookup of semget/shmget/msgget: the ≤4.13 walk over the IDR
 * (ipc/util.c's ipc_findkey) and the 4.14+ rhashtable (lib/rhashtable.c).
 */
import { DOWN_FN, NEW_FN } from '../ipc/events';
import type { MechanismRows } from '../table';

/** The rows of the keyht events (the keyht mechanism). */
export const KEYHT_ROWS = {
  ipc_findkey_step: {
    mechanism: 'keyht',
    at: (ev) => ({
      fn: 'ipc_findkey',
      line: ev.key === null ? 'walk' : 'compare',
      via: ['ipcget'],
      why:
        ev.key === null
          ? `Index ${ev.idx} is empty: the walk goes on.`
          : ev.match
            ? `The object at index ${ev.idx} has the key: the walk stops.`
            : `The object at index ${ev.idx} has key ${ev.key}, not this one: one more of in_use seen.`,
    }),
  },
  rht_bucket: {
    mechanism: 'keyht',
    at: (ev, c) =>
      ev.op === 'lookup'
        ? {
            fn: 'rhashtable_lookup_fast',
            line: 'hash',
            via: ['ipcget', 'ipc_findkey'],
            why: `jhash2 of key ${ev.key} with the table's seed picks bucket ${ev.bucket} of ${ev.size}, a chain of ${ev.chain}.`,
          }
        : ev.op === 'insert'
          ? {
              fn: 'rhashtable_insert_fast',
              line: 'head',
              via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget', 'ipc_addid'],
              why: `Key ${ev.key} goes to the head of bucket ${ev.bucket}, now a chain of ${ev.chain}.`,
            }
          : { fn: 'rhashtable_remove_fast', line: 'unlink', via: [DOWN_FN[c.entry] ?? 'ipc_rmid', 'ipc_rmid'], why: `Key ${ev.key} leaves bucket ${ev.bucket}, now a chain of ${ev.chain}.` },
  },
  rht_step: {
    mechanism: 'keyht',
    at: (ev) => ({
      fn: 'rhashtable_lookup_fast',
      line: 'compare',
      via: ['ipcget', 'ipc_findkey'],
      why: ev.match ? `Entry ${ev.pos} of bucket ${ev.bucket} has the key.` : `Entry ${ev.pos} of bucket ${ev.bucket} has key ${ev.key}: the chain goes on.`,
    }),
  },
  rht_rehash: {
    mechanism: 'keyht',
    at: (ev) => ({
      fn: 'rht_deferred_worker',
      line: ev.to > ev.from ? 'grow' : 'shrink',
      why:
        ev.to > ev.from
          ? `${ev.nelems} keys are above 75% of ${ev.from} buckets: the table doubles to ${ev.to}, ${ev.moved} entries rehashed with a new seed.`
          : `${ev.nelems} keys are below 30% of ${ev.from} buckets: the table shrinks to ${ev.to}, ${ev.moved} entries rehashed with a new seed.`,
    }),
  },
} satisfies MechanismRows<'keyht'>;
