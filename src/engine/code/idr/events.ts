/**
 * The IDR that numbers IPC objects: lib/idr.c over lib/radix-tree.c (4.11+)
 * and the idr_layer tree of 2.6.25 … 4.10. idrVia names the ipc/util.c
 * callers of each IDR operation from the statement and the operation so far.
 */
import type { IdrOp } from '../../trace';
import { DOWN_FN, NEW_FN } from '../ipc/events';
import type { FnName } from '../listings';
import { before, type MechanismRows, type CodeContext } from '../table';

/** The callers of an IDR operation `op`, from what the statement and the operation so far say. */
function idrVia(op: IdrOp, c: CodeContext): string[] {
  if (c.seq) return ['seq_read_iter', 'sysvipc_find_ipc'];
  switch (op) {
    case 'alloc':
    case 'replace':
      return ['ipcget', NEW_FN[c.entry] ?? 'ipcget', 'ipc_addid', ...(before(c.release, '5.1') ? [] : ['ipc_idr_alloc'])];
    case 'remove':
      return [DOWN_FN[c.entry] ?? 'ipc_rmid', 'ipc_rmid'];
    case 'get_next':
      return c.removed ? ['ipc_rmid', 'ipc_search_maxidx'] : ['msgctl_info', 'ipc_search_maxidx'];
    case 'find':
      if (c.config.ipc_findkey === 'walk' && NEW_FN[c.entry] !== undefined) return ['ipcget', 'ipc_findkey'];
      if (c.removed && c.config.ipc_maxidx === 'linear') return ['ipc_rmid'];
      if (c.info && c.config.ipc_maxidx === 'none') return ['ipc_get_maxid'];
      return ['ipc_obtain_object_check', 'ipc_obtain_object_idr'];
  }
}

const idrFn = (op: IdrOp): FnName => (op === 'alloc' ? 'idr_get_free' : op === 'find' ? 'idr_find' : op === 'get_next' ? 'idr_get_next' : op === 'remove' ? 'idr_remove' : 'idr_replace');
const layerFn = (op: IdrOp): FnName => (op === 'alloc' ? 'idr_get_empty_slot' : op === 'find' ? 'idr_layer_find' : op === 'get_next' ? 'idr_layer_get_next' : 'idr_layer_remove');
const layerVisitLine = (op: IdrOp): string => (op === 'alloc' ? 'sub_alloc' : op === 'remove' || op === 'replace' ? 'sub_remove' : 'descend');

