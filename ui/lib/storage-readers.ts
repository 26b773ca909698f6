/**
 * Who reads something this browser keeps in localStorage, for `useSyncExternalStore`: told of a write made in this
 * tab (`changed`), and of one made in another tab (the `storage` event, which reaches only the other tabs).
 */
export class StorageReaders {
  readonly #listeners = new Set<() => void>();

  readonly subscribe = (changed: () => void): (() => void) => {
    this.#listeners.add(changed);
    window.addEventListener('storage', changed);
    return () => {
      this.#listeners.delete(changed);
      window.removeEventListener('storage', changed);
    };
  };

  /** Tells this tab's readers that a value changed here. */
  changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
