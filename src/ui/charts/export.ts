/**
 * Saving a chart or its data: the chart's <svg> as a standalone SVG file or
 * drawn onto a canvas as PNG, and text (CSV, JSON) as a download.
 */

/** The SVG markup of `svg` as a file of its own (namespace and computed colours inlined). */
export function svgFile(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const color = getComputedStyle(svg).color;
  copy.setAttribute('style', `color: ${color}; background: ${getComputedStyle(document.body).backgroundColor}; font-family: sans-serif`);
  return new XMLSerializer().serializeToString(copy);
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadText(name: string, text: string, type: string): void {
  download(name, new Blob([text], { type }));
}

/** The chart drawn at twice its size onto a canvas, as PNG. */
export async function pngOf(svg: SVGSVGElement): Promise<Blob> {
  const { width, height } = svg.viewBox.baseVal;
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgFile(svg)], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new Error('no 2d canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
