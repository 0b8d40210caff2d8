import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/helpers';
import { seedTrack } from '../../test/seed-track';

let t: TestApp;
let url: string;
let owner: TestUser;
let publicTrack: string;
let otherTrack: string;
let privateTrack: string;

async function makeTrack(isPublic: boolean) {
  return seedTrack(t.ctx.database.db, owner.id, { title: 'T', isPublic });
}

async function open(headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  await new Promise((r) => ws.once('open', r));
  return ws;
}

/** Subscribes and waits for the answer: 'subscribed', or nothing (a refusal is silent). */
async function trySubscribe(ws: WebSocket, topic: string): Promise<boolean> {
  const answered = nextMessage(ws, (m) => m.event === 'subscribed' && m.topic === topic).then(() => true);
  ws.send(JSON.stringify({ type: 'subscribe', topic }));
  // A refused subscription gets no answer; a later allowed one on the same socket proves it was handled.
  const probe = nextMessage(ws, (m) => m.event === 'subscribed' && m.topic === 'global');
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'global' }));
  await probe;
  return Promise.race([answered, Promise.resolve(false)]);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { role: 'creator' });
  publicTrack = await makeTrack(true);
  otherTrack = await makeTrack(true);
  privateTrack = await makeTrack(false);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  url = `ws://127.0.0.1:${addr.port}/api/ws`;
});
afterAll(() => t.close());

function nextMessage(ws: WebSocket, match: (m: { event: string; topic: string }) => boolean) {
  return new Promise<{ event: string; topic: string; data: unknown }>((resolve) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (match(m)) resolve(m);
    });
  });
}

describe('realtime gateway', () => {
  it('delivers bus events to subscribers of the topic only', async () => {
    const ws = await open();
    const subscribed = nextMessage(ws, (m) => m.event === 'subscribed');
    ws.send(JSON.stringify({ type: 'subscribe', topic: `track:${publicTrack}` }));
    await subscribed;
    const got = nextMessage(ws, (m) => m.event === 'comment.created');
    await t.ctx.bus.publish(`track:${otherTrack}`, 'comment.created', {
      trackId: otherTrack,
      commentId: 'x',
      trackOwnerId: 'o',
      authorId: 'a',
    });
    await t.ctx.bus.publish(`track:${publicTrack}`, 'comment.created', {
      trackId: publicTrack,
      commentId: 'c1',
      trackOwnerId: 'o',
      authorId: 'a',
    });
    const msg = await got;
    expect(msg).toEqual({
      topic: `track:${publicTrack}`,
      event: 'comment.created',
      data: { trackId: publicTrack, commentId: 'c1', trackOwnerId: 'o', authorId: 'a' },
    });
    ws.close();
  });

  it('refuses private user topics to others and foreign origins', async () => {
    const ws = new WebSocket(url);
    await new Promise((r) => ws.once('open', r));
    const messages: string[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw)).event));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'user:someone' }));
    await new Promise((r) => setTimeout(r, 100)); // a moment for an answer that must not come
    expect(messages).not.toContain('subscribed');
    ws.close();

    const foreign = new WebSocket(url, { headers: { origin: 'https://evil.example' } });
    const code = await new Promise<number>((r) => foreign.once('close', (c) => r(c)));
    expect(code).toBe(4403);
  });

  it("refuses a private track's topic to anyone but its owner, so its comments reach nobody else", async () => {
    const stranger = await signUp(t);
    for (const headers of [{}, { cookie: stranger.cookie }] as Record<string, string>[]) {
      const ws = await open(headers);
      const events: string[] = [];
      ws.on('message', (raw) => events.push(JSON.parse(String(raw)).event));
      expect(await trySubscribe(ws, `track:${privateTrack}`)).toBe(false);
      expect(await trySubscribe(ws, 'track:not-a-track-id')).toBe(false);
      await t.ctx.bus.publish(`track:${privateTrack}`, 'comment.created', {
        trackId: privateTrack,
        commentId: 'secret',
        trackOwnerId: owner.id,
        authorId: owner.id,
      });
      expect(await trySubscribe(ws, `track:${publicTrack}`)).toBe(true);
      expect(events).not.toContain('comment.created');
      ws.close();
    }
    const mine = await open({ cookie: owner.cookie });
    expect(await trySubscribe(mine, `track:${privateTrack}`)).toBe(true);
    mine.close();
  });
});
