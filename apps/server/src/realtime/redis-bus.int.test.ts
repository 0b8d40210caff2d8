import { describe, expect, it } from 'vitest';
import { RedisBus } from './bus';

// Runs against a real Redis when TEST_REDIS_URL is set (CI sets it to the local server).
describe.skipIf(!process.env.TEST_REDIS_URL)('RedisBus', () => {
  it('carries events between two processes’ buses', async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const channel = `wavecast:test:${Date.now()}`;
    const a = new RedisBus(url, channel);
    const b = new RedisBus(url, channel);
    await Promise.all([a.whenReady(), b.whenReady()]);
    const received = new Promise((resolve) => b.subscribe(resolve));
    await a.publish('live:s1', 'live.viewers', { streamId: 's1', viewers: 3 });
    expect(await received).toEqual({ topic: 'live:s1', event: 'live.viewers', data: { streamId: 's1', viewers: 3 } });
    await Promise.all([a.close(), b.close()]);
  });
});
