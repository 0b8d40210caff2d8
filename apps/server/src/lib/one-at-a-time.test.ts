import { describe, expect, it } from 'vitest';
import { oneAtATimePerKey } from './one-at-a-time';

describe('oneAtATimePerKey', () => {
  it('runs one call per key at a time, in order, other keys alongside, failures not blocking the next', async () => {
    const queued = oneAtATimePerKey();
    const running = new Map<string, number>();
    let peak = 0;
    const order: string[] = [];
    const releases = new Map<string, () => void>();
    const call = (key: string, i: number, fail = false) =>
      queued(key, async () => {
        const now = (running.get(key) ?? 0) + 1;
        running.set(key, now);
        peak = Math.max(peak, now);
        order.push(`${key}${i}`);
        await new Promise<void>((r) => releases.set(`${key}${i}`, r));
        running.set(key, now - 1);
        if (fail) throw new Error(`${key}${i} failed`);
        return `${key}${i}`;
      });
    const a = [call('a', 0), call('a', 1, true), call('a', 2)];
    const b = [call('b', 0)];
    const settled = Promise.allSettled([...a, ...b]);
    await new Promise((r) => setImmediate(r));
    // b0 started beside a0; a1 and a2 wait for a0.
    expect(order).toEqual(['a0', 'b0']);
    for (const name of ['b0', 'a0', 'a1', 'a2']) {
      while (!releases.has(name)) await new Promise((r) => setImmediate(r));
      releases.get(name)?.();
    }
    expect(await settled).toEqual([
      { status: 'fulfilled', value: 'a0' },
      { status: 'rejected', reason: new Error('a1 failed') },
      { status: 'fulfilled', value: 'a2' },
      { status: 'fulfilled', value: 'b0' },
    ]);
    expect(order).toEqual(['a0', 'b0', 'a1', 'a2']);
    expect(peak).toBe(1);
  });
});