/** The rows of the idr events (the idr mechanism). */
export const IDR_ROWS = {
  // --- radix-tree IDR ---------------------------------------------------------------
  idr_visit: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: idrFn(ev.op),
      line: ev.op === 'alloc' ? 'descend' : ev.op === 'get_next' ? 'chunk' : ev.op === 'find' ? 'descend' : 'lookup',
      via: idrVia(ev.op, c),
      why: `${ev.op === 'alloc' ? 'Looking for a free slot' : 'Looking the id up'}: node ${ev.node} (shift ${ev.shift}), slot ${ev.offset} is the one covering it.`,
    }),
  },
  idr_slot: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: idrFn(ev.op),
      line: ev.op === 'get_next' ? (ev.found ? 'found' : 'skip') : 'descend',
      via: idrVia(ev.op, c),
      why: ev.found ? `Slot ${ev.offset} of node ${ev.node} holds an entry: the search stops here.` : `Slot ${ev.offset} of node ${ev.node} is empty or reserved: the search moves on.`,
    }),
  },
  idr_grow: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_get_free', line: 'extend', via: idrVia('alloc', c), why: `The id is beyond what the tree covers, so a new root (node ${ev.node}, shift ${ev.shift}) goes on top.` }),
  },
  idr_shrink: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: 'idr_remove',
      line: 'delete',
      via: idrVia('remove', c),
      why: `The root has only its first slot in use, so node ${ev.node} (shift ${ev.shift}) is dropped and the tree gets shallower.`,
    }),
  },
  idr_node_new: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: 'idr_get_free',
      line: 'node',
      via: idrVia('alloc', c),
      why: `No node below ${ev.parent === null ? 'the root' : `node ${ev.parent}`} covers the id yet: node ${ev.node} is allocated (shift ${ev.shift}).`,
    }),
  },
  idr_node_free: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_remove', line: 'delete', via: idrVia('remove', c), why: `Node ${ev.node} holds nothing any more, so it is freed.` }),
  },
  idr_tag: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.free
        ? {
            fn: 'idr_remove',
            line: 'tag',
            via: idrVia('remove', c),
            why: `Slot ${ev.offset} of ${ev.node === null ? 'the root' : `node ${ev.node}`} is free again: its IDR_FREE bit is set, so later allocations look here.`,
          }
        : {
            fn: 'idr_alloc',
            line: 'store',
            via: idrVia('alloc', c),
            why: `No free slot is left below slot ${ev.offset} of ${ev.node === null ? 'the root' : `node ${ev.node}`}: its IDR_FREE bit is cleared so searches skip it.`,
          },
  },
  idr_store: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.entry === 'empty'
        ? { fn: 'idr_remove', line: 'clear', via: idrVia('remove', c), why: `Id ${ev.index} is removed: slot ${ev.offset} of node ${ev.node} becomes empty.` }
        : c.idrOp === 'replace'
          ? { fn: 'idr_replace', line: 'store', via: idrVia('replace', c), why: `The new object is installed at id ${ev.index}: until now the slot held a reserved NULL.` }
          : {
              fn: 'idr_alloc',
              line: 'store',
              via: idrVia('alloc', c),
              why: `Id ${ev.index} is taken: slot ${ev.offset} of node ${ev.node} now holds ${ev.entry === 'null' ? 'a reserved NULL (the object is installed later)' : 'the entry'}.`,
            },
  },
  idr_result: {
    mechanism: 'idr',
    at: (ev, c) => {
      const via = idrVia(ev.op, c);
      switch (ev.op) {
        case 'alloc':
          return { fn: 'idr_alloc', line: ev.ok ? 'ret' : 'full', via, why: ev.ok ? `The allocation returns id ${ev.index}.` : `No free id in the range: the allocation fails with ${ev.index}.` };
        case 'find':
          return { fn: 'idr_find', line: 'ret', via, why: ev.ok ? `Id ${ev.index} is found.` : `Nothing at id ${ev.index}: the lookup returns NULL.` };
        case 'get_next':
          return { fn: 'idr_get_next', line: ev.ok ? 'found' : 'none', via, why: ev.ok ? `The next used id is ${ev.index}.` : 'No used id at or after the start: NULL.' };
        case 'remove':
          return { fn: 'idr_remove', line: 'ret', via, why: ev.ok ? `Id ${ev.index} is removed.` : `Id ${ev.index} was not allocated.` };
        case 'replace':
          return { fn: 'idr_replace', line: ev.ok ? 'ret' : 'check', via, why: ev.ok ? `Id ${ev.index} now points to the new object.` : `Id ${ev.index} is free: -ENOENT.` };
      }
    },
  },

  // --- idr_layer IDR (2.6.25 … 4.10) ---------------------------------------------------
  idr_layer_visit: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: layerFn(ev.op),
      line: layerVisitLine(ev.op),
      via: idrVia(ev.op, c),
      why:
        ev.op === 'alloc'
          ? ev.offset >= 64
            ? `Layer ${ev.layer} (level ${ev.level}) has no free slot below the id: the search climbs.`
            : `Layer ${ev.layer} (level ${ev.level}): slot ${ev.offset} is the first with room (its bitmap bit is clear).`
          : `Layer ${ev.layer} (level ${ev.level}), slot ${ev.offset} leads to the id.`,
    }),
  },
  idr_layer_new: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_get_empty_slot', line: 'new', via: idrVia('alloc', c), why: `No layer below slot ${ev.offset} yet: layer ${ev.layer} (level ${ev.level}) comes off the free list.` }),
  },
  idr_layer_grow: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_get_empty_slot', line: 'grow', via: idrVia('alloc', c), why: `The id needs more levels: layer ${ev.layer} goes on top (${ev.layers} layers now).` }),
  },
  idr_layer_drop: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_layer_remove', line: 'drop', via: idrVia('remove', c), why: `The top layer holds only slot 0: layer ${ev.layer} is dropped (${ev.layers} layers left).` }),
  },
  idr_layer_release: {
    mechanism: 'idr',
    at: (ev, c) => ({
      fn: 'idr_layer_remove',
      line: 'free',
      via: idrVia('remove', c),
      why: ev.to === 'rcu' ? `Layer ${ev.layer} is empty: it is freed after an RCU grace period (readers may still walk it).` : `Layer ${ev.layer} is empty: it goes back to the free list.`,
    }),
  },
  idr_layer_prealloc: {
    mechanism: 'idr',
    at: (ev) => ({ fn: 'idr_pre_get', line: 'fill', via: ['ipc_addid'], why: `idr_pre_get fills the free list before the allocation (layer ${ev.layer}; ${ev.free_cnt} spare now).` }),
  },
  idr_layer_trim: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_layer_remove', line: 'trim', via: idrVia('remove', c), why: `The free list is over its limit: layer ${ev.layer} goes back to the slab (${ev.free_cnt} spare left).` }),
  },
  idr_layer_bit: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.full
        ? { fn: 'idr_get_empty_slot', line: 'bits', via: idrVia('alloc', c), why: `Slot ${ev.offset} of layer ${ev.layer} is now full: its bitmap bit is set so later searches skip it.` }
        : { fn: 'idr_layer_remove', line: 'sub_remove', via: idrVia('remove', c), why: `Slot ${ev.offset} of layer ${ev.layer} has room again: its bitmap bit is cleared.` },
  },
  idr_layer_store: {
    mechanism: 'idr',
    at: (ev, c) =>
      ev.entry === 'empty'
        ? { fn: 'idr_layer_remove', line: 'sub_remove', via: idrVia('remove', c), why: `Id ${ev.index} is removed from slot ${ev.offset} of layer ${ev.layer}.` }
        : { fn: 'idr_get_empty_slot', line: 'store', via: idrVia('alloc', c), why: `Id ${ev.index} is taken: slot ${ev.offset} of layer ${ev.layer}.` },
  },
  idr_layer_warning: {
    mechanism: 'idr',
    at: (ev, c) => ({ fn: 'idr_layer_remove', line: 'warn', via: idrVia('remove', c), why: `Id ${ev.id} is not allocated: idr_remove warns in the kernel log.` }),
  },
  idr_layer_result: {
    mechanism: 'idr',
    at: (ev, c) => {
      const via = idrVia(ev.op, c);
      if (ev.op === 'alloc') return { fn: 'idr_get_empty_slot', line: 'ret', via, why: ev.ok ? `The allocation returns id ${ev.index}.` : `The allocation fails with ${ev.index}.` };
      if (ev.op === 'find') return { fn: 'idr_layer_find', line: 'ret', via, why: ev.ok ? `Id ${ev.index} is found.` : `Nothing at id ${ev.index}.` };
      if (ev.op === 'get_next') return { fn: 'idr_layer_get_next', line: 'ret', via, why: ev.ok ? `The next used id is ${ev.index}.` : 'No used id at or after the start.' };
      return { fn: 'idr_layer_remove', line: ev.ok ? 'sub_remove' : 'warn', via, why: ev.ok ? `Id ${ev.index} is removed.` : `Id ${ev.index} was not allocated.` };
    },
  },
} satisfies MechanismRows<'idr'>;
