import type net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../test/helpers';
import { seedTrack } from '../../test/seed-track';
import { hotMediaServed } from '../modules/delivery/hot-media';

/**
 * With every cache on at its default (public lists, sessions, delivery rows, the media fast path,
 * realtime topic facts), a suspension or a track made private hides the track at once: the very
 * next request answers 404, with no wait for any entry to expire (issue 33).
 */
let t: TestApp;
let base: string;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_MS: '5000', SESSION_CACHE_MS: '5000' });
  admin = await signUp(t, { role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(() => t.close());

const anon = (path: string) => fetch(`http://${base}${path}`, { headers: { 'x-forwarded-for': testClientIp() } });
const status = async (path: string) => {
  const res = await anon(path);
  await res.arrayBuffer();
  return res.status;
};
const homeShows = async (id: string) => (await (await anon('/api/home')).text()).includes(id);

/** Whether an anonymous socket may join the track's topic ('subscribed', or a refusal proved by a later topic). */
async function mayJoin(id: string): Promise<boolean> {
  const ws = new WebSocket(`ws://${base}/api/ws`);
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const answers: string[] = [];
  const probed = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.event === 'subscribed') answers.push(m.topic);
      if (m.event === 'subscribed' && m.topic === 'global') resolve();
    }),
  );
  ws.send(JSON.stringify({ type: 'subscribe', topic: `track:${id}` }));
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'global' }));
  await probed;
  ws.close();
  return answers.includes(`track:${id}`);
}

/**
 * A socket that holds the track's topic from before the change: resolves once it is told
 * `unsubscribed`, and records every topic it still hears from.
 */
async function holdTopic(id: string) {
  const ws = new WebSocket(`ws://${base}/api/ws`);
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const heard: string[] = [];
  let dropped!: () => void;
  const unsubscribed = new Promise<void>((r) => {
    dropped = r;
  });
  const joined = new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.event === 'subscribed' && m.topic === `track:${id}`) resolve();
      else if (m.event === 'unsubscribed' && m.topic === `track:${id}`) dropped();
      else if (m.event === 'comment.deleted') heard.push(m.topic);
    }),
  );
  ws.send(JSON.stringify({ type: 'subscribe', topic: `track:${id}` }));
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'global' }));
  await joined;
  return { ws, heard, unsubscribed };
}

/** The held socket was dropped from the topic: told so, and the topic's next event does not reach it. */
async function expectDropped(id: string, held: Awaited<ReturnType<typeof holdTopic>>) {
  await held.unsubscribed;
  const data = { trackId: id, commentId: 'c', trackOwnerId: 'o' };
  await t.ctx.bus.publish(`track:${id}`, 'comment.deleted', data);
  await t.ctx.bus.publish('global', 'comment.deleted', data);
  await expect.poll(() => held.heard).toContain('global');
  expect(held.heard).not.toContain(`track:${id}`);
  held.ws.close();
}

async function warmPublicTrack() {
  const creator = await signUp(t, { role: 'creator' });
  const id = await seedTrack(t.ctx.database.db, creator.id, { title: 'Cached Song', isPublic: true });
  await t.ctx.storage.put(`audio/${creator.id}/${id}.mp3`, Readable.from([Buffer.alloc(1000, 1)]));
  // As processing does when a track turns ready (the row was written with SQL here).
  await t.ctx.events.publish('track.changed', { trackId: id });
  await t.ctx.events.settled();
  const fastBefore = hotMediaServed(t.ctx);
  // Warm every cache: the page, Home (micro-cache), the stream (rows, stats, the fast path), the topic.
  for (let i = 0; i < 3; i++) {
    expect(await status(`/api/tracks/${id}`)).toBe(200);
    expect(await status(`/api/tracks/${id}/stream`)).toBe(200);
    expect(await homeShows(id)).toBe(true);
    expect(await mayJoin(id)).toBe(true);
  }
  expect(hotMediaServed(t.ctx)).toBeGreaterThan(fastBefore); // the stream came from memory
  return { creator, id };
}

async function expectHiddenNow(id: string) {
  expect(await status(`/api/tracks/${id}`)).toBe(404);
  expect(await status(`/api/tracks/${id}/stream`)).toBe(404);
  expect(await homeShows(id)).toBe(false);
  expect(await mayJoin(id)).toBe(false);
}

describe('hidden at once, caches on', () => {
  it("a suspended creator's public track: page, stream, Home and topic answer 404 on the next request", async () => {
    const { creator, id } = await warmPublicTrack();
    const held = await holdTopic(id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${creator.id}/suspend`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    await expectHiddenNow(id);
    await expectDropped(id, held);
  });

  it('a track made private: the same surfaces answer 404 on the next request', async () => {
    const { creator, id } = await warmPublicTrack();
    const held = await holdTopic(id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tracks/${id}`,
      payload: { isPublic: false },
      headers: { cookie: creator.cookie },
    });
    expect(res.statusCode).toBe(200);
    await expectHiddenNow(id);
    await expectDropped(id, held);
  });
});
