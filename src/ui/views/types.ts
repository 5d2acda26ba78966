/**
 * What a view component receives and what the stage needs to know about
 * it. A view draws one root <svg> (the stage exports it as SVG/PNG) from
 * its frame alone: a pure function of the data, animated from the
 * previous frame unless the user prefers reduced motion.
 */
import type { Component } from 'svelte';
import type { ViewFrame, ViewId, ViewOptions } from '../../engine/view/types';

export type { ViewFrame, ViewId, ViewOptions } from '../../engine/view/types';

export interface ViewProps<M = unknown> {
  frame: ViewFrame<M>;
  /**
   * How many of the frame's events have happened ("step into"): 0 = the
   * operation has not started (draw `before`, nothing lit), events.length
   * = it has completed (draw `after`). Between, light events[sub - 1].
   */
  sub: number;
  reducedMotion: boolean;
  /** this view's options (which ipc, which subtree), and how it asks for others (a new frame follows) */
  options?: ViewOptions;
  onoptions?: (options: ViewOptions) => void;
}

export interface ViewDef<M = unknown> {
  id: ViewId;
  /** tab label */
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: Component<ViewProps<any>>;
  /** one or two plain sentences for screen readers: what the frame shows at `sub` */
  describe(frame: ViewFrame<M>, sub: number): string;
}
