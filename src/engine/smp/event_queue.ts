/**
 * The discrete-event queue of the SMP scheduler: a binary min-heap of
 * (time, sequence number, task). Ties in time are broken by the order in
 * which the events were queued, so a run is a pure function of its input.
 * Plain arrays, structured-clone safe.
 */

export interface EventQueue {
  time: number[];
  seq: number[];
  task: number[];
  next_seq: number;
}

export function event_queue_new(): EventQueue {
  return { time: [], seq: [], task: [], next_seq: 0 };
}

function less(q: EventQueue, a: number, b: number): boolean {
  const ta = q.time[a]!;
  const tb = q.time[b]!;
  return ta < tb || (ta === tb && q.seq[a]! < q.seq[b]!);
}

function swap(q: EventQueue, a: number, b: number): void {
  const t = q.time[a]!;
  q.time[a] = q.time[b]!;
  q.time[b] = t;
  const s = q.seq[a]!;
  q.seq[a] = q.seq[b]!;
  q.seq[b] = s;
  const k = q.task[a]!;
  q.task[a] = q.task[b]!;
  q.task[b] = k;
}

/** Queue `task` to continue at `time`. */
export function event_push(q: EventQueue, time: number, task: number): void {
  let i = q.time.length;
  q.time.push(time);
  q.seq.push(q.next_seq++);
  q.task.push(task);
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!less(q, i, parent)) break;
    swap(q, i, parent);
    i = parent;
  }
}

/** The earliest event, removed; null when the queue is empty. */
export function event_pop(q: EventQueue): { time: number; task: number } | null {
  const n = q.time.length;
  if (n === 0) return null;
  const out = { time: q.time[0]!, task: q.task[0]! };
  const last = n - 1;
  if (last > 0) swap(q, 0, last);
  q.time.pop();
  q.seq.pop();
  q.task.pop();
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < last && less(q, l, m)) m = l;
    if (r < last && less(q, r, m)) m = r;
    if (m === i) break;
    swap(q, i, m);
    i = m;
  }
  return out;
}
