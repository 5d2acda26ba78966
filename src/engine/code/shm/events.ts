/**
 * ipc/shm.c: attachments (nattch), IPC_RMID of an attached segment and
 * every way a segment is destroyed.
 */
import type { MechanismRows } from '../table';

/** The rows of the shm events (the shm mechanism). */
export const SHM_ROWS = {
  shm_attach: {
    mechanism: 'shm',
    at: (ev) => ({ fn: 'do_shmat', line: 'ret', why: `Segment ${ev.id} is attached at ${ev.addr} in process ${ev.pid} (ADDR(${ev.k})): nattch is ${ev.nattch}.` }),
  },
  shm_vma_open: {
    mechanism: 'shm',
    at: (ev, c) => ({
      fn: 'shm_open',
      line: 'count',
      via: c.entry === 'sys_shmat' ? ['do_shmat', 'do_mmap', 'shm_mmap'] : ['do_munmap', '__split_vma'],
      why:
        c.entry === 'sys_shmat'
          ? `A new mapping of segment ${ev.id} at ${ev.addr}: nattch counts it (${ev.nattch}), atime and lpid are updated.`
          : `A mapping of segment ${ev.id} is split at ${ev.addr}: the new piece is one more VMA, so nattch is ${ev.nattch}.`,
    }),
  },
  shm_vma_close: {
    mechanism: 'shm',
    at: (ev, c) => ({
      fn: 'shm_close',
      line: 'count',
      via: c.entry === 'sys_shmdt' ? ['ksys_shmdt', 'do_munmap'] : c.entry === 'sys_shmat' ? ['do_shmat', 'do_mmap', 'do_munmap'] : ['do_exit', 'exit_mm'],
      why: `The mapping of segment ${ev.id} at ${ev.addr} goes: nattch drops to ${ev.nattch}, dtime and lpid are updated.`,
    }),
  },
  shm_dest: {
    mechanism: 'shm',
    at: (ev) => ({
      fn: 'do_shm_rmid',
      line: 'dest',
      via: ['shmctl_down'],
      why: `Segment ${ev.id} is still attached ${ev.nattch === 1 ? 'once' : `${ev.nattch} times`}: it is only marked SHM_DEST and its key becomes IPC_PRIVATE; it goes at its last detach.`,
    }),
  },
  shm_destroy: {
    mechanism: 'shm',
    at: (ev) => {
      switch (ev.why) {
        case 'rmid':
          return { fn: 'shm_destroy', line: 'rmid', via: ['shmctl_down', 'do_shm_rmid'], why: `Segment ${ev.id} is removed and nobody has it attached: it goes at once.` };
        case 'last_detach':
          return { fn: 'shm_close', line: 'destroy', why: `That was the last mapping of segment ${ev.id}, which was removed (or shm_rmid_forced is on): it goes now.` };
        case 'creator_exit':
          return { fn: 'exit_shm', line: 'forced', via: ['do_exit'], why: `The creator of segment ${ev.id} exits with shm_rmid_forced on and nobody has it attached: it goes.` };
        case 'orphan_sweep':
          return { fn: 'shm_destroy_orphaned', line: 'walk', via: ['proc_ipc_dointvec_minmax_orphans'], why: `Segment ${ev.id} has no creator left and nobody attached: shm_rmid_forced destroys it.` };
        case 'shmat_failed':
          return { fn: 'do_shmat', line: 'release', why: `This shmat failed after taking its temporary count; dropping it leaves segment ${ev.id} unattached under shm_rmid_forced, so it goes.` };
      }
    },
  },
  shm_orphan: {
    mechanism: 'shm',
    at: (ev) => ({ fn: 'exit_shm', line: 'orphan', via: ['do_exit'], why: `Process ${ev.pid} created segment ${ev.id} and exits: the segment stays, now an orphan (no creator).` }),
  },
} satisfies MechanismRows<'shm'>;
