import { describe, expect, it } from 'vitest';
import { SingleFlightCache } from './single-flight-cache';

/** A load that resolves when told, counting how often it ran. */
function controlledLoad<V>(value: V) {
  const state = { calls: 0, release: () => {} };
  const load = () => {
    state.calls++;
    return new Promise<V>((resolve) => {
      state.release = () => resolve(value);
    });
  };
  return { state, load };
}

describe('SingleFlightCache', () => {
  it('shares one load between concurrent lookups of a key, then answers from memory until the TTL', async () => {
    let now = 0;
    const cache = new SingleFlightCache<string>(5_000, 10, () => now);
    const { state, load } = controlledLoad('facts');
    const asks = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
    expect(state.calls).toBe(1);
    state.release();
    expect(await Promise.all(asks)).toEqual(['facts', 'facts', 'facts']);
    now += 4_999;
    expect(await cache.get('a', load)).toBe('facts');
    expect(state.calls).toBe(1);
    now += 2;
    const again = cache.get('a', load);
    state.release();
    await again;
    expect(state.calls).toBe(2);
  });

  it('drops an entry on delete, and a load under way is not kept after it', async () => {
    const cache = new SingleFlightCache<string>(5_000, 10);
    const first = controlledLoad('old');
    const during = cache.get('a', first.load);
    cache.delete('a'); // an event arrived while the lookup was under way
    first.state.release();
    expect(await during).toBe('old');
    const second = controlledLoad('new');
    const after = cache.get('a', second.load);
    second.state.release();
    expect(await after).toBe('new');
    expect(second.state.calls).toBe(1);
  });

  it('clear drops every key', async () => {
    const cache = new SingleFlightCache<number>(5_000, 10);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = new SingleFlightCache<number>(5_000, 10);
    await expect(cache.get('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('holds at most max keys, dropping the oldest', async () => {
    const cache = new SingleFlightCache<number>(5_000, 3);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    expect(cache.size).toBe(3);
    let loads = 0;
    expect(await cache.get('k9', async () => ++loads)).toBe(9);
    expect(await cache.get('k0', async () => ++loads)).toBe(1);
  });
});
