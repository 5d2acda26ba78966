/**
 * The discrete-event queue of the SMP scheduler: a 4-ary min-heap of
 * (time, sequence number, task). Ties in time are broken by the order in
 * which the events were queued, so a run is a pure function of its input
 * (no two entries have equal keys: the pop order is the one total order,
 * whatever the heap's shape).
 *
 * The heap lives in three typed arrays (grown by doubling) and sifts by
 * moving a hole rather than swapping, so a push or a pop allocates nothing
 * and writes each entry it moves once: the event loop pops millions of
 * events a run, most of them a requeue of the first event (a sift down).
 * Four children per node halve the depth of a binary heap's (a queue holds
 * one event per running task: tens to hundreds), so a sift down moves about
 * half as many entries, for three more comparisons per level within one or
 * two cache lines. Typed arrays are structured-clone safe.
 *
 * Glossary: *key* (time, seq), compared time first; *hole* the slot being
 * filled as a sift moves entries past it.
 */

export interface EventQueue {
  /** entries in use: [0, size) of the arrays below */
  size: number;
  time: Float64Array;
  seq: Float64Array;
  task: Int32Array;
  next_seq: number;
}

export function event_queue_new(capacity = 64): EventQueue {
  return { size: 0, time: new Float64Array(capacity), seq: new Float64Array(capacity), task: new Int32Array(capacity), next_seq: 0 };
}

function grow(q: EventQueue): void {
  const n = q.time.length * 2;
  const time = new Float64Array(n);
  const seq = new Float64Array(n);
  const task = new Int32Array(n);
  time.set(q.time);
  seq.set(q.seq);
  task.set(q.task);
  q.time = time;
  q.seq = seq;
  q.task = task;
}

/** Entry `to` takes entry `from`'s place. */
function move(q: EventQueue, to: number, from: number): void {
  q.time[to] = q.time[from]!;
  q.seq[to] = q.seq[from]!;
  q.task[to] = q.task[from]!;
}

function put(q: EventQueue, i: number, time: number, seq: number, task: number): void {
  q.time[i] = time;
  q.seq[i] = seq;
  q.task[i] = task;
}

/** Queue `task` (an int32) to continue at `time`. */
export function event_push(q: EventQueue, time: number, task: number): void {
  if (q.size === q.time.length) grow(q);
  const seq = q.next_seq++;
  const T = q.time;
  const S = q.seq;
  let i = q.size++;
  while (i > 0) {
    const parent = (i - 1) >> 2;
    const tp = T[parent]!;
    if (tp < time || (tp === time && S[parent]! < seq)) break;
    move(q, i, parent);
    i = parent;
  }
  put(q, i, time, seq, task);
}

/** Time of the earliest event; Infinity when the queue is empty. */
export function event_peek_time(q: EventQueue): number {
  return q.size === 0 ? Infinity : q.time[0]!;
}

/**
 * Removes the earliest event (the queue must not be empty). Return: its
 * task. The event loop reads the time with event_peek_time first, so a
 * pop allocates nothing.
 */
export function event_take(q: EventQueue): number {
  const out = q.task[0]!;
  const n = --q.size;
  if (n > 0) sift_down(q, n, q.time[n]!, q.seq[n]!, q.task[n]!);
  return out;
}

/** The task of the earliest event, left in the queue (the queue must not be empty). */
export function event_peek_task(q: EventQueue): number {
  return q.task[0]!;
}

/** Time of the earliest event but the first one (that one stays where it is): the root's earliest child; Infinity when there is none. */
export function event_second_time(q: EventQueue): number {
  const T = q.time;
  const n = q.size < 5 ? q.size : 5;
  let best = Infinity;
  for (let c = 1; c < n; c++) if (T[c]! < best) best = T[c]!;
  return best;
}

/**
 * The earliest event's task is queued again at `time` (a new sequence
 * number, as event_push gives it): the same queue as event_take then
 * event_push, with one sift instead of two. Every event queued since the
 * earliest one was peeked is later than it, so it is still the first.
 */
export function event_requeue_first(q: EventQueue, time: number, task: number): void {
  sift_down(q, q.size, time, q.next_seq++, task);
}

/** Is entry `a` earlier than entry `b` (time, then sequence number)? */
function earlier(T: Float64Array, S: Float64Array, a: number, b: number): boolean {
  const ta = T[a]!;
  const tb = T[b]!;
  return ta < tb || (ta === tb && S[a]! < S[b]!);
}

/**
 * Puts (time, seq, task) at the root's place of the first `n` entries and
 * sifts it down. A node with all four children picks the earliest as two
 * pairs, then their winners (the two pair comparisons do not wait for each
 * other); the last node, with fewer, scans them.
 */
function sift_down(q: EventQueue, n: number, time: number, seq: number, task: number): void {
  const T = q.time;
  const S = q.seq;
  const K = q.task;
  let i = 0;
  for (;;) {
    const first = 4 * i + 1;
    if (first >= n) break;
    let c: number;
    if (first + 3 < n) {
      const a = earlier(T, S, first + 1, first) ? first + 1 : first;
      const b = earlier(T, S, first + 3, first + 2) ? first + 3 : first + 2;
      c = earlier(T, S, b, a) ? b : a;
    } else {
      c = first;
      for (let k = first + 1; k < n; k++) if (earlier(T, S, k, c)) c = k;
    }
    const tc = T[c]!;
    if (time < tc || (time === tc && seq < S[c]!)) break;
    T[i] = tc;
    S[i] = S[c]!;
    K[i] = K[c]!;
    i = c;
  }
  T[i] = time;
  S[i] = seq;
  K[i] = task;
}

/** The earliest event, removed; null when the queue is empty. */
export function event_pop(q: EventQueue): { time: number; task: number } | null {
  if (q.size === 0) return null;
  const time = q.time[0]!;
  return { time, task: event_take(q) };
}
