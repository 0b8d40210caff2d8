import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

describe('SessionCache.resolveOnce', () => {
  it('shares one lookup among the requests that miss together, and starts afresh once it settled', async () => {
    const cache = new SessionCache(5000);
    let lookups = 0;
    let release = () => {};
    const lookup = () => {
      lookups++;
      return new Promise<string>((r) => {
        release = () => r(`user-${lookups}`);
      });
    };
    const together = [cache.resolveOnce('k', lookup), cache.resolveOnce('k', lookup), cache.resolveOnce('k', lookup)];
    release();
    expect(await Promise.all(together)).toEqual(['user-1', 'user-1', 'user-1']);
    const later = cache.resolveOnce('k', lookup);
    release();
    expect(await later).toBe('user-2');
    expect(lookups).toBe(2);
  });

  it('does not let a request join a lookup that started before the user was dropped', async () => {
    const cache = new SessionCache(5000);
    let lookups = 0;
    const lookup = async () => ++lookups;
    const before = cache.resolveOnce('k', lookup);
    cache.forgetUser('someone');
    const after = cache.resolveOnce('k', lookup);
    expect([await before, await after]).toEqual([1, 2]);
  });

  it('a failed lookup is not kept: the next request tries again', async () => {
    const cache = new SessionCache(5000);
    await expect(cache.resolveOnce('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.resolveOnce('k', async () => 'back')).toBe('back');
  });
});
