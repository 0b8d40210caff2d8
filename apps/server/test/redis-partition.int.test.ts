import { randomUUID } from 'node:crypto';
import type { RealtimeMessage } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, RedisBus } from '../src/realtime/bus';
import { FaultProxy, reachable, waitFor } from './fault-proxy';
import { createTestApp, type TestApp } from './helpers';

// Redis behind a proxy that silently drops every packet (ADR 0031): the bus keeps delivering in
// its own process, health reports Redis down, and after the heal it resubscribes and events
// cross processes again. Runs where a Redis is reachable (CI, this machine).
const redisUrl =
  process.env.TEST_REDIS_URL ?? ((await reachable('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : undefined);

// Short, for a quick test, but not so short that a busy machine's slow ping reads as a partition.
const LIMITS = { connectTimeoutMs: 1000, commandTimeoutMs: 1000, pingIntervalMs: 300 };

/** Collects a bus's messages; `next(pred)` waits for one. */
function inbox(bus: { subscribe(h: (m: RealtimeMessage) => void): () => void }) {
  const got: RealtimeMessage[] = [];
  bus.subscribe((m) => got.push(m));
  return {
    got,
    has: (streamId: string) => got.some((m) => (m.data as { streamId?: string }).streamId === streamId),
  };
}

describe.skipIf(!redisUrl)('a Redis partitioned away by the network', () => {
  const channel = `wavecast:test:${randomUUID()}:events`;
  const logs: string[] = [];
  let proxy: FaultProxy;
  let a: RedisBus; // behind the proxy
  let b: RedisBus; // another process, still reaching Redis
  let t: TestApp;

  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const viaProxy = new URL(redisUrl as string);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const log = { warn: (m: string) => logs.push(`warn: ${m}`), info: (m: string) => logs.push(`info: ${m}`) };
    a = new RedisBus(viaProxy.toString(), channel, { ...LIMITS, log });
    b = new RedisBus(redisUrl as string, channel, LIMITS);
    await Promise.all([a.whenReady(), b.whenReady()]);
    t = await createTestApp({}, { share: { bus: a } });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([a?.close(), b?.close()]);
    await proxy?.close();
  });

  it('degrades to in-process, is reported, and resubscribes after the heal', async () => {
    const inA = inbox(a);
    const inB = inbox(b);
    await a.publish('live:s', 'live.viewers', { streamId: 'before-a', viewers: 1 });
    await b.publish('live:s', 'live.viewers', { streamId: 'before-b', viewers: 1 });
    await waitFor(() => inB.has('before-a') && inA.has('before-b'), 5000, 'cross-process delivery');
    expect(inA.got.filter((m) => (m.data as { streamId: string }).streamId === 'before-a')).toHaveLength(1); // no echo

    const warnings = (since: number) => logs.slice(since).filter((l) => l.startsWith('warn: Redis unreachable'));
    const sinceBlackhole = logs.length;
    proxy.blackhole();
    const noticed = await waitFor(() => a.status() === 'down', 5000, 'the bus notices');
    expect(noticed).toBeLessThan(LIMITS.pingIntervalMs + LIMITS.commandTimeoutMs + 1000);
    // One warning for the partition, not one per ping (none if a slow ping had already said so).
    expect(warnings(sinceBlackhole).length).toBeLessThanOrEqual(1);
    expect(a.status()).toBe('down');

    // In-process delivery goes on.
    await a.publish('live:s', 'live.viewers', { streamId: 'during-a', viewers: 2 });
    expect(inA.has('during-a')).toBe(true);

    const start = Date.now();
    const health = await t.app.inject('/api/health');
    expect(Date.now() - start).toBeLessThan(2000);
    // This process still serves requests: reported, but not taken out of a load balancer.
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'degraded',
      bus: 'redis',
      redis: { status: 'down', driver: 'redis', error: 'redis unavailable' },
      database: { status: 'ok' },
    });

    expect(warnings(sinceBlackhole).length).toBeLessThanOrEqual(1);
    expect(logs.slice(sinceBlackhole).some((l) => l.startsWith('info: Redis is back'))).toBe(false);

    proxy.heal();
    const back = await waitFor(() => a.status() === 'ok', 5000, 'the bus is back');
    expect(back).toBeLessThan(5000);
    expect(logs.at(-1)).toBe('info: Redis is back: events reach every process again');

    // Resubscribed: both directions cross processes again.
    await b.publish('live:s', 'live.viewers', { streamId: 'after-b', viewers: 3 });
    await a.publish('live:s', 'live.viewers', { streamId: 'after-a', viewers: 3 });
    await waitFor(() => inA.has('after-b') && inB.has('after-a'), 5000, 'cross-process delivery resumes');
    const healthy = await t.app.inject('/api/health');
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok', redis: { status: 'ok', driver: 'redis' } });
  });
});

describe.skipIf(!redisUrl)('two deployments on one Redis', () => {
  const bus = (db: number, prefix?: string) =>
    createBus({
      REDIS_URL: `${redisUrl}/${db}`,
      REDIS_PREFIX: prefix,
      REDIS_CONNECT_TIMEOUT_MS: 2000,
      REDIS_COMMAND_TIMEOUT_MS: 2000,
      REDIS_PING_INTERVAL_MS: 1000,
    }) as RedisBus;

  it('do not hear each other (different database numbers or prefixes); one deployment does', async () => {
    const tag = randomUUID().slice(0, 8);
    const x = bus(11);
    const x2 = bus(11); // x's deployment
    const y = bus(12);
    const y2 = bus(12); // another deployment: another database number
    const z = bus(11, `other-${tag}`);
    const z2 = bus(12, `other-${tag}`); // a third: its own prefix (whatever the database number)
    const all = [x, x2, y, y2, z, z2];
    try {
      await Promise.all(all.map((b) => b.whenReady()));
      const [inX2, inY, inZ] = [x2, y, z].map(inbox);
      const ids = (box: ReturnType<typeof inbox>) => box.got.map((m) => (m.data as { streamId: string }).streamId);
      await x.publish('live:s', 'live.viewers', { streamId: `x-${tag}`, viewers: 1 });
      await waitFor(() => inX2.has(`x-${tag}`), 5000, 'the same deployment hears it');
      // Redis has sent x's message to every subscriber of its channel by now, so a connection that
      // heard it would have it before anything published from here on.
      await y2.publish('live:s', 'live.viewers', { streamId: `y-${tag}`, viewers: 1 });
      await z2.publish('live:s', 'live.viewers', { streamId: `z-${tag}`, viewers: 1 });
      await waitFor(() => inY.has(`y-${tag}`) && inZ.has(`z-${tag}`), 5000, 'each deployment hears its own');
      expect(ids(inY)).toEqual([`y-${tag}`]);
      expect(ids(inZ)).toEqual([`z-${tag}`]);
      expect(ids(inX2)).not.toContain(`y-${tag}`);
    } finally {
      await Promise.all(all.map((b) => b.close()));
    }
  });
});
