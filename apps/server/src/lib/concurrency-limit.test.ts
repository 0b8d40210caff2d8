import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit';

describe('concurrencyLimit', () => {
  it('runs at most max at once, the rest in order, and every call gets its own answer', async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const calls = Array.from({ length: 6 }, (_, i) =>
      limited(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return i * 10;
      }),
    );
    for (let released = 0; released < 6; released++) {
      while (releases.length <= released) await new Promise((r) => setImmediate(r));
      expect(running).toBeLessThanOrEqual(2);
      releases[released]();
    }
    expect(await Promise.all(calls)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when a call fails', async () => {
    const limited = concurrencyLimit(1);
    await expect(limited(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limited(async () => 'next')).toBe('next');
  });
});
