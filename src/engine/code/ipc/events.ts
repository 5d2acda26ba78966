/**
 * ipc/util.c: how an IPC object gets its index and id, is found by key and
 * is removed. NEW_FN / DOWN_FN name the mechanism's creator and its
 * IPC_RMID path for each entry; the IDR, key and max_idx rows use them too.
 */
import { before, type EntryFn, type MechanismRows } from '../table';

/** The function that makes a new object, per entry (ipcget calls it). */
export const NEW_FN: Partial<Record<EntryFn, string>> = { sys_msgget: 'newque', sys_shmget: 'newseg', sys_semget: 'newary' };
/** The function that removes one (IPC_RMID), per entry. */
export const DOWN_FN: Partial<Record<EntryFn, string>> = { sys_msgctl: 'msgctl_down', sys_shmctl: 'shmctl_down', sys_semctl: 'semctl_down' };

/** The rows of the ipc events (the ipc mechanism). */
export const IPC_ROWS = {
  ipc_idr_alloc: {
    mechanism: 'ipc',
    at: (ev, c) =>
      before(c.release, '5.1')
        ? { fn: 'ipc_addid', line: 'alloc', via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget'], why: ev.idx < 0 ? `No index is free: ${ev.idx}.` : `The lowest free index, ${ev.idx}, is taken.` }
        : {
            fn: 'ipc_idr_alloc',
            line: ev.next_id >= 0 ? 'fixed' : ev.seq_bump ? 'bump' : 'cyclic',
            via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget', 'ipc_addid'],
            why:
              ev.next_id >= 0
                ? `The *_next_id sysctl asks for id ${ev.next_id}: index ${ev.idx} exactly, then the sysctl resets to -1.`
                : ev.seq_bump
                  ? `The cyclic search wrapped to index ${ev.idx} (not above the last one), so the sequence number goes up to ${ev.seq}.`
                  : `The cyclic search takes index ${ev.idx}, the first free one after the last allocated (below ${ev.window}).`,
          },
  },
  ipc_addid: {
    mechanism: 'ipc',
    at: (ev, c) => ({ fn: 'ipc_addid', line: 'seq', via: ['ipcget', NEW_FN[c.entry] ?? 'ipcget'], why: `Index ${ev.idx} with sequence ${ev.seq} makes the id ${ev.id} (seq × ipc_mni + idx).` }),
  },
  ipc_findkey: {
    mechanism: 'ipc',
    at: (ev) => ({
      fn: 'ipc_findkey',
      line: ev.id === null ? 'ret' : 'lookup',
      via: ['ipcget'],
      why: ev.id === null ? `No ${ev.ipc} object has key ${ev.key}: a new one is created if IPC_CREAT is set.` : `Key ${ev.key} is already id ${ev.id}.`,
    }),
  },
  ipc_rmid: {
    mechanism: 'ipc',
    at: (ev, c) => ({
      fn: 'ipc_rmid',
      line: 'in_use',
      via: [DOWN_FN[c.entry] ?? 'ipc_rmid'],
      why: `The ${ev.ipc} object at index ${ev.idx} is removed: in_use goes down${c.config.ipc_maxidx === 'none' ? '' : ', and if it was the highest max_idx must be refreshed'}.`,
    }),
  },
} satisfies MechanismRows<'ipc'>;
