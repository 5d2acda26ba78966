/**
 * Which spinlock and rw-semaphore implementations the simulated x86-64
 * kernel was built with (arch/x86/Kconfig: ARCH_USE_QUEUED_SPINLOCKS,
 * RWSEM_GENERIC_SPINLOCK / RWSEM_XCHGADD_ALGORITHM).
 *
 * - spinlock: `ticket` from 2.6.25 (Nick Piggin, "x86: FIFO ticket
 *   spinlocks", merged for 2.6.25) to 4.1: waiters spin reading the lock
 *   word; `queued` (qspinlock, MCS queue) from 4.2: each waiter spins on its
 *   own node.
 * - rwsem: `spinlock` — lib/rwsem-spinlock.c, every down_read/up_read takes
 *   the semaphore's wait_lock; x86-64 used it until 2.6.34, because
 *   X86_XADD "depends on X86_32" (Linus Torvalds, linux-mm, 5 Jan 2010,
 *   "Re: [RFC][PATCH 6/8] mm: handle_speculative_fault()", and his patch
 *   making X86_XADD "X86_64 || !M386" the same evening); `xadd` — one
 *   locked add on the count word (2.6.34+).
 *
 * Simplified: KernelConfig has no switch for these (yet), so they are
 * derived from switches that pin the era: `ipc_lookup: rwsem` (2.6.24-26)
 * and `proc_dir: list` (≤3.18) give ticket spinlocks, `shm_proc_format:
 * classic` (≤2.6.35) the spinlock rwsem. That misplaces 3.19-4.1 (ticket
 * in reality, `queued` here) and 2.6.34-35 (`spinlock` here); `overrides`
 * (SmpRunOptions.locks) set either explicitly.
 */
import type { KernelConfig } from '../config';

export type SpinlockImpl = 'ticket' | 'queued';
export type RwsemImpl = 'spinlock' | 'xadd';

export interface LockConfig {
  spinlock: SpinlockImpl;
  rwsem: RwsemImpl;
}

/** The lock implementations of the kernel `config` describes, with `overrides` applied. */
export function lock_config(config: Pick<KernelConfig, 'ipc_lookup' | 'proc_dir' | 'shm_proc_format'>, overrides: Partial<LockConfig> = {}): LockConfig {
  const ticket = config.ipc_lookup === 'rwsem' || config.proc_dir === 'list';
  return {
    spinlock: ticket ? 'ticket' : 'queued',
    rwsem: config.shm_proc_format === 'classic' ? 'spinlock' : 'xadd',
    ...overrides,
  };
}
