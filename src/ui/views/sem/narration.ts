/**
 * The semaphore view's note on one of its events while stepping into an
 * operation: the list of the array drawn that a sleeper goes to, is woken
 * from or is scanned in (a semaphore's pending_alter or pending_const, one
 * list before 3.11, or the array's own), and whether the event is about
 * the array drawn at all. The lists drawn are those before the operation
 * until it completes (sem_at.ts), so a sleeper is found where it was.
 */
import type { TraceEvent } from '../../../engine/trace';
import type { SemArrayModel, SemModel } from '../../../engine/view/sem';
import type { ViewFrame } from '../types';

type List = 'alter' | 'const' | 'mixed';

/** A list as the view labels it. */
function listName(list: List, sem: number): string {
  const name = list === 'mixed' ? 'waiting list' : list === 'const' ? 'pending_const' : 'pending_alter';
  return sem < 0 ? `the array's ${name}` : `semaphore ${sem}'s ${name}`;
}

/** Where the view draws sleeper `pid` in array `a` (null: not among the sleepers drawn). */
function whereOf(a: SemArrayModel, pid: number, mixed: boolean): string | null {
  const has = (l: { waiters: readonly { pid: number }[] }) => l.waiters.some((w) => w.pid === pid);
  for (const s of a.sems) {
    if (has(s.pending_alter)) return listName(mixed ? 'mixed' : 'alter', s.num);
    if (has(s.pending_const)) return listName(mixed ? 'mixed' : 'const', s.num);
  }
  if (has(a.pending_alter)) return listName('alter', -1);
  if (has(a.pending_const)) return listName('const', -1);
  return null;
}

/** The note for `ev` under the semaphore view of `frame`; '' for an event it has nothing to add to. */
export function semNote(frame: ViewFrame<SemModel>, ev: TraceEvent): string {
  if (!ev.kind.startsWith('sem_') || !('id' in ev)) return '';
  const m = frame.before ?? frame.after;
  const a = m.array;
  if (a === null) return '';
  if (ev.id !== a.id) return ` This is array ${ev.id}; the view draws array ${a.id}: nothing moves here.`;
  const mixed = m.zero_queue === 'mixed';
  const name = (pid: number) => m.procs.find((p) => p.pid === pid)?.name ?? frame.after.procs.find((p) => p.pid === pid)?.name ?? `pid ${pid}`;
  switch (ev.kind) {
    case 'sem_sleep':
      return ` The view draws ${name(ev.pid)} on ${listName(ev.list, ev.sem)}, ${ev.at === 'head' ? 'first' : 'last'} of ${ev.length}, once the operation completes: it waits for semaphore ${ev.blocking}.`;
    case 'sem_wake': {
      const where = whereOf(a, ev.pid, mixed);
      return where === null ? '' : ` ${name(ev.pid)} leaves ${where}, where the view draws it until the operation completes.`;
    }
    case 'sem_scan':
      return ` The list walked is ${listName(mixed ? 'mixed' : ev.fn === 'update_queue' ? 'alter' : 'const', ev.sem)} in the view.`;
    case 'sem_perform': {
      if (ev.by !== ev.pid) {
        const where = whereOf(a, ev.pid, mixed);
        return where === null ? '' : ` ${name(ev.pid)} is the sleeper drawn on ${where}.`;
      }
      const s = a.sems.find((x) => x.num === ev.blocking);
      return ev.result === 'blocked' || ev.result === 'EAGAIN' ? (s === undefined ? '' : ` Semaphore ${s.num} holds ${s.semval} in the view.`) : '';
    }
    default:
      return '';
  }
}
