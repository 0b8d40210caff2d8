import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../src/db/client';
import { type EventBus, MemoryBus, RedisBus } from '../src/realtime/bus';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from './fake-stripe';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from './helpers';

/**
 * Two processes for the lifecycle matrix (issue 31): the change is made on A and read on B, whose
 * caches were warmed first. On PostgreSQL + Redis (TEST_REDIS_URL) each app has its own Redis
 * connection, as two processes do; on PGlite they share the database and an in-memory bus.
 */

/** How soon B must react after A's answer. */
export const WITHIN_MS = 1_000;
// Caches on, so that only the events can explain a fresh answer; one secret, as processes share.
const ENV = {
  PUBLIC_CACHE_MS: '60000',
  SESSION_CACHE_MS: '60000',
  AUTH_SECRET: 'lifecycle-matrix-secret-0123456789abcdef',
};

export interface LifecyclePair {
  a: TestApp;
  b: TestApp;
  admin: TestUser;
  stripe: FakeStripe;
  /** B's `host:port` for WebSockets. */
  bUrl: string;
}

/** A web build of the least the server's embed pages need (the shell and a player asset). */
function minimalWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-lifecycle-web-'));
  fs.mkdirSync(path.join(dir, 'embed-player', 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'embed-player', 'assets', 'player-abc123.js'), 'console.log(1)');
  return dir;
}

/**
 * Starts A and B (with a fake Stripe) before the file's tests and closes them after; read the
 * fields inside tests. `embeds`: with a minimal web build, so the `/embed/…` pages answer.
 */
export function lifecyclePair(opts: { embeds?: boolean } = {}): LifecyclePair {
  const pair = {} as LifecyclePair;
  let buses: EventBus[] = [];
  let web: string | null = null;
  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const channel = `wavecast:lifecycle:${Date.now()}:${Math.random()}`;
    const memory = new MemoryBus();
    buses = redisUrl ? [new RedisBus(redisUrl, channel), new RedisBus(redisUrl, channel)] : [memory, memory];
    await Promise.all(buses.map((bus) => (bus instanceof RedisBus ? bus.whenReady() : undefined)));
    pair.stripe = await startFakeStripe();
    web = opts.embeds ? minimalWebDist() : null;
    const env = { ...ENV, ...fakeStripeEnv(pair.stripe), ...(web ? { WEB_DIST: web } : {}) };
    pair.a = await createTestApp(env, { share: { bus: buses[0] } });
    pair.b = await createTestApp(env, { share: { bus: buses[1], database: pair.a.ctx.database as Database } });
    await pair.b.app.listen({ port: 0, host: '127.0.0.1' });
    pair.bUrl = `127.0.0.1:${(pair.b.app.server.address() as { port: number }).port}`;
    pair.admin = await signUp(pair.a, { role: 'admin', name: 'Matrix Admin' });
  });
  afterAll(async () => {
    await pair.b?.close();
    await pair.a?.close();
    await Promise.all([...new Set(buses)].map((bus) => bus.close()));
    await pair.stripe?.close();
    if (web) fs.rmSync(web, { recursive: true, force: true });
  });
  return pair;
}

/** A request to one of the apps, as `user` (signed out: null). */
export const on = (
  t: TestApp,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: user ? { cookie: user.cookie, origin: t.ctx.config.PUBLIC_URL } : {},
    remoteAddress: testClientIp(),
  });

/** Polls `check` until it passes; fails if it still does not WITHIN_MS after `since`. */
export async function reactsWithin(since: number, what: string, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > WITHIN_MS)
      throw new Error(`${what}: no reaction on the other process within ${WITHIN_MS} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A socket on B for the user's session (signed out: null), subscribed to `topics`; whether (and
 * how) it closed, and the events it received.
 */
export async function socketOn(pair: LifecyclePair, user: TestUser | null, topics: string[] = []) {
  const ws = new WebSocket(`ws://${pair.bUrl}/api/ws`, {
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: pair.b.ctx.config.PUBLIC_URL },
  });
  const state = { closed: null as number | null, events: [] as { topic: string; event: string; data: unknown }[] };
  ws.on('message', (raw) => state.events.push(JSON.parse(String(raw))));
  ws.once('close', (code) => {
    state.closed = code;
  });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  for (const topic of topics) {
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
    await waitFor(`subscribed to ${topic}`, async () =>
      state.events.some((e) => e.topic === topic && e.event === 'subscribed'),
    );
  }
  return Object.assign(state, { close: () => ws.terminate() });
}

/** Waits (generous ceiling) for a condition that needs no deadline of its own. */
async function waitFor(what: string, check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
