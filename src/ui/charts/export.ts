/**
 * Saving a chart or its data: the chart's <svg> as a standalone SVG file or
 * drawn onto a canvas as PNG, and text (CSV, JSON) as a download. The
 * download and the rasterising are the views' (../views/export_image); only
 * the chart's lighter serialisation (its colour and background inlined, its
 * classes kept) is its own.
 */
import { download, svgToPng } from '../views/export_image';

/** The SVG markup of `svg` as a file of its own (namespace and computed colours inlined). */
export function svgFile(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const color = getComputedStyle(svg).color;
  copy.setAttribute('style', `color: ${color}; background: ${getComputedStyle(document.body).backgroundColor}; font-family: sans-serif`);
  return new XMLSerializer().serializeToString(copy);
}

/** Offers `text` as a download named `name` with MIME type `type`. */
export function downloadText(name: string, text: string, type: string): void {
  download(name, new Blob([text], { type }));
}

/** The chart drawn at twice its size onto a canvas, as PNG. */
export function pngOf(svg: SVGSVGElement): Promise<Blob> {
  const { width, height } = svg.viewBox.baseVal;
  return svgToPng({ text: svgFile(svg), width, height });
}
