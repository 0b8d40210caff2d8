interface Entry<V> {
  value: Promise<V>;
  expires: number;
}

/**
 * A small per-process memory of lookups: an answer is kept `ttlMs` (at most `max` keys, the oldest
 * dropped first), concurrent lookups of one key share one load (single flight), and a failed load is
 * not kept. `delete`/`clear` invalidate: a load under way is dropped with its entry (it answers
 * only those who already joined it), so an invalidated answer never comes back.
 */
export class SingleFlightCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const entry: Entry<V> = { value: (async () => load())(), expires: Number.POSITIVE_INFINITY };
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.expires = this.now() + this.ttlMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
