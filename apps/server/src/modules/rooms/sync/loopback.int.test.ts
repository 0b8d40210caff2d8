import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { readyKey, SYNC } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers';
import { RoomMemberClient } from '../../../../test/room-member';
import { scaled } from '../../../../test/time';
import { type EventBus, MemoryBus, RedisBus } from '../../../realtime/bus';
import { syncNow } from '../../../realtime/sync-clock';
import { roomSync } from './service';
import { seeded } from './sim/rng';

// Two apps on one database, each with its own Redis connection, stand for two server processes
// (as the session-cache and lifecycle tests do); 20 real WebSocket members, half on each, run the
// real sync core with virtual media clocks. Without Redis both apps share one in-process bus.
vi.setConfig({ testTimeout: scaled(120_000) });

const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

let a: TestApp;
let b: TestApp;
const buses: EventBus[] = [];
const members: RoomMemberClient[] = [];
let redisUrl: string | undefined;
const rng = seeded(20);
const ROOM = `loop${Date.now()}`;

const urlOf = (t: TestApp) => `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
const join = async (t: TestApp) => {
  const m = new RoomMemberClient(urlOf(t), t.ctx.config.PUBLIC_URL, ROOM, rng);
  members.push(m);
  await m.connect();
  return m;
};
const until = async (what: string, check: () => boolean, ms: number) => {
  const end = performance.now() + scaled(ms);
  while (!check()) {
    if (performance.now() > end) throw new Error(`not within ${scaled(ms)} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};
/** Pairwise |skew| of the members given, sampled every 100 ms for `ms`. */
const measureSkew = async (group: RoomMemberClient[], ms: number) => {
  const skews: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const server = syncNow();
    const now = performance.now();
    const errors = group.map((m) => m.errorAt(server, now)).filter((e): e is number => e !== null);
    for (let i = 0; i < errors.length; i++)
      for (let j = i + 1; j < errors.length; j++) skews.push(Math.abs(errors[i] - errors[j]));
    await new Promise((r) => setTimeout(r, 100));
  }
  return skews;
};

beforeAll(async () => {
  redisUrl =
    process.env.TEST_REDIS_URL ?? ((await reachable('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : undefined);
  if (!redisUrl) console.warn('loopback sync: no Redis configured — both apps share one in-process bus');
  const channel = `wavecast:test:rooms:${Date.now()}`;
  const bus = (): EventBus => {
    const made = redisUrl ? new RedisBus(redisUrl, channel) : (buses[0] ?? new MemoryBus());
    buses.push(made);
    return made;
  };
  a = await createTestApp({}, { share: { bus: bus() } });
  b = await createTestApp({}, { share: { database: a.ctx.database, bus: bus() } });
  await Promise.all(buses.map((x) => (x instanceof RedisBus ? x.whenReady() : undefined)));
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const m of members) m.close();
  await b?.close();
  await a?.close();
  await Promise.all([...new Set(buses)].map((x) => x.close()));
});

describe('listening room over real sockets on two processes', () => {
  it('keeps 20 members together, pauses them all, drops a dead one, aligns late joiners', async () => {
    await roomSync(a.ctx).load(ROOM, { itemId: 'item-1', durationMs: 600_000 });
    const group: RoomMemberClient[] = [];
    for (let i = 0; i < 20; i++) group.push(await join(i % 2 === 0 ? a : b));
    // Everyone loaded, paused at the start and buffered: the play starts without a wait.
    await until(
      'all ready',
      () =>
        roomSync(b.ctx)
          .members(ROOM)
          .filter((m) => m.readyKey === 'item-1@0').length === 20,
      10_000,
    );

    const played = await roomSync(b.ctx).play(ROOM);
    expect(played.schedule.paused).toBe(false);
    expect(played.schedule.startAt - syncNow()).toBeGreaterThan(SYNC.startLeadMs - 100);
    // 10 s in, measured for 5 s.
    await new Promise((r) => setTimeout(r, played.schedule.startAt - syncNow() + 10_000));
    const skews = await measureSkew(group, 5_000);
    const p95 = percentile(skews, 0.95);
    const p99 = percentile(skews, 0.99);
    const maxCorrection = Math.max(...members.map((m) => m.media.maxRateOffset));
    console.info(
      `loopback sync (${redisUrl ? 'Redis' : 'in-process'} bus): ${skews.length} pair samples, p50 ${percentile(skews, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max correction ${(maxCorrection * 100).toFixed(2)} %`,
    );
    expect(skews.length).toBeGreaterThan(190 * 40);
    expect(p95).toBeLessThanOrEqual(30);
    expect(p99).toBeLessThanOrEqual(60);
    expect(maxCorrection).toBeLessThanOrEqual(SYNC.maxRateCorrection + 1e-9);

    // The host pauses on the other process: every member stops.
    await roomSync(a.ctx).pause(ROOM);
    await until('all paused', () => group.every((m) => !m.media.isPlaying), 2_000);

    // Late joiners on both processes align within ±30 ms in 2 s of connecting (a timing ceiling:
    // scaled by the machine factor; the figure printed is the time taken).
    await roomSync(a.ctx).play(ROOM);
    const joinedAt = performance.now();
    const late = await Promise.all([join(a), join(b)]);
    let inStep = 0;
    await until(
      'late joiners within ±30 ms for 0.5 s',
      () => {
        const server = syncNow();
        const ok = late.every((m) => Math.abs(m.errorAt(server) ?? Number.POSITIVE_INFINITY) <= 30);
        inStep = ok ? inStep + 1 : 0;
        return inStep >= 25;
      },
      2_500,
    );
    console.info(
      `loopback sync: late joiners within ±30 ms ${Math.round(performance.now() - joinedAt - 500)} ms after joining`,
    );

    // One member hangs with its socket open: a seek waits for it at most stallDropMs.
    group[3].dead = true;
    const asked = syncNow();
    const seeking = await roomSync(b.ctx).seek(ROOM, 120_000);
    expect(seeking.wait).not.toBeNull();
    const committed = () => {
      const s = group[0].schedule;
      return s !== null && s.revision > seeking.schedule.revision && !s.paused;
    };
    await until('the seek committed', committed, SYNC.stallDropMs + 3_000);
    const committedAt = (group[0].schedule?.startAt ?? 0) - SYNC.startLeadMs;
    expect(committedAt - asked).toBeLessThanOrEqual(SYNC.stallDropMs + scaled(500));
    // Dropped: the next wait does not hold for it at all.
    await roomSync(a.ctx).pause(ROOM);
    await until('paused again', () => group[0].schedule?.paused === true, 2_000);
    const key = readyKey((await roomSync(a.ctx).get(ROOM)).schedule);
    const held = () => roomSync(a.ctx).members(ROOM);
    await until('the others ready', () => held().filter((m) => m.readyKey === key).length === 21, 5_000);
    expect(held().find((m) => m.readyKey !== key)?.stalledOut).toBe(true);
    const resumed = await roomSync(a.ctx).play(ROOM);
    expect(resumed.schedule.paused).toBe(false);
  });
});
