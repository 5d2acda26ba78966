import { describe, expect, test } from 'vitest';
import { extract_idr } from '../../../engine/view/idr';
import { machineAt } from '../../../engine/view/view.test-helper';
import { idr_layout } from './idr_layout';
import { COUNT_MIN_BOX_PX, idr_counts } from './idr_counts';

const MANY = (n: number) => `repeat ${n} { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n`;

describe('idr_counts', () => {
  const model = extract_idr(machineAt('echo 32768 > /proc/sys/kernel/msgmni\n' + MANY(32768), 32769).kernel, [], {});
  const layout = idr_layout(model);

  test('a 32768-entry tree in 380 px: the head, its 8 children, and one count per child for its 64 leaves', () => {
    const c = idr_counts(layout, 380);
    const drawn = c.boxes.filter((b) => b.strip !== null);
    const counts = c.boxes.filter((b) => b.strip === null);
    expect(drawn.map((b) => b.strip!.level)).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(counts.map((b) => b.count)).toEqual(Array(8).fill(64));
    // nothing is lost: every node of the engine's tree is a box or in a count
    expect(drawn.length + counts.reduce((s, b) => s + b.count, 0)).toBe(model.node_count);
    expect(counts.reduce((s, b) => s + b.entries, 0)).toBe(model.entries);
    for (const b of c.boxes) expect(b.w).toBeGreaterThanOrEqual(COUNT_MIN_BOX_PX - 6);
    // each count hangs under its node
    expect(c.links).toHaveLength(16);
  });

  test('a wide panel draws the leaves the model has, with the hidden ones counted', () => {
    const c = idr_counts(layout, 2000);
    expect(c.boxes.filter((b) => b.strip?.level === 0)).toHaveLength(8);
    const counted = c.boxes.filter((b) => b.strip === null).reduce((s, b) => s + b.count, 0);
    expect(counted).toBe(512 - 8);
    // the counts are the model's groups of hidden children, not whole subtrees
    expect(c.boxes.filter((b) => b.strip === null).every((b) => b.key.startsWith('g'))).toBe(true);
  });
});
