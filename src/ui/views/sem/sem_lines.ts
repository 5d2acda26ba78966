/**
 * The semaphore view as lines of text, top to bottom: the array and its
 * lock mode, each semaphore with its value, sempid and sleepers, the
 * array's own lists, the processes with what they sleep on and their undo
 * lists, and the wake-ups of the operation. Pure: a function of the model,
 * the lit event and the width, so the component only draws it.
 */
import type { SemListView, SemModel, SemWakeModel } from '../../../engine/view/sem';
import { wrapText } from '../text_fit';
import { lockText, procText, wakeText } from './describe';
import type { SemTraceEvent } from './sem_at';

export const LINE_H = 17;

export interface SemLine {
  key: string;
  text: string;
  x: number;
  y: number;
  cls: 'head' | 'sub' | 'sem' | 'waiter' | 'proc' | 'undo' | 'wake' | 'note';
  lit: boolean;
  /** data-* attributes the tests read */
  data: Record<string, string | number>;
}

const listText = (label: string, l: SemListView) => `${label}: ${l.waiters.map((w) => `${w.name} ${w.sops}`).join(' · ')}${l.count > l.waiters.length ? ` · ${l.count - l.waiters.length} more` : ''}`;

export function semLines(m: SemModel, event: SemTraceEvent | null, wakes: readonly SemWakeModel[], width: number): { lines: SemLine[]; height: number } {
  const lines: SemLine[] = [];
  let y = 20;
  const add = (key: string, text: string, x: number, cls: SemLine['cls'], lit = false, data: SemLine['data'] = {}) => {
    const parts = wrapText(text, Math.max(120, width - x - 12));
    parts.forEach((t, i) => {
      lines.push({ key: `${key}/${i}`, text: t, x: i === 0 ? x : x + 12, y, cls, lit, data: i === 0 ? data : {} });
      y += LINE_H;
    });
  };
  const litPid = event !== null && 'pid' in event ? event.pid : null;
  const litSem =
    event === null ? null : event.kind === 'sem_scan' || event.kind === 'sem_sleep' || event.kind === 'sem_exit' || event.kind === 'sem_semadj' || event.kind === 'sem_count' ? event.sem : null;
  const a = m.array;
  if (a === null) {
    add('none', 'No semaphore array exists yet.', 12, 'head');
    return { lines, height: y + 8 };
  }
  add('head', `semaphore array ${a.id} · ${a.nsems} semaphore${a.nsems === 1 ? '' : 's'}${m.arrays > 1 ? ` · ${m.arrays} arrays` : ''}`, 12, 'head');
  add('lock', `lock: ${lockText(m)}`, 12, 'sub', event?.kind === 'sem_lock' || event?.kind === 'sem_unlock', {
    testid: 'sem-lock',
    mode: m.locking,
    global: a.simple_lock,
    counter: a.use_global_lock,
  });
  y += 4;
  const mixed = m.zero_queue === 'mixed';
  for (const s of a.sems) {
    add(`sem${s.num}`, `sem ${s.num} = ${s.semval}${s.sempid === 0 ? '' : ` · sempid ${s.sempid_name ?? 'an ended process'}`}`, 12, 'sem', litSem === s.num, {
      testid: 'sem-value',
      num: s.num,
      value: s.semval,
    });
    const lists: [string, string, SemListView][] = mixed
      ? [['mixed', 'waiting (one list, ≤3.10)', s.pending_alter]]
      : [
          ['alter', 'pending_alter', s.pending_alter],
          ['const', 'pending_const', s.pending_const],
        ];
    for (const [id, label, l] of lists) {
      if (l.count === 0) continue;
      add(
        `sem${s.num}${id}`,
        listText(label, l),
        28,
        'waiter',
        l.waiters.some((w) => w.pid === litPid),
        { testid: 'sem-queue', sem: s.num, list: id, names: l.waiters.map((w) => w.name).join(',') },
      );
    }
  }
  if (a.nsems > a.sems.length) add('more', `${a.nsems - a.sems.length} more semaphores not drawn`, 12, 'note');
  const global: [string, string, SemListView][] = [
    ['alter', "array's pending_alter", a.pending_alter],
    ['const', "array's pending_const", a.pending_const],
  ];
  add('complex', `complex ops asleep (complex_count): ${a.complex_count}`, 12, 'sub', litSem === -1);
  for (const [id, label, l] of global) {
    if (l.count === 0) continue;
    add(
      `g${id}`,
      listText(label, l),
      28,
      'waiter',
      l.waiters.some((w) => w.pid === litPid),
      { testid: 'sem-queue', sem: -1, list: id, names: l.waiters.map((w) => w.name).join(',') },
    );
  }
  y += 6;
  add('procs', 'processes', 12, 'head');
  for (const p of m.procs) {
    add(`p${p.pid}`, procText(p), 28, 'proc', p.pid === litPid, { testid: 'sem-proc', name: p.name, state: p.state });
    for (const u of p.undo) {
      add(
        `u${p.pid}.${u.id}`,
        `undo: array ${u.id < 0 ? '(removed)' : u.id} semadj [${u.semadj.join(', ')}]`,
        44,
        'undo',
        p.pid === litPid && (event?.kind === 'sem_semadj' || event?.kind === 'sem_undo_alloc'),
        { testid: 'sem-undo', name: p.name, semadj: u.semadj.join(',') },
      );
    }
  }
  if (wakes.length > 0) {
    y += 6;
    add('wakes', `wake-ups (${m.wakeup === 'wake_q' ? 'wake_q' : 'the IN_WAKEUP list'}), in order`, 12, 'head');
    wakes.forEach((w, i) =>
      add(`w${i}`, wakeText(w), 28, 'wake', event?.kind === 'sem_wake' && i === wakes.length - 1, { testid: 'sem-wake', name: w.name, by: w.by_name, why: w.why, error: w.error }),
    );
  }
  return { lines, height: y + 6 };
}
