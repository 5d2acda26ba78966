/**
 * A view's picture as a file: its root <svg> serialised with the computed
 * styles inlined (so the file looks like the page without the page's CSS),
 * or rasterised to PNG through a canvas. The download and the rasterising
 * also serve the multi-CPU timeline and the sweep charts.
 */

/** The presentation properties a view's CSS sets. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
  'transform',
] as const;

export interface SerializedSvg {
  text: string;
  width: number;
  height: number;
}

/** The SVG document of `svg` as drawn now, with its computed styles and a background of `background`. */
export function serializeSvg(svg: SVGSVGElement, background: string): SerializedSvg {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    let style = '';
    for (const p of STYLE_PROPS) {
      const v = cs.getPropertyValue(p);
      if (v !== '' && !(p === 'transform' && v === 'none')) style += `${p}:${v};`;
    }
    to[i]!.setAttribute('style', style);
    to[i]!.removeAttribute('class');
  });
  const box = svg.viewBox.baseVal;
  const width = Math.round(box && box.width > 0 ? box.width : svg.getBoundingClientRect().width);
  const height = Math.round(box && box.height > 0 ? box.height : svg.getBoundingClientRect().height);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('x', box ? String(box.x) : '0');
  bg.setAttribute('y', box ? String(box.y) : '0');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', background);
  clone.insertBefore(bg, clone.firstChild);
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

/** Offers `blob` as a download named `name`. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The serialised SVG drawn on a canvas `scale` times its size, as a PNG. */
export async function svgToPng(svg: SerializedSvg, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.text);
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(svg.width * scale));
  canvas.height = Math.max(1, Math.round(svg.height * scale));
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('no 2d canvas');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))), 'image/png'));
}

/**
 * Offers `s` as the file `name`: the SVG text itself, or the PNG drawn from it.
 * Return: null when the file was offered, else the sentence that says why it could not be made.
 */
export async function saveSvgAs(s: SerializedSvg, name: string, kind: 'svg' | 'png'): Promise<string | null> {
  try {
    if (kind === 'svg') download(name, new Blob([s.text], { type: 'image/svg+xml' }));
    else download(name, await svgToPng(s));
    return null;
  } catch (e) {
    return `The ${kind.toUpperCase()} could not be made (${e instanceof Error ? e.message : String(e)}).`;
  }
}
