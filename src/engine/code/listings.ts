/**
 * The kernel functions the trace events happen in, as short pseudo-code
 * written for ipcscope (not the kernel's text): what the code panel shows
 * beside the views, one listing per modelled function, kept per mechanism
 * beside its events (msg/listings.ts next to msg/events.ts, …; entry/ holds
 * the system calls a statement enters through). This index joins them.
 *
 * Models the functions of Linux 2.6.25 … 6.18 named in src/engine (ipc/,
 * lib/, fs/, net/); a line marked [≤5.13] or [5.14+] holds only in those
 * releases. Simplified: locking, RCU, error unwinding and the copy to user
 * space are left out or named in one line; names of locals follow the
 * kernel where they help a reader grep.
 *
 * Glossary: `label` — the stable name of a pseudo-code line that the event
 * table (event_code.ts) points at; `file` — the kernel file the function
 * lives in, as elixir.bootlin.com names it; `older` — the name and file the
 * function had before a release (the panel links the file of the preset's
 * release).
 */
import { ENTRY_LISTINGS } from './entry/listings';
import { IPC_LISTINGS } from './ipc/listings';
import { KEYHT_LISTINGS } from './keyht/listings';
import { MAXIDX_LISTINGS } from './maxidx/listings';
import { IDR_LISTINGS } from './idr/listings';
import { SEM_LISTINGS } from './sem/listings';
import { SHM_LISTINGS } from './shm/listings';
import { MSG_LISTINGS } from './msg/listings';
import { PERCPU_LISTINGS } from './percpu/listings';
import { SEQ_FILE_LISTINGS } from './seq_file/listings';
import { PROCFS_LISTINGS } from './procfs/listings';
import { RBTREE_LISTINGS } from './rbtree/listings';
import { NETDEV_LISTINGS } from './netdev/listings';
import { SMP_LISTINGS } from './smp/listings';
import type { InTwoParts } from './table';

/** One pseudo-code line: its label and its text. */
export type CodeLine = readonly [label: string, text: string];

export interface CodeListing {
  /** the kernel's name for the function (the call-stack strip shows it) */
  name: string;
  /** the kernel file, as the cross-referencer names it; null: not kernel code (the multi-CPU model) */
  file: string | null;
  /** before release `before` (e.g. '5.10') the function was `name` in `file` */
  older?: { before: string; name: string; file: string };
  lines: readonly CodeLine[];
}

type Parts = [
  typeof ENTRY_LISTINGS,
  typeof IPC_LISTINGS,
  typeof KEYHT_LISTINGS,
  typeof MAXIDX_LISTINGS,
  typeof IDR_LISTINGS,
  typeof SEM_LISTINGS,
  typeof SHM_LISTINGS,
  typeof MSG_LISTINGS,
  typeof PERCPU_LISTINGS,
  typeof SEQ_FILE_LISTINGS,
  typeof PROCFS_LISTINGS,
  typeof RBTREE_LISTINGS,
  typeof NETDEV_LISTINGS,
  typeof SMP_LISTINGS,
];

/** Every listing, by the function's name. */
export const LISTINGS = {
  ...ENTRY_LISTINGS,
  ...IPC_LISTINGS,
  ...KEYHT_LISTINGS,
  ...MAXIDX_LISTINGS,
  ...IDR_LISTINGS,
  ...SEM_LISTINGS,
  ...SHM_LISTINGS,
  ...MSG_LISTINGS,
  ...PERCPU_LISTINGS,
  ...SEQ_FILE_LISTINGS,
  ...PROCFS_LISTINGS,
  ...RBTREE_LISTINGS,
  ...NETDEV_LISTINGS,
  ...SMP_LISTINGS,
} satisfies Record<string, CodeListing> & Record<InTwoParts<Parts>, never>;

export type FnName = keyof typeof LISTINGS;

/** The label's line number in `fn`'s listing, 1-based; 0 when it has no such line. */
export function lineOf(fn: FnName, label: string): number {
  const lines: readonly CodeLine[] = LISTINGS[fn].lines;
  return lines.findIndex((l) => l[0] === label) + 1;
}
