/**
 * Where the IDR view draws its strips: a tidy tree (d3-hierarchy) of the
 * model's strips, one row per level, each strip 64 slots wide (a 256-slot
 * idr_layer wraps onto four rows of 64, its marks under each row), with a
 * box for the children a strip keeps collapsed. Pure geometry.
 */
import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { IdrModel, IdrStrip } from '../../../engine/view/idr';

export const SLOT_W = 4;
/** slots in one row of a strip */
export const ROW_SLOTS = 64;
export const STRIP_W = ROW_SLOTS * SLOT_W;
export const SLOT_H = 16;
export const MARK_H = 4;
/** from the top of one row of slots to the next */
export const ROW_H = SLOT_H + MARK_H + 4;
export const LEVEL_GAP = 84;
export const GAP = 28;
const PAD = 24;
const LABEL_H = 16;

export interface PlacedStrip {
  strip: IdrStrip;
  /** left and top of the slot row */
  x: number;
  y: number;
}

export interface PlacedGroup {
  /** the strip whose hidden children this stands for */
  parent: number;
  count: number;
  entries: number;
  x: number;
  y: number;
}

export interface PlacedLink {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface IdrLayout {
  strips: PlacedStrip[];
  groups: PlacedGroup[];
  links: PlacedLink[];
  /** the whole drawing: [x, y, width, height] */
  box: [number, number, number, number];
}

type Item = { kind: 'root' } | { kind: 'strip'; strip: IdrStrip } | { kind: 'group'; parent: IdrStrip };

/** Runs of equal chars in a slot or mark string, none across a row: a strip draws one rect per run, not one per slot. */
export function char_runs(chars: string): { start: number; length: number; char: string }[] {
  const out: { start: number; length: number; char: string }[] = [];
  for (let i = 0; i < chars.length; i++) {
    const last = out[out.length - 1];
    if (last !== undefined && last.char === chars[i] && i % ROW_SLOTS !== 0) last.length++;
    else out.push({ start: i, length: 1, char: chars[i]! });
  }
  return out;
}

/** Rows of a strip of `fanout` slots. */
export const stripRows = (fanout: number) => Math.max(1, Math.ceil(fanout / ROW_SLOTS));
/** Height of a strip's slots and marks. */
export const stripH = (fanout: number) => (stripRows(fanout) - 1) * ROW_H + SLOT_H + MARK_H;
/** Slot `offset`'s left edge and top, relative to its strip. */
export const slotX = (offset: number) => (offset % ROW_SLOTS) * SLOT_W;
export const slotY = (offset: number) => Math.floor(offset / ROW_SLOTS) * ROW_H;
/** Slot `offset`'s centre, relative to its strip's left edge. */
export const slotCentre = (offset: number) => slotX(offset) + SLOT_W / 2;
/** Where a lit slot is drawn; an offset past the last slot (an allocation walk that found none free) just after it. */
export const litXY = (offset: number, fanout: number) => (offset < fanout ? { x: slotX(offset), y: slotY(offset) } : { x: STRIP_W, y: slotY(fanout - 1) });

export function idr_layout(model: IdrModel): IdrLayout {
  const byId = new Map(model.strips.map((s) => [s.id, s] as const));
  const kids = new Map<number | null, IdrStrip[]>();
  for (const s of model.strips) {
    const p = s.parent !== null && byId.has(s.parent) ? s.parent : null;
    if (!kids.has(p)) kids.set(p, []);
    kids.get(p)!.push(s);
  }
  const children = (it: Item): Item[] => {
    if (it.kind === 'group') return [];
    const key = it.kind === 'root' ? null : it.strip.id;
    const out: Item[] = (kids.get(key) ?? []).map((strip) => ({ kind: 'strip', strip }));
    out.sort((a, b) => (a.kind === 'strip' && b.kind === 'strip' ? a.strip.first - b.strip.first : 0));
    if (it.kind === 'strip' && it.strip.hidden > 0) out.push({ kind: 'group', parent: it.strip });
    return out;
  };
  const root = hierarchy<Item>({ kind: 'root' }, children);
  const top = model.strips.reduce((l, s) => Math.max(l, s.level), 0);
  const sh = stripH(model.fanout);
  const levelGap = LEVEL_GAP + sh - stripH(ROW_SLOTS);
  tree<Item>()
    .nodeSize([STRIP_W + GAP, levelGap])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.15))(root);
  const strips: PlacedStrip[] = [];
  const groups: PlacedGroup[] = [];
  const links: PlacedLink[] = [];
  const place = new Map<number, PlacedStrip>();
  const rowY = (level: number) => (top - level) * levelGap + LABEL_H;
  for (const n of root.descendants() as HierarchyPointNode<Item>[]) {
    const it = n.data;
    if (it.kind === 'strip') {
      const p = { strip: it.strip, x: n.x - STRIP_W / 2, y: rowY(it.strip.level) };
      strips.push(p);
      place.set(it.strip.id, p);
    }
  }
  for (const n of root.descendants() as HierarchyPointNode<Item>[]) {
    const it = n.data;
    if (it.kind === 'group') {
      const parent = place.get(it.parent.id)!;
      const g = { parent: it.parent.id, count: it.parent.hidden, entries: it.parent.hidden_entries, x: n.x - STRIP_W / 2, y: rowY(it.parent.level - 1) };
      groups.push(g);
      const firstHidden = [...it.parent.slots].findIndex((c, o) => c === 'c' && !model.strips.some((s) => s.parent === it.parent.id && s.offset === o));
      const from = parent.x + slotCentre(Math.max(0, firstHidden));
      links.push({ key: `g${it.parent.id}`, x1: from, y1: parent.y + sh, x2: g.x + STRIP_W / 2, y2: g.y - 2 });
    } else if (it.kind === 'strip' && it.strip.parent !== null) {
      const parent = place.get(it.strip.parent);
      if (!parent) continue;
      const me = place.get(it.strip.id)!;
      links.push({
        key: `${it.strip.parent}-${it.strip.id}`,
        x1: parent.x + slotCentre(it.strip.offset),
        y1: parent.y + sh,
        x2: me.x + STRIP_W / 2,
        y2: me.y - 2,
      });
    }
  }
  const xs = [...strips.map((s) => s.x), ...groups.map((g) => g.x)];
  const minX = xs.length === 0 ? 0 : Math.min(...xs) - PAD;
  const maxX = xs.length === 0 ? STRIP_W : Math.max(...xs) + STRIP_W + PAD;
  const ys = [...strips.map((s) => s.y), ...groups.map((g) => g.y)];
  const maxY = (ys.length === 0 ? LABEL_H : Math.max(...ys)) + sh + PAD;
  return { strips, groups, links, box: [minX, 0, maxX - minX, maxY] };
}
