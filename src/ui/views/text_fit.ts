/**
 * Text that stays legible in a view's SVG: no label is drawn under
 * MIN_FONT_PX CSS pixels, so a label that does not fit the room it has is
 * folded onto more lines, swapped for a shorter wording, abbreviated or
 * left out, never shrunk or clipped. Widths are estimated from the
 * monospace advance (the views draw in var(--mono)), which is the same for
 * every character, so the estimate is exact up to the font's rounding.
 */

/** The smallest font size, in CSS pixels, a view's text is rendered at. */
export const MIN_FONT_PX = 11;

/** Advance of one monospace character, in ems (DejaVu Sans Mono, Menlo and Consolas are 0.60–0.62). */
const CHAR_EM = 0.62;

/** Width in CSS pixels of `text` at `fontPx`. */
export const textWidth = (text: string, fontPx = MIN_FONT_PX): number => text.length * CHAR_EM * fontPx;

/** How many characters fit in `widthPx` at `fontPx` (at least 0). */
export const charsIn = (widthPx: number, fontPx = MIN_FONT_PX): number => Math.max(0, Math.floor(widthPx / (CHAR_EM * fontPx)));

/** The first of `variants` (longest wording first) that fits in `widthPx`; '' when none does. */
export function fitText(variants: readonly string[], widthPx: number, fontPx = MIN_FONT_PX): string {
  for (const v of variants) if (textWidth(v, fontPx) <= widthPx) return v;
  return '';
}

/**
 * `name` in at most `max` characters: whole when it fits, else its head and
 * its tail around an ellipsis (the tail keeps a device's number: "ifb…25"),
 * '' when not even two characters and the ellipsis fit.
 */
export function abbreviate(name: string, max: number): string {
  if (name.length <= max) return name;
  if (max < 3) return '';
  const keep = max - 1;
  const tail = Math.min(Math.ceil(keep / 2), /\d+$/.exec(name)?.[0].length ?? Math.ceil(keep / 2));
  return name.slice(0, keep - tail) + '…' + name.slice(name.length - tail);
}

/**
 * `text` folded into lines of at most `widthPx`: breaks after a space (a
 * " · " separator stays at the end of its line), a word longer than a line
 * is cut into line-sized pieces. Each line keeps its trailing space, so the
 * lines joined are `text` again (a <text> of <tspan>s reads as one string).
 * Always at least one line.
 */
export function wrapText(text: string, widthPx: number, fontPx = MIN_FONT_PX): string[] {
  const max = Math.max(8, charsIn(widthPx, fontPx));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/(?<= )/)) {
    if ((line + word).trimEnd().length <= max) {
      line += word;
      continue;
    }
    if (line.trim() !== '') lines.push(line);
    line = '';
    let w = word;
    while (w.trimEnd().length > max) {
      lines.push(w.slice(0, max));
      w = w.slice(max);
    }
    line = w;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}
