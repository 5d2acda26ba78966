/**
 * The statement itself: the interpreter's stmt_begin / stmt_end, drawn at
 * the system call the statement enters through (entry/listings.ts).
 */
import type { MechanismRows } from '../table';

/** The rows of the entry events (the ipc mechanism). */
export const ENTRY_ROWS = {
  stmt_begin: { mechanism: 'ipc', at: (ev, c) => ({ fn: c.entry, line: 'entry', why: `The statement on line ${ev.line} enters the kernel: ${ev.text}.` }) },
  stmt_end: { mechanism: 'ipc', at: (ev, c) => ({ fn: c.entry, line: 'ret', why: `The system call returns ${ev.result}.` }) },
} satisfies MechanismRows<'ipc'>;
