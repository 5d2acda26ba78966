/**
 * The width a view lays its drawing out to (the panel's, so that text keeps
 * its size), as `{@attach panelWidth((w) => (measured = w))}`.
 *
 * Svelte's `bind:clientWidth` reads clientWidth at once when the element is
 * mounted, in the middle of the update that mounts it: a forced layout of
 * everything that update added. When a long run's first frame arrives the
 * whole page mounts in one update (console, costs, the view), and that
 * layout was 25–40 ms of its one long task. Here the width comes only from
 * a ResizeObserver, whose callbacks run after the frame's own layout, with
 * the layout clean; the drawing starts at the width last measured for any
 * view (the panels of one page are alike), so a view that opens again draws
 * once.
 */
import type { Attachment } from 'svelte/attachments';

/** the last width measured, the first guess of the next view */
let last: number | null = null;

export function lastPanelWidth(fallback: number): number {
  return last ?? fallback;
}

export function panelWidth(set: (width: number) => void): Attachment<HTMLElement> {
  return (element) => {
    const observer = new ResizeObserver(() => {
      // inside the callback the layout is up to date: reading it forces nothing
      last = element.clientWidth;
      set(last);
    });
    observer.observe(element);
    return () => observer.disconnect();
  };
}
