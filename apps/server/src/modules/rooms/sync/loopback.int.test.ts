import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type RoomPlayback, SYNC, type TJoinedRoom, type TRoom } from '@wavecast/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoomMemberClient } from '../../../../test/room-member';
import { cookieOf, type ServerProcess, startServer } from '../../../../test/scale-out/stack';
import { seedTrack } from '../../../../test/seed-track';
import { scaled } from '../../../../test/time';
import { type Database, openDatabase } from '../../../db/client';
import { syncNow } from '../../../realtime/sync-clock';
import { seeded } from './sim/rng';

// Two server processes (child processes on a fresh PostgreSQL database and one Redis), 20 real
// WebSocket members joined as guests over HTTP, half on each process, running the real sync core
// with virtual media clocks; the host controls the room over HTTP on either process. Each figure
// is the same as the simulation's. Needs PostgreSQL and Redis (CI has both): skipped without.
vi.setConfig({ testTimeout: scaled(150_000), hookTimeout: scaled(180_000) });

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const s = net.connect(Number(u.port), u.hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const available = (await reachable(PG_URL)) && (await reachable(REDIS_URL));
if (!available && process.env.CI) throw new Error('the loopback sync test needs PostgreSQL and Redis in CI');

const cleanups: (() => Promise<unknown> | unknown)[] = [];
const servers: ServerProcess[] = [];
const members: RoomMemberClient[] = [];
const rng = seeded(20);
let base: { a: string; b: string };
let publicUrl: string;
let hostCookie: string;
let roomId: string;
let database: Database;

const wsOf = (http: string) => `${http.replace('http', 'ws')}/api/ws`;
const post = async (origin: string, url: string, body: object, cookie = '') => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return res;
};
/** A guest joins over HTTP on one process and connects its socket to the same process. */
const join = async (on: string, name: string) => {
  const res = await post(publicUrl, `${on}/api/rooms/${roomId}/join`, { guestName: name });
  expect(res.status, await res.clone().text()).toBe(200);
  const { guestToken } = (await res.json()) as TJoinedRoom;
  const m = new RoomMemberClient(wsOf(on), publicUrl, roomId, rng, guestToken ?? undefined);
  members.push(m);
  await m.connect();
  return m;
};
/** The host's control, on either process. */
const control = async (on: string, body: object): Promise<RoomPlayback> => {
  const res = await post(publicUrl, `${on}/api/rooms/${roomId}/playback`, body, hostCookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as TRoom).playback;
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
/**
 * Pairwise |skew| of the members given, sampled every 100 ms for `ms`. Against this process's
 * server-clock reading: a constant difference from the servers' clocks cancels out of every pair.
 */
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
/** Whether a member stands paused at the schedule's position, loaded: what it reports as ready. */
const readyAtPause = (m: RoomMemberClient) => m.controller.readyFor(m.media.read(performance.now())) !== null;

beforeAll(async () => {
  if (!available) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-rooms-loop-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const dbName = `rooms_loop_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });
  const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
  const ports = { a: await freePort(), b: await freePort() };
  base = { a: `http://127.0.0.1:${ports.a}`, b: `http://127.0.0.1:${ports.b}` };
  publicUrl = base.a;
  const shared = {
    DATABASE_URL: dbUrl,
    REDIS_URL,
    // Its own channels: other tests' processes on the same Redis hear nothing of these.
    REDIS_PREFIX: `wc-rooms-loop-${Date.now()}`,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: 'rooms-loopback-secret-0123456789abcdef',
  };
  const server = (name: string, port: number) => {
    const s = startServer(name, { ...shared, PORT: String(port), DATA_DIR: path.join(dir, name) });
    servers.push(s);
    return s;
  };
  cleanups.push(() => Promise.all(servers.map((s) => s.kill())));
  // A migrates the fresh database first; B then finds it ready.
  await server('rooms-a', ports.a).waitFor('Wavecast is running', scaled(120_000));
  await server('rooms-b', ports.b).waitFor('Wavecast is running', scaled(120_000));

  const signUp = await post(publicUrl, `${base.a}/api/auth/sign-up/email`, {
    email: `rooms-loop-${Date.now()}@example.com`,
    password: 'Sturdy-Horse-91',
    name: 'Loop Host',
    accountType: 'creator',
  });
  expect(signUp.status).toBe(200);
  hostCookie = cookieOf(signUp);
  const hostId = ((await signUp.json()) as { user: { id: string } }).user.id;
  database = await openDatabase({ databaseUrl: dbUrl, dataDir: dir });
  cleanups.push(() => database.close());
  const trackId = await seedTrack(database.db, hostId, { title: 'Loop', duration: 600 });
  const opened = await post(publicUrl, `${base.b}/api/rooms`, { source: { kind: 'track', id: trackId } }, hostCookie);
  expect(opened.status, await opened.clone().text()).toBe(201);
  roomId = ((await opened.json()) as TRoom).id;
});
afterAll(async () => {
  for (const m of members) m.close();
  for (const clean of cleanups.reverse()) await clean();
});

describe.skipIf(!available)('listening room over real sockets on two server processes', () => {
  it('keeps 20 members together, pauses them all, drops a dead one, aligns late joiners', async () => {
    const group: RoomMemberClient[] = [];
    for (let i = 0; i < 20; i++) group.push(await join(i % 2 === 0 ? base.a : base.b, `Member ${i}`));
    await until('every member has the clock', () => group.every((m) => m.filter.ready), 10_000);

    // The host plays on B: the first item loads, the group waits for everyone, then one start.
    await control(base.b, { action: 'play' });
    await until('the shared start', () => group.every((m) => m.schedule !== null && !m.schedule.paused), 10_000);
    const startAt = group[0].schedule?.startAt ?? 0;
    expect(group.every((m) => m.schedule?.startAt === startAt)).toBe(true);
    // 10 s in, measured for 5 s.
    await new Promise((r) => setTimeout(r, Math.max(0, startAt - syncNow()) + 10_000));
    const skews = await measureSkew(group, 5_000);
    // Counted first: with no pairs heard (a CI run under load once had none) the figures below are undefined.
    expect(skews.length).toBeGreaterThan(190 * 40);
    const p95 = percentile(skews, 0.95);
    const p99 = percentile(skews, 0.99);
    const maxCorrection = Math.max(...members.map((m) => m.media.maxRateOffset));
    console.info(
      `loopback sync (two processes, Redis bus): ${skews.length} pair samples, p50 ${percentile(skews, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max correction ${(maxCorrection * 100).toFixed(2)} %`,
    );
    expect(p95).toBeLessThanOrEqual(30);
    expect(p99).toBeLessThanOrEqual(60);
    expect(maxCorrection).toBeLessThanOrEqual(SYNC.maxRateCorrection + 1e-9);

    // The host pauses on the other process: every member stops.
    await control(base.a, { action: 'pause' });
    await until('all paused', () => group.every((m) => !m.media.isPlaying), 2_000);

    // Late joiners on both processes are heard within ±30 ms (a muted pre-roll first; a timing
    // ceiling scaled by the machine factor; the figure printed is the time taken). The servers' clocks and this process's are
    // one machine's: their difference is well under a millisecond.
    await until('all ready at the pause', () => group.every(readyAtPause), 5_000);
    await control(base.a, { action: 'play' });
    const joinedAt = performance.now();
    const late = await Promise.all([join(base.a, 'Late A'), join(base.b, 'Late B')]);
    let inStep = 0;
    await until(
      'late joiners heard within ±30 ms for 0.5 s',
      () => {
        const server = syncNow();
        const ok = late.every((m) => Math.abs(m.errorAt(server) ?? Number.POSITIVE_INFINITY) <= 30);
        inStep = ok ? inStep + 1 : 0;
        return inStep >= 25;
      },
      2_500,
    );
    console.info(
      `loopback sync: late joiners heard within ±30 ms ${Math.round(performance.now() - joinedAt - 500)} ms after joining`,
    );

    // One member hangs with its socket open: a seek on B waits for it at most stallDropMs.
    group[3].dead = true;
    const asked = syncNow();
    const seeking = await control(base.b, { action: 'seek', positionMs: 120_000 });
    expect(seeking.wait).not.toBeNull();
    const committed = () => {
      const s = group[0].schedule;
      return s !== null && s.revision > seeking.schedule.revision && !s.paused;
    };
    await until('the seek committed', committed, SYNC.stallDropMs + 3_000);
    const committedAt = (group[0].schedule?.startAt ?? 0) - SYNC.startLeadMs;
    expect(committedAt - asked).toBeLessThanOrEqual(SYNC.stallDropMs + scaled(500));
    expect(committedAt - asked).toBeGreaterThanOrEqual(SYNC.stallDropMs - 100);

    // Dropped: once the others stand ready, a resume on A starts at once without waiting for it.
    await control(base.a, { action: 'pause' });
    const alive = members.filter((m) => !m.dead);
    await until('the others ready at the pause', () => alive.every(readyAtPause), 5_000);
    const resumeAsked = syncNow();
    const resumed = await control(base.a, { action: 'play' });
    // At once, or as soon as the last report crosses the bus from the other process (a member
    // ready here may not be ready there yet): never held for the dead one (stallDropMs).
    if (resumed.wait !== null) {
      const committedResume = () => {
        const s = alive[0].schedule;
        return s !== null && s.revision > resumed.schedule.revision && !s.paused;
      };
      await until('the resume committed', committedResume, 1_000);
    }
    const resumedAt = resumed.wait === null ? resumed.schedule.startAt : (alive[0].schedule?.startAt ?? 0);
    expect(resumed.wait === null ? resumed.schedule.paused : alive[0].schedule?.paused).toBe(false);
    expect(resumedAt - SYNC.startLeadMs - resumeAsked).toBeLessThan(scaled(1_000));
  });
});
