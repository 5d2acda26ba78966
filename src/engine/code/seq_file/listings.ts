/**
 * fs/seq_file.c: the read loop of a seq_file (seq_read before 5.10).
 */
import type { CodeListing } from '../listings';

export const SEQ_FILE_LISTINGS = {
  seq_read_iter: {
    name: 'seq_read_iter',
    file: 'fs/seq_file.c',
    older: { before: '5.10', name: 'seq_read', file: 'fs/seq_file.c' },
    lines: [
      ['entry', 'seq_read_iter(iocb, iter):               ‹read(fd, buf, count)›'],
      ['start', '  p = m->op->start(m, &m->index)         ‹sysvipc_proc_start›'],
      ['show', '  while p: err = m->op->show(m, p)       ‹one record into m->buf›'],
      ['overflow', '    if seq_has_overflowed(m): stop, free the buffer, grow it, start again'],
      ['next', '    p = m->op->next(m, p, &m->index)     ‹sysvipc_proc_next›; stop once m->count >= size'],
      ['stop', '  m->op->stop(m, p)'],
      ['copy', '  copy_to_iter(m->buf, n, iter); return the bytes copied'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
