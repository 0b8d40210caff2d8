import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
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
    const ws = new WebSocket(url);
    await new Promise((r) => ws.once('open', r));
    const subscribed = nextMessage(ws, (m) => m.event === 'subscribed');
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'track:abc' }));
    await subscribed;
    const got = nextMessage(ws, (m) => m.event === 'comment.created');
    await t.ctx.bus.publish('track:other', 'comment.created', {
      trackId: 'other',
      commentId: 'x',
      trackOwnerId: 'o',
      authorId: 'a',
    });
    await t.ctx.bus.publish('track:abc', 'comment.created', {
      trackId: 'abc',
      commentId: 'c1',
      trackOwnerId: 'o',
      authorId: 'a',
    });
    const msg = await got;
    expect(msg).toEqual({
      topic: 'track:abc',
      event: 'comment.created',
      data: { trackId: 'abc', commentId: 'c1', trackOwnerId: 'o', authorId: 'a' },
    });
    ws.close();
  });

  it('refuses private user topics to others and foreign origins', async () => {
    const ws = new WebSocket(url);
    await new Promise((r) => ws.once('open', r));
    const messages: string[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw)).event));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'user:someone' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(messages).not.toContain('subscribed');
    ws.close();

    const foreign = new WebSocket(url, { headers: { origin: 'https://evil.example' } });
    const code = await new Promise<number>((r) => foreign.once('close', (c) => r(c)));
    expect(code).toBe(4403);
  });
});
