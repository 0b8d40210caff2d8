/**
 * At most `max` calls of `run` under way at once; the others wait their turn in memory, in order.
 * For background lookups that must not crowd the database's queue ahead of ordinary requests
 * (PGlite runs one statement at a time, in arrival order).
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(run: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await run();
    } finally {
      // The slot passes straight to the next in line (running stays the same), else frees.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
