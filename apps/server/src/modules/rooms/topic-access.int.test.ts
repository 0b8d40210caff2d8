import type { TJoinedRoom, TRoom } from '@wavecast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, signUp, type TestApp, type TestUser, testClientIp } from '../../../test/helpers';
import { scaled } from '../../../test/time';

// Who hears a room's topic, over real WebSockets: current members only (a guest by its token), and
// a removed member is unsubscribed by the server at its removal.
let t: TestApp;
let url: string;
let host: TestUser;
let listener: TestUser;
let stranger: TestUser;
let roomId: string;
let guestToken: string;
let guestMemberId: string;
const sockets: WebSocket[] = [];

interface Frame {
  topic: string;
  event: string;
  data: unknown;
}
/** A socket that keeps every frame it receives. */
async function open(headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  sockets.push(ws);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  await new Promise((r) => ws.once('open', r));
  return { ws, frames };
}
const until = async (what: string, check: () => boolean, ms = scaled(5_000)) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
/** Subscribes; a refusal is silent, so a later subscription on the same socket proves it was handled. */
async function trySubscribe(s: Awaited<ReturnType<typeof open>>, topic: string, token?: string) {
  const before = s.frames.length;
  s.ws.send(JSON.stringify({ type: 'subscribe', topic, token }));
  const probe = `probe-${Math.random()}`;
  s.ws.send(JSON.stringify({ type: 'subscribe', topic: 'global', probe }));
  await until('the probe answered', () =>
    s.frames.slice(before).some((f) => f.event === 'subscribed' && f.topic === 'global'),
  );
  return s.frames.slice(before).some((f) => f.event === 'subscribed' && f.topic === topic);
}
const call = (
  who: TestUser | { guest: string } | null,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: path,
    payload,
    remoteAddress: testClientIp(),
    headers: !who ? {} : 'guest' in who ? { 'x-room-guest': who.guest } : { cookie: who.cookie },
  });

beforeAll(async () => {
  t = await createTestApp();
  host = await signUp(t, { name: 'Topic Host' });
  listener = await signUp(t, { name: 'Topic Listener' });
  stranger = await signUp(t, { name: 'Topic Stranger' });
  const opened = await call(host, 'POST', '/api/rooms', { visibility: 'link' });
  expect(opened.statusCode, opened.body).toBe(201);
  roomId = (opened.json() as TRoom).id;
  const joined = await call(null, 'POST', `/api/rooms/${roomId}/join`, { guestName: 'Topic Guest' });
  expect(joined.statusCode, joined.body).toBe(200);
  guestToken = (joined.json() as TJoinedRoom).guestToken as string;
  guestMemberId = (joined.json() as TJoinedRoom).member.id;
  expect((await call(listener, 'POST', `/api/rooms/${roomId}/join`, {})).statusCode).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/ws`;
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await t.close();
});

describe("a room's topic", () => {
  it('is heard by members only: a user by the session, a guest by its token', async () => {
    const topic = `room:${roomId}`;
    expect(await trySubscribe(await open({ cookie: host.cookie }), topic)).toBe(true);
    expect(await trySubscribe(await open({ cookie: listener.cookie }), topic)).toBe(true);
    expect(await trySubscribe(await open(), topic, guestToken)).toBe(true);
    // Knowing the id is not enough: a signed-in stranger, a visitor, a wrong token, a made-up room.
    expect(await trySubscribe(await open({ cookie: stranger.cookie }), topic)).toBe(false);
    expect(await trySubscribe(await open(), topic)).toBe(false);
    expect(await trySubscribe(await open(), topic, 'not-the-token')).toBe(false);
    expect(await trySubscribe(await open(), topic, 'x'.repeat(65))).toBe(false);
    expect(await trySubscribe(await open(), 'room:00000000-0000-4000-8000-000000000000', guestToken)).toBe(false);
    expect(await trySubscribe(await open({ cookie: host.cookie }), 'room:not-a-uuid')).toBe(false);
  });

  it('a removed member is told, then unsubscribed by the server: later events never reach it', async () => {
    const topic = `room:${roomId}`;
    const guest = await open();
    const member = await open({ cookie: listener.cookie });
    expect(await trySubscribe(guest, topic, guestToken)).toBe(true);
    expect(await trySubscribe(member, topic)).toBe(true);

    const removed = await call(host, 'DELETE', `/api/rooms/${roomId}/members/${guestMemberId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await until('the guest told of its removal, then unsubscribed', () =>
      guest.frames.some((f) => f.event === 'unsubscribed' && f.topic === topic),
    );
    const events = guest.frames.filter((f) => f.topic === topic).map((f) => f.event);
    expect(events.indexOf('room.removed')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('room.removed')).toBeLessThan(events.indexOf('unsubscribed'));

    // The host's next chat line reaches the member, not the removed guest.
    const seenByGuest = guest.frames.length;
    const said = await call(host, 'POST', `/api/rooms/${roomId}/messages`, { content: 'after the removal' });
    expect(said.statusCode, said.body).toBe(201);
    await until('the member hears the chat', () =>
      member.frames.some((f) => f.event === 'room.message' && JSON.stringify(f.data).includes('after the removal')),
    );
    // And it cannot come back on the topic with its old token.
    expect(await trySubscribe(guest, topic, guestToken)).toBe(false);
    expect(guest.frames.slice(seenByGuest).some((f) => f.topic === topic)).toBe(false);
  });
});
