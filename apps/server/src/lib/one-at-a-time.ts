/**
 * Calls with the same key run one at a time, in arrival order; calls with other keys are not
 * held up. For work the database would serialize anyway (one row's lock): waiting here in memory
 * instead of on the lock, each call holds no pool connection until its turn.
 */
export function oneAtATimePerKey() {
  const tails = new Map<string, Promise<void>>();
  return async function queued<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = tails.get(key);
    let done = () => {};
    const tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    tails.set(key, tail);
    try {
      await before;
      return await run();
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
      done();
    }
  };
}
