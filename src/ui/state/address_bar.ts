/**
 * Who owns the address bar's hash: the page, which keeps it current with
 * the state (history.replaceState, no history entry per step), or a link
 * the user pasted or a test navigated to, which the page has yet to open.
 *
 * The page's writes are late by design (a moment after each change), so a
 * write can come due after the address bar changed but before its
 * `hashchange` is handled. Such a write must not replace the new hash: the
 * link would be lost and the page would stay where it was. So the page
 * writes only while the address bar still holds the hash it opened or
 * wrote last; anything else there is a navigation waiting for its event.
 */
export interface HashLocation {
  /** the address bar's hash now ('' or '#...') */
  read(): string;
  /** replaces it without a history entry and without a hashchange ('' leaves the address without a fragment) */
  replace(hash: string): void;
}

export class AddressBar {
  readonly #where: HashLocation;
  /** the hash the page opened or wrote last */
  #owned: string;

  constructor(where: HashLocation) {
    this.#where = where;
    this.#owned = where.read();
  }

  /** The page opens `hash` (at start-up, or a link from a hashchange): from now on it owns it. */
  opened(hash: string): void {
    this.#owned = hash;
  }

  /** A hashchange to `hash`: true when it is not the page's own (a pasted link), which the page should then open. */
  isNavigation(hash: string): boolean {
    return hash !== this.#owned;
  }

  /**
   * Brings the address bar to `hash`, unless it holds a navigation the page
   * has not opened yet; false then (its hashchange will open it).
   */
  write(hash: string): boolean {
    const now = this.#where.read();
    if (now !== this.#owned) return false;
    if (now !== hash) this.#where.replace(hash);
    // what the bar holds now, as the browser spells it
    this.#owned = this.#where.read();
    return true;
  }
}

/** The window's own address bar. */
export const WINDOW_HASH: HashLocation = {
  read: () => location.hash,
  replace: (hash) => history.replaceState(history.state, '', hash === '' ? location.pathname + location.search : hash),
};
