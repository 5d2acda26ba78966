/** What the shared-memory view shows, in words. */
import type { ShmModel } from '../../../engine/view/shm';
import type { ViewFrame } from '../types';
import { shm_at } from './shm_at';

const plural = (n: number, one: string, many = one + 's') => `${n} ${n === 1 ? one : many}`;

export function describe_shm(frame: ViewFrame<ShmModel>, sub: number): string {
  const { model: m, event: e } = shm_at(frame, sub);
  const attached = m.tasks.reduce((n, t) => n + t.attachments.length, 0);
  const removed = m.segments.filter((s) => s.dest).length;
  const head =
    m.segments.length === 0
      ? 'No shared-memory segment exists.'
      : `${plural(m.segments.length + m.more_segments, 'segment')}${removed > 0 ? ` (${removed} removed but still attached)` : ''}, ${plural(attached, 'attachment')} in ${plural(m.tasks.length + m.more_tasks, 'process', 'processes')}.`;
  if (e === null) return head;
  switch (e.kind) {
    case 'shm_attach':
      return `${head} Segment ${e.id} is attached as ADDR(${e.k}); nattch ${e.nattch}.`;
    case 'shm_vma_open':
      return `${head} A mapping of segment ${e.id} opens; nattch ${e.nattch}.`;
    case 'shm_vma_close':
      return `${head} A mapping of segment ${e.id} closes; nattch ${e.nattch}.`;
    case 'shm_dest':
      return `${head} Segment ${e.id} is marked SHM_DEST and its key becomes IPC_PRIVATE.`;
    case 'shm_destroy':
      return `${head} Segment ${e.id} is destroyed.`;
    case 'shm_orphan':
      return `${head} Segment ${e.id} loses its creator.`;
  }
}
