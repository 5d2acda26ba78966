/**
 * fs/proc/generic.c: registering and removing /proc entries (the ≤3.18
 * list, the 3.19+ rb-tree) and reading a directory.
 */
import type { MechanismRows } from '../table';

/** The rows of the procfs events (the procfs mechanism). */
export const PROCFS_ROWS = {
  list_step: {
    mechanism: 'procfs',
    at: (ev) => ({ fn: 'proc_register', line: 'walk', why: `Before 3.19 every registration compares the new name with each entry of the list: here ${ev.key}.` }),
  },
  proc_register: {
    mechanism: 'procfs',
    at: (ev, c) => ({
      fn: 'proc_register',
      line: c.config.proc_dir === 'list' ? 'link' : 'insert',
      why: `/proc/${ev.dir}/${ev.name} is registered (inode ${ev.low_ino})${c.config.proc_dir === 'list' ? ', at the head of the list' : ' in the rb-tree'}.`,
    }),
  },
  proc_remove: { mechanism: 'procfs', at: (ev) => ({ fn: 'remove_proc_entry', line: 'unlink', why: `/proc/${ev.dir}/${ev.name} goes with its device.` }) },
  proc_warn: { mechanism: 'procfs', at: (ev) => ({ fn: 'proc_register', line: 'warn', why: `The kernel warns: ${ev.message}.` }) },
  getdents: {
    mechanism: 'procfs',
    at: (ev) => ({
      fn: 'proc_readdir_de',
      line: ev.skipped > 0 ? 'skip' : 'emit',
      via: ['proc_readdir'],
      why: `getdents at position ${ev.pos} of /proc/${ev.dir}: ${ev.skipped} entries skipped from the first, ${ev.emitted} returned.`,
    }),
  },
} satisfies MechanismRows<'procfs'>;
