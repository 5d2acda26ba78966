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
 * The kernel's choice comes from the `spinlock` and `rwsem` switches of
 * KernelConfig (presets.ts sets them per release); `overrides`
 * (SmpRunOptions.locks) replace either.
 */
import type { KernelConfig, RwsemImpl, SpinlockImpl } from '../config';

export type { RwsemImpl, SpinlockImpl } from '../config';

export interface LockConfig {
  spinlock: SpinlockImpl;
  rwsem: RwsemImpl;
}

/** The lock implementations of the kernel `config` describes, with `overrides` applied. */
export function lock_config(config: Pick<KernelConfig, 'spinlock' | 'rwsem'>, overrides: Partial<LockConfig> = {}): LockConfig {
  return { spinlock: config.spinlock, rwsem: config.rwsem, ...overrides };
}
