import { describe, expect, it } from 'vitest';
import { idr_alloc, idr_alloc_cyclic, idr_init, idr_remove, idr_replace, type Idr } from './idr';

/**
 * The cyclic allocator checked against Linux 6.18: a workload of 237 private
 * msgget / IPC_RMID / msg_next_id writes was run with
 * linux-oracle/kernel_replay.py; the ids the kernel returned are below. The
 * test replays it with a minimal ipc_idr_alloc (ipc/util.c 6.18) on top of this
 * IDR: window end = min(max(in_use * 3 / 2, 64), 32768), cyclic reservation
 * with NULL then idr_replace, seq bumped when idx <= last_idx; next_id path =
 * idr_alloc(next_id & 0x7fff, 32768).
 *
 * Ops: `c` msgget(IPC_PRIVATE, 0600) into the next variable, `rK`
 * msgctl(qK, IPC_RMID), `nV` echo V > /proc/sys/kernel/msg_next_id.
 */
const OPS = [
  'c c r0 r1 c c c c c c c c c r10 c c r8 r12 c c c c r16 c c c r19 r15 n6 c c c c c r13 r22 c n32767',
  'r20 c c r18 r27 c c c c c c c c c r36 c c c r39 c n229476 c c c r9 c r44 r43 c r30 c r7 c n32767 c',
  'r17 r35 r38 c r49 r41 c r50 c c c c r46 c c c c r26 r52 c r59 c r60 r58 c c r62 c c r21 c c c r55',
  'r67 c r11 r68 c c c r71 c c c r74 r42 c r75 c c c r61 c c c c r57 c r73 c r84 c n40000 c c r6 r28',
  'r87 c c c c r51 c r48 r47 c r93 r31 r80 c c r95 r89 c c c c r99 r98 c c c c c r53 r45 r104 r103 r33',
  'c r76 c c c r63 c r109 c c c r112 c r113 c c c r91 c c c c r115 r106 c r14 r121 c c c c r24 r114 c c',
  'r88 r127 c c r129 r116 c r130 r110 r128 r126 r125 r111 r124 c c c c c r29 r135 c r136 r94 c c c c c',
  'r141 r140 r139 r120 c r142 c c c c c r147 c r2 r3 r4 r5 r23 r25 r32 r34 r37 r40 r54 r56 r64 r65 r66',
  'r69 r70 r72 r77 r78 r79 r81 r82 r83 r85 r86 r90 r92 r96 r97 r100 r101 r102 r105 c c c r150 c r108 c',
  'r137 r153 c r149 r154 r152 c r155 c r151 c c r158 c c r160 c r161 c c c r157 c r132 c c c r107 c c c',
  'c c c c c r176 c c c c c r119 r170 c c c c c r162 r148 r169 r165 r186 c c r184 c r189 r188 c c c',
  'r192 c c c r190 c r159 r196 c r197 c c c r123 r143 c c c c c r205 c c r167 r207 c r174 c c c c r156',
  'c c c r180 c r216 c r178 r217 c r218 r215 c c r220 r219 c c c c n229476 r224 c c c c r195 c r229 c',
  'r201 c r231 r230 r211 n6 r138 c r232 r221 c r233 c c r185 r122 c',
]
  .join(' ')
  .split(' ');

/** msgget results printed by the real kernel, in order (-1 = ENOSPC) */
const KERNEL_IDS = [
  '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 8 20 21 22 23 24 32767 25 26 27 28 29 30 31 32 33',
  '34 35 36 37 38 229476 39 40 41 42 43 44 -1 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63',
  '32768 32769 32775 32776 32777 32778 32779 32780 32781 32783 32784 32785 32786 32787 32788 32789',
  '32793 32796 40000 32801 32802 32804 32805 32807 32808 32809 32811 32812 32813 32814 32815 32816',
  '32819 32821 32822 32823 32824 32825 32826 32831 65536 65542 65544 65546 65547 65548 65549 65554',
  '65561 65562 65565 65567 65569 65572 65575 65577 65578 65580 65583 65584 65585 65591 65592 65594',
  '65595 65600 65601 65602 65603 65604 65605 65606 65607 65608 98310 98312 98314 98315 98316 98317',
  '98318 98319 98320 98321 98322 98323 98324 98325 98326 98327 98328 98329 98331 98332 98334 98336',
  '98337 98338 98339 98340 98341 98342 98344 98346 98347 98348 98349 98350 98351 98352 98353 98354',
  '98355 98356 98357 98358 98359 98360 98361 98363 98364 98365 98366 98367 131072 131073 131074 131075',
  '131076 131077 131078 131079 131081 131085 131086 131087 131088 131089 131090 131091 131092 131093',
  '131095 131096 131097 131099 131100 131102 131103 131106 131108 131110 131112 131113 131117 131119',
  '131121 229476 131123 131127 131129 131132 131133 131134 8 131138 131139 131140 163840',
]
  .join(' ')
  .split(' ')
  .map(Number);

interface Queue {
  id: number;
}

interface Ids {
  idr: Idr<Queue>;
  in_use: number;
  seq: number;
  last_idx: number;
  next_id: number;
}

function ipc_idr_alloc(ids: Ids, q: Queue): number {
  const next_id = ids.next_id;
  ids.next_id = -1;
  let idx: number;
  if (next_id < 0) {
    const end = Math.min(Math.max(Math.trunc((ids.in_use * 3) / 2), 64), 32768);
    idx = idr_alloc_cyclic(ids.idr, null, 0, end);
    if (idx >= 0) {
      if (idx <= ids.last_idx) {
        ids.seq++;
        if (ids.seq >= 65535) ids.seq = 0;
      }
      ids.last_idx = idx;
      q.id = ids.seq * 32768 + idx;
    }
  } else {
    idx = idr_alloc(ids.idr, null, next_id & 0x7fff, 32768);
    if (idx >= 0) q.id = (next_id >> 15) * 32768 + idx;
  }
  if (idx >= 0) idr_replace(ids.idr, q, idx);
  return idx;
}

describe('idr_alloc_cyclic under ipc_idr_alloc', () => {
  it('returns the ids Linux 6.18 returned for a recorded msgget / IPC_RMID / msg_next_id workload', () => {
    const ids: Ids = { idr: idr_init<Queue>(), in_use: 0, seq: 0, last_idx: -1, next_id: -1 };
    const vars: number[] = [];
    const got: number[] = [];
    for (const op of OPS) {
      if (op === 'c') {
        const q: Queue = { id: -1 };
        const idx = ipc_idr_alloc(ids, q);
        if (idx >= 0) ids.in_use++;
        vars.push(q.id);
        got.push(q.id);
      } else if (op[0] === 'r') {
        const id = vars[Number(op.slice(1))]!;
        if (id >= 0 && idr_remove(ids.idr, id & 0x7fff) !== null) ids.in_use--;
      } else {
        ids.next_id = Number(op.slice(1));
      }
    }
    expect(got).toEqual(KERNEL_IDS);
  });
});
