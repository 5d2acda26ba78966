/**
 * The colour theme: 'system' follows prefers-color-scheme; 'light' and
 * 'dark' override it. Stored as `{ v: 1, theme }`; applied as the
 * `data-theme` attribute of <html> that global.css reads.
 */

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'ipcscope:theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function loadTheme(storage: Storage | null = globalThis.localStorage ?? null): ThemeChoice {
  try {
    const raw = storage?.getItem(THEME_KEY);
    const t: unknown = raw == null ? null : JSON.parse(raw);
    const theme = typeof t === 'object' && t !== null && (t as { v?: unknown }).v === 1 ? (t as { theme?: unknown }).theme : null;
    return CHOICES.includes(theme as ThemeChoice) ? (theme as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

export function saveTheme(theme: ThemeChoice, storage: Storage | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(THEME_KEY, JSON.stringify({ v: 1, theme }));
  } catch {
    // a theme that does not survive a reload is no loss
  }
}

/** The next choice of the toggle: system → light → dark → system. */
export function nextTheme(theme: ThemeChoice): ThemeChoice {
  return CHOICES[(CHOICES.indexOf(theme) + 1) % CHOICES.length]!;
}
