/**
 * The keyboard shortcuts of the stepping controls, in one table that both
 * the key handler and the help overlay read. Keys marked `anywhere` also
 * work while typing in the editor (function keys, which the editor does
 * not use); the others only when focus is outside text fields, where
 * Home, End, `?` and letters mean something else.
 */

export type Action = 'run' | 'step_over' | 'step_back' | 'step_into' | 'step_out' | 'step_back_inner' | 'run_to_cursor' | 'reset' | 'to_end' | 'play_pause' | 'help' | 'close';

export interface Shortcut {
  action: Action;
  /** as shown to people, e.g. 'Shift+F10' */
  keys: string;
  /** the `aria-keyshortcuts` form */
  aria: string;
  label: string;
  anywhere: boolean;
  matches(e: KeyLike): boolean;
}

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

const plain = (e: KeyLike) => !e.ctrlKey && !e.altKey && !e.metaKey;
const key =
  (k: string, shift = false) =>
  (e: KeyLike) =>
    e.key === k && plain(e) && e.shiftKey === shift;

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'run', keys: 'F8', aria: 'F8', label: 'Run to the end', anywhere: true, matches: key('F8') },
  { action: 'step_over', keys: 'F10', aria: 'F10', label: 'Step over: the next operation', anywhere: true, matches: key('F10') },
  { action: 'step_back', keys: 'Shift+F10', aria: 'Shift+F10', label: 'Step back', anywhere: true, matches: key('F10', true) },
  { action: 'step_into', keys: 'F9', aria: 'F9', label: 'Step into: the next event inside the operation', anywhere: true, matches: key('F9') },
  {
    action: 'step_back_inner',
    keys: 'Shift+F9',
    aria: 'Shift+F9',
    label: 'Step back one event (into the previous operation at its start)',
    anywhere: true,
    matches: key('F9', true),
  },
  {
    action: 'step_out',
    keys: 'Ctrl+F9',
    aria: 'Control+F9',
    label: 'Step out: to the end of the current operation',
    anywhere: true,
    matches: (e) => e.key === 'F9' && e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey,
  },
  {
    action: 'run_to_cursor',
    keys: 'Ctrl+F10',
    aria: 'Control+F10',
    label: "Run to the editor's cursor line",
    anywhere: true,
    matches: (e) => e.key === 'F10' && e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey,
  },
  // aliases outside text fields, for keyboards where the function keys belong to the browser or the desktop
  { action: 'step_into', keys: '→', aria: 'ArrowRight', label: 'Step into (as F9)', anywhere: false, matches: key('ArrowRight') },
  { action: 'step_back_inner', keys: '←', aria: 'ArrowLeft', label: 'Back one event (as Shift+F9)', anywhere: false, matches: key('ArrowLeft') },
  { action: 'step_over', keys: 'Shift+→', aria: 'Shift+ArrowRight', label: 'Step over (as F10)', anywhere: false, matches: key('ArrowRight', true) },
  { action: 'step_back', keys: 'Shift+←', aria: 'Shift+ArrowLeft', label: 'Step back (as Shift+F10)', anywhere: false, matches: key('ArrowLeft', true) },
  { action: 'play_pause', keys: 'Space', aria: 'Space', label: 'Play / pause (as P)', anywhere: false, matches: key(' ') },
  { action: 'reset', keys: 'Home', aria: 'Home', label: 'Reset to step 0', anywhere: false, matches: key('Home') },
  { action: 'to_end', keys: 'End', aria: 'End', label: 'Go to the last step', anywhere: false, matches: key('End') },
  { action: 'play_pause', keys: 'P', aria: 'P', label: 'Play / pause', anywhere: false, matches: (e) => (e.key === 'p' || e.key === 'P') && plain(e) },
  { action: 'help', keys: '?', aria: 'Shift+?', label: 'Show these shortcuts', anywhere: false, matches: (e) => e.key === '?' && plain(e) },
  { action: 'close', keys: 'Escape', aria: 'Escape', label: 'Close this overlay', anywhere: true, matches: key('Escape') },
];

/** The shortcut a key press triggers; `typing` when focus is in a text field or the editor (or, for Space and the arrows, on a control they operate). */
export function shortcutFor(e: KeyLike, typing: boolean): Action | null {
  for (const s of SHORTCUTS) if (s.matches(e) && (s.anywhere || !typing)) return s.action;
  return null;
}

export function shortcutOf(action: Action): Shortcut {
  return SHORTCUTS.find((s) => s.action === action)!;
}

/** Every key of `action`: `keys` as shown ('F9, →'), `aria` as aria-keyshortcuts wants them ('F9 ArrowRight'). */
export function keysOf(action: Action): { keys: string; aria: string } {
  const all = SHORTCUTS.filter((s) => s.action === action);
  return { keys: all.map((s) => s.keys).join(', '), aria: all.map((s) => s.aria).join(' ') };
}
