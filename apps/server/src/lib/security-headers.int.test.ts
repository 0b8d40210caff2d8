import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/helpers';
import { seedTrack } from '../../test/seed-track';
import { helmetOptions, precomputeSecurityHeaders } from './security-headers';

// Every family of response still carries a content security policy, nosniff, a frame-ancestors rule
// and a referrer policy, now that helmet no longer runs per request (ADR 0023). Over real HTTP, so
// the hot-media fast path (before Fastify) is covered too.
let t: TestApp;
let base: string;
let listener: TestUser;
let trackId: string;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-headers-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Wavecast</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist });
  listener = await signUp(t);
  const creator = await signUp(t, { role: 'creator' });
  trackId = await seedTrack(t.ctx.database.db, creator.id, { title: 'Header Song' });
  await t.ctx.storage.put(`audio/${creator.id}/${trackId}.mp3`, Readable.from(Buffer.alloc(1000, 1)), {
    contentType: 'audio/mpeg',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const NONE = "frame-ancestors 'none'";
const NO_STREAM = '00000000-0000-0000-0000-000000000000';

interface Family {
  name: string;
  request: () => Promise<Response>;
  status: number;
  /** The frame-ancestors rule the family must send (embeds may be framed by anyone, by design). */
  frameAncestors?: string;
}

const origin = () => ({ origin: t.ctx.config.PUBLIC_URL });
const families = (): Family[] => [
  { name: 'JSON GET', request: () => fetch(`${base}/api/auth-providers`), status: 200 },
  {
    name: 'JSON GET, signed in',
    request: () => fetch(`${base}/api/me/settings/notifications`, { headers: { cookie: listener.cookie } }),
    status: 200,
  },
  {
    name: 'JSON POST',
    request: () =>
      fetch(`${base}/api/tracks/${trackId}/like`, { method: 'PUT', headers: { cookie: listener.cookie, ...origin() } }),
    status: 200,
  },
  { name: 'error 401', request: () => fetch(`${base}/api/me/settings/notifications`), status: 401 },
  { name: 'error 400', request: () => fetch(`${base}/api/explore/tracks?sort=sideways`), status: 400 },
  {
    name: 'error 403 (foreign origin)',
    request: () =>
      fetch(`${base}/api/tracks/${trackId}/like`, {
        method: 'PUT',
        headers: { cookie: listener.cookie, origin: 'https://evil.example' },
      }),
    status: 403,
  },
  { name: 'API 404', request: () => fetch(`${base}/api/no-such-route`), status: 404 },
  { name: 'non-GET 404', request: () => fetch(`${base}/no-such-page`, { method: 'POST' }), status: 404 },
  { name: 'media stream', request: () => fetch(`${base}/api/tracks/${trackId}/stream`), status: 200 },
  {
    name: 'media range',
    request: () => fetch(`${base}/api/tracks/${trackId}/stream`, { headers: { range: 'bytes=0-9' } }),
    status: 206,
  },
  { name: 'cover', request: () => fetch(`${base}/api/tracks/${trackId}/cover`), status: 200 },
  { name: 'Home (public cache)', request: () => fetch(`${base}/api/home`), status: 200 },
  { name: 'Explore (public cache)', request: () => fetch(`${base}/api/explore/tracks`), status: 200 },
  {
    name: 'Home, signed in',
    request: () => fetch(`${base}/api/home`, { headers: { cookie: listener.cookie } }),
    status: 200,
  },
  { name: 'SPA page', request: () => fetch(`${base}/explore`), status: 200 },
  { name: 'SPA share card page', request: () => fetch(`${base}/track/${trackId}`), status: 200 },
  { name: 'static asset', request: () => fetch(`${base}/assets/app-1234.js`), status: 200 },
  { name: 'feed XML', request: () => fetch(`${base}/feeds/creators/${listener.id}.xml`), status: 200 },
  {
    name: 'embed page',
    request: () => fetch(`${base}/embed/track/${trackId}`),
    status: 503, // the player's files are not built here: the embed route answers all the same
    frameAncestors: 'frame-ancestors *',
  },
  {
    name: 'oEmbed',
    request: () => fetch(`${base}/api/oembed?url=${encodeURIComponent(`${t.ctx.config.PUBLIC_URL}/audio/${trackId}`)}`),
    status: 200,
  },
  { name: '/ref redirect', request: () => fetch(`${base}/ref/nobody`, { redirect: 'manual' }), status: 302 },
  {
    name: 'Stripe webhook (Stripe not configured here)',
    request: () =>
      fetch(`${base}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    status: 503,
  },
  { name: 'live stream, not on air', request: () => fetch(`${base}/api/live/${NO_STREAM}/stream`), status: 404 },
  {
    name: 'live HLS playlist, not on air',
    request: () => fetch(`${base}/api/live/${NO_STREAM}/hls/index.m3u8`),
    status: 404,
  },
  {
    name: 'live: my stream to resume',
    request: () => fetch(`${base}/api/live/mine`, { headers: { cookie: listener.cookie } }),
    status: 200,
  },
  {
    name: 'podcast enclosure',
    request: () => fetch(`${base}/api/podcasts/enclosures/${trackId}/episode.mp3`, { headers: { range: 'bytes=0-9' } }),
    status: 206,
  },
  {
    name: 'podcast episode art (generated: the track has no cover)',
    request: () => fetch(`${base}/api/podcasts/art/${trackId}.jpg`),
    status: 200,
  },
  {
    name: 'live embed, no such stream',
    request: () => fetch(`${base}/embed/live/${NO_STREAM}`),
    status: 404,
    frameAncestors: 'frame-ancestors *',
  },
  { name: 'WebSocket route without an upgrade', request: () => fetch(`${base}/api/ws`), status: 404 },
];

describe('security headers on every route family', () => {
  it.each(families().map((f) => [f.name, f] as const))('%s', async (_name, family) => {
    const res = await family.request();
    await res.arrayBuffer();
    expect(res.status).toBe(family.status);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(family.frameAncestors ?? NONE);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("connect-src names our own WebSocket origin, never any host's", async () => {
    const res = await fetch(`${base}/explore`);
    await res.arrayBuffer();
    const connect = /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1].split(' ');
    const own = new URL(t.ctx.config.PUBLIC_URL);
    expect(connect).toEqual(["'self'", `ws://${own.host}`]);
  });

  // The 101 of an upgrade carries no document (ws writes it, not Fastify, with helmet as without):
  // a foreign page is refused by a close code it can read.
  it('a WebSocket upgrade from a foreign origin is closed with 4403', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { origin: 'https://evil.example' });
    const code = await new Promise<number>((resolve, reject) => {
      ws.once('close', resolve);
      ws.once('error', reject);
    });
    expect(code).toBe(4403);
  });

  it('the precomputed set is exactly what helmet sends per request with the same options', async () => {
    const options = helmetOptions(t.ctx.config);
    const helmetApp = Fastify();
    await helmetApp.register((await import('@fastify/helmet')).default, options);
    helmetApp.get('/', async () => ({ ok: true }));
    const perRequest = (await helmetApp.inject({ method: 'GET', url: '/' })).headers;
    await helmetApp.close();
    const precomputed = await precomputeSecurityHeaders(options);
    for (const [name, value] of Object.entries(precomputed)) expect(perRequest[name], name).toBe(value);
    expect(Object.keys(precomputed).length).toBeGreaterThanOrEqual(10);
    // And our JSON routes send that set.
    const res = await fetch(`${base}/api/auth-providers`);
    for (const [name, value] of Object.entries(precomputed)) expect(res.headers.get(name), name).toBe(value);
  });
});
