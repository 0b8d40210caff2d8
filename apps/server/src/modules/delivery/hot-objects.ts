/**
 * Hot media in memory, like a CDN edge: an object asked for again within a minute is loaded whole
 * (up to 16 MiB) and then every Range of it is a slice of one Buffer — no file read, no storage
 * round trip. Least recently used objects leave once the budget (256 MiB) is full. Keys are never
 * rewritten (each processing run makes new ones), so a cached object never goes stale.
 */
const MAX_OBJECT = 16 * 1024 * 1024;
const BUDGET = 256 * 1024 * 1024;
const SEEN_WINDOW_MS = 60_000;
const SEEN_MAX = 10_000;

export class HotObjects {
  private readonly cached = new Map<string, Buffer>(); // insertion order = recency
  private readonly loading = new Set<string>();
  private readonly seen = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly budget = BUDGET) {}

  /** The object if it is in memory (counts as a use); never loads. */
  peek(key: string): Buffer | null {
    const hit = this.cached.get(key);
    if (!hit) return null;
    this.cached.delete(key);
    this.cached.set(key, hit);
    return hit;
  }

  /** The object if it is in memory; otherwise notes the request and maybe starts loading it. */
  get(key: string, size: number, load: () => Promise<Buffer>): Buffer | null {
    const hit = this.peek(key);
    if (hit) return hit;
    if (size > MAX_OBJECT || size > this.budget || this.loading.has(key)) return null;
    const now = Date.now();
    const before = this.seen.get(key);
    if (before === undefined || now - before > SEEN_WINDOW_MS) {
      if (this.seen.size >= SEEN_MAX) this.seen.delete(this.seen.keys().next().value as string);
      this.seen.set(key, now);
      return null;
    }
    this.seen.delete(key);
    this.loading.add(key);
    load()
      .then((buf) => {
        if (buf.length === size) this.put(key, buf);
      })
      .catch(() => {})
      .finally(() => this.loading.delete(key));
    return null;
  }

  private put(key: string, buf: Buffer): void {
    while (this.bytes + buf.length > this.budget && this.cached.size > 0) {
      const [oldest, old] = this.cached.entries().next().value as [string, Buffer];
      this.cached.delete(oldest);
      this.bytes -= old.length;
    }
    this.cached.set(key, buf);
    this.bytes += buf.length;
  }

  delete(key: string): void {
    const buf = this.cached.get(key);
    if (buf) {
      this.cached.delete(key);
      this.bytes -= buf.length;
    }
    this.seen.delete(key);
  }

  get size() {
    return { objects: this.cached.size, bytes: this.bytes };
  }
}
