interface Entry {
  value: Promise<unknown>;
  expires: number;
  /** A recomputation of an expired entry is under way (its old value still answers). */
  refreshing: boolean;
  settled: boolean;
}

/**
 * The shared part of Home and Explore pages (their rows, presented and serialized for nobody in
 * particular), kept per page for `PUBLIC_CACHE_MS`, so that signed-in viewers are answered from
 * memory too: only their own flags are looked up per request (see `compose.ts`, ADR 0023). Kept and
 * dropped with the anonymous answers (`PublicCache.forget`). Concurrent misses share one
 * computation; an expired page answers with its old value while one refresh runs
 * (stale-while-revalidate); a page computed across a `forget` is not kept.
 */
export class SharedRows {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  forget(): void {
    this.generation++;
    this.entries.clear();
  }

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && (hit.expires > now || hit.refreshing || !hit.settled)) return hit.value as Promise<T>;
    if (hit) {
      hit.refreshing = true;
      this.fill(key, compute, hit);
      return hit.value as Promise<T>;
    }
    return this.fill(key, compute);
  }

  /** Computes `key`; the result replaces the entry when no `forget` came in between. */
  private fill<T>(key: string, compute: () => Promise<T>, stale?: Entry): Promise<T> {
    const generation = this.generation;
    const value = compute();
    const entry: Entry = { value, expires: Date.now() + this.ttlMs, refreshing: false, settled: false };
    if (!stale) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, entry);
    }
    value.then(
      () => {
        entry.settled = true;
        entry.expires = Date.now() + this.ttlMs;
        if (stale && generation === this.generation && this.entries.get(key) === stale) this.entries.set(key, entry);
      },
      () => {
        if (stale) stale.refreshing = false;
        else if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }
}
