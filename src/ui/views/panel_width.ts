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
 * the layout clean.
 */
import type { Attachment } from 'svelte/attachments';

export function panelWidth(set: (width: number) => void): Attachment<HTMLElement> {
  return (element) => {
    // inside the callback the layout is up to date: reading it forces nothing
    const observer = new ResizeObserver(() => set(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  };
}
