/**
 * A part of the page that loads as a chunk of its own the first time it is
 * needed (Compare, Charts, the multi-CPU panel), so the first load carries
 * only the playground. `current` is null until the import resolves; a chunk
 * that cannot load (a stale deploy) reports through `onfail` and may be
 * retried by calling load() again.
 */
export class Lazy<T> {
  current = $state.raw<T | null>(null);
  #loading: Promise<void> | null = null;
  readonly #importer: () => Promise<{ default: T }>;
  readonly #onfail: (message: string) => void;

  constructor(importer: () => Promise<{ default: T }>, onfail: (message: string) => void) {
    this.#importer = importer;
    this.#onfail = onfail;
  }

  /** Starts the import once; resolves when it settled. */
  load(): Promise<void> {
    if (this.current !== null) return Promise.resolve();
    this.#loading ??= this.#importer().then(
      (m) => {
        this.current = m.default;
      },
      (e: unknown) => {
        this.#loading = null;
        this.#onfail(e instanceof Error ? e.message : String(e));
      },
    );
    return this.#loading;
  }
}
