// Promises by key, each made once per process (a container): a loaded index, a secret, a server, a lookup.
// A promise that rejects is forgotten, so the next call makes it again instead of failing for good.
export class PromiseCache<K, V> {
  private readonly pending = new Map<K, Promise<V>>();

  /** The promise made for `key`, making it with `make` when there is none (or the last one failed). */
  get(key: K, make: () => Promise<V>): Promise<V> {
    let value = this.pending.get(key);
    if (!value) {
      value = make();
      this.pending.set(key, value);
      value.catch(() => {
        if (this.pending.get(key) === value) this.pending.delete(key);
      });
    }
    return value;
  }

  /** Whether a promise is held for `key` (made, and not failed). */
  has(key: K): boolean {
    return this.pending.has(key);
  }

  /** Every promise held, and none from now on (for closing what they made). */
  drain(): Promise<V>[] {
    const all = [...this.pending.values()];
    this.pending.clear();
    return all;
  }
}
