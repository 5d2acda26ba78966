/**
 * The IDR view's counts drawing, for zooms where a strip's 64 slots would
 * smear (the whole of a 32768-entry tree in a third of a screen): one row of
 * boxes per level, spread evenly over the width in CSS px so that each box
 * is wide enough for its count. From the first level whose boxes would be
 * too narrow, each node of the level above gets one box standing for all of
 * its subtree ("+63 nodes · 4,032"), and nothing deeper is drawn. Every node
 * of the model is thus a box or inside a count. Pure geometry.
 */
import type { IdrStrip } from '../../../engine/view/idr';
import type { IdrLayout } from './idr_layout';

/** the least width of a box, in CSS px: room for "+512" at 11 px and a gap */
export const COUNT_MIN_BOX_PX = 44;
/** from one row of boxes to the next, and a box's height, in CSS px */
export const COUNT_ROW_PX = 46;
export const COUNT_BOX_PX = 18;

export interface CountBox {
  x: number;
  y: number;
  w: number;
  /** a drawn node, or a count of nodes standing for `parent`'s hidden children / whole subtree */
  strip: IdrStrip | null;
  parent: number | null;
  count: number;
  entries: number;
  key: string;
}

export interface CountsLayout {
  boxes: CountBox[];
  links: { key: string; x1: number; y1: number; x2: number; y2: number }[];
  height: number;
}

/** Lays `layout`'s strips and groups out as counts across `width` CSS px. */
export function idr_counts(layout: IdrLayout, width: number): CountsLayout {
  type Item = Omit<CountBox, 'x' | 'y' | 'w'> & { tx: number };
  const rows = new Map<number, Item[]>();
  const add = (y: number, it: Item) => {
    if (!rows.has(y)) rows.set(y, []);
    rows.get(y)!.push(it);
  };
  for (const p of layout.strips) add(p.y, { strip: p.strip, parent: p.strip.parent, count: 1, entries: p.strip.entries, key: `s${p.strip.id}`, tx: p.x });
  for (const g of layout.groups) add(g.y, { strip: null, parent: g.parent, count: g.count, entries: g.entries, key: `g${g.parent}`, tx: g.x });
  const ys = [...rows.keys()].sort((a, b) => a - b);
  const room = Math.max(1, width - 16);
  const drawn: Item[][] = [];
  for (const y of ys) {
    const row = rows.get(y)!.sort((a, b) => a.tx - b.tx);
    if (row.length * COUNT_MIN_BOX_PX <= room) {
      drawn.push(row);
      continue;
    }
    // too many for the width: one count per node of the row above, for its whole subtree
    const above = drawn.at(-1) ?? [];
    const cut = above
      .filter((a) => a.strip !== null && a.strip.nodes > 1)
      .map((a) => ({
        strip: null,
        parent: a.strip!.id,
        count: a.strip!.nodes - 1,
        entries: a.strip!.entries,
        key: `t${a.strip!.id}`,
        tx: a.tx,
      }));
    if (cut.length > 0) drawn.push(cut);
    break;
  }
  const boxes: CountBox[] = [];
  const at = new Map<number, CountBox>();
  drawn.forEach((row, r) => {
    const cell = room / row.length;
    const w = Math.min(cell - 6, 200);
    row.forEach((it, i) => {
      const b: CountBox = { strip: it.strip, parent: it.parent, count: it.count, entries: it.entries, key: it.key, x: 8 + i * cell + (cell - w) / 2, y: 18 + r * COUNT_ROW_PX, w };
      boxes.push(b);
      if (b.strip !== null) at.set(b.strip.id, b);
    });
  });
  const links = boxes.flatMap((b) => {
    const p = b.parent === null ? undefined : at.get(b.parent);
    return p === undefined ? [] : [{ key: b.key, x1: p.x + p.w / 2, y1: p.y + COUNT_BOX_PX, x2: b.x + b.w / 2, y2: b.y }];
  });
  return { boxes, links, height: 18 + drawn.length * COUNT_ROW_PX };
}
