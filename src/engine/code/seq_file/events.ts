/**
 * fs/seq_file.c: one read(2) of a /proc/sysvipc file, start / show / next /
 * stop.
 */
import type { MechanismRows } from '../table';

/** The rows of the seq_file events (the seq_file mechanism). */
export const SEQ_FILE_ROWS = {
  seq_read: { mechanism: 'seq_file', at: (ev) => ({ fn: 'seq_read_iter', line: 'entry', why: `read() of ${ev.path} at offset ${ev.pos} asks for ${ev.count} bytes.` }) },
  seq_start: {
    mechanism: 'seq_file',
    at: (ev) => ({ fn: 'seq_read_iter', line: 'start', why: `start() finds the record at position ${ev.pos}${ev.pos > 0 ? ' again (each read starts over at its position)' : ''}.` }),
  },
  seq_next: { mechanism: 'seq_file', at: (ev) => ({ fn: 'seq_read_iter', line: 'next', why: `The record fitted, so next() moves to position ${ev.pos}.` }) },
  seq_show: {
    mechanism: 'seq_file',
    at: (ev) => ({
      fn: 'seq_read_iter',
      line: ev.overflow ? 'overflow' : 'show',
      why: ev.overflow ? `The record at ${ev.pos} does not fit the buffer: it is dropped and shown again in the next read().` : `show() writes the record at ${ev.pos}: ${ev.bytes} bytes.`,
    }),
  },
  seq_stop: {
    mechanism: 'seq_file',
    at: (ev) => ({ fn: 'seq_read_iter', line: 'stop', why: `The buffer holds ${ev.bytes} bytes (full, or the end of the file): stop(), then the copy to the user.` }),
  },
} satisfies MechanismRows<'seq_file'>;
